/**
 * What the host decides: links, messages, model context, display modes go
 * through its callbacks, each refusal an error to the view; size changes
 * and logs reach it; a method without its callback is not served.
 */
import { describe, expect, it } from "vitest";
import type { DisplayMode } from "../../src/host/index.js";
import { fakeBridge, oracle } from "./fixtures.js";

describe("ui/open-link", () => {
  it("opens through onOpenLink; its refusal is -32000 to the view", async () => {
    const asked: string[] = [];
    let answer = true;
    const { view } = fakeBridge({ onOpenLink: async (url) => (asked.push(url), answer) });
    await view.handshake();
    const params = { url: "https://example.com/a?b=c" };
    expect(oracle("McpUiOpenLinkRequest", { method: "ui/open-link", params })).toEqual([]);
    expect((await view.request("ui/open-link", params)).result).toEqual({});
    answer = false;
    const refused = await view.request("ui/open-link", params);
    expect(refused.error).toMatchObject({ code: -32000, message: "Link opening denied." });
    expect(asked).toEqual(["https://example.com/a?b=c", "https://example.com/a?b=c"]);
  });

  it("never asks the host about a non-http(s) or malformed URL", async () => {
    const asked: string[] = [];
    const { view } = fakeBridge({ onOpenLink: (url) => (asked.push(url), true) });
    await view.handshake();
    for (const url of ["javascript:alert(1)", "data:text/html,<p>", "file:///etc/passwd", "mailto:a@b.c"]) {
      expect((await view.request("ui/open-link", { url })).error).toMatchObject({ code: -32000, message: expect.stringMatching(/^Policy violation/) });
    }
    expect((await view.request("ui/open-link", { url: "not a url" })).error).toMatchObject({ code: -32602, message: expect.stringMatching(/^Invalid URL/) });
    expect((await view.request("ui/open-link", { url: 42 })).error.code).toBe(-32602);
    expect(asked).toEqual([]);
  });

  it("is not served (-32601) when the host gave no onOpenLink, and not advertised", async () => {
    const { view } = fakeBridge();
    expect((await view.handshake()).result.hostCapabilities).not.toHaveProperty("openLinks");
    expect((await view.request("ui/open-link", { url: "https://example.com" })).error.code).toBe(-32601);
  });

  it("answers -32603 and reports when onOpenLink throws", async () => {
    const { view, warnings } = fakeBridge({ onOpenLink: () => { throw new Error("boom"); } });
    await view.handshake();
    expect((await view.request("ui/open-link", { url: "https://example.com" })).error).toEqual({ code: -32603, message: "The host failed to serve ui/open-link." });
    expect(warnings).toContainEqual(expect.objectContaining({ type: "callback-failed", method: "ui/open-link" }));
  });
});

describe("ui/message and ui/update-model-context", () => {
  it("gives ui/message to onMessage as a list, in both the list (ext-apps) and the single-block (2026-01-26 text) shape", async () => {
    const got: unknown[] = [];
    const { view } = fakeBridge({ onMessage: (m) => void got.push(m) });
    await view.handshake();
    const list = { role: "user", content: [{ type: "text", text: "hello" }] };
    expect(oracle("McpUiMessageRequest", { method: "ui/message", params: list })).toEqual([]);
    expect((await view.request("ui/message", list)).result).toEqual({});
    expect((await view.request("ui/message", { role: "user", content: { type: "text", text: "one" } })).result).toEqual({});
    expect(got).toEqual([list, { role: "user", content: [{ type: "text", text: "one" }] }]);
  });

  it("refuses a message onMessage refuses (-32000) and malformed ones (-32602)", async () => {
    const { view } = fakeBridge({ onMessage: () => false });
    await view.handshake();
    expect((await view.request("ui/message", { role: "user", content: [{ type: "text", text: "x" }] })).error).toMatchObject({ code: -32000, message: "Message sending denied." });
    for (const params of [{ role: "assistant", content: [{ type: "text", text: "x" }] }, { role: "user", content: [] }, { role: "user", content: [{ type: "text" }] }, { role: "user", content: [{ type: "image", data: "x" }] }, { role: "user", content: [{ type: "video" }] }]) {
      expect((await view.request("ui/message", params)).error.code).toBe(-32602);
    }
  });

  it("gives ui/update-model-context to onUpdateModelContext; its refusal is -32000", async () => {
    const got: unknown[] = [];
    let accept: boolean | void = undefined;
    const { view } = fakeBridge({ onUpdateModelContext: (c) => (got.push(c), accept) });
    await view.handshake();
    const params = { content: [{ type: "text", text: "the user picked Lyon" }], structuredContent: { city: "Lyon" } };
    expect(oracle("McpUiUpdateModelContextRequest", { method: "ui/update-model-context", params })).toEqual([]);
    expect((await view.request("ui/update-model-context", params)).result).toEqual({});
    expect((await view.request("ui/update-model-context", {})).result).toEqual({});
    accept = false;
    expect((await view.request("ui/update-model-context", params)).error).toMatchObject({ code: -32000, message: "Context update denied." });
    expect(got).toEqual([params, {}, params]);
    expect((await view.request("ui/update-model-context", { structuredContent: [1] })).error.code).toBe(-32602);
    expect((await view.request("ui/update-model-context", { content: [{ type: "resource", resource: { uri: "x" } }] })).error.code).toBe(-32602);
  });
});

