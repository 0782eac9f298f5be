import { join } from "node:path";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { checkLegacyResult, LEGACY_PROTOCOL_VERSIONS, notificationChecks, parseLegacyMessage, requestChecks, resultChecks } from "../src/index.js";
import { readExampleDir } from "../../../test/helpers/examples.js";
import { repoRoot } from "../../../test/helpers/paths.js";
import { cases } from "../../../test/helpers/cases.js";

const valid = readExampleDir(join(repoRoot, "schema/legacy/examples"), "examples/");
const invalid = readExampleDir(join(repoRoot, "schema/legacy/examples-invalid"), "examples-invalid/");

/** The request and notification types a legacy client sends, and the method each carries. */
const methodOf = (e: { data: unknown }) => (e.data as { method: string }).method;
const REQUEST_TYPES = new Set(["InitializeRequest", "PingRequest", "ListResourcesRequest", "ListResourceTemplatesRequest", "ReadResourceRequest", "SubscribeRequest", "UnsubscribeRequest", "ListPromptsRequest", "GetPromptRequest", "ListToolsRequest", "CallToolRequest", "SetLevelRequest", "CompleteRequest"]);
const NOTIFICATION_TYPES = new Set(["CancelledNotification", "InitializedNotification", "ProgressNotification", "RootsListChangedNotification"]);
const RESULT_TYPES: Record<string, string> = { ElicitResult: "elicitation/create", CreateMessageResult: "sampling/createMessage", ListRootsResult: "roots/list", EmptyResult: "ping" };

const request = (id: unknown, method: string, params?: unknown) => ({ jsonrpc: "2.0", id, method, ...(params === undefined ? {} : { params }) });
const initialize = request(1, "initialize", { protocolVersion: "2025-11-25", capabilities: { elicitation: {} }, clientInfo: { name: "probe", version: "1.0.0" } });

describe("LEGACY_PROTOCOL_VERSIONS", () => {
  it("names the two initialize-based revisions served, newest first", () => {
    expect(LEGACY_PROTOCOL_VERSIONS).toEqual(["2025-11-25", "2025-06-18"]);
  });
});

describe("parseLegacyMessage: requests", () => {
  it("accepts a valid initialize request as a request of its method, returning the message itself", () => {
    const r = parseLegacyMessage(initialize);
    expect(r).toEqual({ ok: true, kind: "request", method: "initialize", message: initialize });
    expect(r.ok && r.message).toBe(initialize);
  });

  it("routes exactly the methods a 2025-11-25 client may send as requests", () => {
    expect(Object.keys(requestChecks).sort()).toEqual(
      ["completion/complete", "initialize", "logging/setLevel", "ping", "prompts/get", "prompts/list", "resources/list", "resources/read", "resources/subscribe", "resources/templates/list", "resources/unsubscribe", "tools/call", "tools/list"],
    );
  });

  const requests = valid.filter((e) => REQUEST_TYPES.has(e.type));
  it.each(cases(requests, "the legacy examples of requests").map((e) => [e.file, e] as const))("accepts %s", (_file, example) => {
    expect(parseLegacyMessage(example.data)).toMatchObject({ ok: true, kind: "request", method: methodOf(example) });
  });

  it("accepts a 2025-06-18 client's initialize", () => {
    const r = parseLegacyMessage(request("i", "initialize", { protocolVersion: "2025-06-18", capabilities: { roots: {} }, clientInfo: { name: "old", version: "0.1" } }));
    expect(r.ok).toBe(true);
  });

  it("serves a tools/call whose task metadata it ignores, as a receiver without the tasks capability must (tasks.mdx:392)", () => {
    expect(parseLegacyMessage(request(3, "tools/call", { name: "x", task: { ttl: "not checked" } })).ok).toBe(true);
  });

  it("answers a method a legacy client may not send with -32601, carrying the request's id", () => {
    for (const [id, method] of [[7, "tasks/get"], ["s-1", "server/discover"], [8, "sampling/createMessage"], [9, "notifications/initialized"]] as const) {
      const r = parseLegacyMessage(request(id, method, {}));
      expect(r).toMatchObject({ ok: false, kind: "request", code: -32601, id, issues: [{ path: "/method" }] });
      expect(!r.ok && r.message).toBe(`Method not found: /method Unknown method ${JSON.stringify(method)}`);
    }
  });

  it("answers invalid params with -32602, the id, and the first issue: its JSON Pointer, words, keyword and schema rule", () => {
    const r = parseLegacyMessage(request(14, "tools/call", { arguments: {} }));
    expect(r).toEqual({
      ok: false,
      kind: "request",
      code: -32602,
      id: 14,
      message: 'Invalid params for tools/call: /params/name Missing required property "name"',
      issues: [{ path: "/params/name", message: 'Missing required property "name"', keyword: "required", schemaPath: "#/$defs/CallToolRequestParams" }],
    });
  });

  it("checks a request against its method's type, params included", () => {
    expect(parseLegacyMessage(request(2, "logging/setLevel", { level: "verbose" }))).toMatchObject({ code: -32602, issues: [{ path: "/params/level", keyword: "enum" }] });
    expect(parseLegacyMessage(request(2, "resources/subscribe", { uri: "not a uri" }))).toMatchObject({ code: -32602, issues: [{ path: "/params/uri", keyword: "format" }] });
    expect(parseLegacyMessage(request(2, "initialize", { protocolVersion: "2025-11-25", capabilities: {} }))).toMatchObject({ code: -32602, issues: [{ path: "/params/clientInfo", keyword: "required" }] });
  });

  const invalidRequests = invalid.filter((e) => REQUEST_TYPES.has(e.type));
  it.each(cases(invalidRequests, "the legacy invalid examples of requests").map((e) => [e.file, e] as const))("refuses %s: -32601 for a method it does not know, else -32602, or -32600 when not even a JSON-RPC request", (_file, example) => {
    const r = parseLegacyMessage(example.data);
    expect(r.ok).toBe(false);
    const known = Object.prototype.hasOwnProperty.call(requestChecks, methodOf(example));
    expect(known ? [-32600, -32602] : [-32600, -32601]).toContain(!r.ok && r.code);
  });

  it("refuses a request that is not a JSON-RPC request with -32600, keeping an id it can answer to", () => {
    expect(parseLegacyMessage({ jsonrpc: "1.0", id: 4, method: "ping" })).toMatchObject({ ok: false, kind: "request", code: -32600, id: 4, issues: [{ path: "/jsonrpc", keyword: "const" }] });
    const nullId = parseLegacyMessage({ jsonrpc: "2.0", id: null, method: "ping" });
    expect(nullId).toMatchObject({ ok: false, kind: "request", code: -32600, issues: [{ path: "/id" }] });
    expect(nullId).not.toHaveProperty("id");
    expect(parseLegacyMessage({ jsonrpc: "2.0", id: 1.5, method: "ping" })).not.toHaveProperty("id");
  });
});

