import { describe, expect, it } from "vitest";
import type { ElicitRequestFormParams } from "@mrtr/schema";
import { assertSafeForm, ElicitationDefinitionError, FormSchemaError, FormSecretError } from "../../src/elicitation/index.js";

/** Form params with the given fields (and `required`), typed loosely so malformed schemas can be tried. */
function form(properties: Record<string, unknown>, extra: Record<string, unknown> = {}): ElicitRequestFormParams {
  return { message: "Please fill in", requestedSchema: { type: "object", properties, ...extra } } as unknown as ElicitRequestFormParams;
}

/** The FormSchemaError thrown for `params`, failing the test if none is. */
function schemaErrorOf(params: ElicitRequestFormParams): FormSchemaError {
  try {
    assertSafeForm(params);
  } catch (error) {
    expect(error).toBeInstanceOf(FormSchemaError);
    return error as FormSchemaError;
  }
  throw new Error("expected a FormSchemaError");
}

describe("assertSafeForm accepts every primitive field kind of the restricted subset", () => {
  const accepted: Record<string, unknown> = {
    "plain string": { type: "string" },
    "string with title, description, lengths and default": { type: "string", title: "Name", description: "Full name", minLength: 1, maxLength: 50, default: "Ada" },
    "string format email": { type: "string", format: "email", default: "ada@example.com" },
    "string format uri": { type: "string", format: "uri", default: "https://example.com/" },
    "string format date": { type: "string", format: "date", default: "2026-07-28" },
    "string format date-time": { type: "string", format: "date-time", default: "2026-07-28T12:00:00Z" },
    "number with bounds and default": { type: "number", minimum: 0.5, maximum: 9.5, default: 1.25 },
    "integer with bounds and default": { type: "integer", minimum: 1, maximum: 10, default: 3 },
    "boolean with default": { type: "boolean", title: "Subscribe", default: false },
    "single-select enum": { type: "string", enum: ["red", "green"], default: "red" },
    "single-select oneOf const/title": { type: "string", oneOf: [{ const: "r", title: "Red" }, { const: "g", title: "Green" }], default: "g" },
    "legacy enum with enumNames": { type: "string", enum: ["r", "g"], enumNames: ["Red", "Green"] },
    "multi-select items enum": { type: "array", items: { type: "string", enum: ["a", "b", "c"] }, minItems: 1, maxItems: 2, default: ["a"] },
    "multi-select items anyOf const/title": { type: "array", items: { anyOf: [{ const: "a", title: "A" }, { const: "b", title: "B" }] }, default: ["a", "b"] },
  };
  for (const [kind, field] of Object.entries(accepted)) {
    it(`accepts a ${kind}`, () => {
      expect(() => assertSafeForm(form({ field }, { required: ["field"] }))).not.toThrow();
    });
  }

  it("accepts every kind together, with $schema, required and additionalProperties: false", () => {
    expect(() =>
      assertSafeForm(
        form(Object.fromEntries(Object.values(accepted).map((f, i) => [`f${i}`, f])), {
          $schema: "https://json-schema.org/draft/2020-12/schema",
          required: ["f0", "f3"],
          additionalProperties: false,
        }),
      ),
    ).not.toThrow();
  });

  it("accepts a form with no fields and an explicit mode form", () => {
    expect(() => assertSafeForm({ mode: "form", message: "Confirm?", requestedSchema: { type: "object", properties: {} } })).not.toThrow();
  });
});

