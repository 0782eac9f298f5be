import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { Ajv2020 } from "ajv/dist/2020.js";
import addFormatsModule from "ajv-formats";
import type { ElicitRequest, PrimitiveSchemaDefinition } from "@mrtr/schema";
import { checkElicitResponse } from "../../src/elicitation/index.js";

const addFormats = addFormatsModule as unknown as (ajv: Ajv2020) => Ajv2020;

/** A form-mode elicitation with the given fields. */
function formRequest(properties: Record<string, PrimitiveSchemaDefinition>, required?: string[]): ElicitRequest {
  return {
    method: "elicitation/create",
    params: { message: "Please fill in", requestedSchema: { type: "object", properties, ...(required ? { required } : {}) } },
  };
}

/** A URL-mode elicitation. */
const urlRequest: ElicitRequest = {
  method: "elicitation/create",
  params: { mode: "url", message: "Connect your account", url: "https://example.com/connect?token=abc" },
};

/** Whether `content` passes as an accepted answer to a one-field form `field` named `x`. */
function accepts(field: PrimitiveSchemaDefinition, value: unknown): boolean {
  return checkElicitResponse(formRequest({ x: field }), { action: "accept", content: { x: value } }).ok;
}

/** The reason an accepted one-field answer is refused ("" when it is not). */
function reason(field: PrimitiveSchemaDefinition, value: unknown): string {
  const result = checkElicitResponse(formRequest({ x: field }), { action: "accept", content: { x: value } });
  return result.ok ? "" : result.reason;
}

describe("checkElicitResponse requires a valid ElicitResult", () => {
  for (const [what, response] of [
    ["undefined", undefined],
    ["null", null],
    ["a string", "accept"],
    ["no action", { content: {} }],
    ["an unknown action", { action: "maybe" }],
    ["content that is an array", { action: "accept", content: ["a"] }],
    ["a content value that is null", { action: "accept", content: { x: null } }],
    ["a content value that is an object", { action: "accept", content: { x: { y: 1 } } }],
    ["a content value that is an array of numbers", { action: "accept", content: { x: [1] } }],
  ] as Array<[string, unknown]>) {
    it(`refuses ${what}`, () => {
      const result = checkElicitResponse(formRequest({ x: { type: "string" } }), response);
      expect(result.ok).toBe(false);
      if (!result.ok) expect(result.reason).toMatch(/not a valid ElicitResult/);
    });
  }
});

describe("checkElicitResponse on decline and cancel", () => {
  for (const action of ["decline", "cancel"] as const) {
    it(`accepts ${action} and drops any content from the value, in form and URL mode`, () => {
      expect(checkElicitResponse(formRequest({ x: { type: "string" } }, ["x"]), { action })).toEqual({ ok: true, value: { action } });
      expect(checkElicitResponse(formRequest({ x: { type: "string" } }), { action, content: { y: 3 } })).toEqual({ ok: true, value: { action } });
      expect(checkElicitResponse(urlRequest, { action, content: { y: "z" } })).toEqual({ ok: true, value: { action } });
    });
  }
});

describe("checkElicitResponse on URL mode", () => {
  it("accepts accept without content", () => {
    expect(checkElicitResponse(urlRequest, { action: "accept" })).toEqual({ ok: true, value: { action: "accept" } });
  });

  it("refuses accept with content, even empty", () => {
    expect(checkElicitResponse(urlRequest, { action: "accept", content: { apiKey: "sk-123" } })).toMatchObject({ ok: false });
    expect(checkElicitResponse(urlRequest, { action: "accept", content: {} })).toMatchObject({ ok: false, reason: expect.stringMatching(/URL-mode/) });
  });
});

