/**
 * The core client telling a 2026-07-28 server from one of an earlier,
 * initialize-based revision, with no plugin (basic/versioning.mdx and
 * basic/transports/streamable-http.mdx, "Backward Compatibility"): the
 * evidence rule of era-evidence.ts, httpTransport's reading of a 400, and the
 * flow's reading of a result without resultType that does not fit.
 */
import { describe, expect, it } from "vitest";
import type { JSONRPCRequest } from "@mrtr/schema";
import { createClient, httpTransport, JsonRpcError, LegacyServerError, ProtocolViolationError, ResponseTooLargeError, TransportError } from "@mrtr/client";
import { isDiscoverAnswer, isModernError } from "@mrtr/client/plugin";

const jsonResponse = (status: number, body: unknown, type = "application/json") =>
  new Response(typeof body === "string" ? body : JSON.stringify(body), { status, headers: type ? { "content-type": type } : {} });

/** A fetch that answers each POST with `answer(body, n)` and records what was sent. */
function fakeFetch(answer: (body: any, n: number) => Response) {
  const sent: { body: any; version: string | undefined }[] = [];
  const fetch: typeof globalThis.fetch = async (_url, init) => {
    const body = JSON.parse(String(init!.body));
    sent.push({ body, version: (init!.headers as Record<string, string>)["mcp-protocol-version"] });
    return answer(body, sent.length);
  };
  return { fetch, sent };
}

const request = (method = "tools/list"): JSONRPCRequest =>
  ({ jsonrpc: "2.0", id: "own-1", method, params: { _meta: { "io.modelcontextprotocol/protocolVersion": "2026-07-28" } } }) as JSONRPCRequest;
const NOT_INITIALIZED = { jsonrpc: "2.0", id: null, error: { code: -32000, message: "Bad Request: Server not initialized" } };
const TOOLS = { resultType: "complete", tools: [], ttlMs: 0, cacheScope: "public" };

describe("isModernError: the evidence rule (era-evidence.ts)", () => {
  it("takes the draft's own codes (-32020, -32021, -32022) as modern, whatever the id", () => {
    for (const code of [-32020, -32021, -32022]) {
      for (const id of ["own-1", null, undefined, 7]) {
        expect(isModernError({ jsonrpc: "2.0", ...(id !== undefined && { id }), error: { code, message: "m" } }), `${code} with id ${String(id)}`).toBe(true);
        expect(isModernError({ jsonrpc: "2.0", id, error: { code, message: "m" } }, "own-1")).toBe(true);
      }
    }
  });

  it("takes a standard JSON-RPC code (-32700 to -32600) as modern only when it answers the request's own id", () => {
    for (const code of [-32700, -32603, -32602, -32601, -32600]) {
      expect(isModernError({ jsonrpc: "2.0", id: "own-1", error: { code, message: "m" } }, "own-1"), `${code} own id`).toBe(true);
      expect(isModernError({ jsonrpc: "2.0", id: null, error: { code, message: "m" } }, "own-1"), `${code} id null`).toBe(false);
      expect(isModernError({ jsonrpc: "2.0", id: "someone-else", error: { code, message: "m" } }, "own-1"), `${code} other id`).toBe(false);
      // Without the request's id (the stdio probe): not evidence of a modern server.
      expect(isModernError({ jsonrpc: "2.0", id: "own-1", error: { code, message: "m" } }), `${code} no ownId`).toBe(false);
    }
  });

  it("takes a legacy server's refusals as legacy: the id-null -32000 'not initialized', a server-defined code even on the own id, codes just outside the standard range", () => {
    expect(isModernError(NOT_INITIALIZED, "own-1")).toBe(false);
    expect(isModernError(NOT_INITIALIZED)).toBe(false);
    expect(isModernError({ jsonrpc: "2.0", id: "own-1", error: { code: -32000, message: "Bad Request: No valid session ID provided" } }, "own-1")).toBe(false);
    expect(isModernError({ jsonrpc: "2.0", id: null, error: { code: -32001, message: "Session not found" } }, "own-1")).toBe(false);
    expect(isModernError({ jsonrpc: "2.0", id: "own-1", error: { code: -32599, message: "m" } }, "own-1")).toBe(false);
    expect(isModernError({ jsonrpc: "2.0", id: "own-1", error: { code: -32701, message: "m" } }, "own-1")).toBe(false);
    expect(isModernError({ jsonrpc: "2.0", id: "own-1", error: { code: "-32022", message: "a string code" } }, "own-1")).toBe(false);
  });

  it("takes anything that is not a JSON-RPC error as no evidence of a modern server", () => {
    for (const body of [undefined, null, "Bad Request", 400, [], {}, { result: {} }, { error: "Bad Request" }, { error: null }, [{ error: { code: -32022 } }]]) {
      expect(isModernError(body, "own-1"), JSON.stringify(body)).toBe(false);
    }
  });

  it("isDiscoverAnswer: a response whose result names supportedVersions (an array)", () => {
    expect(isDiscoverAnswer({ jsonrpc: "2.0", id: 1, result: { supportedVersions: ["2026-07-28"], capabilities: {} } })).toBe(true);
    expect(isDiscoverAnswer({ jsonrpc: "2.0", id: 1, result: { supportedVersions: "2026-07-28" } })).toBe(false);
    expect(isDiscoverAnswer({ jsonrpc: "2.0", id: 1, result: { protocolVersion: "2025-11-25", capabilities: {}, serverInfo: { name: "s", version: "1" } } })).toBe(false);
    expect(isDiscoverAnswer({ jsonrpc: "2.0", id: 1, error: { code: -32601, message: "Method not found" } })).toBe(false);
    expect(isDiscoverAnswer(undefined)).toBe(false);
  });
});

