import { describe, expect, it } from "vitest";
import { httpTransport, traceFetch, type TraceRecord } from "@mrtr/client";

const settle = () => new Promise((r) => setTimeout(r, 10));

describe("traceFetch", () => {
  it("records what httpTransport sends and receives, and calls the wrapped fetch with the caller's own arguments", async () => {
    const calls: [unknown, RequestInit | undefined][] = [];
    const fake = (async (input: RequestInfo | URL, init?: RequestInit) => {
      calls.push([input, init]);
      const sent = JSON.parse(String(init!.body));
      return Response.json({ jsonrpc: "2.0", id: sent.id, result: { resultType: "complete", tools: [] } }, { headers: { "x-served-by": "a" } });
    }) as typeof fetch;
    const records: TraceRecord[] = [];
    const transport = httpTransport("http://127.0.0.1/mcp", { fetch: traceFetch(fake, (r) => void records.push(r)), headers: { authorization: "Bearer t" } });
    const message = { jsonrpc: "2.0" as const, id: 5, method: "tools/list", params: { _meta: { "io.modelcontextprotocol/protocolVersion": "2026-07-28", "io.modelcontextprotocol/clientCapabilities": {} } } };
    const answer = await transport.request(message as never);
    expect(answer).toEqual({ jsonrpc: "2.0", id: 5, result: { resultType: "complete", tools: [] } });
    expect(calls).toHaveLength(1);
    expect(typeof calls[0]![1]!.body).toBe("string");
    await settle();
    expect(records).toMatchObject([
      { direction: "client-to-server", message, headers: { "mcp-method": "tools/list", "mcp-protocol-version": "2026-07-28", authorization: "[redacted]" } },
      { direction: "server-to-client", message: answer, status: 200, headers: { "x-served-by": "a" } },
    ]);
  });

  it("records each event of an event stream and keeps the response's url; cancelling reaches the source", async () => {
    let cancelled = false;
    let pulls = 0;
    const enc = new TextEncoder();
    const fake = (async () => {
      const stream = new ReadableStream<Uint8Array>({
        pull(c) {
          pulls++;
          c.enqueue(enc.encode(pulls === 1 ? 'data: {"jsonrpc":"2.0","method":"notifications/progress","params":{"progressToken":"a","progress":1}}\n\n' : ": ping\n\n"));
        },
        cancel() {
          cancelled = true;
        },
      });
      const r = new Response(stream, { headers: { "content-type": "text/event-stream" } });
      Object.defineProperty(r, "url", { value: "http://127.0.0.1/mcp" });
      return r;
    }) as typeof fetch;
    const records: TraceRecord[] = [];
    const res = await traceFetch(fake, (r) => void records.push(r))("http://127.0.0.1/mcp", { method: "POST", body: '{"jsonrpc":"2.0","id":1,"method":"tools/list"}' });
    expect(res.url).toBe("http://127.0.0.1/mcp");
    const reader = res.body!.getReader();
    await reader.read();
    await reader.cancel();
    await settle();
    expect(cancelled).toBe(true);
    expect(records.map((r) => (r.message as { method?: string }).method)).toEqual(["tools/list", "notifications/progress"]);
  });

  it("records a Request body from a clone (the caller's request stays readable), bounded by maxBodyBytes", async () => {
    const records: TraceRecord[] = [];
    let received = "";
    const fake = (async (input: RequestInfo | URL) => {
      received = await (input as Request).text();
      return new Response(null, { status: 202 });
    }) as typeof fetch;
    const body = JSON.stringify({ jsonrpc: "2.0", method: "notifications/cancelled", params: { requestId: 1, pad: "z".repeat(300) } });
    await traceFetch(fake, (r) => void records.push(r), { maxBodyBytes: 100 })(new Request("http://127.0.0.1/mcp", { method: "POST", body }));
    await settle();
    expect(received).toBe(body);
    expect(records).toMatchObject([{ direction: "client-to-server", omitted: "body larger than 100 bytes" }]);
  });
});
