import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { Ajv2020 } from "ajv/dist/2020.js";
import addFormatsModule from "ajv-formats";
import type { ElicitRequest, PrimitiveSchemaDefinition } from "@mrtr/schema";
import { checkElicitResponse } from "@mrtr/server/elicitation";
import { checkFormAnswer } from "../../src/elicitation/index.js";

const addFormats = addFormatsModule as unknown as (ajv: Ajv2020) => Ajv2020;
const ajv = addFormats(new Ajv2020({ strict: false, allErrors: false }));

/** Optional non-negative bounds `[min, max]` with min <= max when both are present. */
const bounds = (limit: number) =>
  fc
    .tuple(fc.option(fc.nat(limit), { nil: undefined }), fc.option(fc.nat(limit), { nil: undefined }))
    .map(([a, b]) => (a !== undefined && b !== undefined && a > b ? ([b, a] as const) : ([a, b] as const)));

/** Option values, distinct. */
const optionValues = fc.uniqueArray(fc.constantFrom("a", "b", "c", "d", "e", "é", "👍"), { minLength: 1, maxLength: 5 });

/** A field schema of every kind, with a generator of plausible (often valid) values for it. */
const fieldArb: fc.Arbitrary<{ schema: PrimitiveSchemaDefinition; values: fc.Arbitrary<unknown> }> = fc.oneof(
  fc
    .tuple(
      bounds(4),
      fc.option(fc.constantFrom("email", "uri", "date", "date-time") as fc.Arbitrary<"email" | "uri" | "date" | "date-time">, {
        nil: undefined,
        freq: 1,
      }),
    )
    .map(([[minLength, maxLength], format]) => ({
      schema: {
        type: "string" as const,
        ...(minLength !== undefined ? { minLength } : {}),
        ...(maxLength !== undefined ? { maxLength } : {}),
        ...(format ? { format } : {}),
      },
      values: fc.oneof(
        fc.string({ maxLength: 6, unit: fc.constantFrom("a", "é", "👍", "\ud83d", "\ude00") }),
        fc.constantFrom("a@b.co", "https://x.io", "2026-07-28", "2026-02-30", "2026-07-28T10:00:00Z", "👍👍👍"),
        fc.integer(),
      ),
    })),
  fc.tuple(fc.constantFrom("number", "integer") as fc.Arbitrary<"number" | "integer">, bounds(10)).map(([type, [minimum, maximum]]) => ({
    schema: { type, ...(minimum !== undefined ? { minimum } : {}), ...(maximum !== undefined ? { maximum } : {}) },
    values: fc.oneof(fc.integer({ min: -2, max: 12 }), fc.double({ min: -2, max: 12, noNaN: true }), fc.constant("5")),
  })),
  fc.constant({ schema: { type: "boolean" as const }, values: fc.oneof(fc.boolean(), fc.constant("true"), fc.constant(0)) }),
  fc.tuple(optionValues, fc.nat(2)).map(([options, style]) => ({
    schema:
      style === 0
        ? { type: "string" as const, enum: options }
        : style === 1
        ? { type: "string" as const, oneOf: options.map((o) => ({ const: o, title: o.toUpperCase() })) }
        : { type: "string" as const, enum: options, enumNames: options.map((o) => `${o}!`) },
    values: fc.oneof(fc.constantFrom(...options), fc.constant("zz"), fc.constant(options)),
  })),
  fc.tuple(optionValues, fc.boolean(), bounds(4)).map(([options, titled, [minItems, maxItems]]) => {
    const limits = { ...(minItems !== undefined ? { minItems } : {}), ...(maxItems !== undefined ? { maxItems } : {}) };
    const schema: PrimitiveSchemaDefinition = titled
      ? { type: "array", items: { anyOf: options.map((o) => ({ const: o, title: o })) }, ...limits }
      : { type: "array", items: { type: "string", enum: options }, ...limits };
    return { schema, values: fc.oneof(fc.array(fc.constantFrom(...options, "zz"), { maxLength: 5 }), fc.constantFrom(...options)) };
  }),
);

/** A form of up to four fields, with an answer that gives some of them values and maybe an extra key. */
const caseArb = fc
  .array(fieldArb, { minLength: 0, maxLength: 4 })
  .chain((fields) =>
    fc.record({
      fields: fc.constant(fields),
      required: fc.subarray(fields.map((_, i) => `f${i}`)),
      answers: fc.tuple(...fields.map((f) => fc.option(f.values, { nil: undefined, freq: 4 }))),
      extra: fc.boolean().map((b) => (b ? { extra: "x" } : {})),
    }),
  )
  .map(({ fields, required, answers, extra }) => {
    const properties = Object.fromEntries(fields.map((f, i) => [`f${i}`, f.schema]));
    const content: Record<string, unknown> = { ...extra };
    answers.forEach((value, i) => {
      if (value !== undefined) content[`f${i}`] = value;
    });
    return { requestedSchema: { type: "object" as const, properties, required }, content };
  });

/** The requested schema as plain JSON Schema, closed, with multi-selects' "each option once" as uniqueItems. */
function strictJsonSchema(requestedSchema: { properties: Record<string, PrimitiveSchemaDefinition>; required: string[] }): object {
  const properties = Object.fromEntries(
    Object.entries(requestedSchema.properties).map(([name, schema]) => [
      name,
      schema.type === "array" ? { ...schema, uniqueItems: true } : schema,
    ]),
  );
  return { type: "object", properties, required: requestedSchema.required, additionalProperties: false };
}

describe("checkFormAnswer agrees with the oracles", () => {
  it("gives ajv's verdict (closed schema, unique picks) on forms without defaults, and passes valid content unchanged", () => {
    let accepted = 0;
    let refused = 0;
    fc.assert(
      fc.property(caseArb, ({ requestedSchema, content }) => {
        const ours = checkFormAnswer(requestedSchema, content);
        const theirs = ajv.validate(strictJsonSchema(requestedSchema), content);
        expect(ours.ok).toBe(theirs);
        if (!ours.ok) refused++;
        if (ours.ok) {
          accepted++;
          expect(ours.content).toEqual(content);
        }
      }),
      { seed: 20260728, numRuns: 1000 },
    );
    expect(accepted).toBeGreaterThan(100);
    expect(refused).toBeGreaterThan(100);
  });

  it("only ever produces content the server's answer check accepts", () => {
    fc.assert(
      fc.property(caseArb, ({ requestedSchema, content }) => {
        const ours = checkFormAnswer(requestedSchema, content);
        if (!ours.ok) return;
        const request: ElicitRequest = { method: "elicitation/create", params: { message: "Fill in", requestedSchema } };
        const server = checkElicitResponse(request, { action: "accept", content: ours.content });
        expect(server).toMatchObject({ ok: true });
      }),
      { seed: 7, numRuns: 1000 },
    );
  });
});
