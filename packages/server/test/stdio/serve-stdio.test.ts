/**
 * serveStdio over in-memory streams (basic/transports/stdio.mdx): one
 * message per line each way, many requests at once, cancellation on the
 * channel, framing errors answered and reading going on, backpressure when
 * the client stops reading, and the end of input.
 */
import { PassThrough } from "node:stream";
import { describe, expect, it } from "vitest";
import { serveStdio, type StdioServeOptions } from "@mrtr/server/stdio";
import { request, retry, server } from "../helpers.js";

const tick = (ms = 0) => new Promise((r) => setTimeout(r, ms));
async function until(condition: () => boolean, what = "the condition"): Promise<void> {
  for (let i = 0; i < 1000 && !condition(); i++) await tick(5);
  if (!condition()) throw new Error(`timed out waiting for ${what}`);
}

/** A server on two in-memory pipes; `lines` collects what it writes, parsed. */
function wired(s = server(), options: StdioServeOptions = {}, read = true) {
  const input = new PassThrough();
  const output = new PassThrough();
  const lines: any[] = [];
  let raw = "";
  if (read) {
    output.on("data", (chunk: Buffer) => {
      raw += chunk.toString();
      const parts = raw.split("\n");
      raw = parts.pop()!;
      for (const p of parts) lines.push(JSON.parse(p));
    });
  }
  const serving = serveStdio(s, { input, output, exitOnEnd: false, ...options });
  const send = (message: unknown) => input.write(`${typeof message === "string" ? message : JSON.stringify(message)}\n`);
  return { input, output, lines, serving, send, server: s };
}

/** Calls `then` once `signal` aborts, also when it already has (a handler may start after the abort). */
const onAbort = (signal: AbortSignal, then: () => void) => (signal.aborted ? then() : signal.addEventListener("abort", then, { once: true }));

const byId = (lines: any[], id: unknown) => lines.find((l) => l.id === id && ("result" in l || "error" in l));