describe("parseLegacyMessage: notifications", () => {
  it("routes exactly the notifications a 2025-11-25 client may send", () => {
    expect(Object.keys(notificationChecks).sort()).toEqual(["notifications/cancelled", "notifications/initialized", "notifications/progress", "notifications/roots/list_changed"]);
  });

  const notifications = valid.filter((e) => NOTIFICATION_TYPES.has(e.type));
  it.each(cases(notifications, "the legacy examples of notifications").map((e) => [e.file, e] as const))("accepts %s", (_file, example) => {
    expect(parseLegacyMessage(example.data)).toMatchObject({ ok: true, kind: "notification", method: methodOf(example) });
  });

  it("refuses a known notification that breaks its type with -32602 and the first issue", () => {
    expect(parseLegacyMessage({ jsonrpc: "2.0", method: "notifications/progress", params: { progress: 1 } })).toMatchObject({
      ok: false,
      kind: "notification",
      code: -32602,
      issues: [{ path: "/params/progressToken", keyword: "required" }],
    });
    expect(parseLegacyMessage({ jsonrpc: "2.0", method: "notifications/cancelled" })).toMatchObject({ ok: false, code: -32602, issues: [{ path: "/params" }] });
  });

  it("lets a notification of a method it does not know pass as a notification", () => {
    const n = { jsonrpc: "2.0", method: "notifications/tasks/status", params: { taskId: "t" } };
    expect(parseLegacyMessage(n)).toEqual({ ok: true, kind: "notification", method: "notifications/tasks/status", message: n });
  });

  it("refuses a notification that is not a JSON-RPC notification with -32600", () => {
    expect(parseLegacyMessage({ jsonrpc: "2.0", method: 5 })).toMatchObject({ ok: false, kind: "notification", code: -32600, issues: [{ path: "/method" }] });
    expect(parseLegacyMessage({ method: "notifications/initialized" })).toMatchObject({ ok: false, kind: "notification", code: -32600, issues: [{ path: "/jsonrpc" }] });
  });
});

