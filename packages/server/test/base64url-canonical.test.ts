import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { decodeBase64Url as decodeBase64url, encodeBase64Url as encodeBase64url } from "../src/base64url.js";

describe("base64url codec of connect tokens and sealed states", () => {
  it("encodes as Node's base64url and decodes back (fast-check, fixed seed)", () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 100 }), (bytes) => {
        const text = encodeBase64url(bytes);
        expect(text).toBe(Buffer.from(bytes).toString("base64url"));
        expect(decodeBase64url(text)).toEqual(new Uint8Array(bytes));
      }),
      { seed: 20260728, numRuns: 500 },
    );
  });

  it("decodes only the canonical spelling: non-zero unused bits are refused", () => {
    expect(decodeBase64url("AA")).toEqual(new Uint8Array([0]));
    expect(decodeBase64url("AB")).toBeUndefined(); // same byte, stray low bits
    expect(decodeBase64url("AAA")).toEqual(new Uint8Array([0, 0]));
    expect(decodeBase64url("AAB")).toBeUndefined();
  });

  it("refuses impossible lengths, padding and characters outside the alphabet", () => {
    for (const text of ["A", "AAAAA", "AA==", "A+AA", "A/AA", "AA AA", "AAé"]) expect(decodeBase64url(text), text).toBeUndefined();
  });
});
