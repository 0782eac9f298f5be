/**
 * The header rules of the Streamable HTTP binding, as a server that reads the
 * body must apply them (streamable-http.mdx, "Protocol Version Header",
 * "Standard Request Headers", "Custom Headers from Tool Parameters",
 * "Server Validation"; versioning.mdx, "Backward Compatibility").
 */
import { describe, expect, it } from "vitest";
import { createHttpHandler, ServerDefinitionError } from "@mrtr/server";
import { encodeHeaderValue } from "@mrtr/schema/http";
import { request, server } from "../helpers.js";

const search = {
  type: "object" as const,
  properties: {
    region: { type: "string", "x-mcp-header": "Region" },
    limit: { type: "integer", "x-mcp-header": "Limit" },
    verbose: { type: ["boolean", "null"], "x-mcp-header": "Verbose" },
    filter: { type: "object", properties: { tenant: { type: "string", "x-mcp-header": "Tenant" } } },
    query: { type: "string" },
  },
  required: ["query"],
};

const handler = createHttpHandler(
  server()
    .tool({ name: "天气", handler: () => ({ content: [{ type: "text", text: "sunny" }] }) })
    .tool({ name: " padded ", handler: () => ({ content: [{ type: "text", text: "padded" }] }) })
    .tool({ name: "search", inputSchema: search, handler: (args) => ({ content: [{ type: "text", text: JSON.stringify(args) }] }) }),
);

function standard(message: { method: string; params?: Record<string, any> }): Record<string, string> {
  const h: Record<string, string> = { "content-type": "application/json", "mcp-method": message.method, "mcp-protocol-version": "2026-07-28" };
  const name = message.params?.name ?? message.params?.uri;
  if (typeof name === "string") h["mcp-name"] = encodeHeaderValue(name);
  return h;
}

async function post(message: unknown, headers: Record<string, string>) {
  const response = await handler(new Request("http://127.0.0.1/mcp", { method: "POST", headers, body: JSON.stringify(message) }));
  return { status: response.status, body: (await response.json()) as Record<string, any> };
}

const call = (name: string, args: Record<string, unknown>) => request("tools/call", { name, arguments: args });

describe("Mcp-Name with the Base64 sentinel", () => {
  it("serves a tool whose name is not header-safe, named by the encoded header", async () => {
    for (const [name, text] of [["天气", "sunny"], [" padded ", "padded"]] as const) {
      const m = call(name, {});
      const r = await post(m, standard(m));
      expect(r.status, name).toBe(200);
      expect(r.body.result.content[0].text).toBe(text);
    }
  });

  it("refuses an encoded name that differs from the body, and invalid Base64, with 400 and -32020", async () => {
    const m = call("天气", {});
    expect(await post(m, { ...standard(m), "mcp-name": encodeHeaderValue("雨") })).toMatchObject({ status: 400, body: { error: { code: -32020 } } });
    expect(await post(m, { ...standard(m), "mcp-name": "=?base64?5aSp5rC?=" })).toMatchObject({ status: 400, body: { error: { code: -32020 } } });
  });
});

describe("MCP-Protocol-Version and legacy clients", () => {
  it("refuses a request without MCP-Protocol-Version with 400 and -32020 naming the header", async () => {
    const m = request("tools/list");
    const { "mcp-protocol-version": _dropped, ...rest } = standard(m);
    const r = await post(m, rest);
    expect(r).toMatchObject({ status: 400, body: { id: m.id, error: { code: -32020 } } });
    expect(r.body.error.message).toMatch(/MCP-Protocol-Version header is required/);
  });

  it("serves a legacy initialize (no _meta, no Mcp-Method) by default; with legacy: false answers it with -32022 listing 2026-07-28", async () => {
    const legacy = { jsonrpc: "2.0", id: 0, method: "initialize", params: { protocolVersion: "2025-06-18", capabilities: {}, clientInfo: { name: "old", version: "1" } } };
    const headers = { "content-type": "application/json", accept: "application/json, text/event-stream" };
    const served = await handler(new Request("http://127.0.0.1/mcp", { method: "POST", headers, body: JSON.stringify(legacy) }));
    expect(served.status).toBe(200);
    expect(served.headers.get("mcp-session-id")).toBeTruthy();
    expect(await served.json()).toMatchObject({ id: 0, result: { protocolVersion: "2025-06-18" } });
    const modernOnly = createHttpHandler(server(), { legacy: false });
    const r = await modernOnly(new Request("http://127.0.0.1/mcp", { method: "POST", headers, body: JSON.stringify(legacy) }));
    expect({ status: r.status, body: await r.json() }).toMatchObject({ status: 400, body: { id: 0, error: { code: -32022, data: { supported: ["2026-07-28"], requested: "2025-06-18" } } } });
  });

  it("answers a request naming an unserved version only in the header with -32022; a modern-shaped initialize is -32601", async () => {
    const legacyList = { jsonrpc: "2.0", id: 3, method: "tools/list", params: {} };
    const r = await post(legacyList, { "content-type": "application/json", "mcp-method": "tools/list", "mcp-protocol-version": "2025-06-18" });
    expect(r).toMatchObject({ status: 400, body: { error: { code: -32022, data: { supported: ["2026-07-28"], requested: "2025-06-18" } } } });
    const modern = request("initialize");
    expect(await post(modern, standard(modern))).toMatchObject({ status: 404, body: { error: { code: -32601 } } });
  });
});

