/**
 * The multiplexer: many exchanges on one newline-delimited channel
 * (basic/transports/stdio.mdx, "Receiving Messages"), driven line by line
 * with a scripted server, so each routing and limit rule is seen on its own.
 */
import { describe, expect, it } from "vitest";
import type { JSONRPCRequest } from "@mrtr/schema";
import type { LineFrame } from "@mrtr/internal";
import { QueueFullError, RequestTimeoutError, ResponseTooLargeError, TransportError } from "@mrtr/client";
import { Multiplexer, type MultiplexLimits } from "../../src/multiplex.js";

const LIMITS: MultiplexLimits = { timeoutMs: 5_000, maxTimeoutMs: 60_000, maxResponseBytes: 4_096, maxEventBytes: 512, maxQueuedBytes: 1_000, owner: "stdioTransport" };

/** A multiplexer whose writes are recorded; `room` lines fit before the queue is full. */
function channel(limits: Partial<MultiplexLimits> = {}, room = Infinity) {
  const written: { message: any; urgent: boolean }[] = [];
  let left = room;
  const mux = new Multiplexer(
    (line, urgent) => {
      if (!urgent && left <= 0) return false;
      left--;
      written.push({ message: JSON.parse(line), urgent: urgent === true });
      return true;
    },
    { ...LIMITS, ...limits },
    "the test server",
  );
  const line = (message: unknown): LineFrame => {
    const text = JSON.stringify(message);
    return { kind: "line", text, bytes: new TextEncoder().encode(text).byteLength };
  };
  return { mux, written, send: (message: unknown) => mux.receive(line(message)), line };
}

const req = (id: string | number, method = "tools/call", meta: Record<string, unknown> = {}): JSONRPCRequest =>
  ({ jsonrpc: "2.0", id, method, params: { name: "t", _meta: { "io.modelcontextprotocol/protocolVersion": "2026-07-28", ...meta } } }) as JSONRPCRequest;
const result = (id: unknown, extra: Record<string, unknown> = {}) => ({ jsonrpc: "2.0", id, result: { resultType: "complete", content: [], ...extra } });
const tick = () => new Promise((r) => setTimeout(r, 0));

