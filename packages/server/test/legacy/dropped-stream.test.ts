/**
 * A legacy client whose POST stream drops while its call waits for an answer
 * (over a real Node HTTP server: createNodeServer + createHttpHandler): the
 * question is let go soon after (legacyHttp's droppedStreamGraceMs), not
 * after inputTimeoutMs, unless the client resumes the stream (GET with
 * Last-Event-ID) within the grace, as the revision's clients do after a
 * network drop.
 */
import type { AddressInfo } from "node:net";
import type { Server } from "node:http";
import { afterEach, describe, expect, it } from "vitest";
import { createHttpHandler } from "@mrtr/server";
import { createNodeServer } from "@mrtr/server/node";
import { CALL_OVERHEAD_BYTES, legacyHttp, type LegacyHttpOptions } from "@mrtr/server/legacy";
import { askingServer } from "./helpers.js";

const INIT = { jsonrpc: "2.0", id: 0, method: "initialize", params: { protocolVersion: "2025-11-25", capabilities: { elicitation: {} }, clientInfo: { name: "old-host", version: "1" } } };
const greet = (id: number) => ({ jsonrpc: "2.0", id, method: "tools/call", params: { name: "greet", arguments: {} } });
type Json = Record<string, any>;

const servers: Server[] = [];
afterEach(async () => {
  for (const s of servers.splice(0)) {
    s.closeAllConnections();
    await new Promise((r) => s.close(r));
  }
});

/** A server whose questions are counted as they wait for the client (an outgoing middleware). */
function countingServer() {
  const { server } = askingServer();
  const questions = { waiting: 0, settled: 0 };
  server.use({
    outgoing: async (_call, next) => {
      questions.waiting++;
      try {
        return await next();
      } finally {
        questions.waiting--;
        questions.settled++;
      }
    },
  });
  return { server, questions };
}

/** A real HTTP server on a counting server, with `options` (inputTimeoutMs 60 s unless given); an initialized session on it. */
async function serve(options: LegacyHttpOptions) {
  const { server, questions } = countingServer();
  const http = createNodeServer(createHttpHandler(server, { legacy: legacyHttp({ inputTimeoutMs: 60_000, ...options }) }));
  servers.push(http);
  await new Promise<void>((r) => http.listen(0, "127.0.0.1", r));
  const url = `http://127.0.0.1:${(http.address() as AddressInfo).port}/mcp`;
  const post = (body: unknown, headers: Record<string, string> = {}, signal?: AbortSignal) =>
    fetch(url, { method: "POST", headers: { "content-type": "application/json", accept: "application/json, text/event-stream", ...headers }, body: JSON.stringify(body), ...(signal && { signal }) });
  const init = await post(INIT);
  expect(init.status).toBe(200);
  const session = { "mcp-session-id": init.headers.get("mcp-session-id")!, "mcp-protocol-version": "2025-11-25" };
  await init.arrayBuffer();
  expect((await post({ jsonrpc: "2.0", method: "notifications/initialized" }, session)).status).toBe(202);
  return { url, post, session, questions };
}

/** Reads events off an event stream until `stop` says enough (each with its event id). */
async function readEvents(response: Response, stop: (seen: Json[]) => boolean): Promise<Json[]> {
  const reader = response.body!.getReader();
  const decoder = new TextDecoder();
  const seen: Json[] = [];
  let buffer = "";
  while (!stop(seen)) {
    const { value, done } = await reader.read();
    if (done) break;
    buffer += decoder.decode(value, { stream: true });
    const events = buffer.split("\n\n");
    buffer = events.pop()!;
    for (const e of events) {
      const data = /^data: (.*)$/m.exec(e)?.[1];
      if (data) seen.push({ ...(JSON.parse(data) as Json), eventId: /^id: (.*)$/m.exec(e)?.[1] });
    }
  }
  reader.releaseLock();
  return seen;
}

/** Posts a call that asks, reads its stream until the question arrives, then drops the connection: the question's event. */
async function askThenDrop(s: Awaited<ReturnType<typeof serve>>, id: number): Promise<Json> {
  const controller = new AbortController();
  const r = await s.post(greet(id), s.session, controller.signal);
  expect(r.headers.get("content-type")).toBe("text/event-stream");
  const [question] = await readEvents(r, (seen) => seen.length >= 1);
  expect(question).toMatchObject({ method: "elicitation/create" });
  controller.abort(); // the client goes away without notifications/cancelled
  return question!;
}

