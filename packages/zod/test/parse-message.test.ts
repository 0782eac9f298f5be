import { describe, expect, it } from "vitest";
import { parseMessage } from "@mrtr/zod";

const meta = {
  "io.modelcontextprotocol/protocolVersion": "2026-07-28",
  "io.modelcontextprotocol/clientCapabilities": { elicitation: {} },
};
const call = { jsonrpc: "2.0", id: 7, method: "tools/call", params: { name: "deploy", arguments: {}, _meta: meta } };

describe("parseMessage", () => {
  it("classifies and validates a request by its method", () => {
    const r = parseMessage(JSON.stringify(call));
    expect(r).toMatchObject({ ok: true, kind: "request", method: "tools/call" });
    if (r.ok) expect(r.message).toEqual(call);
  });

  it("answers text that is not JSON with -32700", () => {
    expect(parseMessage("{nope")).toMatchObject({ ok: false, code: -32700 });
  });

  it("answers a non-object, an array batch or a shapeless object with -32600", () => {
    expect(parseMessage(42)).toMatchObject({ ok: false, code: -32600 });
    expect(parseMessage([call])).toMatchObject({ ok: false, code: -32600 });
    expect(parseMessage({ jsonrpc: "2.0", id: 1 })).toMatchObject({ ok: false, code: -32600 });
    expect(parseMessage({ ...call, id: null })).toMatchObject({ ok: false, kind: "request", code: -32600 });
  });

  it("answers an unknown or removed method with -32601", () => {
    for (const method of ["unknown/method", "initialize", "ping", "sampling/createMessage"]) {
      expect(parseMessage({ ...call, method }), method).toMatchObject({ ok: false, code: -32601 });
    }
  });

  it("answers missing _meta protocol fields with -32602 and the JSON path of the problem", () => {
    const r = parseMessage({ ...call, params: { name: "deploy", _meta: { "io.modelcontextprotocol/protocolVersion": "2026-07-28" } } });
    expect(r).toMatchObject({ ok: false, kind: "request", code: -32602 });
    if (!r.ok) {
      expect(r.issues.map((i) => i.path)).toContain("/params/_meta/io.modelcontextprotocol~1clientCapabilities");
      expect(r.message).toContain("clientCapabilities");
    }
  });

  it("checks a result against the result type of the method it answers", () => {
    const ok = { jsonrpc: "2.0", id: 7, result: { resultType: "input_required", requestState: "abc" } };
    expect(parseMessage(ok, { method: "tools/call" })).toMatchObject({ ok: true, kind: "result" });
    const empty = { jsonrpc: "2.0", id: 7, result: { resultType: "input_required" } };
    // An input_required result that asks for nothing is no InputRequiredResult, and no
    // CallToolResult either (no content): the generic envelope alone would accept it.
    expect(parseMessage(empty, { method: "tools/call" })).toMatchObject({ ok: false, code: -32602 });
    expect(parseMessage(empty)).toMatchObject({ ok: true, kind: "result" });
  });

  it("validates the data of the MCP-specific error codes", () => {
    const missing = { jsonrpc: "2.0", id: 7, error: { code: -32021, message: "need sampling", data: { requiredCapabilities: { sampling: {} } } } };
    expect(parseMessage(missing)).toMatchObject({ ok: true, kind: "error" });
    const noData = { jsonrpc: "2.0", id: 7, error: { code: -32022, message: "unsupported" } };
    expect(parseMessage(noData)).toMatchObject({ ok: false, kind: "error", code: -32602 });
  });

  it("classifies notifications and never throws on hostile input", () => {
    expect(parseMessage({ jsonrpc: "2.0", method: "notifications/cancelled", params: { requestId: 7 } })).toMatchObject({
      ok: true,
      kind: "notification",
    });
    for (const hostile of [null, undefined, "", "null", "[]", { method: 5 }, { method: "tools/call", id: {} }, { result: 1, jsonrpc: "2.0", id: 1 }]) {
      expect(() => parseMessage(hostile)).not.toThrow();
      expect(parseMessage(hostile).ok).toBe(false);
    }
  });
});
