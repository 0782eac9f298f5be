import { createServer as createHttpServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createClient, httpTransport } from "@mrtr/client";
import { createHttpHandler, createServer } from "@mrtr/server";
import { toNodeListener } from "@mrtr/server/node";

let http: Server;
let url: string;
const seen: { headers: Record<string, string>; body: any }[] = [];

beforeAll(async () => {
  const mcp = createServer({ name: "h", version: "1", requestState: { secrets: ["http-client-secret-0123456789-abcdefgh"] } }).tool({
    name: "greet",
    async handler(_a, ctx) {
      const r = await ctx.elicit("name", { message: "Name?", requestedSchema: { type: "object", properties: { name: { type: "string" } }, required: ["name"] } });
      return { content: [{ type: "text", text: `hi ${(r.content as { name: string }).name}` }] };
    },
  });
  const handler = createHttpHandler(mcp);
  http = createHttpServer(
    toNodeListener(async (req) => {
      const body = await req.clone().json().catch(() => undefined);
      seen.push({ headers: Object.fromEntries(req.headers), body });
      return handler(req);
    }),
  );
  await new Promise<void>((r) => http.listen(0, "127.0.0.1", r));
  url = `http://127.0.0.1:${(http.address() as AddressInfo).port}/mcp`;
});
afterAll(() => new Promise<void>((r) => http.close(() => r())));

describe("httpTransport", () => {
  it("runs a multi round-trip flow over HTTP with the draft's headers on every request", async () => {
    const client = createClient({ transport: httpTransport(url), name: "c", version: "1", elicitation: { form: async () => ({ action: "accept", content: { name: "Ada" } }) } });
    const r = await client.callTool("greet");
    expect(r.content[0]).toEqual({ type: "text", text: "hi Ada" });
    const calls = seen.filter((s) => s.body?.method === "tools/call");
    expect(calls.length).toBe(2);
    for (const c of calls) {
      expect(c.headers["mcp-protocol-version"]).toBe(c.body.params._meta["io.modelcontextprotocol/protocolVersion"]);
      expect(c.headers["mcp-method"]).toBe("tools/call");
      expect(c.headers["mcp-name"]).toBe("greet");
    }
  });

  it("calls the global fetch as a plain function, as a browser requires (a method call on another object throws Illegal invocation there)", async () => {
    const real = globalThis.fetch;
    const receivers: unknown[] = [];
    // A browser's fetch throws TypeError: Illegal invocation unless its receiver is the window (or none).
    globalThis.fetch = function (this: unknown, input: string | URL | Request, init?: RequestInit) {
      receivers.push(this);
      if (this !== undefined && this !== globalThis) throw new TypeError("Failed to execute 'fetch' on 'Window': Illegal invocation");
      return real(input, init);
    } as typeof fetch;
    try {
      const client = createClient({ transport: httpTransport(url), name: "c", version: "1", elicitation: { form: async () => ({ action: "accept", content: { name: "Bo" } }) } });
      expect((await client.callTool("greet")).content[0]).toEqual({ type: "text", text: "hi Bo" });
      expect(receivers.length).toBeGreaterThan(0);
    } finally {
      globalThis.fetch = real;
    }
  });

  it("retries once with a version the server lists after -32022, with a new id", async () => {
    const sent: any[] = [];
    const fakeFetch: typeof fetch = async (_u, init) => {
      const body = JSON.parse(String(init!.body));
      sent.push({ body, version: (init!.headers as Record<string, string>)["mcp-protocol-version"] });
      if (sent.length === 1) {
        return new Response(JSON.stringify({ jsonrpc: "2.0", id: body.id, error: { code: -32022, message: "no", data: { supported: ["2026-07-28"], requested: "2099-01-01" } } }), { status: 400, headers: { "content-type": "application/json" } });
      }
      return new Response(JSON.stringify({ jsonrpc: "2.0", id: body.id, result: { resultType: "complete", tools: [], ttlMs: 0, cacheScope: "public" } }), { headers: { "content-type": "application/json" } });
    };
    const client = createClient({ transport: httpTransport("http://x/mcp", { fetch: fakeFetch }), name: "c", version: "1", protocolVersion: "2099-01-01" });
    await client.listTools();
    expect(sent.map((s) => s.version)).toEqual(["2099-01-01", "2026-07-28"]);
    expect(sent[1].body.params._meta["io.modelcontextprotocol/protocolVersion"]).toBe("2026-07-28");
    expect(sent[1].body.id).not.toBe(sent[0].body.id);
  });

  it("reads a response sent as a server-sent event stream", async () => {
    const fakeFetch: typeof fetch = async (_u, init) => {
      const id = JSON.parse(String(init!.body)).id;
      const sse = `event: message\ndata: {"jsonrpc":"2.0","method":"notifications/progress","params":{"progressToken":1,"progress":1}}\n\nevent: message\ndata: {"jsonrpc":"2.0","id":${JSON.stringify(id)},"result":{"resultType":"complete","content":[]}}\n\n`;
      return new Response(sse, { headers: { "content-type": "text/event-stream" } });
    };
    const client = createClient({ transport: httpTransport("http://x/mcp", { fetch: fakeFetch }), name: "c", version: "1" });
    expect(await client.callTool("t")).toMatchObject({ resultType: "complete", content: [] });
  });
});
