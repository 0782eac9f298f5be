/**
 * The proxy's script, run in Node against a stand-in window: what it
 * forwards, to whom, and what it never does. (The same script in Chromium:
 * test/browser.)
 */
import { afterAll, describe, expect, it } from "vitest";
import { ALLOWED_VIEW_SANDBOX_TOKENS, DEFAULT_VIEW_SANDBOX } from "../../src/sandbox/index.js";
import { sandboxProxyMain } from "../../src/sandbox/proxy-script.js";
import { PERMISSION_FEATURES } from "../../src/host/view-policy.js";

const HOST = "https://chat.example.com";

/** A window with a parent and the frames the script creates, recording every post; it replaces the last one made. */
function standIn() {
  type Listener = (event: { source: unknown; origin: string; data: unknown }) => void;
  const listeners: Listener[] = [];
  const toHost: { data: unknown; target: string }[] = [];
  const toView: unknown[] = [];
  type Frame = { attributes: Record<string, string>; srcdoc?: string; contentWindow: { postMessage(data: unknown, target: string): void }; style: { cssText: string } };
  const frames: Frame[] = [];
  const parent = { postMessage: (data: unknown, target: string) => void toHost.push({ data, target }) };
  const g = globalThis as Record<string, unknown>;
  g.window = { parent, addEventListener: (_: string, l: Listener) => void listeners.push(l) };
  const head: { tag: string; httpEquiv?: string; content?: string }[] = [];
  const order: string[] = [];
  g.document = {
    head: { appendChild: (element: { httpEquiv: string; content: string }) => void (head.push({ tag: "meta", ...element }), order.push("meta")) },
    createElement: (tag: string) => {
      if (tag === "meta") return { httpEquiv: "", content: "" };
      const frame = {
        attributes: {} as Record<string, string>,
        style: { cssText: "" },
        contentWindow: { postMessage: (data: unknown) => void toView.push(data) },
        setAttribute(name: string, value: string) {
          this.attributes[name] = value;
        },
      };
      frames.push(frame);
      return frame;
    },
    body: { appendChild: () => void order.push("iframe") },
  };
  sandboxProxyMain(HOST, DEFAULT_VIEW_SANDBOX, ALLOWED_VIEW_SANDBOX_TOKENS, PERMISSION_FEATURES);
  const dispatch = (source: unknown, origin: string, data: unknown) => listeners.forEach((l) => l({ source, origin, data }));
  return { parent, frames, head, order, toHost, toView, fromHost: (data: unknown, origin = HOST) => dispatch(parent, origin, data), fromView: (data: unknown) => dispatch(frames[0]!.contentWindow, "null", data), fromElsewhere: (data: unknown) => dispatch({}, HOST, data) };
}

// The script reads `window` when a message comes, so the stand-in stays global until the file ends (each test makes its own).
afterAll(() => {
  delete (globalThis as Record<string, unknown>).window;
  delete (globalThis as Record<string, unknown>).document;
});

const resourceReady = (params: Record<string, unknown>) => ({ jsonrpc: "2.0", method: "ui/notifications/sandbox-resource-ready", params });

describe("the sandbox proxy's script", () => {
  it("says it is ready to the host's origin only, then loads the view once, sandboxed allow-scripts, with allow from the granted permissions", () => {
    const w = standIn();
    expect(w.toHost).toEqual([{ data: { jsonrpc: "2.0", method: "ui/notifications/sandbox-proxy-ready", params: {} }, target: HOST }]);
    w.fromHost(resourceReady({ html: "<p>view</p>", permissions: { camera: {}, clipboardWrite: {} } }));
    w.fromHost(resourceReady({ html: "<p>second</p>" }));
    expect(w.frames).toHaveLength(1);
    expect(w.frames[0]!.srcdoc).toBe("<p>view</p>");
    expect(w.frames[0]!.attributes).toMatchObject({ sandbox: "allow-scripts", allow: "camera; clipboard-write" });
  });

  it("keeps only the sandbox tokens it allows, and the default when allow-scripts is missing", () => {
    const asked = (sandbox: unknown) => {
      const w = standIn();
      w.fromHost(resourceReady({ html: "x", sandbox }));
      return w.frames[0]!.attributes.sandbox;
    };
    expect(asked("allow-scripts allow-top-navigation allow-popups-to-escape-sandbox allow-forms")).toBe("allow-scripts allow-forms");
    // Never the proxy's origin, which every view of the page shares.
    expect(asked("allow-scripts allow-same-origin")).toBe("allow-scripts");
    expect(asked("allow-forms allow-same-origin")).toBe(DEFAULT_VIEW_SANDBOX);
    expect(asked(42)).toBe(DEFAULT_VIEW_SANDBOX);
  });

  it("ignores a resource from another origin or window, and forwards nothing before the view is loaded", () => {
    const w = standIn();
    w.fromHost(resourceReady({ html: "x" }), "https://evil.example.net");
    w.fromElsewhere(resourceReady({ html: "x" }));
    w.fromHost({ jsonrpc: "2.0", method: "ui/notifications/tool-input", params: {} });
    expect(w.frames).toHaveLength(0);
    expect(w.toView).toEqual([]);
  });

  it("forwards the host's messages to the view and the view's to the host's origin, but never a sandbox-* message, and nothing from elsewhere", () => {
    const w = standIn();
    w.fromHost(resourceReady({ html: "x" }));
    const input = { jsonrpc: "2.0", method: "ui/notifications/tool-input", params: { arguments: {} } };
    w.fromHost(input);
    w.fromHost(input, "https://evil.example.net");
    w.fromElsewhere(input);
    w.fromHost({ jsonrpc: "2.0", method: "ui/notifications/sandbox-proxy-ready", params: {} });
    expect(w.toView).toEqual([input]);
    const init = { jsonrpc: "2.0", id: 1, method: "ui/initialize", params: {} };
    w.fromView(init);
    w.fromView({ jsonrpc: "2.0", method: "ui/notifications/sandbox-resource-ready", params: { html: "<script>evil</script>" } });
    expect(w.toHost.slice(1)).toEqual([{ data: init, target: HOST }]);
    expect(w.frames).toHaveLength(1);
  });

  it("locks its own frame-src once the view's frame exists, so that frame can no longer be navigated (the view keeps the policy it inherited)", () => {
    const w = standIn();
    expect(w.head).toEqual([]);
    w.fromHost(resourceReady({ html: "x" }));
    expect(w.order).toEqual(["iframe", "meta"]);
    expect(w.head).toEqual([{ tag: "meta", httpEquiv: "Content-Security-Policy", content: "frame-src 'none'" }]);
  });
});