describe("httpTransport's reading of HTTP 400 (streamable-http.mdx, Backward Compatibility)", () => {
  it("hands a modern -32022 400 body back as the answer, and the client negotiates a version it lists instead of falling back", async () => {
    // The draft's error response carries the request's id, or none when it could not be read (schema.ts: JSONRPCErrorResponse).
    for (const id of ["own", "absent"] as const) {
      const f = fakeFetch((body, n) =>
        n === 1
          ? jsonResponse(400, { jsonrpc: "2.0", ...(id === "own" && { id: body.id }), error: { code: -32022, message: "Unsupported protocol version", data: { supported: ["2026-07-28"], requested: "2099-01-01" } } })
          : jsonResponse(200, { jsonrpc: "2.0", id: body.id, result: TOOLS }),
      );
      const client = createClient({ transport: httpTransport("http://mcp.test/mcp", { fetch: f.fetch }), name: "c", version: "1", protocolVersion: "2099-01-01" });
      expect(await client.listTools()).toMatchObject({ tools: [] });
      expect(f.sent.map((s) => s.version), `-32022 with the id ${id}`).toEqual(["2099-01-01", "2026-07-28"]);
      expect(f.sent[1]!.body.id).not.toBe(f.sent[0]!.body.id);
    }
  });

  it("returns a modern 400 (-32022, -32020, -32021) from transport.request as a response, not a LegacyServerError", async () => {
    for (const code of [-32022, -32020, -32021]) {
      const f = fakeFetch((body) => jsonResponse(400, { jsonrpc: "2.0", id: body.id, error: { code, message: "modern refusal", data: { supported: ["2026-07-28"] } } }));
      const answer = (await httpTransport("http://mcp.test/mcp", { fetch: f.fetch }).request(request())) as any;
      expect(answer.error.code).toBe(code);
    }
  });

  it("takes a -32602 400 answering the request's own id as modern: the call fails with that JsonRpcError", async () => {
    const f = fakeFetch((body) => jsonResponse(400, { jsonrpc: "2.0", id: body.id, error: { code: -32602, message: "Invalid params: name is required" } }));
    const transport = httpTransport("http://mcp.test/mcp", { fetch: f.fetch });
    const answer = (await transport.request(request())) as any;
    expect(answer).toMatchObject({ id: "own-1", error: { code: -32602 } });
    const client = createClient({ transport, name: "c", version: "1" });
    const error = await client.callTool("t").catch((e: unknown) => e);
    expect(error).toBeInstanceOf(JsonRpcError);
    expect(error).not.toBeInstanceOf(LegacyServerError);
    expect((error as JsonRpcError).code).toBe(-32602);
    expect(f.sent).toHaveLength(2); // once by the transport, once by the client: no fallback, no retry
  });

  it("takes a non-JSON 400 ('Bad Request') as a legacy server's, whatever its content type", async () => {
    for (const type of ["text/plain", "text/html", "application/json", ""]) {
      const f = fakeFetch(() => jsonResponse(400, "Bad Request", type));
      const error = await httpTransport("http://mcp.test/mcp", { fetch: f.fetch }).request(request()).catch((e: unknown) => e);
      expect(error, `content type ${JSON.stringify(type)}`).toBeInstanceOf(LegacyServerError);
      expect((error as Error).message).toContain('"Bad Request"');
      expect((error as LegacyServerError).message).toMatch(/legacy option unset/);
    }
  });

  it("takes an empty 400 body as a legacy server's", async () => {
    const f = fakeFetch(() => new Response(null, { status: 400 }));
    await expect(httpTransport("http://mcp.test/mcp", { fetch: f.fetch }).request(request())).rejects.toBeInstanceOf(LegacyServerError);
  });

  it("takes the id-null -32000 'Server not initialized' 400 as a legacy server's, never as a malformed answer", async () => {
    const f = fakeFetch(() => jsonResponse(400, NOT_INITIALIZED));
    const client = createClient({ transport: httpTransport("http://mcp.test/mcp", { fetch: f.fetch }), name: "c", version: "1", legacy: false });
    for (const call of [() => client.listTools(), () => client.callTool("t"), () => client.discover()]) {
      const error = await call().catch((e: unknown) => e);
      expect(error).toBeInstanceOf(LegacyServerError);
      expect(error).not.toBeInstanceOf(ProtocolViolationError);
      expect((error as Error).message).not.toMatch(/malformed/i);
      expect((error as Error).message).toMatch(/initialize-based/);
      expect((error as Error).message).toMatch(/legacy option unset/);
    }
  });

  it("takes standard codes that do not answer the request's id (id null, another id) as a legacy server's", async () => {
    for (const id of [null, "server-error"]) {
      const f = fakeFetch(() => jsonResponse(400, { jsonrpc: "2.0", id, error: { code: -32600, message: "Bad Request: Missing session ID" } }));
      const error = await httpTransport("http://mcp.test/mcp", { fetch: f.fetch }).request(request()).catch((e: unknown) => e);
      expect(error, `id ${String(id)}`).toBeInstanceOf(LegacyServerError);
    }
  });

  it("reads a 400 body only up to maxResponseBytes: a larger one fails with ResponseTooLargeError, not an era verdict", async () => {
    const huge = `Bad Request ${"x".repeat(64 * 1024)}`;
    const f = fakeFetch(() => jsonResponse(400, huge, "text/plain"));
    const error = await httpTransport("http://mcp.test/mcp", { fetch: f.fetch, maxResponseBytes: 1024 }).request(request()).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ResponseTooLargeError);
    expect(error).not.toBeInstanceOf(LegacyServerError);
  });

  it("leaves statuses other than 400 out of the era rule: a plain 404 is a TransportError", async () => {
    const f = fakeFetch(() => jsonResponse(404, "Not Found", "text/plain"));
    const error = await httpTransport("http://mcp.test/mcp", { fetch: f.fetch }).request(request()).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(TransportError);
    expect(error).not.toBeInstanceOf(LegacyServerError);
  });
});

