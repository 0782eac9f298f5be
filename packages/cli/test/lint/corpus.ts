/**
 * Hand-built traces, two per lint-trace rule: `fail` breaks the rule (and
 * lint-trace must say so), `pass` is the nearest trace that keeps it (and
 * lint-trace must find nothing at all in it). Each is as small as the rule
 * allows, so a reader sees the rule in it.
 */
import type { RuleId } from "../../src/lint/rules/catalogue.js";

type Rec = Record<string, unknown>;
const V = "2026-07-28";

/** A client request with `_meta`, declaring `caps`. */
function req(id: number | string, method: string, params: Rec = {}, caps: Rec = { elicitation: {} }): Rec {
  return {
    jsonrpc: "2.0",
    id,
    method,
    params: { ...params, _meta: { "io.modelcontextprotocol/protocolVersion": V, "io.modelcontextprotocol/clientCapabilities": caps, "io.modelcontextprotocol/clientInfo": { name: "corpus", version: "1" } } },
  };
}
const res = (id: number | string, result: Rec): Rec => ({ jsonrpc: "2.0", id, result });
/** The headers a conforming client sends for `message`. */
function headersFor(message: Rec): Record<string, string> {
  const params = (message.params ?? {}) as Rec;
  const h: Record<string, string> = { "content-type": "application/json", "mcp-protocol-version": V, "mcp-method": String(message.method) };
  if (message.method === "tools/call" || message.method === "prompts/get") h["mcp-name"] = String(params.name);
  if (message.method === "resources/read") h["mcp-name"] = String(params.uri);
  return h;
}
const C = (message: Rec, headers?: Record<string, string>): Rec => ({ direction: "client-to-server", message, ...(headers && { headers }) });
const S = (message: Rec): Rec => ({ direction: "server-to-client", message, status: 200 });

const form = { method: "elicitation/create", params: { message: "Your name?", requestedSchema: { type: "object", properties: { name: { type: "string" } } } } };
const url = { method: "elicitation/create", params: { mode: "url", message: "Connect your account", url: "https://example.com/connect/1", elicitationId: "e1" } };
const asked = (id: number, inputRequests: Rec, requestState?: string) => S(res(id, { resultType: "input_required", inputRequests, ...(requestState !== undefined && { requestState }) }));
const done = (id: number) => S(res(id, { resultType: "complete", content: [] }));
const call = (id: number, extra: Rec = {}, caps?: Rec) => req(id, "tools/call", { name: "greet", arguments: {}, ...extra }, caps);
const accept = { action: "accept", content: { name: "Ada" } };

