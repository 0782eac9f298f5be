import { describe, expect, it } from "vitest";
import { createHttpHandler, traceHandler, type TraceRecord } from "@mrtr/server";
import { request, server } from "./helpers.js";

const post = (body: string, headers: Record<string, string> = {}) =>
  new Request("http://127.0.0.1/mcp", { method: "POST", headers: { "content-type": "application/json", ...headers }, body });

/** A stream of `chunks`, recording whether the reader cancelled it. */
function source(chunks: string[], endless = false) {
  const state = { cancelled: false, pulled: 0 };
  const enc = new TextEncoder();
  const stream = new ReadableStream<Uint8Array>({
    pull(controller) {
      const next = chunks[state.pulled++];
      if (next !== undefined) controller.enqueue(enc.encode(next));
      else if (endless) controller.enqueue(enc.encode(": keep-alive\n\n"));
      else controller.close();
    },
    cancel() {
      state.cancelled = true;
    },
  });
  return { stream, state };
}

const settle = () => new Promise((r) => setTimeout(r, 10));

describe("traceHandler", () => {
  it("records the request and the JSON response, in order, with headers, status and time; handler and caller see the same bytes", async () => {
    const records: TraceRecord[] = [];
    const s = server().tool({ name: "echo", async handler() { return { content: [{ type: "text", text: "hi" }] }; } });
    const plain = createHttpHandler(s);
    const traced = traceHandler(plain, (r) => void records.push(r));
    const message = request("tools/call", { name: "echo" });
    const headers = { "mcp-method": "tools/call", "mcp-name": "echo", "mcp-protocol-version": "2026-07-28", authorization: "Bearer secret" };
    const expected = await (await plain(post(JSON.stringify(message), headers))).text();
    const got = await traced(post(JSON.stringify(message), headers));
    expect(got.status).toBe(200);
    expect(await got.text()).toBe(expected);
    await settle();
    expect(records).toMatchObject([
      { direction: "client-to-server", message, headers: { "mcp-name": "echo", authorization: "[redacted]" } },
      { direction: "server-to-client", message: JSON.parse(expected), status: 200, headers: { "content-type": "application/json" } },
    ]);
    for (const r of records) expect(Date.parse(r.time!)).not.toBeNaN();
  });

  it("records each event of an event stream, events split across chunks, and passes the bytes through unchanged", async () => {
    const events = ['data: {"jsonrpc":"2.0","method":"notifications/progress","params":{"progressToken":1,"progress":1}}\n\n', 'event: message\ndata: {"jsonrpc":"2.0",\ndata: "id":1,"result":{"resultType":"complete"}}\r\n\r\n'];
    const text = events.join("");
    const { stream } = source([text.slice(0, 30), text.slice(30, 101), text.slice(101)]);
    const records: TraceRecord[] = [];
    const traced = traceHandler(async () => new Response(stream, { headers: { "content-type": "text/event-stream" } }), (r) => void records.push(r));
    const res = await traced(new Request("http://127.0.0.1/mcp"));
    expect(await res.text()).toBe(text);
    await settle();
    expect(records.map((r) => r.message)).toEqual([
      { jsonrpc: "2.0", method: "notifications/progress", params: { progressToken: 1, progress: 1 } },
      { jsonrpc: "2.0", id: 1, result: { resultType: "complete" } },
    ]);
  });

  it("does not keep reading an event stream the caller cancelled", async () => {
    const { stream, state } = source(['data: {"jsonrpc":"2.0","method":"notifications/tools/list_changed"}\n\n'], true);
    const traced = traceHandler(async () => new Response(stream, { headers: { "content-type": "text/event-stream" } }), () => {});
    const res = await traced(new Request("http://127.0.0.1/mcp"));
    const reader = res.body!.getReader();
    await reader.read();
    await reader.cancel();
    await settle();
    const pulled = state.pulled;
    await settle();
    expect(state.cancelled).toBe(true);
    expect(state.pulled).toBe(pulled);
  });

  it("bounds what it records: a body or event over maxBodyBytes becomes an omitted record; the handler still gets the whole body", async () => {
    const records: TraceRecord[] = [];
    let seen = 0;
    const big = JSON.stringify({ jsonrpc: "2.0", id: 1, method: "tools/list", params: { pad: "x".repeat(5000) } });
    const bigEvent = `data: ${JSON.stringify({ pad: "y".repeat(5000) })}\n\n`;
    const traced = traceHandler(
      async (req) => {
        seen = (await req.text()).length;
        return new Response(bigEvent + 'data: {"jsonrpc":"2.0","id":1,"result":{"resultType":"complete"}}\n\n', { headers: { "content-type": "text/event-stream" } });
      },
      (r) => void records.push(r),
      { maxBodyBytes: 1000 },
    );
    const res = await traced(post(big));
    await res.text();
    await settle();
    expect(seen).toBe(big.length);
    expect(records.map((r) => r.omitted ?? "message")).toEqual(["body larger than 1000 bytes", "event larger than 1000 bytes", "message"]);
  });

  it("labels every record of an exchange with the peer the option names", async () => {
    const records: TraceRecord[] = [];
    const traced = traceHandler(async () => Response.json({ jsonrpc: "2.0", id: 1, result: { resultType: "complete" } }), (r) => void records.push(r), { peer: (req) => req.headers.get("x-tenant") ?? undefined });
    await (await traced(post('{"jsonrpc":"2.0","id":1,"method":"tools/list"}', { "x-tenant": "acme" }))).text();
    await (await traced(post('{"jsonrpc":"2.0","id":1,"method":"tools/list"}'))).text();
    await settle();
    expect(records.map((r) => r.peer)).toEqual(["acme", "acme", undefined, undefined]);
  });

  it("keeps serving when the sink throws, reporting to onError; records a body that is not JSON as omitted", async () => {
    const errors: unknown[] = [];
    const records: TraceRecord[] = [];
    const traced = traceHandler(
      async () => Response.json({ ok: true }),
      (r) => {
        records.push(r);
        throw new Error("disk full");
      },
      { onError: (e) => errors.push(e) },
    );
    const res = await traced(post("{oops"));
    expect(await res.json()).toEqual({ ok: true });
    await settle();
    expect(records.map((r) => r.omitted ?? "message")).toEqual(["body is not JSON", "message"]);
    expect(errors).toHaveLength(2);
  });
});
