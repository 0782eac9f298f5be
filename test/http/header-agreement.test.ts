/**
 * One corpus of header cases (valid, each violation, each encoding edge),
 * judged by our server (the HTTP handler refuses with 400 and -32020 or
 * -32022) and by `mrtr lint-trace` (a `header-*` finding): both must give the
 * same verdict on every case, and the same first reason, since both apply
 * `@mrtr/schema/http`'s rules (streamable-http.mdx, "Server Validation").
 */
import { describe, expect, it } from "vitest";
import { TraceLinter } from "@mrtr/cli";
import { createHttpHandler, createServer } from "@mrtr/server";

const META = {
  "io.modelcontextprotocol/protocolVersion": "2026-07-28",
  "io.modelcontextprotocol/clientCapabilities": {},
  "io.modelcontextprotocol/clientInfo": { name: "corpus", version: "1" },
};
const ROUTE_SCHEMA = {
  type: "object" as const,
  properties: {
    region: { type: "string", "x-mcp-header": "Region" },
    priority: { type: "integer", "x-mcp-header": "Priority" },
    verbose: { type: ["boolean", "null"], "x-mcp-header": "Verbose" },
    query: { type: "string" },
  },
};

let id = 0;
const call = (name: string, args: Record<string, unknown> = {}) => ({ jsonrpc: "2.0", id: ++id, method: "tools/call", params: { name, arguments: args, _meta: META } });
const std = (method: string, name?: string) => ({ "mcp-protocol-version": "2026-07-28", "mcp-method": method, ...(name !== undefined && { "mcp-name": name }) });

interface Case {
  title: string;
  message: Record<string, unknown>;
  headers: Record<string, string>;
  /** Whether a conforming server takes it (the corpus's own expectation, so neither side can drift alone). */
  accepted: boolean;
}

const CASES: Case[] = [
  { title: "all standard headers, plain", message: call("route", { query: "q" }), headers: std("tools/call", "route"), accepted: true },
  { title: "a name that needs the Base64 sentinel, sent in it", message: call("天气"), headers: std("tools/call", "=?base64?5aSp5rCU?="), accepted: true },
  { title: "a name sent raw that needed the sentinel (é)", message: call("café"), headers: std("tools/call", "café"), accepted: false },
  { title: "a tab inside a plain name", message: call("a\tb"), headers: std("tools/call", "a\tb"), accepted: true },
  { title: "a sentinel that is not Base64", message: call("route"), headers: std("tools/call", "=?base64?not base64?="), accepted: false },
  { title: "a sentinel whose bytes are not UTF-8", message: call("route"), headers: std("tools/call", "=?base64?/w==?="), accepted: false },
  { title: "a name with a leading space, sent plain (HTTP trims it away)", message: call(" route"), headers: std("tools/call", " route"), accepted: false },
  { title: "a name with a leading space, sent in the sentinel", message: call(" route"), headers: std("tools/call", "=?base64?IHJvdXRl?="), accepted: true },
  { title: "no MCP-Protocol-Version", message: call("route"), headers: { "mcp-method": "tools/call", "mcp-name": "route" }, accepted: false },
  { title: "MCP-Protocol-Version differs from _meta", message: call("route"), headers: { ...std("tools/call", "route"), "mcp-protocol-version": "2025-11-25" }, accepted: false },
  { title: "a version only the header names, not served", message: { jsonrpc: "2.0", id: 99, method: "tools/list", params: {} }, headers: { ...std("tools/list"), "mcp-protocol-version": "2099-01-01" }, accepted: false },
  { title: "no Mcp-Method on a request", message: call("route"), headers: { "mcp-protocol-version": "2026-07-28", "mcp-name": "route" }, accepted: false },
  { title: "no Mcp-Method on a notification", message: { jsonrpc: "2.0", method: "notifications/cancelled", params: { requestId: 1 } }, headers: { "mcp-protocol-version": "2026-07-28" }, accepted: false },
  { title: "a notification with its headers", message: { jsonrpc: "2.0", method: "notifications/cancelled", params: { requestId: 1 } }, headers: std("notifications/cancelled"), accepted: true },
  { title: "Mcp-Method differs from the method", message: call("route"), headers: std("tools/list", "route"), accepted: false },
  { title: "no Mcp-Name on tools/call", message: call("route"), headers: std("tools/call"), accepted: false },
  { title: "Mcp-Name differs from the name", message: call("route"), headers: std("tools/call", "other"), accepted: false },
  { title: "resources/read names its URI", message: { jsonrpc: "2.0", id: 98, method: "resources/read", params: { uri: "file:///a b", _meta: META } }, headers: std("resources/read", "=?base64?ZmlsZTovLy9hIGI=?="), accepted: true },
  { title: "an annotated argument mirrored", message: call("route", { region: "eu", priority: 42, verbose: true }), headers: { ...std("tools/call", "route"), "mcp-param-region": "eu", "mcp-param-priority": "42", "mcp-param-verbose": "true" }, accepted: true },
  { title: "an integer compared numerically (42.0 is 42)", message: call("route", { priority: 42 }), headers: { ...std("tools/call", "route"), "mcp-param-priority": "42.0" }, accepted: true },
  { title: "an integer that differs", message: call("route", { priority: 42 }), headers: { ...std("tools/call", "route"), "mcp-param-priority": "43" }, accepted: false },
  { title: "a boolean in another case", message: call("route", { verbose: true }), headers: { ...std("tools/call", "route"), "mcp-param-verbose": "True" }, accepted: false },
  { title: "an annotated argument without its header", message: call("route", { region: "eu" }), headers: std("tools/call", "route"), accepted: false },
  { title: "a header for an argument that is null", message: call("route", { verbose: null }), headers: { ...std("tools/call", "route"), "mcp-param-verbose": "null" }, accepted: false },
  { title: "no header for an argument that is null", message: call("route", { verbose: null }), headers: std("tools/call", "route"), accepted: true },
  { title: "a header for an absent argument", message: call("route", {}), headers: { ...std("tools/call", "route"), "mcp-param-region": "eu" }, accepted: false },
  { title: "a parameter value in the sentinel", message: call("route", { region: "Zürich" }), headers: { ...std("tools/call", "route"), "mcp-param-region": "=?base64?WsO8cmljaA==?=" }, accepted: true },
  { title: "a parameter value sent raw that needed the sentinel", message: call("route", { region: "Zürich" }), headers: { ...std("tools/call", "route"), "mcp-param-region": "Zürich" }, accepted: false },
  { title: "header names in any case", message: call("route", { region: "eu" }), headers: { "MCP-Protocol-Version": "2026-07-28", "Mcp-Method": "tools/call", "MCP-NAME": "route", "mcp-PARAM-region": "eu" }, accepted: true },
];