describe("assertSafeForm refuses, naming the field, a schema outside the subset", () => {
  const refused: Array<[string, unknown, RegExp]> = [
    ["a nested object property", { type: "object", properties: { street: { type: "string" } } }, /nested objects/],
    ["a string with a nested properties object", { type: "string", properties: { a: { type: "string" } } }, /nested objects/],
    ["an array of objects", { type: "array", items: { type: "object", properties: { a: { type: "string" } } } }, /arrays of objects/],
    ["an array of free strings", { type: "array", items: { type: "string" } }, /items/],
    ["an unknown keyword (pattern)", { type: "string", pattern: "^a+$" }, /"pattern"/],
    ["a $ref", { type: "string", $ref: "#/$defs/x" }, /"\$ref"/],
    ["a format outside email|uri|date|date-time", { type: "string", format: "hostname" }, /"format" "hostname"/],
    ["a missing type", { title: "Untyped" }, /"type" must be/],
    ["type null", { type: "null" }, /"type" must be/],
    ["a type array", { type: ["string", "null"] }, /"type" must be/],
    ["a string default of the wrong type", { type: "string", default: 3 }, /"default" must be a string/],
    ["a default too long", { type: "string", maxLength: 2, default: "abc" }, /"default" must be at most 2/],
    ["a default not in its format", { type: "string", format: "email", default: "nope" }, /"default" must be a valid email/],
    ["a number default of the wrong type", { type: "number", default: "3" }, /"default" must be a number/],
    ["an integer default that is fractional", { type: "integer", default: 2.5 }, /"default" must be an integer/],
    ["a number default out of bounds", { type: "number", minimum: 1, default: 0 }, /"default" must be at least 1/],
    ["a boolean default of the wrong type", { type: "boolean", default: "yes" }, /"default" must be true or false/],
    ["an enum default outside the enum", { type: "string", enum: ["a", "b"], default: "c" }, /"default" must be one of "a", "b"/],
    ["a oneOf default outside the consts", { type: "string", oneOf: [{ const: "a", title: "A" }], default: "b" }, /"default" must be one of "a"/],
    ["a multi-select default outside the options", { type: "array", items: { type: "string", enum: ["a"] }, default: ["b"] }, /"default" has "b"/],
    ["a multi-select default that is not an array", { type: "array", items: { type: "string", enum: ["a"] }, default: "a" }, /"default" must be an array/],
    ["minLength > maxLength", { type: "string", minLength: 5, maxLength: 2 }, /"minLength" \(5\) is greater than "maxLength" \(2\)/],
    ["minimum > maximum", { type: "number", minimum: 5, maximum: 2 }, /"minimum" \(5\) is greater than "maximum" \(2\)/],
    ["minItems > maxItems", { type: "array", items: { type: "string", enum: ["a", "b", "c"] }, minItems: 3, maxItems: 1 }, /"minItems" \(3\) is greater/],
    ["minItems above the number of options", { type: "array", items: { type: "string", enum: ["a"] }, minItems: 2 }, /more picks than there are options/],
    ["a negative minLength", { type: "string", minLength: -1 }, /"minLength" must be a whole number/],
    ["a fractional maxItems", { type: "array", items: { type: "string", enum: ["a"] }, maxItems: 1.5 }, /"maxItems" must be a whole number/],
    ["enum and oneOf together", { type: "string", enum: ["a"], oneOf: [{ const: "a", title: "A" }] }, /either "enum" or "oneOf"/],
    ["an empty enum", { type: "string", enum: [] }, /at least one option/],
    ["a duplicate enum value", { type: "string", enum: ["a", "a"] }, /"enum" lists "a" twice/],
    ["a non-string enum value", { type: "string", enum: ["a", 1] }, /array of strings/],
    ["enumNames of the wrong length", { type: "string", enum: ["a", "b"], enumNames: ["A"] }, /"enumNames"/],
    ["a oneOf option without a title", { type: "string", oneOf: [{ const: "a" }] }, /\{const: string, title: string\}/],
    ["a oneOf option with an extra key", { type: "string", oneOf: [{ const: "a", title: "A", description: "x" }] }, /"description"/],
    ["a number enum", { type: "number", enum: [1, 2] }, /"enum"/],
    ["multi-select items enum without type string", { type: "array", items: { enum: ["a"] } }, /items/],
    ["multi-select items with an extra key", { type: "array", items: { type: "string", enum: ["a"], minLength: 1 } }, /"items" has "minLength"/],
    ["multi-select with uniqueItems", { type: "array", items: { type: "string", enum: ["a"] }, uniqueItems: true }, /"uniqueItems"/],
    ["a non-string title", { type: "string", title: 3 }, /"title" must be a string/],
    ["a field that is not an object", "string", /schema object/],
  ];
  for (const [what, field, message] of refused) {
    it(`refuses ${what}`, () => {
      const error = schemaErrorOf(form({ answer: field }));
      expect(error.field).toBe("answer");
      expect(error.message).toContain('Form field "answer"');
      expect(error.message).toMatch(message);
      expect(error.message).toContain("Form fields may only be");
    });
  }

  it("refuses required naming an unknown field, naming it", () => {
    const error = schemaErrorOf(form({ name: { type: "string" } }, { required: ["name", "age"] }));
    expect(error.field).toBe("age");
    expect(error.message).toMatch(/"required" names "age", which is not a field/);
  });

  it("refuses required naming a field twice", () => {
    expect(schemaErrorOf(form({ name: { type: "string" } }, { required: ["name", "name"] })).message).toMatch(/twice/);
  });

  it("refuses a requestedSchema whose type is not object", () => {
    const error = schemaErrorOf({ message: "m", requestedSchema: { type: "array", properties: {} } } as unknown as ElicitRequestFormParams);
    expect(error.field).toBeUndefined();
    expect(error.message).toMatch(/type "object"/);
  });

  it("refuses unknown keywords at the top of requestedSchema", () => {
    expect(schemaErrorOf(form({}, { allOf: [] })).message).toMatch(/requestedSchema has "allOf"/);
    expect(schemaErrorOf(form({}, { additionalProperties: true })).message).toMatch(/additionalProperties may only be false/);
  });

  it("refuses the field name __proto__ and the empty name", () => {
    const params = form({});
    Object.defineProperty(params.requestedSchema.properties, "__proto__", { value: { type: "string" }, enumerable: true });
    expect(schemaErrorOf(params).message).toMatch(/"__proto__" is not allowed/);
    expect(schemaErrorOf(form({ "": { type: "string" } })).message).toMatch(/"" is not allowed/);
  });

  it("falls back to zod's verdict for what the subset checks do not cover (message, mode)", () => {
    const noMessage = { requestedSchema: { type: "object", properties: {} } } as unknown as ElicitRequestFormParams;
    expect(schemaErrorOf(noMessage).message).toMatch(/invalid elicitation params at message/);
    const urlMode = { mode: "url", message: "m", requestedSchema: { type: "object", properties: {} } } as unknown as ElicitRequestFormParams;
    expect(schemaErrorOf(urlMode).message).toMatch(/at mode/);
  });

  it("refuses params that are not an object", () => {
    expect(schemaErrorOf(null as unknown as ElicitRequestFormParams).message).toMatch(/requestedSchema must be an object/);
  });

  it("throws errors that are ElicitationDefinitionErrors, named after their class", () => {
    const error = schemaErrorOf(form({ a: { type: "object" } }));
    expect(error).toBeInstanceOf(ElicitationDefinitionError);
    expect(error).toBeInstanceOf(Error);
    expect(error.name).toBe("FormSchemaError");
    expect(error).not.toBeInstanceOf(FormSecretError);
  });
});