describe("the multiplexer", () => {
  it("routes responses by id, whatever order they come in, and keeps 1 and \"1\" apart", async () => {
    const { mux, send } = channel();
    const a = mux.request(req(1));
    const b = mux.request(req("1"));
    const c = mux.request(req("c"));
    send(result("c", { n: "c" }));
    send(result(1, { n: 1 }));
    send(result("1", { n: "1" }));
    expect(((await a) as any).result.n).toBe(1);
    expect(((await b) as any).result.n).toBe("1");
    expect(((await c) as any).result.n).toBe("c");
    expect(mux.size).toBe(0);
  });

  it("hands each request only its own progress, by token, and a report renews the request's time", async () => {
    const { mux, send } = channel({ timeoutMs: 80 });
    const seenA: unknown[] = [];
    const seenB: unknown[] = [];
    const a = mux.request(req("a", "tools/call", { progressToken: "ta" }), { onMessage: (m) => seenA.push((m.params as any).progress) });
    void mux.request(req("b", "tools/call", { progressToken: 7 }), { onMessage: (m) => seenB.push((m.params as any).progress) }).catch(() => undefined);
    for (let i = 1; i <= 4; i++) {
      await new Promise((r) => setTimeout(r, 40)); // 160 ms in all: past timeoutMs, but each report grants it again
      send({ jsonrpc: "2.0", method: "notifications/progress", params: { progressToken: "ta", progress: i } });
    }
    send({ jsonrpc: "2.0", method: "notifications/progress", params: { progressToken: "7", progress: 99 } }); // the string "7" is not the token 7
    send(result("a"));
    await a;
    expect(seenA).toEqual([1, 2, 3, 4]);
    expect(seenB).toEqual([]);
  });

  it("routes listen traffic by subscription id and a server's cancellation by request id, and sends none back for it", async () => {
    const { mux, send, written } = channel();
    const gotA: string[] = [];
    const gotB: string[] = [];
    const controller = new AbortController();
    const a = mux.listen(req("la", "subscriptions/listen"), { signal: controller.signal, onMessage: (m) => (gotA.push(m.method as string), m.method === "notifications/cancelled" && controller.abort()) });
    const b = mux.listen(req("lb", "subscriptions/listen"), { onMessage: (m) => gotB.push(m.method as string) });
    const sub = (id: string, method: string) => ({ jsonrpc: "2.0", method, params: { _meta: { "io.modelcontextprotocol/subscriptionId": id } } });
    send(sub("lb", "notifications/subscriptions/acknowledged"));
    send(sub("la", "notifications/subscriptions/acknowledged"));
    send(sub("la", "notifications/tools/list_changed"));
    send({ jsonrpc: "2.0", method: "notifications/cancelled", params: { requestId: "la", reason: "backed up" } });
    await expect(a).rejects.toBeDefined();
    expect(gotA).toEqual(["notifications/subscriptions/acknowledged", "notifications/tools/list_changed", "notifications/cancelled"]);
    expect(gotB).toEqual(["notifications/subscriptions/acknowledged"]);
    expect(written.filter((w) => w.message.method === "notifications/cancelled")).toEqual([]); // the server ended it itself
    send({ jsonrpc: "2.0", id: "lb", result: { resultType: "complete", _meta: { "io.modelcontextprotocol/subscriptionId": "lb" } } });
    expect(((await b) as any).id).toBe("lb");
  });

  it("cancels with notifications/cancelled when the caller aborts or the time runs out, and ignores a late answer", async () => {
    const { mux, send, written } = channel({ timeoutMs: 30 });
    const controller = new AbortController();
    const aborted = mux.request(req("x"), { signal: controller.signal });
    controller.abort(new Error("user"));
    await expect(aborted).rejects.toThrow("user");
    await expect(mux.request(req("y"))).rejects.toBeInstanceOf(RequestTimeoutError);
    expect(written.filter((w) => w.message.method === "notifications/cancelled").map((w) => [w.message.params.requestId, w.urgent])).toEqual([
      ["x", true],
      ["y", true],
    ]);
    send(result("x")); // after the cancellation: dropped
    expect(mux.stray).toBe(1);
  });

  it("drops what no request claims: server requests, unknown ids, error responses without an id, garbage", async () => {
    const { mux, send } = channel();
    const pending = mux.request(req(1));
    send({ jsonrpc: "2.0", id: 9, method: "roots/list" }); // a server sends no requests on stdio
    send(result(2));
    send({ jsonrpc: "2.0", error: { code: -32700, message: "Parse error" } });
    send({ jsonrpc: "2.0", method: "notifications/message", params: { level: "info", data: "x" } });
    mux.receive({ kind: "line", text: "not json", bytes: 8 });
    mux.receive({ kind: "line", text: "[1,2]", bytes: 5 });
    mux.receive({ kind: "invalid-utf8", bytes: 3 });
    expect(mux.stray).toBe(7);
    expect(mux.size).toBe(1);
    send(result(1));
    await pending;
  });

  it("bounds the bytes read for one request, each listen event, and a line too long to read, naming the option", async () => {
    const { mux, send, line, written } = channel();
    const big = mux.request(req("big", "tools/call", { progressToken: "p" }));
    for (let i = 0; i < 40; i++) send({ jsonrpc: "2.0", method: "notifications/progress", params: { progressToken: "p", progress: i, message: "m".repeat(100) } });
    const error = await big.catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ResponseTooLargeError);
    expect(String(error)).toMatch(/stdioTransport's maxResponseBytes option/);
    expect(written.at(-1)!.message).toMatchObject({ method: "notifications/cancelled", params: { requestId: "big" } });

    const stream = mux.listen(req("l", "subscriptions/listen"), {});
    mux.receive(line({ jsonrpc: "2.0", method: "notifications/tools/list_changed", params: { _meta: { "io.modelcontextprotocol/subscriptionId": "l" }, pad: "x".repeat(600) } }));
    expect(String(await stream.catch((e: unknown) => e))).toMatch(/maxEventBytes/);

    const huge = mux.request(req("h"));
    mux.receive({ kind: "too-long", bytes: 10 << 20, id: "h" });
    expect(await huge.catch((e: unknown) => e)).toBeInstanceOf(ResponseTooLargeError);
  });

  it("refuses a request when the server stops reading (QueueFullError), and fails everything when the channel closes", async () => {
    const { mux } = channel({}, 1);
    const first = mux.request(req(1));
    await expect(mux.request(req(2))).rejects.toBeInstanceOf(QueueFullError);
    mux.close(new TransportError("gone"));
    await expect(first).rejects.toThrow("gone");
    await expect(mux.request(req(3))).rejects.toThrow("gone");
    await expect(mux.notify({ jsonrpc: "2.0", method: "notifications/x" } as never)).rejects.toThrow("gone");
    await tick();
  });

  it("refuses an id already in flight", async () => {
    const { mux, send } = channel();
    const first = mux.request(req(5));
    await expect(mux.request(req(5))).rejects.toBeInstanceOf(TransportError);
    send(result(5));
    await first;
  });
});
