/**
 * legacyStdio over in-memory streams: the first message decides a
 * connection's era, a legacy connection is one session for its life, and a
 * hostile legacy client (initialize again and again, a flood of requests,
 * answers to questions never asked, a question never answered) is bounded.
 */
import { PassThrough } from "node:stream";
import { describe, expect, it } from "vitest";
import { serveStdio } from "@mrtr/server/stdio";
import { legacyStdio, type LegacyStdioOptions } from "@mrtr/server/legacy";
import { askingServer, until } from "./helpers.js";

const INIT = { jsonrpc: "2.0", id: 0, method: "initialize", params: { protocolVersion: "2025-11-25", capabilities: { elicitation: {} }, clientInfo: { name: "old-host", version: "1" } } };
const MODERN_META = { "io.modelcontextprotocol/protocolVersion": "2026-07-28", "io.modelcontextprotocol/clientCapabilities": {} };

function wired(options: LegacyStdioOptions = {}, { read = true, maxQueuedBytes }: { read?: boolean; maxQueuedBytes?: number } = {}) {
  const { server, seen } = askingServer();
  const input = new PassThrough();
  const output = new PassThrough();
  const lines: Record<string, any>[] = [];
  let raw = "";
  if (read) {
    output.on("data", (chunk: Buffer) => {
      raw += chunk.toString();
      const parts = raw.split("\n");
      raw = parts.pop()!;
      for (const p of parts) lines.push(JSON.parse(p) as Record<string, any>);
    });
  }
  const serving = serveStdio(server, { input, output, exitOnEnd: false, legacy: legacyStdio(options), ...(maxQueuedBytes !== undefined && { maxQueuedBytes }) });
  const send = (message: unknown) => input.write(`${JSON.stringify(message)}\n`);
  const answerOf = (id: unknown) => lines.find((l) => l.id === id && ("result" in l || "error" in l));
  return { server, seen, input, output, lines, serving, send, answerOf };
}

describe("legacyStdio", () => {
  it("serves a connection that opens with initialize as a 2025-11-25 session: an elicitation round is a request on the channel", async () => {
    const w = wired();
    w.send(INIT);
    await until(() => w.answerOf(0) !== undefined, "the initialize answer");
    expect(w.answerOf(0)!.result.protocolVersion).toBe("2025-11-25");
    w.send({ jsonrpc: "2.0", method: "notifications/initialized" });
    w.send({ jsonrpc: "2.0", id: 1, method: "tools/call", params: { name: "greet", arguments: {} } });
    await until(() => w.lines.some((l) => l.method === "elicitation/create"), "the elicitation");
    const asked = w.lines.find((l) => l.method === "elicitation/create")!;
    w.send({ jsonrpc: "2.0", id: asked.id, result: { action: "accept", content: { name: "Ada" } } });
    await until(() => w.answerOf(1) !== undefined, "the tool's answer");
    expect(w.answerOf(1)).toEqual({ jsonrpc: "2.0", id: 1, result: { content: [{ type: "text", text: "hello Ada" }] } });
    w.input.end();
    await w.serving;
  });

  it("leaves a connection that opens with a modern request modern: a later initialize there gets -32022", async () => {
    const w = wired();
    w.send({ jsonrpc: "2.0", id: 1, method: "tools/list", params: { _meta: MODERN_META } });
    await until(() => w.answerOf(1) !== undefined, "the modern answer");
    expect(w.answerOf(1)!.result.resultType).toBe("complete");
    w.send({ ...INIT, id: 2 });
    await until(() => w.answerOf(2) !== undefined, "the initialize answer");
    expect(w.answerOf(2)!.error).toMatchObject({ code: -32022 });
    w.input.end();
    await w.serving;
  });

  it("refuses every initialize after the first (an initialize flood keeps one session)", async () => {
    const w = wired();
    w.send(INIT);
    for (let i = 1; i <= 200; i++) w.send({ ...INIT, id: i });
    await until(() => w.lines.length === 201, "every answer");
    expect(w.answerOf(0)!.result).toBeDefined();
    expect(w.lines.filter((l) => l.error?.code === -32600)).toHaveLength(200);
    w.input.end();
    await w.serving;
  });

  it("bounds a flood of requests by maxInFlight, answering each refused one", async () => {
    const w = wired({ maxInFlight: 4 });
    w.send(INIT);
    for (let i = 1; i <= 100; i++) w.send({ jsonrpc: "2.0", id: i, method: "tools/call", params: { name: "wait", arguments: {} } });
    await until(() => w.lines.filter((l) => l.error).length === 96, "96 refusals");
    await until(() => w.seen.waiting === 4, "four handlers running");
    expect(w.lines.filter((l) => l.error).every((l) => /maxInFlight/.test(l.error.message))).toBe(true);
    w.input.end();
    await w.serving;
    await until(() => w.seen.aborted === 4, "the four in flight aborting at the end of input");
  });

  it("a legacy client that never reads: the output backs up to maxQueuedBytes, then reading pauses (nothing grows without bound)", async () => {
    const w = wired({}, { read: false, maxQueuedBytes: 64 * 1024 });
    w.send(INIT);
    // Each ping is answered; unread answers pile up until the binding stops taking lines. The pings come as a pipe
    // delivers them, in chunks (here of 1 000 lines, 37 kB) on turns of the event loop.
    const chunk = `${JSON.stringify({ jsonrpc: "2.0", id: 1, method: "ping" })}\n`.repeat(1000);
    let sent = 0;
    while (!w.input.isPaused() && sent < 200) {
      w.input.write(chunk);
      sent++;
      await new Promise((r) => setImmediate(r));
    }
    expect(w.input.isPaused()).toBe(true);
    for (let i = 0; i < 20; i++) {
      w.input.write(chunk);
      sent++;
    }
    await new Promise((r) => setTimeout(r, 50));
    // What waits to be written is the limit and about one chunk's answers; the rest stays in the client's pipe.
    const queued = w.output.writableLength + w.output.readableLength;
    expect(queued).toBeLessThan(64 * 1024 + 2 * 40_000);
    expect(w.input.readableLength + w.input.writableLength).toBeGreaterThan(10 * chunk.length);
    w.output.resume(); // the client reads at last: everything is answered
    w.input.end();
    await w.serving;
  });

  it("ignores answers to questions never asked, and ends a request whose question is never answered after inputTimeoutMs", async () => {
    const w = wired({ inputTimeoutMs: 50 });
    w.send(INIT);
    w.send({ jsonrpc: "2.0", id: "nobody-asked", result: { action: "accept", content: {} } });
    w.send({ jsonrpc: "2.0", id: 1, method: "tools/call", params: { name: "greet", arguments: {} } });
    await until(() => w.answerOf(1) !== undefined, "the timed-out answer");
    expect(w.answerOf(1)!.error.message).toContain("within 50 ms");
    const asked = w.lines.find((l) => l.method === "elicitation/create")!;
    expect(w.lines).toContainEqual({ jsonrpc: "2.0", method: "notifications/cancelled", params: { requestId: asked.id, reason: "Timed out." } });
    w.input.end();
    await w.serving;
  });
});
