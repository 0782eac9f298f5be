import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { CanonicalJsonError, canonicalJson } from "../../src/request-state/index.js";
import { jsonText, MAX_CANONICAL_DEPTH } from "../../src/request-state/canonical-json.js";

const fromHex = (hex: string): number => new DataView(new Uint8Array(hex.match(/../g)!.map((b) => parseInt(b, 16))).buffer).getFloat64(0);

/** Rebuilds `value` with every object's keys in a random order (driven by `rand`). */
function shuffleKeys(value: unknown, rand: () => number): unknown {
  if (Array.isArray(value)) return value.map((v) => shuffleKeys(v, rand));
  if (typeof value !== "object" || value === null) return value;
  const entries = Object.entries(value);
  for (let i = entries.length - 1; i > 0; i--) {
    const j = Math.floor(rand() * (i + 1));
    [entries[i], entries[j]] = [entries[j]!, entries[i]!];
  }
  const out: Record<string, unknown> = Object.create(null);
  for (const [k, v] of entries) out[k] = shuffleKeys(v, rand);
  return out;
}

describe("canonicalJson follows RFC 8785", () => {
  it("writes the RFC's §3.2.2 example exactly", () => {
    const input = {
      numbers: [333333333.33333329, 1e30, 4.5, 2e-3, 0.000000000000000000000000001],
      string: "\u20ac$\u000F\u000aA'\u0042\u0022\u005c\\\"/",
      literals: [null, true, false],
    };
    expect(canonicalJson(input)).toBe(
      '{"literals":[null,true,false],"numbers":[333333333.3333333,1e+30,4.5,0.002,1e-27],"string":"€$\\u000f\\nA\'B\\"\\\\\\\\\\"/"}',
    );
  });

  it("serializes numbers as ECMAScript does (the RFC's Appendix B table)", () => {
    const table: [string, string][] = [
      ["0000000000000000", "0"],
      ["8000000000000000", "0"], // -0
      ["0000000000000001", "5e-324"],
      ["8000000000000001", "-5e-324"],
      ["7fefffffffffffff", "1.7976931348623157e+308"],
      ["ffefffffffffffff", "-1.7976931348623157e+308"],
      ["4340000000000000", "9007199254740992"],
      ["c340000000000000", "-9007199254740992"],
      ["4430000000000000", "295147905179352830000"],
      ["44b52d02c7e14af5", "9.999999999999997e+22"],
      ["44b52d02c7e14af6", "1e+23"],
      ["44b52d02c7e14af7", "1.0000000000000001e+23"],
      ["444b1ae4d6e2ef4e", "999999999999999700000"],
      ["444b1ae4d6e2ef4f", "999999999999999900000"],
      ["444b1ae4d6e2ef50", "1e+21"],
      ["3eb0c6f7a0b5ed8c", "9.999999999999997e-7"],
      ["3eb0c6f7a0b5ed8d", "0.000001"],
      ["41b3de4355555553", "333333333.3333332"],
      ["41b3de4355555554", "333333333.33333325"],
      ["41b3de4355555555", "333333333.3333333"],
      ["41b3de4355555556", "333333333.3333334"],
      ["41b3de4355555557", "333333333.33333343"],
      ["becbf647612f3696", "-0.0000033333333333333333"],
      ["43143ff3c1cb0959", "1424953923781206.2"],
    ];
    for (const [hex, text] of table) expect(canonicalJson(fromHex(hex)), hex).toBe(text);
    expect(canonicalJson(1e21)).toBe("1e+21");
    expect(canonicalJson(-0)).toBe("0");
    expect(canonicalJson(0.000001)).toBe("0.000001");
    expect(canonicalJson(1e-7)).toBe("1e-7");
  });

  it("refuses NaN and the infinities (Appendix B's error rows)", () => {
    for (const hex of ["7fffffffffffffff", "7ff0000000000000", "fff0000000000000"]) {
      expect(() => canonicalJson(fromHex(hex)), hex).toThrow(CanonicalJsonError);
    }
    expect(() => canonicalJson({ a: [1, Number.NaN] })).toThrow(/NaN is not a JSON number \(at "\/a\/1"\)/);
  });

  it("sorts keys by UTF-16 code units, not code points (the RFC's §3.2.3 example)", () => {
    const input = {
      "\u20ac": "Euro Sign",
      "\r": "Carriage Return",
      "\ufb33": "Hebrew Letter Dalet With Dagesh",
      "1": "One",
      "\ud83d\ude00": "Emoji: Grinning Face",
      "\u0080": "Control",
      "\u00f6": "Latin Small Letter O With Diaeresis",
    };
    // Read the order off the text: JSON.parse would move the integer-like key "1" first.
    const text = canonicalJson(input);
    const order = ["\\r", "1", "\u0080", "\u00f6", "\u20ac", "\ud83d\ude00", "\ufb33"].map((k) => text.indexOf(`"${k}"`));
    expect(order.every((pos) => pos > 0)).toBe(true);
    expect([...order].sort((a, b) => a - b)).toEqual(order);
    // Integer-like keys are sorted as strings too: "10" before "9".
    expect(canonicalJson({ 9: 0, 10: 0, a: 0, B: 0 })).toBe('{"10":0,"9":0,"B":0,"a":0}');
  });

  it("escapes strings as the RFC says: short escapes, lowercase \\u00xx for other controls, the rest literal", () => {
    const controls = Array.from({ length: 0x20 }, (_, i) => String.fromCharCode(i)).join("");
    expect(canonicalJson(controls)).toBe(
      '"\\u0000\\u0001\\u0002\\u0003\\u0004\\u0005\\u0006\\u0007\\b\\t\\n\\u000b\\f\\r\\u000e\\u000f' +
        '\\u0010\\u0011\\u0012\\u0013\\u0014\\u0015\\u0016\\u0017\\u0018\\u0019\\u001a\\u001b\\u001c\\u001d\\u001e\\u001f"',
    );
    expect(canonicalJson('"\\/\u007f\u2028\u2029é😀')).toBe('"\\"\\\\/\u007f\u2028\u2029é😀"');
  });

  it("refuses strings with a lone surrogate, in values and in keys", () => {
    expect(() => canonicalJson("\ud800")).toThrow(/lone surrogate/);
    expect(() => canonicalJson("a\udc00b")).toThrow(CanonicalJsonError);
    expect(() => canonicalJson({ "\udead": 1 })).toThrow(CanonicalJsonError);
    expect(() => canonicalJson("\ude00\ud83d")).toThrow(CanonicalJsonError); // reversed pair
    expect(canonicalJson("\ud83d\ude00")).toBe('"😀"');
  });

  it("writes no whitespace and nests arrays and objects", () => {
    expect(canonicalJson({ b: [1, { d: null, c: "x" }, []], a: {} })).toBe('{"a":{},"b":[1,{"c":"x","d":null},[]]}');
    expect(canonicalJson([])).toBe("[]");
    expect(canonicalJson("")).toBe('""');
  });

  it("leaves out object members whose value is undefined, as JSON.stringify does", () => {
    expect(canonicalJson({ a: undefined, b: 1 })).toBe('{"b":1}');
  });

  it("refuses values that are not JSON data, naming where they are", () => {
    const bad: [unknown, RegExp][] = [
      [undefined, /undefined/],
      [[1, undefined], /undefined is not JSON \(array element\) \(at "\/1"\)/],
      [{ f: () => 1 }, /function is not JSON \(at "\/f"\)/],
      [{ s: Symbol("s") }, /symbol/],
      [{ n: 10n }, /bigint/],
      [{ when: new Date(0) }, /Date is not JSON/],
      [new Map(), /Map is not JSON/],
      [{ a: { "b/c~": new (class Thing {})() } }, /Thing is not JSON .*\(at "\/a\/b~1c~0"\)/],
      [new Uint8Array(2), /Uint8Array/],
      [[, 1], /undefined/], // a hole
    ];
    for (const [value, message] of bad) expect(() => canonicalJson(value)).toThrow(message);
    for (const [value] of bad) expect(() => canonicalJson(value)).toThrow(CanonicalJsonError);
  });

  it("refuses cycles but accepts a value shared by two members", () => {
    const loop: Record<string, unknown> = { a: 1 };
    loop.self = loop;
    expect(() => canonicalJson(loop)).toThrow(/cycle \(at "\/self"\)/);
    const shared = { x: 1 };
    expect(canonicalJson({ a: shared, b: [shared] })).toBe('{"a":{"x":1},"b":[{"x":1}]}');
  });

  it(`accepts nesting up to ${MAX_CANONICAL_DEPTH} levels and refuses deeper with a typed error (not a stack overflow)`, () => {
    const nest = (depth: number): unknown => JSON.parse("[".repeat(depth) + "]".repeat(depth));
    expect(canonicalJson(nest(MAX_CANONICAL_DEPTH))).toBe("[".repeat(MAX_CANONICAL_DEPTH) + "]".repeat(MAX_CANONICAL_DEPTH));
    expect(() => canonicalJson(nest(MAX_CANONICAL_DEPTH + 1))).toThrow(CanonicalJsonError);
    expect(() => canonicalJson(nest(200_000))).toThrow(CanonicalJsonError);
  });

  it("accepts objects without a prototype and keys named __proto__", () => {
    const bare = Object.create(null) as Record<string, unknown>;
    bare.z = 1;
    bare.a = 2;
    expect(canonicalJson(bare)).toBe('{"a":2,"z":1}');
    expect(canonicalJson(JSON.parse('{"__proto__":{"x":1},"a":0}'))).toBe('{"__proto__":{"x":1},"a":0}');
  });

  it("round-trips any JSON value and ignores key order (property, fixed seed)", () => {
    fc.assert(
      fc.property(fc.jsonValue(), fc.integer(), (value, seed) => {
        const text = canonicalJson(value);
        expect(JSON.parse(text)).toEqual(JSON.parse(JSON.stringify(value)));
        expect(canonicalJson(JSON.parse(text))).toBe(text);
        let state = seed;
        const rand = () => ((state = (Math.imul(state, 1103515245) + 12345) | 0) >>> 0) / 2 ** 32;
        expect(canonicalJson(shuffleKeys(value, rand))).toBe(text);
      }),
      { seed: 8785, numRuns: 500 },
    );
  });
});