export const CORPUS: Record<RuleId, { fail: Rec[]; pass: Rec[] }> = {
  "trace-record": {
    fail: [{ direction: "sideways", message: req(1, "tools/list") }],
    pass: [C(req(1, "tools/list"))],
  },
  "message-schema": {
    fail: [C(req(1, "tools/call", { arguments: {} }))],
    pass: [C(call(1))],
  },
  "deprecated-feature": {
    fail: [C(req(1, "tools/list", {}, { sampling: {} }))],
    pass: [C(req(1, "tools/list", {}, { elicitation: {} }))],
  },
  "server-request": {
    fail: [S({ jsonrpc: "2.0", id: "s-1", method: "elicitation/create", params: form.params })],
    pass: [S({ jsonrpc: "2.0", method: "notifications/tools/list_changed" })],
  },
  "request-id-in-flight": {
    fail: [C(req(1, "tools/list")), C(req(1, "prompts/list"))],
    pass: [C(req(1, "tools/list")), S(res(1, { resultType: "complete", tools: [], ttlMs: 0, cacheScope: "private" })), C(req(1, "prompts/list"))],
  },
  "retry-new-id": {
    fail: [C(call(1)), asked(1, { name: form }, "st-1"), C(call(1, { inputResponses: { name: accept }, requestState: "st-1" }))],
    pass: [C(call(1)), asked(1, { name: form }, "st-1"), C(call(2, { inputResponses: { name: accept }, requestState: "st-1" }))],
  },
  "request-state-echo": {
    fail: [C(call(1)), asked(1, { name: form }, "st-1"), C(call(2, { inputResponses: { name: accept }, requestState: "st-1 " }))],
    pass: [C(call(1)), asked(1, { name: form }, "st-1"), C(call(2, { inputResponses: { name: accept }, requestState: "st-1" }))],
  },
  "request-state-unasked": {
    fail: [C(call(1)), asked(1, { name: form }), C(call(2, { inputResponses: { name: accept }, requestState: "made-up" }))],
    pass: [C(call(1)), asked(1, { name: form }), C(call(2, { inputResponses: { name: accept } }))],
  },
  "input-responses-keys": {
    fail: [C(call(1)), asked(1, { name: form }, "s"), C(call(2, { inputResponses: { name: accept, extra: accept }, requestState: "s" }))],
    pass: [C(call(1)), asked(1, { name: form }, "s"), C(call(2, { inputResponses: { name: accept }, requestState: "s" }))],
  },
  "input-responses-complete": {
    fail: [C(call(1)), asked(1, { name: form, city: form }, "s"), C(call(2, { inputResponses: { name: accept }, requestState: "s" }))],
    pass: [C(call(1)), asked(1, { name: form, city: form }, "s"), C(call(2, { inputResponses: { name: accept, city: { action: "decline" } }, requestState: "s" }))],
  },
  "input-required-method": {
    fail: [C(req(1, "completion/complete", { ref: { type: "ref/prompt", name: "p" }, argument: { name: "a", value: "" } })), asked(1, { name: form }, "s")],
    pass: [C(req(1, "prompts/get", { name: "p" })), asked(1, { name: form }, "s")],
  },
  "input-request-capability": {
    fail: [C(call(1, {}, { elicitation: {} })), asked(1, { connect: url }, "s")],
    pass: [C(call(1, {}, { elicitation: { url: {} } })), asked(1, { connect: url }, "s")],
  },
  "result-type": {
    fail: [C(call(1)), S(res(1, { content: [] }))],
    pass: [C(call(1)), done(1)],
  },
  "header-protocol-version": {
    fail: [C(call(1), { ...headersFor(call(1)), "mcp-protocol-version": "2025-11-25" })],
    pass: [C(call(1), headersFor(call(1)))],
  },
  "header-method": {
    fail: [C(call(1), { ...headersFor(call(1)), "mcp-method": "tools/list" })],
    pass: [C(call(1), headersFor(call(1)))],
  },
  "header-name": {
    // A name with a trailing space cannot travel as a plain header value (HTTP trims it): it must be Base64-encoded.
    fail: [C(req(1, "prompts/get", { name: "weekly report " }), { ...headersFor(req(1, "prompts/get", { name: "weekly report " })), "mcp-name": "weekly report" })],
    pass: [C(req(1, "prompts/get", { name: "weekly report " }), { ...headersFor(req(1, "prompts/get", { name: "weekly report " })), "mcp-name": "=?base64?d2Vla2x5IHJlcG9ydCA=?=" })],
  },
  "header-param": (() => {
    const list = req(1, "tools/list");
    const tools = res(1, {
      resultType: "complete",
      ttlMs: 0,
      cacheScope: "private",
      tools: [{ name: "query", inputSchema: { type: "object", properties: { region: { type: "string", "x-mcp-header": "Region" }, sql: { type: "string" } } } }],
    });
    const q = req(2, "tools/call", { name: "query", arguments: { region: "eu-west1", sql: "select 1" } });
    return {
      fail: [C(list, headersFor(list)), S(tools), C(q, headersFor(q))],
      pass: [C(list, headersFor(list)), S(tools), C(q, { ...headersFor(q), "mcp-param-region": "eu-west1" })],
    };
  })(),
};
