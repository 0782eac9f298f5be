/**
 * Teardown: ui/resource-teardown sent, the bridge waits for the view's
 * answer at most the bound, then closes; host requests to the view.
 */
import { afterEach, describe, expect, it, vi } from "vitest";
import { VIEW_BRIDGE_DEFAULTS, ViewBridgeError, type ViewServerClient } from "../../src/host/index.js";
import { bare, fakeBridge, oracle } from "./fixtures.js";

afterEach(() => void vi.useRealTimers());

describe("teardown", () => {
  it("sends ui/resource-teardown (valid against ext-apps' schema) and resolves 'answered' when the view answers; then the bridge is closed", async () => {
    const { view, bridge } = fakeBridge();
    await view.handshake();
    const done = bridge.teardown();
    const [request] = view.requests();
    expect(request).toMatchObject({ jsonrpc: "2.0", method: "ui/resource-teardown", params: {} });
    expect(oracle("McpUiResourceTeardownRequest", bare(request!))).toEqual([]);
    expect(bridge.phase).toBe("tearing-down");
    view.bridge.receive({ jsonrpc: "2.0", id: request!.id, result: {} });
    expect(await done).toBe("answered");
    expect(bridge.phase).toBe("closed");
    expect(bridge.teardown()).toBe(bridge.teardown());
    const count = view.sent.length;
    bridge.toolInput({ a: 1 });
    view.bridge.receive({ jsonrpc: "2.0", id: 99, method: "ping" });
    expect(view.sent.length).toBe(count);
  });

  it("sends the reason when given (revision 2026-01-26's params)", async () => {
    const { view, bridge } = fakeBridge();
    await view.handshake();
    void bridge.teardown({ reason: "user closed the panel" });
    expect(view.requests()[0]!.params).toEqual({ reason: "user closed the panel" });
  });

  it("resolves 'timeout' when the view does not answer within timeoutMs (default limits.teardownTimeoutMs)", async () => {
    vi.useFakeTimers();
    const { view, bridge } = fakeBridge();
    await view.handshake();
    const done = bridge.teardown({ timeoutMs: 50 });
    await vi.advanceTimersByTimeAsync(49);
    expect(bridge.phase).toBe("tearing-down");
    await vi.advanceTimersByTimeAsync(1);
    expect(await done).toBe("timeout");
    expect(bridge.phase).toBe("closed");
    const other = fakeBridge();
    await other.view.handshake();
    const late = other.bridge.teardown();
    await vi.advanceTimersByTimeAsync(VIEW_BRIDGE_DEFAULTS.teardownTimeoutMs);
    expect(await late).toBe("timeout");
  });

  it("resolves 'refused' when the view answers with an error, and 'not-initialized' (nothing sent) before initialized", async () => {
    const { view, bridge } = fakeBridge();
    await view.handshake();
    const done = bridge.teardown();
    view.bridge.receive({ jsonrpc: "2.0", id: view.requests()[0]!.id, error: { code: -32000, message: "Teardown error" } });
    expect(await done).toBe("refused");
    const early = fakeBridge();
    expect(await early.bridge.teardown()).toBe("not-initialized");
    expect(early.view.sent).toEqual([]);
    expect(early.bridge.phase).toBe("closed");
  });

  it("still serves the view's requests while it tears down (it may save through a tool), and aborts them at close", async () => {
    let signal: AbortSignal | undefined;
    const client: ViewServerClient = {
      callTool: (name, _args, o) => (name === "save" ? Promise.resolve({ content: [{ type: "text", text: "saved" }] }) : new Promise(() => void (signal = o?.signal))),
      readResource: async () => ({}),
    };
    const { view, bridge } = fakeBridge({ client, tools: [{ name: "save" }, { name: "hang" }] });
    await view.handshake();
    const done = bridge.teardown();
    expect((await view.request("tools/call", { name: "save" })).result.content[0].text).toBe("saved");
    view.bridge.receive({ jsonrpc: "2.0", id: "h", method: "tools/call", params: { name: "hang" } });
    bridge.close();
    expect(await done).toBe("closed");
    expect(signal?.aborted).toBe(true);
  });
});

describe("host requests to the view", () => {
  it("resolves to the view's result, rejects with its error, and refuses before initialized", async () => {
    const { view, bridge } = fakeBridge();
    await expect(bridge.request("ping")).rejects.toMatchObject({ kind: "not-initialized" });
    await view.handshake();
    const ping = bridge.request("ping");
    view.bridge.receive({ jsonrpc: "2.0", id: view.requests()[0]!.id, result: { ok: 1 } });
    expect(await ping).toEqual({ ok: 1 });
    const list = bridge.request("tools/list", {});
    view.bridge.receive({ jsonrpc: "2.0", id: view.requests()[1]!.id, error: { code: -32601, message: "no tools" } });
    const error = await list.catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ViewBridgeError);
    expect(error).toMatchObject({ kind: "error-response", code: -32601 });
  });

  it("keeps at most limits.maxPendingHostRequests pending, times them out, and rejects them at close", async () => {
    vi.useFakeTimers();
    const { view, bridge } = fakeBridge({ limits: { maxPendingHostRequests: 2, hostRequestTimeoutMs: 100 } });
    await view.handshake();
    const a = bridge.request("ping").catch((e: ViewBridgeError) => e.kind);
    const b = bridge.request("ping", {}, { timeoutMs: 1000 }).catch((e: ViewBridgeError) => e.kind);
    await expect(bridge.request("ping")).rejects.toMatchObject({ kind: "limit", message: expect.stringContaining("limits.maxPendingHostRequests") });
    await vi.advanceTimersByTimeAsync(100);
    expect(await a).toBe("timeout");
    bridge.close();
    expect(await b).toBe("closed");
  });
});
