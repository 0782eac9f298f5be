/**
 * A handler's arguments are typed by its inputSchema, whichever Standard
 * Schema library wrote it: as what the validator gives back (after its
 * transformations), not what the client sends. A validator of something
 * other than an object is refused by the types, as at registration.
 */
import { type } from "arktype";
import * as v from "valibot";
import { toStandardJsonSchema } from "@valibot/to-json-schema";
import * as z from "zod";
import { describe, expectTypeOf, it } from "vitest";
import { createServer, type ToolSchema } from "@mrtr/server";

const server = () => createServer({ name: "t", version: "1", requestState: { secrets: ["0123456789abcdef0123456789abcdef"] } });

describe("handler arguments inferred from a Standard Schema input", () => {
  it("zod: the output type, a transform's result included", () => {
    server().tool({
      name: "zod",
      inputSchema: z.object({ city: z.string(), days: z.string().transform(Number), units: z.enum(["c", "f"]).default("c") }),
      handler(args) {
        expectTypeOf(args).toEqualTypeOf<{ city: string; days: number; units: "c" | "f" }>();
        return { content: [] };
      },
    });
  });

  it("valibot, wrapped by toStandardJsonSchema: the output type", () => {
    server().tool({
      name: "valibot",
      inputSchema: toStandardJsonSchema(v.object({ city: v.string(), days: v.pipe(v.string(), v.transform(Number)), note: v.optional(v.string()) })),
      handler(args) {
        expectTypeOf(args).toEqualTypeOf<{ city: string; days: number; note?: string | undefined }>();
        return { content: [] };
      },
    });
  });

  it("ArkType: the output type", () => {
    server().tool({
      name: "arktype",
      inputSchema: type({ city: "string", days: type("string").pipe((s) => Number(s)), "note?": "string" }),
      handler(args) {
        expectTypeOf(args).toEqualTypeOf<{ city: string; days: number; note?: string }>();
        return { content: [] };
      },
    });
  });

  it("a JSON Schema object leaves the arguments an untyped record", () => {
    server().tool({
      name: "json",
      inputSchema: { type: "object", properties: { city: { type: "string" } } },
      handler(args) {
        expectTypeOf(args).toEqualTypeOf<Record<string, unknown>>();
        return { content: [] };
      },
    });
  });

  it("every library's object schema is a ToolSchema of its output type", () => {
    expectTypeOf(z.object({ a: z.string() })).toExtend<ToolSchema<{ a: string }>>();
    expectTypeOf(toStandardJsonSchema(v.object({ a: v.string() }))).toExtend<ToolSchema<{ a: string }>>();
    expectTypeOf(type({ a: "string" })).toExtend<ToolSchema<{ a: string }>>();
  });
});

describe("refused by the types", () => {
  it("a validator of something other than an object, from each library", () => {
    // @ts-expect-error a tool's input is an object: valibot's string schema is not an input schema
    server().tool({ name: "v", inputSchema: toStandardJsonSchema(v.string()), handler: () => ({ content: [] }) });
    // @ts-expect-error a tool's input is an object: ArkType's string type is not an input schema
    server().tool({ name: "a", inputSchema: type("string"), handler: () => ({ content: [] }) });
  });

  it("a valibot schema not wrapped by toStandardJsonSchema (it cannot describe itself as JSON Schema)", () => {
    // @ts-expect-error no ~standard.jsonSchema: wrap it with toStandardJsonSchema
    server().tool({ name: "raw", inputSchema: v.object({ city: v.string() }), handler: () => ({ content: [] }) });
  });
});
