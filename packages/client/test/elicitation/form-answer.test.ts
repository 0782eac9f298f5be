import { describe, expect, it } from "vitest";
import type { ElicitRequestFormParams, PrimitiveSchemaDefinition } from "@mrtr/schema";
import { checkFormAnswer } from "../../src/elicitation/index.js";
import { codePointLength } from "../../src/elicitation/form-answer.js";

type RequestedSchema = ElicitRequestFormParams["requestedSchema"];

/** A form with the given fields. */
function form(properties: Record<string, PrimitiveSchemaDefinition>, required?: string[]): RequestedSchema {
  return { type: "object", properties, ...(required ? { required } : {}) };
}

/** The verdict on `{ x: value }` for a one-field form (required, so "left out" is visible). */
function one(field: PrimitiveSchemaDefinition, value: unknown) {
  return checkFormAnswer(form({ x: field }, ["x"]), { x: value });
}

/** The single message for a one-field answer, or "ok". */
function message(field: PrimitiveSchemaDefinition, value: unknown): string {
  const result = one(field, value);
  if (result.ok) return "ok";
  expect(result.problems).toHaveLength(1);
  return result.problems[0]!.message;
}

describe("text fields", () => {
  const field: PrimitiveSchemaDefinition = { type: "string" };

  it("accept any string, including the empty one", () => {
    expect(one(field, "Ada")).toEqual({ ok: true, content: { x: "Ada" } });
    expect(message(field, "")).toBe("ok");
  });

  it("refuse non-strings without coercion", () => {
    for (const value of [5, true, ["a"], { a: 1 }]) expect(message(field, value)).toBe("Enter text");
  });

  it("count minLength and maxLength in code points, so an emoji is one character", () => {
    const short: PrimitiveSchemaDefinition = { type: "string", maxLength: 2 };
    expect("👍👍".length).toBe(4);
    expect(message(short, "👍👍")).toBe("ok");
    expect(message(short, "👍👍👍")).toBe("Enter at most 2 characters");
    const long: PrimitiveSchemaDefinition = { type: "string", minLength: 3 };
    expect(message(long, "😀😀")).toBe("Enter at least 3 characters");
    expect(message(long, "😀😀😀")).toBe("ok");
  });

  it("word the length rule by the bounds it has", () => {
    expect(message({ type: "string", minLength: 2, maxLength: 5 }, "a")).toBe("Enter between 2 and 5 characters");
    expect(message({ type: "string", minLength: 4, maxLength: 4 }, "a")).toBe("Enter exactly 4 characters");
    expect(message({ type: "string", minLength: 1 }, "")).toBe("Enter at least 1 character");
  });

  it("check the email format", () => {
    const email: PrimitiveSchemaDefinition = { type: "string", format: "email" };
    expect(message(email, "ada@example.com")).toBe("ok");
    expect(message(email, "ada@")).toBe("Enter an email address, like name@example.com");
    expect(message(email, 7)).toBe("Enter an email address, like name@example.com");
  });

  it("check the uri format (absolute URIs only)", () => {
    const uri: PrimitiveSchemaDefinition = { type: "string", format: "uri" };
    expect(message(uri, "https://example.com/a?b=c")).toBe("ok");
    expect(message(uri, "example.com")).toBe("Enter a full web address, like https://example.com");
  });

  it("check the date format, real calendar days only", () => {
    const date: PrimitiveSchemaDefinition = { type: "string", format: "date" };
    expect(message(date, "2026-07-28")).toBe("ok");
    expect(message(date, "2024-02-29")).toBe("ok");
    expect(message(date, "2026-02-30")).toBe("Enter a date as year-month-day, like 2026-07-28");
    expect(message(date, "28/07/2026")).toBe("Enter a date as year-month-day, like 2026-07-28");
  });

  it("check the date-time format, which needs a time zone", () => {
    const dateTime: PrimitiveSchemaDefinition = { type: "string", format: "date-time" };
    expect(message(dateTime, "2026-07-28T14:30:00Z")).toBe("ok");
    expect(message(dateTime, "2026-07-28T14:30:00+02:00")).toBe("ok");
    expect(message(dateTime, "2026-07-28T14:30:00")).toBe("Enter a date and time with a time zone, like 2026-07-28T14:30:00Z");
  });

  it("check the length before the format", () => {
    expect(message({ type: "string", format: "email", maxLength: 3 }, "ada@example.com")).toBe("Enter at most 3 characters");
  });
});

