import { describe, expectTypeOf, it } from "vitest";
import * as z from "zod";
import type { Implementation, Tool } from "@mrtr/schema";
import { rawSchemas, ToolSchema } from "@mrtr/zod";

describe("rawSchemas are concrete zod schemas, checked against the protocol types", () => {
  it("an object definition is a z.ZodObject: .shape lists its properties with their schemas", () => {
    expectTypeOf(rawSchemas.Tool).toExtend<z.ZodObject>();
    expectTypeOf(rawSchemas.Tool.shape.name).toExtend<z.ZodType<string>>();
    expectTypeOf<keyof typeof rawSchemas.Implementation.shape>().toEqualTypeOf<"name" | "version" | "title" | "description" | "icons" | "websiteUrl">();
  });

  it(".extend() adds fields and keeps the protocol type's", () => {
    const Extended = rawSchemas.Implementation.extend({ build: z.number() });
    type Out = z.output<typeof Extended>;
    expectTypeOf<Out["build"]>().toEqualTypeOf<number>();
    expectTypeOf<Out>().toExtend<Implementation>();
  });

  it("what a raw schema outputs is the protocol type", () => {
    expectTypeOf<z.output<typeof rawSchemas.Tool>>().toExtend<Tool>();
    expectTypeOf<z.output<typeof ToolSchema>>().toEqualTypeOf<Tool>();
  });
});
