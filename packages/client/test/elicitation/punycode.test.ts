import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { domainToASCII, domainToUnicode } from "node:url";
import { decodePunycode, isPunycodeLabel, labelToUnicode } from "../../src/elicitation/punycode.js";

describe("decodePunycode (RFC 3492)", () => {
  it("decodes known labels", () => {
    expect(decodePunycode("pple-43d")).toBe("аpple"); // Cyrillic а
    expect(decodePunycode("bcher-kva")).toBe("bücher");
    expect(decodePunycode("mnchen-3ya")).toBe("münchen");
    expect(decodePunycode("wgv71a119e")).toBe("日本語");
    expect(decodePunycode("3ck2a1k")).toBe("ソニー");
    expect(decodePunycode("ls8h")).toBe("💩");
  });

  it("keeps the basic code points before the last delimiter, and an all-basic string with a trailing '-'", () => {
    expect(decodePunycode("abc-")).toBe("abc");
    expect(decodePunycode("a-b-c-")).toBe("a-b-c");
    expect(decodePunycode("")).toBe("");
  });

  it("reads digits in either case and keeps the case of basic code points", () => {
    expect(decodePunycode("bcher-KVA")).toBe("bücher");
    expect(decodePunycode("BCHER-kva")).toBe("BüCHER");
  });

  it("rejects invalid input instead of throwing", () => {
    expect(decodePunycode("zz")).toBeUndefined(); // truncated number
    expect(decodePunycode("a")).toBe("\u0080"); // valid: the smallest non-basic code point
    expect(decodePunycode("ü-abc")).toBeUndefined(); // non-basic before the delimiter
    expect(decodePunycode("abc-!")).toBeUndefined(); // not a digit
    expect(decodePunycode("99999999999")).toBeUndefined(); // overflow
    expect(decodePunycode("-")).toBe(""); // a bare delimiter is empty output; no digits follow
  });

  it("agrees with Node's own IDNA conversion on every label Node encodes (fast-check)", () => {
    const letters = fc.constantFrom(..."abcxyz0129-éüßñаеорсςλжядіїআअกდ日本語中文한국어ソニーあ💩".split(/(?:)/u));
    fc.assert(
      fc.property(fc.string({ unit: letters, minLength: 1, maxLength: 12 }), (label) => {
        const ascii = domainToASCII(`${label}.example`);
        if (ascii === "") return; // not a valid IDNA label
        const first = ascii.split(".")[0]!;
        if (!first.startsWith("xn--")) return;
        expect(decodePunycode(first.slice(4))).toBe(domainToUnicode(ascii).split(".")[0]);
      }),
      { seed: 3492, numRuns: 3000 },
    );
  });

  it("never throws on arbitrary input (fast-check)", () => {
    fc.assert(
      fc.property(fc.string({ unit: "binary", maxLength: 40 }), (input) => {
        const decoded = decodePunycode(input);
        expect(decoded === undefined || typeof decoded === "string").toBe(true);
      }),
      { seed: 1, numRuns: 3000 },
    );
  });
});

describe("labelToUnicode", () => {
  it("decodes xn-- labels in any case and keeps others unchanged", () => {
    expect(labelToUnicode("xn--pple-43d")).toBe("аpple");
    expect(labelToUnicode("XN--pple-43d")).toBe("аpple");
    expect(labelToUnicode("example")).toBe("example");
    expect(labelToUnicode("xn--zz")).toBeUndefined();
  });

  it("isPunycodeLabel spots the ACE prefix only at the start", () => {
    expect(isPunycodeLabel("xn--abc")).toBe(true);
    expect(isPunycodeLabel("Xn--abc")).toBe(true);
    expect(isPunycodeLabel("axn--abc")).toBe(false);
    expect(isPunycodeLabel("xn-abc")).toBe(false);
  });
});