describe("number fields", () => {
  it("accept any finite number within the bounds, fractions included", () => {
    expect(message({ type: "number", minimum: 0, maximum: 1 }, 0.5)).toBe("ok");
    expect(message({ type: "number", minimum: 0, maximum: 1 }, 0)).toBe("ok");
    expect(message({ type: "number", minimum: 0, maximum: 1 }, 1)).toBe("ok");
  });

  it("refuse values outside the bounds with a message stating them", () => {
    expect(message({ type: "number", minimum: 0, maximum: 1 }, 1.5)).toBe("Enter a number between 0 and 1");
    expect(message({ type: "number", minimum: 18 }, 17)).toBe("Enter a number that is at least 18");
    expect(message({ type: "number", maximum: 99.5 }, 100)).toBe("Enter a number that is at most 99.5");
  });

  it("refuse strings, even numeric ones, and non-finite numbers", () => {
    for (const value of ["5", true, [5], Number.NaN, Number.POSITIVE_INFINITY]) {
      expect(message({ type: "number" }, value)).toBe("Enter a number");
    }
  });
});

describe("integer fields", () => {
  const field: PrimitiveSchemaDefinition = { type: "integer", minimum: 1, maximum: 10 };

  it("accept whole numbers within the bounds, and 2.0 is whole", () => {
    expect(one(field, 7)).toEqual({ ok: true, content: { x: 7 } });
    expect(message(field, 2.0)).toBe("ok");
  });

  it("refuse fractions and out-of-range values with 'Enter a whole number between 1 and 10'", () => {
    expect(message(field, 2.5)).toBe("Enter a whole number between 1 and 10");
    expect(message(field, 11)).toBe("Enter a whole number between 1 and 10");
    expect(message(field, "7")).toBe("Enter a whole number between 1 and 10");
    expect(message({ type: "integer" }, 0.1)).toBe("Enter a whole number");
  });
});

describe("boolean fields", () => {
  it("accept true and false only", () => {
    expect(message({ type: "boolean" }, true)).toBe("ok");
    expect(message({ type: "boolean" }, false)).toBe("ok");
    for (const value of ["true", 1, 0]) expect(message({ type: "boolean" }, value)).toBe("Choose yes or no");
  });
});

describe("single-select fields", () => {
  it("accept only a member of enum", () => {
    const field: PrimitiveSchemaDefinition = { type: "string", enum: ["red", "green"] };
    expect(message(field, "green")).toBe("ok");
    expect(message(field, "blue")).toBe("Choose one of: red, green");
    expect(message(field, ["red"])).toBe("Choose one of: red, green");
  });

  it("accept only a oneOf const, naming the options by title", () => {
    const field: PrimitiveSchemaDefinition = {
      type: "string",
      oneOf: [
        { const: "r", title: "Red" },
        { const: "g", title: "Green" },
      ],
    };
    expect(message(field, "r")).toBe("ok");
    expect(message(field, "Red")).toBe("Choose one of: Red, Green");
  });

  it("accept only a member of a legacy enum, naming the options by enumNames", () => {
    const field: PrimitiveSchemaDefinition = { type: "string", enum: ["r", "g"], enumNames: ["Red", "Green"] };
    expect(message(field, "g")).toBe("ok");
    expect(message(field, "Green")).toBe("Choose one of: Red, Green");
  });

  it("stop listing options in the message when there are many", () => {
    const field: PrimitiveSchemaDefinition = { type: "string", enum: Array.from({ length: 11 }, (_, i) => `o${i}`) };
    expect(message(field, "x")).toBe("Choose one of the listed options");
  });
});