describe("parseLegacyMessage: responses and what is not a message", () => {
  it("accepts a result or an error as a JSON-RPC response", () => {
    const result = { jsonrpc: "2.0", id: 300, result: { action: "decline" } };
    expect(parseLegacyMessage(result)).toEqual({ ok: true, kind: "result", message: result });
    const error = { jsonrpc: "2.0", id: 301, error: { code: -32601, message: "Method not found" } };
    expect(parseLegacyMessage(error)).toEqual({ ok: true, kind: "error", message: error });
    expect(parseLegacyMessage({ jsonrpc: "2.0", error: { code: -32700, message: "Parse error" } }).ok).toBe(true);
  });

  it("refuses a malformed response with -32600 and the first issue", () => {
    expect(parseLegacyMessage({ jsonrpc: "2.0", result: {} })).toMatchObject({ ok: false, kind: "result", code: -32600, issues: [{ path: "/id", keyword: "required" }] });
    expect(parseLegacyMessage({ jsonrpc: "2.0", id: 1, result: "ok" })).toMatchObject({ ok: false, kind: "result", code: -32600, id: 1, issues: [{ path: "/result", keyword: "type" }] });
    expect(parseLegacyMessage({ jsonrpc: "2.0", id: 1, error: { code: "x", message: "m" } })).toMatchObject({ ok: false, kind: "error", code: -32600, issues: [{ path: "/error/code" }] });
  });

  it("refuses what is not a JSON-RPC message object with -32600 and no kind", () => {
    for (const value of [null, "ping", 42, true, [initialize], { jsonrpc: "2.0", id: 1 }]) {
      const r = parseLegacyMessage(value);
      expect(r, JSON.stringify(value)).toMatchObject({ ok: false, code: -32600, issues: [{ path: "" }] });
      expect(r).not.toHaveProperty("kind");
    }
    expect(parseLegacyMessage([initialize])).toMatchObject({ message: "Invalid request: / Expected one JSON-RPC message object, got an array (batches are not part of this revision)" });
  });

  it("refuses a message past an intake limit with -32600 naming it, unless limits are off", () => {
    let deep: unknown = "bottom";
    for (let i = 0; i < 100; i++) deep = { deep };
    const message = request(5, "tools/call", { name: "x", arguments: { deep } });
    const r = parseLegacyMessage(message);
    expect(r).toMatchObject({ ok: false, kind: "request", code: -32600, id: 5, limit: { limit: "maxDepth" }, issues: [{ keyword: "maxDepth" }] });
    expect(parseLegacyMessage(message, { limits: false }).ok).toBe(true);
    expect(parseLegacyMessage(message, { limits: { maxDepth: 200 } }).ok).toBe(true);
  });

  it("never throws, and decides every JSON value", () => {
    fc.assert(
      fc.property(fc.jsonValue(), (value) => {
        const r = parseLegacyMessage(value);
        return r.ok ? (r.message as unknown) === value : r.issues.length === 1 && typeof r.message === "string";
      }),
      { seed: 20251125, numRuns: 2000 },
    );
  });
});

describe("checkLegacyResult", () => {
  it("checks the results of exactly the requests a server may send a legacy client", () => {
    expect(Object.keys(resultChecks).sort()).toEqual(["elicitation/create", "ping", "roots/list", "sampling/createMessage"]);
  });

  const results = valid.filter((e) => e.type in RESULT_TYPES);
  it.each(cases(results, "the legacy examples of results").map((e) => [e.file, e] as const))("accepts %s as a result of its request", (_file, example) => {
    expect(checkLegacyResult(RESULT_TYPES[example.type]!, example.data)).toEqual({ ok: true });
  });

  const invalidResults = invalid.filter((e) => e.type in RESULT_TYPES);
  it.each(cases(invalidResults, "the legacy invalid examples of results").map((e) => [e.file, e] as const))("refuses %s", (_file, example) => {
    expect(checkLegacyResult(RESULT_TYPES[example.type]!, example.data).ok).toBe(false);
  });

  it("names the method, the path and the rule of the first problem", () => {
    expect(checkLegacyResult("elicitation/create", { action: "ok" })).toEqual({ ok: false, message: 'Invalid result for elicitation/create: /action Expected one of "accept", "cancel", "decline"' });
    expect(checkLegacyResult("roots/list", { roots: [{ uri: "not a uri" }] })).toEqual({ ok: false, message: "Invalid result for roots/list: /roots/0/uri Invalid uri" });
    expect(checkLegacyResult("sampling/createMessage", { role: "assistant", content: { type: "text", text: "hi" } })).toEqual({ ok: false, message: 'Invalid result for sampling/createMessage: /model Missing required property "model"' });
  });

  it("accepts any object with an object _meta as the answer to ping, and nothing else", () => {
    expect(checkLegacyResult("ping", {})).toEqual({ ok: true });
    expect(checkLegacyResult("ping", { _meta: {}, extra: 1 })).toEqual({ ok: true });
    expect(checkLegacyResult("ping", { _meta: 1 }).ok).toBe(false);
    expect(checkLegacyResult("ping", "pong").ok).toBe(false);
  });

  it("accepts any JSON number in a form answer (a deliberate deviation, as in the draft)", () => {
    expect(checkLegacyResult("elicitation/create", { action: "accept", content: { estimate: 30.5 } })).toEqual({ ok: true });
  });

  it("refuses a method a server does not send to a client", () => {
    for (const method of ["tools/list", "initialize", "__proto__", "constructor"]) {
      const r = checkLegacyResult(method, {});
      expect(r.ok, method).toBe(false);
      expect(!r.ok && r.message).toContain(JSON.stringify(method));
    }
  });
});