const server = createServer({ name: "corpus", version: "1", requestState: { secrets: ["header-agreement-corpus-secret-0123456789"] } }).tool({
  name: "route",
  inputSchema: ROUTE_SCHEMA,
  handler: () => ({ content: [] }),
});
const handler = createHttpHandler(server);

/** The server's verdict: refused (400 with -32020 or -32022, and its message) or taken. */
async function byServer(c: Case): Promise<{ refused: boolean; reason?: string }> {
  const response = await handler(new Request("http://127.0.0.1/mcp", { method: "POST", headers: { "content-type": "application/json", ...c.headers }, body: JSON.stringify(c.message) }));
  const body = response.status === 202 ? undefined : ((await response.json()) as { error?: { code: number; message: string } });
  const code = body?.error?.code;
  return code === -32020 || code === -32022 ? { refused: true, reason: body!.error!.message } : { refused: false };
}

/** The linter's verdict on the same POST, recorded as a trace records it (headers as HTTP delivers them), after the tools/list that teaches it the tool. */
function byLinter(c: Case): { refused: boolean; reason?: string } {
  const linter = new TraceLinter();
  const recorded = (headers: Record<string, string>) => {
    const out: Record<string, string> = {};
    new Headers(headers).forEach((value, name) => (out[name] = value));
    return out;
  };
  linter.lint({ direction: "client-to-server", message: { jsonrpc: "2.0", id: "list", method: "tools/list", params: { _meta: META } }, headers: recorded(std("tools/list")) });
  linter.lint({ direction: "server-to-client", message: { jsonrpc: "2.0", id: "list", result: { resultType: "complete", ttlMs: 0, cacheScope: "private", tools: [{ name: "route", inputSchema: ROUTE_SCHEMA }] } } });
  const findings = linter.lint({ direction: "client-to-server", message: c.message, headers: recorded(c.headers) }).filter((f) => f.rule.startsWith("header-"));
  return findings.length > 0 ? { refused: true, reason: findings[0]!.message } : { refused: false };
}

describe("one corpus of header cases, two judges", () => {
  for (const c of CASES) {
    it(`${c.title}: ${c.accepted ? "taken" : "refused"} by the server and by lint-trace alike`, async () => {
      const server = await byServer(c);
      const linter = byLinter(c);
      expect(server.refused, "the server's verdict").toBe(!c.accepted);
      expect(linter.refused, "lint-trace's verdict").toBe(!c.accepted);
      expect(linter.reason, "the first reason").toBe(server.reason);
    });
  }
});