describe("multi-select fields", () => {
  const untitled: PrimitiveSchemaDefinition = { type: "array", items: { type: "string", enum: ["a", "b", "c"] }, minItems: 1, maxItems: 2 };
  const titled: PrimitiveSchemaDefinition = {
    type: "array",
    items: {
      anyOf: [
        { const: "a", title: "A" },
        { const: "b", title: "B" },
      ],
    },
  };

  it("accept distinct members of items.enum within minItems..maxItems", () => {
    expect(one(untitled, ["a", "c"])).toEqual({ ok: true, content: { x: ["a", "c"] } });
  });

  it("accept distinct members of items.anyOf consts, and an empty pick without bounds", () => {
    expect(message(titled, ["b", "a"])).toBe("ok");
    expect(message(titled, [])).toBe("ok");
  });

  it("refuse values that are not options", () => {
    expect(message(untitled, ["a", "z"])).toBe("Choose only from the listed options");
    expect(message(titled, ["A"])).toBe("Choose only from the listed options");
  });

  it("refuse duplicates", () => {
    expect(message(titled, ["a", "a"])).toBe("Choose each option only once");
  });

  it("refuse too few or too many picks, stating the bounds", () => {
    expect(message(untitled, [])).toBe("Choose between 1 and 2 options");
    expect(message(untitled, ["a", "b", "c"])).toBe("Choose between 1 and 2 options");
    expect(message({ ...titled, minItems: 2 }, ["a"])).toBe("Choose at least 2 options");
    expect(message({ ...titled, maxItems: 1 }, ["a", "b"])).toBe("Choose at most 1 option");
    expect(message({ ...titled, minItems: 1, maxItems: 1 }, [])).toBe("Choose exactly 1 option");
  });

  it("refuse a lone string or an array with non-strings", () => {
    expect(message(titled, "a")).toBe("Choose from the listed options");
    expect(message(titled, ["a", 1])).toBe("Choose from the listed options");
  });

  it("send a copy of the picked array, not the caller's", () => {
    const picks = ["a"];
    const result = one(titled, picks);
    expect(result.ok && result.content.x).not.toBe(picks);
  });
});

describe("defaults", () => {
  const schema = form(
    {
      name: { type: "string", default: "Ada" },
      age: { type: "integer", default: 36 },
      subscribe: { type: "boolean", default: false },
      colour: { type: "string", enum: ["red", "green"], default: "green" },
      tags: { type: "array", items: { type: "string", enum: ["x", "y"] }, default: ["y"] },
    },
    ["name", "age", "subscribe", "colour", "tags"],
  );

  it("fill every field the user left out, so required fields with defaults are satisfied", () => {
    expect(checkFormAnswer(schema, undefined)).toEqual({
      ok: true,
      content: { name: "Ada", age: 36, subscribe: false, colour: "green", tags: ["y"] },
    });
  });

  it("treat undefined and null as left out", () => {
    const result = checkFormAnswer(schema, { name: undefined, age: null });
    expect(result.ok && result.content).toMatchObject({ name: "Ada", age: 36 });
  });

  it("never override a value the user gave, even an empty string or false", () => {
    const result = checkFormAnswer(form({ a: { type: "string", default: "x" }, b: { type: "boolean", default: true } }), {
      a: "",
      b: false,
    });
    expect(result).toEqual({ ok: true, content: { a: "", b: false } });
  });

  it("check a default like a typed value, reporting a bad one on its field", () => {
    const result = checkFormAnswer(form({ colour: { type: "string", enum: ["red"], default: "purple" } }), {});
    expect(result).toEqual({ ok: false, problems: [{ field: "colour", message: "Choose one of: red" }] });
  });

  it("leave optional fields without a value or default out of the content", () => {
    expect(checkFormAnswer(form({ a: { type: "string" }, b: { type: "number" } }), { b: 1 })).toEqual({ ok: true, content: { b: 1 } });
  });

  it("send a copy of an array default, not the schema's own array", () => {
    const defaults = ["y"];
    const result = checkFormAnswer(form({ tags: { type: "array", items: { type: "string", enum: ["y"] }, default: defaults } }), {});
    expect(result.ok && result.content.tags).toEqual(["y"]);
    expect(result.ok && result.content.tags).not.toBe(defaults);
  });
});

describe("required fields", () => {
  it("must be present after defaults are applied", () => {
    const schema = form({ a: { type: "string" }, b: { type: "boolean" } }, ["a", "b"]);
    expect(checkFormAnswer(schema, { a: "x" })).toEqual({ ok: false, problems: [{ field: "b", message: "This field is required" }] });
    expect(checkFormAnswer(schema, undefined)).toEqual({
      ok: false,
      problems: [
        { field: "a", message: "This field is required" },
        { field: "b", message: "This field is required" },
      ],
    });
  });

  it("that the form does not define make the form impossible to complete", () => {
    const result = checkFormAnswer(form({ a: { type: "string" } }, ["ghost"]), { a: "x" });
    expect(result.ok).toBe(false);
    expect(!result.ok && result.problems.map((p) => p.field)).toEqual(["ghost"]);
  });
});