describe("a legacy POST stream that drops while its call waits for the client", () => {
  it("lets the question go once the stream is gone (droppedStreamGraceMs: 0), long before inputTimeoutMs, and frees the caller's share of held memory", async () => {
    // Room in the caller's share for one waiting call only: a second is refused until the first is let go.
    const s = await serve({ droppedStreamGraceMs: 0, maxHeldBytes: 8 * CALL_OVERHEAD_BYTES, maxHeldBytesPerPrincipal: Math.floor(1.5 * CALL_OVERHEAD_BYTES) });
    await askThenDrop(s, 1);
    await expect.poll(() => s.questions, { timeout: 2_000 }).toEqual({ waiting: 0, settled: 1 });
    const again = await s.post(greet(2), s.session);
    expect(again.headers.get("content-type")).toBe("text/event-stream"); // admitted: asked its question
    const [question] = await readEvents(again, (seen) => seen.length >= 1);
    expect(question).toMatchObject({ method: "elicitation/create" });
    await again.body!.cancel();
  });

  it("lets the question go after droppedStreamGraceMs without a resumption; a client resuming later gets the question's cancellation and an error saying to send the call again", async () => {
    const s = await serve({ droppedStreamGraceMs: 300 });
    const question = await askThenDrop(s, 1);
    expect(s.questions.waiting).toBe(1);
    await expect.poll(() => s.questions, { timeout: 2_000 }).toEqual({ waiting: 0, settled: 1 });
    const resumed = await fetch(s.url, { headers: { ...s.session, accept: "text/event-stream", "last-event-id": question.eventId } });
    const rest = await readEvents(resumed, (seen) => seen.some((m) => m.id === 1));
    expect(rest.map((m) => m.method ?? "answer")).toEqual(["notifications/cancelled", "answer"]);
    expect(rest[0]!.params).toMatchObject({ requestId: question.id });
    expect(rest[1]).toMatchObject({ id: 1, error: { code: -32603, message: expect.stringContaining("droppedStreamGraceMs") } });
  });

  it("on the fetch face (the handler called with a web Request, as other runtimes do), a response body its reader cancels is a dropped stream too", async () => {
    const { server, questions } = countingServer();
    const handle = createHttpHandler(server, { legacy: legacyHttp({ inputTimeoutMs: 60_000, droppedStreamGraceMs: 0 }) });
    const post = (body: unknown, headers: Record<string, string> = {}) =>
      handle(new Request("http://127.0.0.1/mcp", { method: "POST", headers: { "content-type": "application/json", accept: "application/json, text/event-stream", ...headers }, body: JSON.stringify(body) }));
    const init = await post(INIT);
    const session = { "mcp-session-id": init.headers.get("mcp-session-id")!, "mcp-protocol-version": "2025-11-25" };
    await post({ jsonrpc: "2.0", method: "notifications/initialized" }, session);
    const r = await post(greet(1), session);
    const [question] = await readEvents(r, (seen) => seen.length >= 1);
    expect(question).toMatchObject({ method: "elicitation/create" });
    await r.body!.cancel(); // the client goes away: no signal here, only the body's reader
    await expect.poll(() => questions, { timeout: 2_000 }).toEqual({ waiting: 0, settled: 1 });
  });

  it("keeps the call when the client resumes the stream within the grace: it answers, and gets the result on the resumed stream", async () => {
    const s = await serve({ droppedStreamGraceMs: 30_000 });
    const question = await askThenDrop(s, 1);
    const resumed = await fetch(s.url, { headers: { ...s.session, accept: "text/event-stream", "last-event-id": question.eventId } });
    expect(resumed.status).toBe(200);
    expect((await s.post({ jsonrpc: "2.0", id: question.id, result: { action: "accept", content: { name: "Ada" } } }, s.session)).status).toBe(202);
    const rest = await readEvents(resumed, (seen) => seen.some((m) => m.id === 1));
    expect(rest.find((m) => m.id === 1)).toMatchObject({ result: { content: [{ type: "text", text: "hello Ada" }] } });
    expect(s.questions).toEqual({ waiting: 0, settled: 1 });
  });
});
