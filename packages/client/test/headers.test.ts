/**
 * The client side of the Streamable HTTP header rules (streamable-http.mdx):
 * Mcp-Name and Mcp-Param-* values encoded with the Base64 sentinel when not
 * header-safe, annotated parameters mirrored (absent and null ones omitted),
 * invalid tool definitions left out of tools/list and reported, one tool-list
 * refresh after a -32020 (all of it the HTTP transport's), MCP-Protocol-Version on every POST, and request ids
 * that never repeat, even across client instances resuming one flow.
 */
import { describe, expect, it } from "vitest";
import { createClient, httpTransport, JsonRpcError, type ClientWarning, type HttpTransportOptions, type PendingInput } from "@mrtr/client";
import { createHttpHandler, createServer } from "@mrtr/server";
import { decodeHeaderValue } from "@mrtr/schema/http";

const SECRET = "client-header-tests-secret-0123456789abcdef";
const search = {
  type: "object" as const,
  properties: {
    region: { type: "string", "x-mcp-header": "Region" },
    limit: { type: "integer", "x-mcp-header": "Limit" },
    verbose: { type: ["boolean", "null"], "x-mcp-header": "Verbose" },
    query: { type: "string" },
  },
  required: ["query"],
};

function app() {
  return createServer({ name: "headers", version: "1", requestState: { secrets: [SECRET] } })
    .tool({ name: "天气", handler: () => ({ content: [{ type: "text", text: "sunny" }] }) })
    .tool({ name: "search", inputSchema: search, handler: (args) => ({ content: [{ type: "text", text: String(args.region) }] }) })
    .tool({
      name: "confirm",
      async handler(_args, ctx) {
        await ctx.elicit("ok", { message: "OK?", requestedSchema: { type: "object", properties: { ok: { type: "boolean" } } } });
        return { content: [{ type: "text", text: "confirmed" }] };
      },
    });
}

interface Sent {
  headers: Headers;
  body: Record<string, any>;
}

/** An HTTP transport to `handler` in-process, recording what went out. */
function wire(handler: (request: Request) => Promise<Response>, sent: Sent[] = [], options: HttpTransportOptions = {}) {
  const fetch: typeof globalThis.fetch = async (url, init) => {
    const request = new Request(url, init);
    sent.push({ headers: new Headers(request.headers), body: JSON.parse(await request.clone().text()) });
    return handler(request);
  };
  return { transport: httpTransport("http://127.0.0.1/mcp", { ...options, fetch }), sent };
}

describe("header values from the client", () => {
  it("calls a tool whose name is not header-safe, with Mcp-Name in the Base64 sentinel", async () => {
    const { transport, sent } = wire(createHttpHandler(app()));
    const client = createClient({ transport, name: "c", version: "1" });
    expect((await client.callTool("天气")).content).toEqual([{ type: "text", text: "sunny" }]);
    expect(sent[0]!.headers.get("mcp-name")).toBe("=?base64?5aSp5rCU?=");
  });

  it("mirrors annotated arguments into Mcp-Param-* once the tools are listed, and omits absent and null ones", async () => {
    const { transport, sent } = wire(createHttpHandler(app()));
    const client = createClient({ transport, name: "c", version: "1" });
    await client.listTools();
    await client.callTool("search", { region: "Zürich", limit: 7, verbose: null, query: "q" });
    const call = sent.at(-1)!;
    expect(decodeHeaderValue(call.headers.get("mcp-param-region")!)).toBe("Zürich");
    expect(call.headers.get("mcp-param-region")).toMatch(/^=\?base64\?/);
    expect(call.headers.get("mcp-param-limit")).toBe("7");
    expect(call.headers.has("mcp-param-verbose")).toBe(false);
    expect(call.headers.has("mcp-param-query")).toBe(false);
  });

  it("after a -32020 on tools/call, lists the tools once and retries with a new id and the headers", async () => {
    const { transport, sent } = wire(createHttpHandler(app()));
    const client = createClient({ transport, name: "c", version: "1" });
    const result = await client.callTool("search", { region: "eu", query: "q" });
    expect(result.content).toEqual([{ type: "text", text: "eu" }]);
    expect(sent.map((s) => s.body.method)).toEqual(["tools/call", "tools/list", "tools/call"]);
    expect(sent[2]!.body.id).not.toBe(sent[0]!.body.id);
    expect(sent[2]!.headers.get("mcp-param-region")).toBe("eu");
  });

  it("refreshes only once: a server still refusing ends in the JsonRpcError", async () => {
    const base = createHttpHandler(app());
    const refusing = async (request: Request) => {
      const body = await request.clone().json();
      if (body.method !== "tools/call") return base(request);
      return Response.json({ jsonrpc: "2.0", id: body.id, error: { code: -32020, message: "Header mismatch" } }, { status: 400 });
    };
    const { transport, sent } = wire(refusing);
    const error = await createClient({ transport, name: "c", version: "1" }).callTool("search", { query: "q" }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(JsonRpcError);
    expect(sent.map((s) => s.body.method)).toEqual(["tools/call", "tools/list", "tools/call"]);
  });

  it("leaves tool definitions with invalid annotations out of tools/list and reports each, keeping the valid ones", async () => {
    const tools = [
      { name: "valid", inputSchema: search },
      { name: "array_header", inputSchema: { type: "object", properties: { t: { type: "array", items: { type: "string", "x-mcp-header": "T" } } } } },
      { name: "duplicate", inputSchema: { type: "object", properties: { a: { type: "string", "x-mcp-header": "X" }, b: { type: "string", "x-mcp-header": "x" } } } },
    ];
    const listing = async (request: Request) => {
      const body = await request.json();
      return Response.json({ jsonrpc: "2.0", id: body.id, result: { resultType: "complete", ttlMs: 0, cacheScope: "private", tools } });
    };
    const warnings: ClientWarning[] = [];
    const client = createClient({ transport: wire(listing, [], { onWarning: (w) => warnings.push(w) }).transport, name: "c", version: "1" });
    expect((await client.listTools()).tools.map((t) => t.name)).toEqual(["valid"]);
    expect(warnings.map((w) => w.tool)).toEqual(["array_header", "duplicate"]);
    expect(warnings[0]!.reason).toMatch(/x-mcp-header/);
  });

  it("sends MCP-Protocol-Version on every POST, notifications included", async () => {
    const sent: Sent[] = [];
    const { transport } = wire(async () => new Response(null, { status: 202 }), sent);
    await transport.notify!({ jsonrpc: "2.0", method: "notifications/cancelled", params: { requestId: 1 } });
    expect(sent[0]!.headers.get("mcp-protocol-version")).toBe("2026-07-28");
  });
});

describe("request ids", () => {
  it("never repeat when another client instance resumes a stored flow", async () => {
    const server = createHttpHandler(app());
    const first = wire(server);
    const a = createClient({ transport: first.transport, name: "a", version: "1", elicitation: { form: "manual" } });
    const pending = (await a.start("tools/call", { name: "confirm" })) as PendingInput;
    const second = wire(server);
    const b = createClient({ transport: second.transport, name: "a", version: "1", elicitation: { form: "manual" } });
    const done = await b.resume(JSON.parse(JSON.stringify(pending)) as PendingInput, { ok: { action: "accept", content: { ok: true } } });
    expect(done.status).toBe("complete");
    expect(second.sent[0]!.body.id).not.toBe(first.sent[0]!.body.id);
  });
});
