/**
 * Bounded intake: checkJsonLimits enforces each documented limit in one
 * iterative pass and names the first hit with a JSON Pointer; parseMessage
 * runs it first (default on) and refuses with -32600.
 */
import { describe, expect, it } from "vitest";
import { checkJsonLimits, DEFAULT_JSON_LIMITS, parseMessage } from "@mrtr/zod";
import { invalidExamples, validExamples } from "../../../test/helpers/examples.js";

const meta = { "io.modelcontextprotocol/protocolVersion": "2026-07-28", "io.modelcontextprotocol/clientCapabilities": {} };
const call = (args: unknown) => ({ jsonrpc: "2.0", id: "c-9", method: "tools/call", params: { name: "t", _meta: meta, arguments: { x: args } } });

describe("checkJsonLimits", () => {
  it("accepts every example of the repository with the defaults", () => {
    const refused = [...validExamples(), ...invalidExamples()].filter((e) => checkJsonLimits(e.data) !== undefined).map((e) => e.file);
    expect(refused).toEqual([]);
  });

  it("has the documented defaults", () => {
    expect(DEFAULT_JSON_LIMITS).toEqual({ maxDepth: 64, maxNodes: 250_000, maxArrayLength: 50_000, maxStringLength: 16 * 1024 * 1024, maxObjectKeys: 10_000 });
    expect(Object.isFrozen(DEFAULT_JSON_LIMITS)).toBe(true);
  });

  it("counts depth in nested arrays and objects, and names the first container past the limit", () => {
    expect(checkJsonLimits({ a: [[1]] }, { maxDepth: 3 })).toBeUndefined();
    expect(checkJsonLimits({ a: [[[]]] }, { maxDepth: 3 })).toMatchObject({ limit: "maxDepth", max: 3, path: "/a/0/0" });
    expect(checkJsonLimits("deep", { maxDepth: 0 })).toBeUndefined();
  });

  it("counts every value, and names the first one past maxNodes", () => {
    expect(checkJsonLimits([1, 2, 3], { maxNodes: 4 })).toBeUndefined();
    expect(checkJsonLimits({ a: [1, 2], b: 3 }, { maxNodes: 3 })).toMatchObject({ limit: "maxNodes", path: "/a/1" });
  });

  it("limits array length, object keys and string length (values and keys, in UTF-16 units)", () => {
    expect(checkJsonLimits({ list: [1, 2, 3] }, { maxArrayLength: 2 })).toMatchObject({ limit: "maxArrayLength", path: "/list" });
    expect(checkJsonLimits({ o: { a: 1, b: 2, c: 3 } }, { maxObjectKeys: 2 })).toMatchObject({ limit: "maxObjectKeys", path: "/o" });
    expect(checkJsonLimits({ s: "😀😀" }, { maxStringLength: 3 })).toMatchObject({ limit: "maxStringLength", path: "/s" });
    expect(checkJsonLimits({ s: "😀" }, { maxStringLength: 2 })).toBeUndefined();
    expect(checkJsonLimits({ "a/long~key": 1 }, { maxStringLength: 5 })).toMatchObject({ limit: "maxStringLength", path: "/a~1long~0key" });
  });

  it("reports the first limit hit in document order, with what to raise", () => {
    const hit = checkJsonLimits({ first: "long string", second: [[[[1]]]] }, { maxStringLength: 4, maxDepth: 2 });
    expect(hit).toMatchObject({ limit: "maxStringLength", path: "/first" });
    expect(hit!.message).toContain("raise the maxStringLength limit");
  });

  it("walks without recursion: a 1M-deep value and a cyclic object end at maxDepth without throwing", () => {
    let deep: unknown = 1;
    for (let i = 0; i < 1_000_000; i++) deep = [deep];
    expect(checkJsonLimits(deep)).toMatchObject({ limit: "maxDepth", max: 64 });
    expect(checkJsonLimits(deep, { maxDepth: Infinity, maxNodes: Infinity })).toBeUndefined();
    const cyclic: Record<string, unknown> = {};
    cyclic.self = cyclic;
    expect(checkJsonLimits(cyclic)).toMatchObject({ limit: "maxDepth" });
  });
});

describe("parseMessage's intake limits", () => {
  it("are on by default: a message past one is refused with -32600, the limit, its path and the request id", () => {
    const r = parseMessage(call(Array(60_000).fill(1)));
    expect(r).toMatchObject({ ok: false, kind: "request", code: -32600, id: "c-9", limit: { limit: "maxArrayLength", max: 50_000, path: "/params/arguments/x" } });
    if (!r.ok) {
      expect(r.issues).toEqual([expect.objectContaining({ path: "/params/arguments/x", code: "too_big", keyword: "maxArrayLength" })]);
      expect(r.message).toContain("maxArrayLength");
    }
  });

  it("take partial overrides on top of the defaults, and can be turned off", () => {
    let nested: unknown = 1;
    for (let i = 0; i < 100; i++) nested = { n: nested };
    expect(parseMessage(call(nested))).toMatchObject({ ok: false, limit: { limit: "maxDepth" } });
    expect(parseMessage(call(nested), { limits: { maxDepth: 200 } })).toMatchObject({ ok: true });
    expect(parseMessage(call(nested), { limits: false })).toMatchObject({ ok: true });
    expect(parseMessage(call("x".repeat(100)), { limits: { maxStringLength: 10 } })).toMatchObject({ ok: false, limit: { limit: "maxStringLength", max: 10 } });
  });

  it("run before validation, so a hostile body costs no more than the limits allow", () => {
    const r = parseMessage(JSON.stringify({ ...call(null), params: { _meta: { x: Array(200_000).fill(null) } } }));
    expect(r).toMatchObject({ ok: false, code: -32600, limit: { limit: "maxArrayLength" } });
  });
});
