/**
 * The real ext-apps `App` (2.0.4) as the view, over an in-memory transport
 * to the bridge (messages structured-cloned, as postMessage does), the
 * bridge to a real @mrtr/server through a real @mrtr/client: what a view
 * built with the official SDK does works end to end.
 */
import { App } from "@modelcontextprotocol/ext-apps";
import { describe, expect, it } from "vitest";
import { createViewBridge, type DisplayMode, type ViewBridge, type ViewBridgeOptions } from "../../src/host/index.js";
import { hostClient, weatherServer } from "./fixtures.js";

type Callbacks = Pick<ViewBridgeOptions, "onOpenLink" | "onMessage" | "onUpdateModelContext" | "onRequestDisplayMode" | "onSizeChanged" | "onLog">;

async function appAndBridge(callbacks: Callbacks = {}) {
  const { server, calls } = weatherServer();
  const client = hostClient(server);
  const tools = await client.listAllTools();
  let toApp: ((m: unknown) => void) | undefined;
  const bridge: ViewBridge = createViewBridge({
    send: (m) => queueMicrotask(() => toApp?.(structuredClone(m))),
    client,
    tool: tools.find((t) => t.name === "show")!,
    tools,
    hostInfo: { name: "mrtr-test-host", version: "1.0.0" },
    hostContext: { theme: "dark", displayMode: "inline", availableDisplayModes: ["inline", "fullscreen"], locale: "fr-FR" },
    ...callbacks,
  });
  const transport = {
    onmessage: undefined as ((m: unknown) => void) | undefined,
    start: async () => void (toApp = (m) => transport.onmessage?.(m)),
    close: async () => {},
    send: async (m: unknown) => bridge.receive(structuredClone(m)),
  };
  const app = new App({ name: "weather-view", version: "1.0.0" }, { availableDisplayModes: ["inline", "fullscreen"] }, { autoResize: false });
  return { app, bridge, transport, calls, connect: () => app.connect(transport as never) };
}

describe("the ext-apps App as the view", () => {
  it("completes the handshake and reads the host's context", async () => {
    const { app, bridge, connect } = await appAndBridge();
    await connect();
    expect(bridge.phase).toBe("ready");
    expect(app.getHostContext()).toMatchObject({ theme: "dark", locale: "fr-FR", toolInfo: { tool: { name: "show" } } });
    expect(app.getHostVersion()).toEqual({ name: "mrtr-test-host", version: "1.0.0" });
    expect(bridge.app?.info).toEqual({ name: "weather-view", version: "1.0.0" });
  });

  it("gets the tool input and result the host gave before the handshake ended", async () => {
    const { app, bridge, connect } = await appAndBridge();
    const got: unknown[] = [];
    app.ontoolinput = (p) => void got.push(["input", p]);
    app.ontoolresult = (p) => void got.push(["result", p]);
    app.onhostcontextchanged = (p) => void got.push(["context", p]);
    bridge.toolInput({ city: "Lyon" });
    bridge.toolResult({ content: [{ type: "text", text: "Lyon: sunny" }], structuredContent: { c: 21 } });
    await connect();
    bridge.hostContextChanged({ theme: "light" });
    await new Promise((r) => setTimeout(r, 5));
    expect(got).toEqual([
      ["input", { arguments: { city: "Lyon" } }],
      ["result", { content: [{ type: "text", text: "Lyon: sunny" }], structuredContent: { c: 21 } }],
      ["context", { theme: "light" }],
    ]);
  });

  it("calls an app-only tool of its server, is refused a model-only and an unknown one, and reads a resource", async () => {
    const { app, connect, calls } = await appAndBridge();
    await connect();
    expect((await app.callServerTool({ name: "refresh", arguments: { city: "Lyon" } })).content).toEqual([{ type: "text", text: 'refreshed {"city":"Lyon"}' }]);
    await expect(app.callServerTool({ name: "secret", arguments: {} })).rejects.toThrow(/model only/);
    await expect(app.callServerTool({ name: "elsewhere", arguments: {} })).rejects.toThrow(/Unknown tool/);
    expect(calls).toEqual(["refresh"]);
    const read = await app.readServerResource({ uri: "ui://w/v" });
    expect(read.contents[0]).toMatchObject({ uri: "ui://w/v", mimeType: "text/html;profile=mcp-app" });
  });

  it("opens links, sends messages and model context, asks for display modes, reports its size and logs, through the host's callbacks", async () => {
    const seen: unknown[] = [];
    const { app, connect } = await appAndBridge({
      onOpenLink: (url) => (seen.push(["link", url]), url.startsWith("https://ok.")),
      onMessage: (m) => void seen.push(["message", m]),
      onUpdateModelContext: (c) => void seen.push(["context", c]),
      onRequestDisplayMode: (m: DisplayMode) => (seen.push(["mode", m]), m),
      onSizeChanged: (s) => void seen.push(["size", s]),
      onLog: (l) => void seen.push(["log", l]),
    });
    await connect();
    expect(await app.openLink({ url: "https://ok.example.com/" })).toEqual({});
    await expect(app.openLink({ url: "https://no.example.com/" })).rejects.toThrow(/denied/);
    expect(await app.sendMessage({ role: "user", content: [{ type: "text", text: "hi" }] })).toEqual({});
    expect(await app.updateModelContext({ structuredContent: { city: "Lyon" } })).toEqual({});
    expect(await app.requestDisplayMode({ mode: "fullscreen" })).toEqual({ mode: "fullscreen" });
    await app.sendSizeChanged({ width: 300, height: 200 });
    await app.sendLog({ level: "info", data: "ready" });
    await new Promise((r) => setTimeout(r, 5));
    expect(seen).toEqual([
      ["link", "https://ok.example.com/"],
      ["link", "https://no.example.com/"],
      ["message", { role: "user", content: [{ type: "text", text: "hi" }] }],
      ["context", { structuredContent: { city: "Lyon" } }],
      ["mode", "fullscreen"],
      ["size", { width: 300, height: 200 }],
      ["log", { level: "info", data: "ready" }],
    ]);
  });

  it("answers teardown through onteardown, and the bridge closes", async () => {
    const { app, bridge, connect } = await appAndBridge();
    let tornDown = false;
    app.onteardown = async () => ((tornDown = true), {});
    await connect();
    expect(await bridge.teardown()).toBe("answered");
    expect(tornDown).toBe(true);
    expect(bridge.phase).toBe("closed");
  });
});
