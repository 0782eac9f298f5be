import { describe, expect, it } from "vitest";
import { base64UrlLength, decodeBase64Url as decodeNative, encodeBase64Url as encodeNative, portableBase64Url } from "../src/base64url.js";

// Node's own codec where the runtime has Buffer, the loops elsewhere: both held to the same rules.
describe.each([
  ["with the runtime's Buffer", encodeNative, decodeNative],
  ["portable (no Buffer)", portableBase64Url.encode, portableBase64Url.decode],
] as const)("base64url, %s", (_face, encodeBase64Url, decodeBase64Url) => {
  it("encodes as Node's base64url does, for every length from 0 to 64, and decodes back", () => {
    for (let n = 0; n <= 64; n++) {
      const bytes = globalThis.crypto.getRandomValues(new Uint8Array(n));
      const text = encodeBase64Url(bytes);
      expect(text).toBe(Buffer.from(bytes).toString("base64url"));
      expect(text.length).toBe(base64UrlLength(n));
      expect(decodeBase64Url(text)).toEqual(bytes);
    }
  });

  it("decodes strictly: no padding, no standard-alphabet characters, no whitespace, no impossible lengths", () => {
    for (const bad of ["AA==", "A+8", "A/8", " AA", "AA\n", "A", "AAAAA", "AA.A", "ÀA"]) expect(decodeBase64Url(bad), bad).toBeUndefined();
  });

  it("refuses non-zero unused trailing bits, so no two texts decode to the same bytes", () => {
    expect(decodeBase64Url("AA")).toEqual(new Uint8Array([0]));
    expect(decodeBase64Url("AB")).toBeUndefined();
    expect(decodeBase64Url("AAA")).toEqual(new Uint8Array([0, 0]));
    expect(decodeBase64Url("AAB")).toBeUndefined();
  });
});