describe("checkElicitResponse on an accepted form: the content must fit the requested schema", () => {
  it("returns the content in the value", () => {
    const result = checkElicitResponse(formRequest({ name: { type: "string" }, age: { type: "integer" } }, ["name"]), {
      action: "accept",
      content: { name: "Ada", age: 36 },
    });
    expect(result).toEqual({ ok: true, value: { action: "accept", content: { name: "Ada", age: 36 } } });
  });

  it("treats absent content as empty: fine without required fields, refused with them", () => {
    expect(checkElicitResponse(formRequest({ x: { type: "string" } }), { action: "accept" })).toEqual({
      ok: true,
      value: { action: "accept", content: {} },
    });
    expect(checkElicitResponse(formRequest({ x: { type: "string" } }, ["x"]), { action: "accept" })).toMatchObject({
      ok: false,
      reason: expect.stringMatching(/missing the required field "x"/),
    });
  });

  it("refuses a missing required field and accepts a missing optional one", () => {
    const request = formRequest({ a: { type: "string" }, b: { type: "string" } }, ["a"]);
    expect(checkElicitResponse(request, { action: "accept", content: { b: "x" } })).toMatchObject({ ok: false, reason: expect.stringMatching(/"a"/) });
    expect(checkElicitResponse(request, { action: "accept", content: { a: "x" } }).ok).toBe(true);
  });

  it("refuses content keys the form does not have, __proto__ included", () => {
    const request = formRequest({ a: { type: "string" } });
    expect(checkElicitResponse(request, { action: "accept", content: { a: "x", isAdmin: true } })).toMatchObject({
      ok: false,
      reason: expect.stringMatching(/"isAdmin", which is not a field of the form/),
    });
    const smuggled: unknown = JSON.parse('{"action":"accept","content":{"a":"x","__proto__":"y"}}');
    expect(checkElicitResponse(request, smuggled)).toMatchObject({ ok: false, reason: expect.stringMatching(/__proto__/) });
  });

  it("string fields: a string, length counted in code points", () => {
    const field: PrimitiveSchemaDefinition = { type: "string", minLength: 2, maxLength: 3 };
    expect(accepts(field, "ab")).toBe(true);
    expect(accepts(field, "😀😀😀")).toBe(true); // 3 code points, 6 UTF-16 units
    expect(reason(field, "a")).toMatch(/content\.x must be at least 2 characters/);
    expect(reason(field, "abcd")).toMatch(/at most 3/);
    expect(reason(field, 12)).toMatch(/must be a string/);
    expect(reason(field, ["ab"])).toMatch(/must be a string/);
  });

  const formats: Array<[string, string[], string[]]> = [
    ["email", ["ada@example.com", "a.b+c@sub.example.org"], ["ada", "ada@", "@example.com", "a b@example.com"]],
    ["uri", ["https://example.com/a?b=c", "urn:isbn:0451450523", "mailto:ada@example.com"], ["example.com", "/relative", "http://exa mple.com"]],
    ["date", ["2026-07-28", "2024-02-29"], ["2026-7-28", "2026-02-30", "2023-02-29", "28/07/2026", "2026-07-28T00:00:00Z"]],
    ["date-time", ["2026-07-28T12:00:00Z", "2026-07-28T12:00:00.123+02:00"], ["2026-07-28", "2026-07-28T12:00:00", "2026-07-28 12:00", "2026-07-28T25:00:00Z"]],
  ];
  for (const [format, valid, invalid] of formats) {
    it(`string fields with format ${format}: accepts ${valid.length} valid and refuses ${invalid.length} invalid values`, () => {
      const field = { type: "string", format } as PrimitiveSchemaDefinition;
      for (const v of valid) expect(accepts(field, v), v).toBe(true);
      for (const v of invalid) expect(reason(field, v), v).toMatch(new RegExp(`must be a valid ${format}`));
    });
  }

  it("number fields: any number within bounds", () => {
    const field: PrimitiveSchemaDefinition = { type: "number", minimum: -1.5, maximum: 10 };
    expect(accepts(field, 2.5)).toBe(true);
    expect(accepts(field, -1.5)).toBe(true);
    expect(accepts(field, 10)).toBe(true);
    expect(reason(field, -2)).toMatch(/at least -1.5/);
    expect(reason(field, 10.01)).toMatch(/at most 10/);
    expect(reason(field, "3")).toMatch(/must be a number/);
    expect(reason(field, true)).toMatch(/must be a number/);
  });

  it("integer fields: whole numbers only (3 and 3.0 alike), within bounds", () => {
    const field: PrimitiveSchemaDefinition = { type: "integer", minimum: 1, maximum: 5 };
    expect(accepts(field, 3)).toBe(true);
    expect(accepts(field, JSON.parse("3.0"))).toBe(true);
    expect(reason(field, 2.5)).toMatch(/must be an integer/);
    expect(reason(field, 0)).toMatch(/at least 1/);
    expect(reason(field, 6)).toMatch(/at most 5/);
    expect(reason(field, "3")).toMatch(/must be an integer/);
  });

  it("boolean fields: true or false only", () => {
    const field: PrimitiveSchemaDefinition = { type: "boolean" };
    expect(accepts(field, true)).toBe(true);
    expect(accepts(field, false)).toBe(true);
    expect(reason(field, "true")).toMatch(/true or false/);
    expect(reason(field, 1)).toMatch(/true or false/);
  });

  const singles: Array<[string, PrimitiveSchemaDefinition]> = [
    ["enum", { type: "string", enum: ["red", "green"] }],
    ["oneOf const", { type: "string", oneOf: [{ const: "red", title: "Red" }, { const: "green", title: "Green" }] }],
    ["legacy enum with enumNames", { type: "string", enum: ["red", "green"], enumNames: ["Red", "Green"] }],
  ];
  for (const [how, field] of singles) {
    it(`single-select by ${how}: one of the values, not a title, not a list`, () => {
      expect(accepts(field, "red")).toBe(true);
      expect(reason(field, "blue")).toMatch(/must be one of "red", "green"/);
      expect(accepts(field, "Red")).toBe(false);
      expect(accepts(field, ["red"])).toBe(false);
    });
  }

  const multis: Array<[string, PrimitiveSchemaDefinition]> = [
    ["items enum", { type: "array", items: { type: "string", enum: ["a", "b", "c"] }, minItems: 1, maxItems: 2 }],
    [
      "items anyOf const",
      { type: "array", items: { anyOf: [{ const: "a", title: "A" }, { const: "b", title: "B" }, { const: "c", title: "C" }] }, minItems: 1, maxItems: 2 },
    ],
  ];
  for (const [how, field] of multis) {
    it(`multi-select by ${how}: distinct options, between minItems and maxItems`, () => {
      expect(accepts(field, ["a"])).toBe(true);
      expect(accepts(field, ["c", "a"])).toBe(true);
      expect(reason(field, [])).toMatch(/at least 1 items/);
      expect(reason(field, ["a", "b", "c"])).toMatch(/at most 2 items/);
      expect(reason(field, ["a", "z"])).toMatch(/"z", which is not one of/);
      expect(reason(field, ["a", "a"])).toMatch(/"a" twice/);
      expect(reason(field, "a")).toMatch(/array of strings/);
    });
  }

  it("refuses an answer to a field the check cannot read", () => {
    const broken = { type: "string", format: "hostname" } as unknown as PrimitiveSchemaDefinition;
    expect(reason(broken, "example.com")).toMatch(/not a form field/);
  });

  it("never throws on a malformed request", () => {
    for (const request of [null, {}, { params: null }, { params: { requestedSchema: null } }, { params: { mode: "other" } }]) {
      expect(checkElicitResponse(request as unknown as ElicitRequest, { action: "accept", content: {} }).ok).toBe(false);
    }
  });
});

