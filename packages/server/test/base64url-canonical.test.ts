import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { decodeBase64Url, encodeBase64Url, portableBase64Url } from "../src/base64url.js";

describe("base64url: the runtime's Buffer and the portable loops decide alike", () => {
  it("on any text near the alphabet, both decode to the same bytes or both refuse (fast-check, fixed seed)", () => {
    const near = fc.constantFrom(..."ABCDEIMQgw09-_+/=. \né".split(""));
    fc.assert(
      fc.property(fc.array(near, { maxLength: 24 }).map((cs) => cs.join("")), (text) => {
        expect(decodeBase64Url(text)).toEqual(portableBase64Url.decode(text));
      }),
      { seed: 20261204, numRuns: 3000 },
    );
  });
});

describe.each([
  ["with the runtime's Buffer", encodeBase64Url, decodeBase64Url],
  ["portable (no Buffer)", portableBase64Url.encode, portableBase64Url.decode],
] as const)("base64url codec of connect tokens and sealed states, %s", (_face, encodeBase64url, decodeBase64url) => {
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