/** What a function gives for `value`: its text, or the message it threw. */
function outcome(f: (value: unknown) => string, value: unknown): { text: unknown } | { error: string } {
  try {
    return { text: JSON.parse(f(value)) as unknown };
  } catch (error) {
    expect(error).toBeInstanceOf(CanonicalJsonError);
    return { error: (error as Error).message };
  }
}

describe("jsonText (sealed payloads) refuses what canonicalJson refuses and writes the same data", () => {
  it("for any value, JSON or not, both give the same data or both refuse it (property, fixed seed)", () => {
    const odd = fc.oneof(
      fc.constant(undefined),
      fc.constant(Number.NaN),
      fc.constant(new Date(0)),
      fc.constant(() => 1),
      fc.constant("\ud800"),
      fc.constant({ "\udead": 1 }),
      fc.constant([, 1]),
    );
    const values = fc.letrec((tie) => ({
      value: fc.oneof({ depthSize: "small" }, fc.jsonValue({ maxDepth: 2 }), odd, fc.array(tie("value"), { maxLength: 3 }), fc.dictionary(fc.string(), tie("value"), { maxKeys: 3 })),
    })).value;
    fc.assert(
      fc.property(values, (value) => {
        const [ours, canonical] = [outcome(jsonText, value), outcome(canonicalJson, value)];
        // With several problems each may name a different one first (canonicalJson walks keys sorted): both refuse.
        if ("error" in canonical) expect(ours).toHaveProperty("error");
        else expect(ours).toEqual(canonical);
      }),
      { seed: 20261204, numRuns: 1000 },
    );
  });

  it("names each single problem as canonicalJson does", () => {
    const bad: unknown[] = [undefined, [1, undefined], { f: () => 1 }, { s: Symbol("s") }, { n: 10n }, { when: new Date(0) }, new Map(), { a: { "b/c~": new Uint8Array(1) } }, [, 1], "\ud800", { "\udead": 1 }, { x: [Number.POSITIVE_INFINITY] }];
    for (const value of bad) expect(outcome(jsonText, value)).toEqual(outcome(canonicalJson, value));
  });

  it("refuses cycles and nesting deeper than the limit, as canonicalJson does", () => {
    const loop: Record<string, unknown> = { a: 1 };
    loop.self = loop;
    expect(outcome(jsonText, loop)).toEqual(outcome(canonicalJson, loop));
    const deep = JSON.parse("[".repeat(MAX_CANONICAL_DEPTH + 1) + "]".repeat(MAX_CANONICAL_DEPTH + 1)) as unknown;
    expect(outcome(jsonText, deep)).toEqual(outcome(canonicalJson, deep));
    expect(outcome(jsonText, deep)).toHaveProperty("error");
  });
});