describe("ui/request-display-mode", () => {
  const setup = async (appModes: DisplayMode[] | undefined, decide?: (m: DisplayMode) => DisplayMode) => {
    const asked: DisplayMode[] = [];
    const { view, bridge } = fakeBridge({
      hostContext: { displayMode: "inline", availableDisplayModes: ["inline", "fullscreen"] },
      ...(decide && { onRequestDisplayMode: (m: DisplayMode) => (asked.push(m), decide(m)) }),
    });
    await view.handshake(appModes ? { appCapabilities: { availableDisplayModes: appModes } } : {});
    return { view, bridge, asked };
  };

  it("switches when the view and the host list the mode and the host agrees, and tells the view as a context change", async () => {
    const { view, bridge, asked } = await setup(["inline", "fullscreen"], (m) => m);
    const { result } = await view.request("ui/request-display-mode", { mode: "fullscreen" });
    expect(result).toEqual({ mode: "fullscreen" });
    expect(oracle("McpUiRequestDisplayModeResult", result)).toEqual([]);
    expect(asked).toEqual(["fullscreen"]);
    expect(bridge.hostContext.displayMode).toBe("fullscreen");
    expect(view.notifications("ui/notifications/host-context-changed").map((m) => m.params)).toEqual([{ displayMode: "fullscreen" }]);
  });

  it("answers the current mode, without asking the host, for a mode the view did not declare or the host does not offer", async () => {
    const { view, asked } = await setup(["inline"], (m) => m);
    expect((await view.request("ui/request-display-mode", { mode: "fullscreen" })).result).toEqual({ mode: "inline" });
    expect((await view.request("ui/request-display-mode", { mode: "pip" })).result).toEqual({ mode: "inline" });
    expect(asked).toEqual([]);
  });

  it("keeps the current mode when the host answers one outside the lists, or has no callback", async () => {
    const { view, bridge } = await setup(undefined, () => "pip");
    expect((await view.request("ui/request-display-mode", { mode: "fullscreen" })).result).toEqual({ mode: "inline" });
    expect(bridge.hostContext.displayMode).toBe("inline");
    const none = await setup(undefined);
    expect((await none.view.request("ui/request-display-mode", { mode: "fullscreen" })).result).toEqual({ mode: "inline" });
    expect((await none.view.request("ui/request-display-mode", { mode: "huge" })).error.code).toBe(-32602);
  });
});

describe("notifications from the view", () => {
  it("gives size changes to onSizeChanged and logs to onLog; drops malformed ones without answering", async () => {
    const sizes: unknown[] = [];
    const logs: unknown[] = [];
    const { view, warnings } = fakeBridge({ onSizeChanged: (s) => void sizes.push(s), onLog: (l) => void logs.push(l) });
    await view.handshake();
    const sent = view.sent.length;
    const size = { width: 320, height: 240 };
    expect(oracle("McpUiSizeChangedNotification", { method: "ui/notifications/size-changed", params: size })).toEqual([]);
    view.notify("ui/notifications/size-changed", size);
    view.notify("ui/notifications/size-changed", { height: 100 });
    view.notify("ui/notifications/size-changed", { width: -1 });
    view.notify("ui/notifications/size-changed", { width: "wide" });
    view.notify("notifications/message", { level: "info", logger: "view", data: { clicked: 1 } });
    view.notify("notifications/message", { level: "loud", data: 1 });
    view.notify("ui/notifications/unknown", {});
    expect(sizes).toEqual([size, { height: 100 }]);
    expect(logs).toEqual([{ level: "info", logger: "view", data: { clicked: 1 } }]);
    expect(view.sent.length).toBe(sent);
    expect(warnings.filter((w: any) => w.type === "dropped")).toHaveLength(4);
  });

  it("reports a callback that throws, and goes on", async () => {
    const { view, warnings } = fakeBridge({ onSizeChanged: () => { throw new Error("layout"); } });
    await view.handshake();
    view.notify("ui/notifications/size-changed", { width: 1, height: 1 });
    expect(warnings).toContainEqual(expect.objectContaining({ type: "callback-failed", method: "ui/notifications/size-changed" }));
    expect((await view.request("ping")).result).toEqual({});
  });
});
