import { createHash } from "node:crypto";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { CanonicalJsonError, paramsDigest } from "../../src/request-state/index.js";

/** Independent oracle: Node's own SHA-256 over the canonical text we expect. */
const sha256 = (text: string) => createHash("sha256").update(text, "utf8").digest("base64url");

/** Rebuilds an object with its keys (at every depth) in reverse order. */
function reversed(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(reversed);
  if (typeof value !== "object" || value === null) return value;
  return Object.fromEntries(Object.entries(value).reverse().map(([k, v]) => [k, reversed(v)]));
}

describe("paramsDigest", () => {
  it("is the base64url SHA-256 of the canonical JSON of the params", async () => {
    expect(await paramsDigest({ name: "x", arguments: { b: 1, a: 2 } })).toBe(sha256('{"arguments":{"a":2,"b":1},"name":"x"}'));
    expect(await paramsDigest({})).toBe(sha256("{}"));
    expect(await paramsDigest({})).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });

  it("digests absent params like empty params", async () => {
    expect(await paramsDigest(undefined)).toBe(await paramsDigest({}));
  });

  it("does not depend on key order, at any depth", async () => {
    expect(await paramsDigest({ a: 1, b: { c: 2, d: [{ e: 3, f: 4 }] } })).toBe(await paramsDigest({ b: { d: [{ f: 4, e: 3 }], c: 2 }, a: 1 }));
  });

  it("ignores _meta, inputResponses and requestState, and only those", async () => {
    const params = { name: "book", arguments: { city: "Oslo" } };
    const retry = {
      ...params,
      _meta: { "io.modelcontextprotocol/protocolVersion": "2026-07-28", progressToken: 7 },
      inputResponses: { confirm: { action: "accept", content: { ok: true } } },
      requestState: "v1.abc.def.ghi",
    };
    expect(await paramsDigest(retry)).toBe(await paramsDigest(params));
    expect(await paramsDigest({ ...params, extra: 1 })).not.toBe(await paramsDigest(params));
    // Only top-level: a nested _meta is part of the arguments.
    expect(await paramsDigest({ ...params, arguments: { city: "Oslo", _meta: 1 } })).not.toBe(await paramsDigest(params));
  });

  it("tells different params apart", async () => {
    const digests = await Promise.all([{ a: 1 }, { a: "1" }, { a: 1.5 }, { a: [1] }, { a: { b: 1 } }, { b: 1 }, { a: null }, {}].map(paramsDigest));
    expect(new Set(digests).size).toBe(digests.length);
  });

  it("keeps a param named __proto__ as an ordinary param", async () => {
    const withProto = JSON.parse('{"__proto__":{"admin":true},"a":2}') as Record<string, unknown>;
    expect(await paramsDigest(withProto)).toBe(sha256('{"__proto__":{"admin":true},"a":2}'));
    expect(await paramsDigest(withProto)).not.toBe(await paramsDigest({ a: 2 }));
  });

  it("rejects params that are not a JSON object with a typed error", async () => {
    await expect(paramsDigest([1, 2] as unknown as Record<string, unknown>)).rejects.toThrow(CanonicalJsonError);
    await expect(paramsDigest("x" as unknown as Record<string, unknown>)).rejects.toThrow(CanonicalJsonError);
    await expect(paramsDigest({ s: "\ud800" })).rejects.toThrow(CanonicalJsonError);
  });

  it("is invariant under key reordering and added insignificant params (property, fixed seed)", async () => {
    await fc.assert(
      fc.asyncProperty(fc.dictionary(fc.string(), fc.jsonValue()), fc.jsonValue(), fc.string(), async (params, meta, state) => {
        const digest = await paramsDigest(params);
        expect(await paramsDigest(reversed(params) as Record<string, unknown>)).toBe(digest);
        expect(await paramsDigest({ ...(reversed(params) as object), _meta: meta, requestState: state, inputResponses: meta })).toBe(digest);
      }),
      { seed: 2026_07_28, numRuns: 300 },
    );
  });
});