describe("the flow's reading of a result without resultType (flow.ts)", () => {
  const clientAnswering = (result: unknown) => {
    const f = fakeFetch((body) => jsonResponse(200, { jsonrpc: "2.0", id: body.id, result }));
    return createClient({ transport: httpTransport("http://mcp.test/mcp", { fetch: f.fetch }), name: "c", version: "1", cache: false, legacy: false });
  };

  it("fails a tools/list result with no resultType and no ttlMs (a 2025-11-25 result) with LegacyServerError", async () => {
    const error = await clientAnswering({ tools: [{ name: "t", inputSchema: { type: "object" } }] }).listTools().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(LegacyServerError);
    expect((error as Error).message).toMatch(/tools\/list result has no resultType and does not fit 2026-07-28/);
    expect((error as Error).message).toMatch(/legacy option unset/);
  });

  it("fails the same result WITH resultType as malformed (ProtocolViolationError): a modern server that broke the rules", async () => {
    const error = await clientAnswering({ resultType: "complete", tools: [] }).listTools().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ProtocolViolationError);
    expect(error).not.toBeInstanceOf(LegacyServerError);
  });

  it("accepts a result without resultType that fits 2026-07-28 as complete", async () => {
    const { resultType: _, ...rest } = TOOLS;
    expect(await clientAnswering(rest).listTools()).toMatchObject({ tools: [], ttlMs: 0 });
  });
});