describe("checkElicitResponse gives ajv's verdict on random content (fast-check, fixed seed)", () => {
  const properties: Record<string, PrimitiveSchemaDefinition> = {
    name: { type: "string", minLength: 1, maxLength: 8 },
    email: { type: "string", format: "email" },
    site: { type: "string", format: "uri" },
    day: { type: "string", format: "date" },
    at: { type: "string", format: "date-time" },
    ratio: { type: "number", minimum: 0, maximum: 1 },
    count: { type: "integer", minimum: -3, maximum: 3 },
    ok: { type: "boolean" },
    color: { type: "string", enum: ["red", "green"] },
    size: { type: "string", oneOf: [{ const: "s", title: "Small" }, { const: "l", title: "Large" }] },
    tags: { type: "array", items: { type: "string", enum: ["a", "b", "c"] }, minItems: 1, maxItems: 2 },
    picks: { type: "array", items: { anyOf: [{ const: "x", title: "X" }, { const: "y", title: "Y" }] }, maxItems: 1 },
  };
  const required = ["name", "count"];
  const request = formRequest(properties, required);

  // The oracle: the same schema closed to extra keys, with picks distinct, as JSON Schema says it.
  const ajv = new Ajv2020({ strict: false });
  addFormats(ajv);
  const closed = Object.fromEntries(
    Object.entries(properties).map(([k, f]) => [k, f.type === "array" ? { ...f, uniqueItems: true } : f]),
  );
  const oracle = ajv.compile({ type: "object", properties: closed, required, additionalProperties: false });

  const date = fc.date({ min: new Date("1900-01-01T00:00:00Z"), max: new Date("2100-12-31T23:59:59Z"), noInvalidDate: true });
  const text = fc.oneof(
    fc.string({ maxLength: 12 }),
    fc.string({ unit: "grapheme", maxLength: 10 }),
    fc.emailAddress(),
    fc.webUrl(),
    date.map((d) => d.toISOString()),
    date.map((d) => d.toISOString().slice(0, 10)),
    fc.constantFrom("red", "green", "s", "l", "Large", "a", "x"),
  );
  const value = fc.oneof(
    text,
    fc.integer({ min: -5, max: 5 }),
    fc.double({ noNaN: true, noDefaultInfinity: true, min: -2, max: 2 }),
    fc.boolean(),
    fc.array(fc.constantFrom("a", "b", "c", "x", "y", "z"), { maxLength: 3 }),
  );
  // Mostly fitting values (so both verdicts occur often), sometimes any value.
  const fitting: Record<string, fc.Arbitrary<unknown>> = {
    name: fc.string({ minLength: 1, maxLength: 8 }),
    email: fc.emailAddress(),
    site: fc.webUrl(),
    day: date.map((d) => d.toISOString().slice(0, 10)),
    at: date.map((d) => d.toISOString()),
    ratio: fc.double({ noNaN: true, min: 0, max: 1 }),
    count: fc.integer({ min: -3, max: 3 }),
    ok: fc.boolean(),
    color: fc.constantFrom("red", "green"),
    size: fc.constantFrom("s", "l"),
    tags: fc.uniqueArray(fc.constantFrom("a", "b", "c"), { minLength: 1, maxLength: 2 }),
    picks: fc.uniqueArray(fc.constantFrom("x", "y"), { maxLength: 1 }),
  };
  const rarely = <T,>(arb: fc.Arbitrary<T>) => fc.oneof({ weight: 12, arbitrary: fc.constant(null) }, { weight: 1, arbitrary: arb });
  const field = (key: string) => fc.oneof({ weight: 12, arbitrary: fitting[key] ?? value }, { weight: 1, arbitrary: value });
  const content = fc
    .tuple(
      fc.record(Object.fromEntries(Object.keys(properties).map((k) => [k, field(k)])), {
        requiredKeys: required,
      }),
      rarely(fc.constantFrom("name", "count")),
      rarely(value),
    )
    .map(([c, drop, extra]) => {
      const out: Record<string, unknown> = { ...c };
      if (drop !== null) delete out[drop];
      if (extra !== null) out.extra = extra;
      return out;
    });

  it("agrees with ajv + ajv-formats on 3000 random contents", () => {
    fc.assert(
      fc.property(content, (c) => {
        expect(checkElicitResponse(request, { action: "accept", content: c }).ok).toBe(oracle(c));
      }),
      { seed: 20260728, numRuns: 3000 },
    );
  });

  it("agrees with ajv on random strings against each format and length bound", () => {
    fc.assert(
      fc.property(fc.constantFrom("name", "email", "site", "day", "at"), text, (key, s) => {
        const c = { name: "n", count: 0, [key]: s };
        expect(checkElicitResponse(request, { action: "accept", content: c }).ok).toBe(oracle(c));
      }),
      { seed: 20260728, numRuns: 3000 },
    );
  });
});
