import { describe, expect, it } from "vitest";
import { isMixedScript, scriptOf, scriptsIn, type Script } from "../../src/elicitation/scripts.js";

describe("scriptOf", () => {
  it("knows Latin, Cyrillic and Greek lookalikes apart", () => {
    expect(scriptOf("a".codePointAt(0)!)).toBe("Latin");
    expect(scriptOf("а".codePointAt(0)!)).toBe("Cyrillic"); // U+0430
    expect(scriptOf("ο".codePointAt(0)!)).toBe("Greek"); // U+03BF omicron
    expect(scriptOf("ı".codePointAt(0)!)).toBe("Latin"); // dotless i
  });

  it("gives digits, hyphens, combining marks and joiners no script", () => {
    for (const char of ["0", "9", "-", ".", "\u0301", "\u200d", "ー"]) expect(scriptOf(char.codePointAt(0)!)).toBeUndefined();
  });

  it("calls a letter outside the table Other", () => {
    expect(scriptOf("ሀ".codePointAt(0)!)).toBe("Other"); // Ethiopic
  });

  it("agrees with Unicode's Script_Extensions property on every letter its table names", () => {
    const disagreements: string[] = [];
    for (let code = 0; code <= 0x3134f; code++) {
      if (code >= 0xd800 && code <= 0xdfff) continue;
      const char = String.fromCodePoint(code);
      if (!/\p{L}/u.test(char)) continue;
      const script = scriptOf(code);
      if (script === undefined || script === "Other") continue;
      if (!new RegExp(`\\p{Script_Extensions=${script}}`, "u").test(char)) disagreements.push(code.toString(16));
    }
    // U+A788 (modifier letter low circumflex) is Common, inside Latin Extended-D.
    expect(disagreements).toEqual(["a788"]);
  });

  it("leaves no Latin, Greek or Cyrillic letter of the Basic Multilingual Plane outside those three (or Other)", () => {
    const misplaced: string[] = [];
    for (let code = 0; code <= 0xffff; code++) {
      const char = String.fromCodePoint(code);
      for (const script of ["Latin", "Greek", "Cyrillic"] as const) {
        if (new RegExp(`^\\p{Script=${script}}$`, "u").test(char) && /\p{L}/u.test(char)) {
          const ours = scriptOf(code);
          if (ours !== script && ours !== "Other") misplaced.push(`${code.toString(16)}:${String(ours)}`);
        }
      }
    }
    expect(misplaced).toEqual([]);
  });
});

describe("scriptsIn", () => {
  it("lists the scripts of a label in order of appearance, ignoring digits and hyphens", () => {
    expect(scriptsIn("аpple")).toEqual(["Cyrillic", "Latin"]);
    expect(scriptsIn("my-shop-24")).toEqual(["Latin"]);
    expect(scriptsIn("123")).toEqual([]);
  });
});

describe("isMixedScript", () => {
  const mixed = (label: string): boolean => isMixedScript(scriptsIn(label));

  it("flags Latin mixed with Cyrillic or Greek", () => {
    expect(mixed("аpple")).toBe(true);
    expect(mixed("pаypal")).toBe(true);
    expect(mixed("gοogle")).toBe(true); // Greek omicron
  });

  it("accepts single-script labels, including whole-script Cyrillic", () => {
    expect(mixed("apple")).toBe(false);
    expect(mixed("пример")).toBe(false);
    expect(mixed("bücher")).toBe(false);
  });

  it("accepts the usual East Asian mixes, with or without Latin", () => {
    expect(mixed("日本語ソニーあ")).toBe(false);
    expect(mixed("sony日本")).toBe(false);
    expect(mixed("한국어中文")).toBe(false);
    expect(mixed("中文ㄅ")).toBe(false);
  });

  it("flags other mixes, such as Hangul with Katakana or Latin with Cherokee", () => {
    expect(mixed("한국ソ")).toBe(true);
    expect(isMixedScript(["Latin", "Cherokee"] satisfies Script[])).toBe(true);
    expect(mixed("aሀ")).toBe(true); // Latin with an unlisted script
  });
});
