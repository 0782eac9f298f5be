import { describe, expect, it } from "vitest";
import type { PrimitiveSchemaDefinition } from "@mrtr/schema";
import { describeField, describeForm } from "../../src/elicitation/index.js";

describe("describeField", () => {
  it("describes a text field with its label, help, limits, format and default", () => {
    const schema: PrimitiveSchemaDefinition = {
      type: "string",
      title: "Email",
      description: "Where we send the receipt",
      minLength: 3,
      maxLength: 80,
      format: "email",
      default: "a@b.co",
    };
    expect(describeField("email", schema, true)).toEqual({
      name: "email",
      label: "Email",
      description: "Where we send the receipt",
      required: true,
      kind: "text",
      format: "email",
      minLength: 3,
      maxLength: 80,
      default: "a@b.co",
    });
  });

  it("uses the name as label when there is no title (or an empty one)", () => {
    expect(describeField("nickname", { type: "string" }, false)).toEqual({
      name: "nickname",
      label: "nickname",
      required: false,
      kind: "text",
    });
    expect(describeField("nickname", { type: "string", title: "" }, false).label).toBe("nickname");
  });

  it("describes number and integer fields with min and max", () => {
    expect(describeField("ratio", { type: "number", minimum: 0, maximum: 1, default: 0.5 }, false)).toEqual({
      name: "ratio",
      label: "ratio",
      required: false,
      kind: "number",
      min: 0,
      max: 1,
      default: 0.5,
    });
    expect(describeField("n", { type: "integer", minimum: 1 }, true)).toMatchObject({ kind: "integer", min: 1 });
  });

  it("describes a boolean field", () => {
    expect(describeField("ok", { type: "boolean", default: true }, false)).toEqual({
      name: "ok",
      label: "ok",
      required: false,
      kind: "boolean",
      default: true,
    });
  });

  it("describes an untitled single select with each value as its own label", () => {
    expect(describeField("c", { type: "string", enum: ["red", "green"], default: "red" }, false)).toEqual({
      name: "c",
      label: "c",
      required: false,
      kind: "select",
      options: [
        { value: "red", label: "red" },
        { value: "green", label: "green" },
      ],
      default: "red",
    });
  });

  it("describes a titled single select from oneOf const and title", () => {
    const field = describeField(
      "c",
      {
        type: "string",
        oneOf: [
          { const: "r", title: "Red" },
          { const: "g", title: "Green" },
        ],
      },
      true,
    );
    expect(field.kind).toBe("select");
    expect(field.options).toEqual([
      { value: "r", label: "Red" },
      { value: "g", label: "Green" },
    ]);
  });

  it("describes a legacy select from enum and enumNames, falling back to the value for missing names", () => {
    const field = describeField("c", { type: "string", enum: ["r", "g", "b"], enumNames: ["Red", "Green"] }, false);
    expect(field.options).toEqual([
      { value: "r", label: "Red" },
      { value: "g", label: "Green" },
      { value: "b", label: "b" },
    ]);
  });

  it("describes multiselects from items.enum and items.anyOf, with minItems and maxItems", () => {
    expect(
      describeField("t", { type: "array", items: { type: "string", enum: ["x", "y"] }, minItems: 1, maxItems: 2, default: ["x"] }, false),
    ).toEqual({
      name: "t",
      label: "t",
      required: false,
      kind: "multiselect",
      minItems: 1,
      maxItems: 2,
      options: [
        { value: "x", label: "x" },
        { value: "y", label: "y" },
      ],
      default: ["x"],
    });
    expect(describeField("t", { type: "array", items: { anyOf: [{ const: "x", title: "Ex" }] } }, false).options).toEqual([
      { value: "x", label: "Ex" },
    ]);
  });

  it("leaves out constraints and defaults of the wrong type instead of trusting them", () => {
    const schema = { type: "string", minLength: "3", format: "phone", default: 5 } as unknown as PrimitiveSchemaDefinition;
    expect(describeField("x", schema, false)).toEqual({ name: "x", label: "x", required: false, kind: "text" });
    const numberSchema = { type: "number", maximum: Number.POSITIVE_INFINITY, default: "1" } as unknown as PrimitiveSchemaDefinition;
    expect(describeField("n", numberSchema, false)).toEqual({ name: "n", label: "n", required: false, kind: "number" });
  });

  it("copies an array default so a renderer cannot change the schema", () => {
    const defaults = ["x"];
    const field = describeField("t", { type: "array", items: { type: "string", enum: ["x"] }, default: defaults }, false);
    expect(field.default).toEqual(["x"]);
    expect(field.default).not.toBe(defaults);
  });

  it("throws a TypeError for a schema that is not a form field", () => {
    expect(() => describeField("o", { type: "object" } as unknown as PrimitiveSchemaDefinition, false)).toThrow(TypeError);
    expect(() => describeField("o", null as unknown as PrimitiveSchemaDefinition, false)).toThrow(/"o" is not a form field/);
  });
});

describe("describeForm", () => {
  it("describes every field in property order, marking the required ones, with the server's message", () => {
    const description = describeForm({
      message: "Book a table",
      requestedSchema: {
        type: "object",
        properties: {
          name: { type: "string", title: "Name" },
          guests: { type: "integer", minimum: 1, maximum: 12 },
          terrace: { type: "boolean" },
        },
        required: ["guests", "name"],
      },
    });
    expect(description.message).toBe("Book a table");
    expect(description.fields.map((f) => [f.name, f.kind, f.required])).toEqual([
      ["name", "text", true],
      ["guests", "integer", true],
      ["terrace", "boolean", false],
    ]);
  });

  it("describes an empty form as no fields", () => {
    expect(describeForm({ message: "Confirm?", requestedSchema: { type: "object", properties: {} } })).toEqual({
      message: "Confirm?",
      fields: [],
    });
  });
});
