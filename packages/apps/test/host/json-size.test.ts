/**
 * measureJson against the obvious oracle: the UTF-8 length of
 * JSON.stringify, for any JSON value (seeded); and its refusals.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { measureJson } from "../../src/host/json-size.js";

const bytesOf = (value: unknown) => Buffer.byteLength(JSON.stringify(value), "utf8");

describe("measureJson", () => {
  it("measures any JSON value as the UTF-8 bytes of JSON.stringify (lone surrogates and control characters included)", () => {
    fc.assert(
      fc.property(fc.jsonValue({ maxDepth: 6, stringUnit: "binary" }), (value) => {
        expect(measureJson(value, 1e9, 64)).toEqual({ ok: true, bytes: bytesOf(value) });
      }),
      { seed: 1865, numRuns: 500 },
    );
  });

  it("refuses as too large exactly what is larger than the bound", () => {
    fc.assert(
      fc.property(fc.jsonValue({ maxDepth: 4 }), fc.nat(400), (value, max) => {
        expect(measureJson(value, max, 64).ok).toBe(bytesOf(value) <= max);
      }),
      { seed: 2026, numRuns: 500 },
    );
  });

  it("refuses what JSON cannot carry, and what nests past the bound", () => {
    for (const value of [undefined, () => 1, Symbol("s"), 1n, Number.NaN, Infinity, new Date(), new Map(), [undefined], /x/]) {
      expect(measureJson({ v: [value] }, 1e6, 64)).toEqual({ ok: false, problem: "not-json" });
    }
    expect(measureJson({ v: undefined }, 1e6, 64)).toEqual({ ok: true, bytes: 2 });
    expect(measureJson([[[1]]], 1e6, 2)).toEqual({ ok: false, problem: "too-deep" });
    expect(measureJson([[[1]]], 1e6, 3).ok).toBe(true);
  });
});
