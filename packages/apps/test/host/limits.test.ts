/**
 * The limits: a flood of requests gets bounded errors, a huge or deep
 * message is refused, pending requests are bounded; each error names the
 * limit and its option; the bridge goes on serving afterwards.
 */
import { afterEach, describe, expect, it, vi } from "vitest";
import { createViewBridge, VIEW_BRIDGE_DEFAULTS, VIEW_BRIDGE_ERROR_CODES, type ViewServerClient } from "../../src/host/index.js";
import { fakeBridge, noClient } from "./fixtures.js";

afterEach(() => void vi.useRealTimers());

describe("limits", () => {
  it("has documented defaults", () => {
    expect(VIEW_BRIDGE_DEFAULTS).toEqual({
      maxMessageBytes: 4 * 1024 * 1024,
      maxDepth: 64,
      requestsPerSecond: 20,
      requestBurst: 40,
      notificationsPerSecond: 60,
      notificationBurst: 120,
      maxPendingViewRequests: 16,
      maxPendingHostRequests: 8,
      hostRequestTimeoutMs: 30_000,
      teardownTimeoutMs: 3_000,
    });
    expect(Object.isFrozen(VIEW_BRIDGE_DEFAULTS)).toBe(true);
  });

  it("refuses to start with a limit that is not a positive number, naming the option", () => {
    const base = { send: () => {}, client: noClient, tool: { name: "t" }, tools: [], hostInfo: { name: "h", version: "1" } };
    expect(() => createViewBridge({ ...base, limits: { requestBurst: 0 } })).toThrow(/limits\.requestBurst/);
    expect(() => createViewBridge({ ...base, limits: { maxMessageBytes: Number.NaN } })).toThrow(RangeError);
    expect(() => createViewBridge({ ...base, client: undefined as never })).toThrow(/client/);
  });

  it("answers a flood of requests past the burst with limit errors naming limits.requestsPerSecond, one answer per request, and serves again once tokens refill", async () => {
    vi.useFakeTimers();
    const { view, bridge } = fakeBridge({ limits: { requestsPerSecond: 10, requestBurst: 5 } });
    await view.handshake();
    const before = view.sent.length;
    for (let i = 0; i < 1000; i++) bridge.receive({ jsonrpc: "2.0", id: `f${i}`, method: "ping" });
    await vi.advanceTimersByTimeAsync(0);
    const answers = view.sent.slice(before);
    expect(answers).toHaveLength(1000);
    const limited = answers.filter((m) => m.error);
    expect(limited.length).toBeGreaterThanOrEqual(995);
    expect(limited[0]!.error).toMatchObject({ code: VIEW_BRIDGE_ERROR_CODES.limitExceeded, message: expect.stringContaining("limits.requestsPerSecond"), data: { limit: "requestsPerSecond", option: "limits.requestsPerSecond", max: 10 } });
    expect(limited[0]!.error.data.retryAfterMs).toBeGreaterThan(0);
    await vi.advanceTimersByTimeAsync(1000);
    expect((await view.request("ping")).result).toEqual({});
  });

  it("drops notifications past their rate without answering", async () => {
    const sizes: unknown[] = [];
    const { view, warnings } = fakeBridge({ onSizeChanged: (s) => void sizes.push(s), limits: { notificationsPerSecond: 1, notificationBurst: 3 } });
    await view.handshake(); // the initialized notification takes one token
    const before = view.sent.length;
    for (let i = 0; i < 100; i++) view.notify("ui/notifications/size-changed", { width: i, height: 1 });
    expect(sizes).toHaveLength(2);
    expect(view.sent.length).toBe(before);
    expect(warnings.filter((w: any) => /notificationsPerSecond/.test(w.reason))).toHaveLength(98);
  });

  it("answers past limits.maxPendingViewRequests with an error naming it, and serves again once answers free slots", async () => {
    const release: (() => void)[] = [];
    const client: ViewServerClient = { callTool: () => new Promise((resolve) => release.push(() => resolve({ content: [] }))), readResource: async () => ({}) };
    const { view } = fakeBridge({ client, tools: [{ name: "slow" }], limits: { maxPendingViewRequests: 3 } });
    await view.handshake();
    const pending = [1, 2, 3].map(() => view.request("tools/call", { name: "slow" }));
    const refused = await view.request("tools/call", { name: "slow" });
    expect(refused.error).toMatchObject({ code: -32001, data: { limit: "maxPendingViewRequests", option: "limits.maxPendingViewRequests", max: 3 } });
    for (const r of release) r();
    await Promise.all(pending);
    expect((await view.request("ping")).result).toEqual({});
  });

  it("refuses a request whose id is still pending", async () => {
    const client: ViewServerClient = { callTool: () => new Promise(() => {}), readResource: async () => ({}) };
    const { view } = fakeBridge({ client, tools: [{ name: "slow" }] });
    await view.handshake();
    view.bridge.receive({ jsonrpc: "2.0", id: "same", method: "tools/call", params: { name: "slow" } });
    const again = await view.request("ping", undefined, "same");
    expect(again.error).toMatchObject({ code: -32600, message: expect.stringContaining("pending already") });
  });

  it("refuses a request larger than limits.maxMessageBytes, naming it, before reading it; drops such a notification", async () => {
    const logs: unknown[] = [];
    const { view, warnings } = fakeBridge({ onLog: (l) => void logs.push(l), limits: { maxMessageBytes: 10_000 } });
    await view.handshake();
    const huge = "x".repeat(20_000);
    const answer = await view.request("tools/call", { name: "refresh", arguments: { huge } });
    expect(answer.error).toMatchObject({ code: -32001, message: expect.stringContaining("limits.maxMessageBytes"), data: { limit: "maxMessageBytes", option: "limits.maxMessageBytes", max: 10_000 } });
    const before = view.sent.length;
    view.notify("notifications/message", { level: "info", data: huge });
    view.bridge.receive(JSON.stringify({ jsonrpc: "2.0", method: "notifications/message", params: { level: "info", data: huge } }));
    expect(view.sent.length).toBe(before);
    expect(logs).toEqual([]);
    expect(warnings.length).toBe(2);
    expect((await view.request("ping")).result).toEqual({});
  });

  it("counts multi-byte characters as their UTF-8 bytes", async () => {
    const { view } = fakeBridge({ limits: { maxMessageBytes: 1_000 } });
    await view.handshake();
    expect((await view.request("ping", { note: "é".repeat(400) })).result).toEqual({});
    expect((await view.request("ping", { note: "é".repeat(500) })).error.data.limit).toBe("maxMessageBytes");
  });

  it("refuses a message nested deeper than limits.maxDepth, and a cyclic one, without overflowing", async () => {
    const { view } = fakeBridge();
    await view.handshake();
    let deep: unknown = {};
    for (let i = 0; i < 100_000; i++) deep = { d: deep };
    expect((await view.request("ping", deep)).error.data.limit).toBe("maxDepth");
    const cyclic: Record<string, unknown> = {};
    cyclic.self = cyclic;
    expect((await view.request("ping", cyclic)).error.data.limit).toBe("maxDepth");
    expect((await view.request("ping", { when: new Date() })).error.code).toBe(-32600);
  });
});