describe("custom headers from tool parameters", () => {
  const args = { region: "us-west1", limit: 42, verbose: true, filter: { tenant: "Zürich" }, query: "q" };
  const headers = (m: ReturnType<typeof call>, extra: Record<string, string | undefined>) => {
    const h: Record<string, string> = { ...standard(m) };
    for (const [k, v] of Object.entries(extra)) if (v !== undefined) h[k] = v;
    return h;
  };
  const full = { "mcp-param-region": "us-west1", "mcp-param-limit": "42", "mcp-param-verbose": "true", "mcp-param-tenant": encodeHeaderValue("Zürich") };

  it("serves a call whose Mcp-Param headers match the arguments (decoded; integers compared numerically)", async () => {
    const m = call("search", args);
    expect((await post(m, headers(m, full))).status).toBe(200);
    expect((await post(m, headers(m, { ...full, "mcp-param-limit": "42.0" }))).status).toBe(200);
  });

  it("expects no header for an absent or null argument", async () => {
    const m = call("search", { query: "q", verbose: null });
    expect((await post(m, standard(m))).status).toBe(200);
  });

  it("refuses a missing header for a value in the body, a mismatch, invalid Base64, and a header without a value, with 400 and -32020", async () => {
    const m = call("search", args);
    const cases: Record<string, string | undefined>[] = [
      { ...full, "mcp-param-region": undefined },
      { ...full, "mcp-param-tenant": undefined },
      { ...full, "mcp-param-region": "eu-west1" },
      { ...full, "mcp-param-limit": "43" },
      { ...full, "mcp-param-verbose": "True" },
      { ...full, "mcp-param-tenant": "=?base64?WsO8cmljaA?=" },
      { ...full, "mcp-param-tenant": "=?base64?WsO8ri!!Y2g=?=" },
    ];
    for (const extra of cases) {
      const r = await post(m, headers(m, extra));
      expect(r.status, JSON.stringify(extra)).toBe(400);
      expect(r.body.error.code, JSON.stringify(extra)).toBe(-32020);
    }
    const noRegion = call("search", { query: "q" });
    expect(await post(noRegion, headers(noRegion, { "mcp-param-region": "us-west1" }))).toMatchObject({ status: 400, body: { error: { code: -32020 } } });
  });

  it("ignores Mcp-Param headers no annotation names", async () => {
    const m = call("search", args);
    expect((await post(m, headers(m, { ...full, "mcp-param-unknown": "x" }))).status).toBe(200);
  });

  it("refuses to register a tool whose annotations break the rules, naming the tool and the rule", () => {
    const bad = { type: "object" as const, properties: { tags: { type: "array", items: { type: "string", "x-mcp-header": "Tag" } } } };
    expect(() => server().tool({ name: "bad", inputSchema: bad, handler: () => ({ content: [] }) })).toThrow(ServerDefinitionError);
    expect(() => server().tool({ name: "bad", inputSchema: bad, handler: () => ({ content: [] }) })).toThrow(/Tool "bad": x-mcp-header at \/properties\/tags\/items is not on a property reachable/);
  });
});