describe("unknown keys", () => {
  it("are refused: the client never sends a field the server did not ask for", () => {
    const result = checkFormAnswer(form({ a: { type: "string" } }), { a: "x", password: "hunter2" });
    expect(result).toEqual({ ok: false, problems: [{ field: "password", message: "This field is not part of the form" }] });
  });

  it("are refused even when named like Object.prototype members", () => {
    const content = JSON.parse('{"__proto__": "x", "constructor": "y", "toString": "z"}') as Record<string, unknown>;
    const result = checkFormAnswer(form({ a: { type: "string" } }), content);
    expect(!result.ok && result.problems.map((p) => p.field)).toEqual(["__proto__", "constructor", "toString"]);
  });

  it("left undefined or null are ignored, since nothing would be sent", () => {
    expect(checkFormAnswer(form({ a: { type: "string" } }), { a: "x", b: undefined, c: null })).toEqual({ ok: true, content: { a: "x" } });
  });
});

describe("the whole answer", () => {
  it("lists every problem, fields in property order, then unknown keys", () => {
    const schema = form(
      { n: { type: "integer", minimum: 1, maximum: 10 }, e: { type: "string", format: "email" }, ok: { type: "boolean" } },
      ["n"],
    );
    const result = checkFormAnswer(schema, { extra: 1, e: "nope", n: 0, ok: true });
    expect(result).toEqual({
      ok: false,
      problems: [
        { field: "n", message: "Enter a whole number between 1 and 10" },
        { field: "e", message: "Enter an email address, like name@example.com" },
        { field: "extra", message: "This field is not part of the form" },
      ],
    });
  });

  it("returns content in property order, whatever order the user's keys came in", () => {
    const result = checkFormAnswer(form({ a: { type: "string" }, b: { type: "string" } }), { b: "2", a: "1" });
    expect(result.ok && Object.keys(result.content)).toEqual(["a", "b"]);
  });

  it("handles a field named __proto__ as an ordinary field", () => {
    const schema = JSON.parse('{"type":"object","properties":{"__proto__":{"type":"string"}},"required":["__proto__"]}') as RequestedSchema;
    const result = checkFormAnswer(schema, JSON.parse('{"__proto__":"x"}') as Record<string, unknown>);
    expect(result.ok).toBe(true);
    expect(result.ok && Object.getPrototypeOf(result.content)).toBe(Object.prototype);
    expect(result.ok && Object.hasOwn(result.content, "__proto__")).toBe(true);
    expect(checkFormAnswer(schema, {}).ok).toBe(false);
  });

  it("refuses content that is not an object instead of throwing", () => {
    for (const content of [null, [], "x", 3]) {
      const result = checkFormAnswer(form({}), content as unknown as Record<string, unknown>);
      expect(result).toEqual({ ok: false, problems: [{ field: "", message: "The answer is not a set of form fields" }] });
    }
  });

  it("reports a field of an unsupported type only when it is answered or required", () => {
    const schema = { type: "object", properties: { blob: { type: "object" } } } as unknown as RequestedSchema;
    expect(checkFormAnswer(schema, {})).toEqual({ ok: true, content: {} });
    expect(checkFormAnswer(schema, { blob: {} })).toEqual({
      ok: false,
      problems: [{ field: "blob", message: "This field cannot be filled in: its type is not supported" }],
    });
  });
});

describe("codePointLength", () => {
  it("counts surrogate pairs once and lone surrogates once each", () => {
    expect(codePointLength("")).toBe(0);
    expect(codePointLength("abc")).toBe(3);
    expect(codePointLength("👍🏽")).toBe(2); // thumbs up + skin tone modifier
    expect(codePointLength("\ud83d")).toBe(1);
    expect(codePointLength("\ude00\ud83d")).toBe(2);
    expect(codePointLength("a\ud83d\ude00b")).toBe(3);
  });
});