describe("serveStdio", () => {
  it("serves a multi round-trip over lines: input_required, then the retry with answers and state completes", async () => {
    const s = server().tool({
      name: "greet",
      async handler(_a, ctx) {
        const r = await ctx.elicit("name", { message: "Name?", requestedSchema: { type: "object", properties: { name: { type: "string" } }, required: ["name"] } });
        return { content: [{ type: "text", text: `hi ${String(r.content?.name)}` }] };
      },
    });
    const w = wired(s);
    const first = request("tools/call", { name: "greet" });
    w.send(first);
    await until(() => !!byId(w.lines, first.id));
    const asked = byId(w.lines, first.id).result;
    expect(asked.resultType).toBe("input_required");
    const again = retry(first, { name: { action: "accept", content: { name: "Ada" } } }, asked.requestState);
    w.send(again);
    await until(() => !!byId(w.lines, again.id));
    expect(byId(w.lines, again.id).result.content).toEqual([{ type: "text", text: "hi Ada" }]);
  });

  it("serves many requests at once and answers each by id as it finishes", async () => {
    const s = server().tool({
      name: "wait",
      handler: async (args) => {
        await tick(Number(args.ms));
        return { content: [{ type: "text", text: String(args.ms) }] };
      },
    });
    const w = wired(s);
    const slow = request("tools/call", { name: "wait", arguments: { ms: 150 } });
    const fast = request("tools/call", { name: "wait", arguments: { ms: 1 } });
    w.send(slow);
    w.send(fast);
    await until(() => w.lines.length === 2);
    expect(w.lines.map((l) => l.id)).toEqual([fast.id, slow.id]);
  });

  it("answers a line that is not JSON with -32700, one not UTF-8 with -32700, one too long with -32600 and its id, and reads on", async () => {
    const w = wired(server(), { maxLineBytes: 1024 });
    w.send("{not json");
    w.input.write(Buffer.from([0x7b, 0xff, 0x7d, 0x0a]));
    w.send({ jsonrpc: "2.0", id: "long", method: "tools/list", params: { pad: "x".repeat(5000) } });
    w.send("");
    const ok = request("server/discover");
    w.send(ok);
    await until(() => !!byId(w.lines, ok.id));
    // Answers on stdio come as they are ready, not in the order of the lines.
    const errors = w.lines.filter((l) => l.error);
    expect(errors.map((l) => `${String(l.id)} ${l.error.code}`).sort()).toEqual(["long -32600", "undefined -32700", "undefined -32700"]);
    expect(byId(w.lines, "long").error.message).toMatch(/maxLineBytes/);
    expect(byId(w.lines, ok.id).result.supportedVersions).toEqual(["2026-07-28"]);
    expect(w.serving.stats().refused).toBe(2);
  });

  it("aborts a request on notifications/cancelled from its channel, and gives it no answer", async () => {
    let aborted = false;
    const s = server().tool({
      name: "slow",
      handler: (_a, ctx) =>
        new Promise((resolve) => {
          onAbort(ctx.signal, () => {
            aborted = true;
            resolve({ content: [] });
          });
        }),
    });
    const w = wired(s);
    const m = request("tools/call", { name: "slow" });
    w.send(m);
    await until(() => s.activity().requests === 1, "the request to be served");
    w.send({ jsonrpc: "2.0", method: "notifications/cancelled", params: { requestId: m.id, reason: "no longer needed" } });
    await until(() => aborted && s.activity().requests === 0, `the request to be aborted (${JSON.stringify(w.lines)})`);
    const later = request("server/discover");
    w.send(later);
    await until(() => !!byId(w.lines, later.id));
    expect(byId(w.lines, m.id)).toBeUndefined();
  });

  it("serves maxInFlight requests at once; more wait in order within maxQueuedBytes, the rest are refused; cancellations are read, freeing a slot or withdrawing a waiting one", async () => {
    const started: number[] = [];
    const s = server().tool({
      name: "hold",
      handler: (args, ctx) => {
        started.push(Number(args.n));
        return new Promise((resolve) => onAbort(ctx.signal, () => resolve({ content: [] })));
      },
    });
    const w = wired(s, { maxInFlight: 2, maxQueuedBytes: 1 }); // one request may wait
    const calls = Array.from({ length: 6 }, (_, n) => request("tools/call", { name: "hold", arguments: { n } }));
    for (const c of calls.slice(0, 5)) w.send(c);
    await until(() => started.length === 2 && !!byId(w.lines, calls[3]!.id) && !!byId(w.lines, calls[4]!.id), "two served, one waiting, two refused");
    // The two served run at once: which of them starts first is not promised.
    expect([...started].sort()).toEqual([0, 1]);
    expect(byId(w.lines, calls[3]!.id).error).toMatchObject({ code: -32603, message: expect.stringMatching(/maxInFlight/) });
    // Cancelling the first frees its slot: the one that waited is served.
    w.send({ jsonrpc: "2.0", method: "notifications/cancelled", params: { requestId: calls[0]!.id } });
    await until(() => started.length === 3, "the waiting request to be served");
    expect(started[2]).toBe(2);
    // A request cancelled while it waits is never served.
    w.send(calls[5]);
    w.send({ jsonrpc: "2.0", method: "notifications/cancelled", params: { requestId: calls[5]!.id } });
    for (const c of [calls[1]!, calls[2]!]) w.send({ jsonrpc: "2.0", method: "notifications/cancelled", params: { requestId: c.id } });
    await until(() => s.activity().requests === 0, "every held request to be cancelled");
    await tick(20);
    expect(started[2]).toBe(2);
    expect(w.lines.map((l) => l.id).sort()).toEqual([calls[3]!.id, calls[4]!.id].sort()); // cancelled requests get no answer
    expect(w.serving.stats()).toMatchObject({ inFlight: 0, refused: 2 });
  });

  it("carries progress and listen traffic on the one channel, each correlated", async () => {
    const s = server({ subscriptions: { listChanged: { tools: true } } }).tool({
      name: "steps",
      async handler(_a, ctx) {
        for (let i = 1; i <= 3; i++) {
          ctx.progress(i, 3);
          await tick(60);
        }
        return { content: [] };
      },
    });
    const w = wired(s);
    const listen = request("subscriptions/listen", { notifications: { toolsListChanged: true } });
    w.send(listen);
    const call = request("tools/call", { name: "steps" });
    (call.params._meta as Record<string, unknown>).progressToken = "tok";
    w.send(call);
    await until(() => !!byId(w.lines, call.id));
    s.tool({ name: "added", handler: () => ({ content: [] }) });
    await until(() => w.lines.some((l) => l.method === "notifications/tools/list_changed"));
    expect(w.lines.filter((l) => l.method === "notifications/progress").map((l) => [l.params.progressToken, l.params.progress])).toEqual([
      ["tok", 1],
      ["tok", 2],
      ["tok", 3],
    ]);
    const sub = w.lines.filter((l) => l.params?._meta?.["io.modelcontextprotocol/subscriptionId"] === listen.id).map((l) => l.method);
    expect(sub).toEqual(["notifications/subscriptions/acknowledged", "notifications/tools/list_changed"]);
    w.send({ jsonrpc: "2.0", method: "notifications/cancelled", params: { requestId: listen.id } });
    await until(() => s.activity().streams === 0);
  });

  it("meets a client that stops reading with backpressure: reading pauses, progress is dropped, listen streams are torn down", async () => {
    const s = server({ subscriptions: { listChanged: { tools: true } } }).tool({ name: "t", handler: () => ({ content: [{ type: "text", text: "x".repeat(2000) }] }) });
    const w = wired(s, { maxQueuedBytes: 16 * 1024 }, false); // nobody reads the output
    const listen = request("subscriptions/listen", { notifications: { toolsListChanged: true } });
    w.send(listen);
    await until(() => s.activity().streams === 1);
    for (let i = 0; i < 20; i++) w.send(request("tools/call", { name: "t" }));
    await until(() => w.output.writableNeedDrain && w.output.writableLength > 16 * 1024, "the output to back up");
    for (let i = 0; i < 200; i++) w.send(request("tools/call", { name: "t" }));
    await until(() => w.input.isPaused(), "reading to pause");
    s.notify.toolsListChanged();
    await until(() => s.activity().streams === 0, "the listen stream to be torn down");
    const queued = w.output.readableLength;
    expect(queued).toBeLessThan(2 * 1024 * 1024);
    // Reading the output drains it and reading resumes: every call sent is answered.
    const lines: any[] = [];
    let raw = "";
    w.output.on("data", (c: Buffer) => {
      raw += c.toString();
      const parts = raw.split("\n");
      raw = parts.pop()!;
      for (const p of parts) lines.push(JSON.parse(p));
    });
    await until(() => lines.filter((l) => l.result?.content).length === 220, "every call to be answered");
    expect(lines.find((l) => l.method === "notifications/cancelled")?.params).toEqual({ requestId: listen.id, reason: "The client did not keep up with the stream." });
  });

  it("ends when the input ends: what is in flight is aborted and unanswered, the answers already made are flushed", async () => {
    let aborted = 0;
    let started = false;
    const s = server()
      .tool({ name: "hold", handler: (_a, ctx) => ((started = true), new Promise((resolve) => onAbort(ctx.signal, () => (aborted++, resolve({ content: [] }))))) })
      .tool({ name: "quick", handler: () => ({ content: [] }) });
    let ended = false;
    const w = wired(s, { onEnd: () => void (ended = true) });
    const hold = request("tools/call", { name: "hold" });
    const quick = request("tools/call", { name: "quick" });
    w.send(hold);
    w.send(quick);
    await until(() => !!byId(w.lines, quick.id) && started);
    w.input.end();
    await w.serving.closed;
    expect(ended).toBe(true);
    expect(aborted).toBe(1);
    expect(byId(w.lines, hold.id)).toBeUndefined();
    expect(s.activity().requests).toBe(0);
  });

  it("points process.stdout.write (so console.log) at stderr while serving, and puts it back at the end", async () => {
    const original = process.stdout.write;
    const seen: string[] = [];
    const errWrite = process.stderr.write;
    const s = server().tool({
      name: "noisy",
      handler: () => {
        process.stdout.write("noise from a handler\n");
        return { content: [{ type: "text", text: "ok" }] };
      },
    });
    process.stderr.write = ((chunk: string | Uint8Array) => (seen.push(String(chunk)), true)) as typeof process.stderr.write;
    try {
      const w = wired(s, { redirectStdout: true });
      expect(process.stdout.write).not.toBe(original);
      const m = request("tools/call", { name: "noisy" });
      w.send(m);
      await until(() => !!byId(w.lines, m.id));
      expect(seen).toContain("noise from a handler\n");
      expect(w.lines.map((l) => l.id)).toEqual([m.id]); // the protocol stream holds only the answer
      w.input.end();
      await w.serving.closed;
      expect(process.stdout.write).toBe(original);
    } finally {
      process.stderr.write = errWrite;
      process.stdout.write = original;
    }
  });

  it("ends quietly when its output closes (the client went away)", async () => {
    const w = wired(server());
    w.output.destroy();
    await w.serving.closed;
    expect(w.serving.stats().inFlight).toBe(0);
  });
});
