/**
 * The two faces of the validators as types: the same names (the classic face
 * adding `parseMessage` and its helpers), each validating the same protocol
 * type, `z.ZodType<T>` on one side and `z.ZodMiniType<T>` on the other, and
 * tables typed alike (faces.test.ts holds their values).
 */
import { describe, expectTypeOf, it } from "vitest";
import type * as z from "zod";
import type * as zm from "zod/mini";
import type * as classic from "@mrtr/zod";
import type * as mini from "@mrtr/zod/mini";

type Classic = typeof classic;
type Mini = typeof mini;
/** What each export validates (its output type), for the exports that are validators. */
type Outputs<Face> = { [K in keyof Face as Face[K] extends z.core.$ZodType ? K : never]: Face[K] extends z.core.$ZodType ? z.output<Face[K]> : never };
/** What each entry of a table validates. */
type TableOutputs<Table> = { [K in keyof Table]: Table[K] extends z.core.$ZodType ? z.output<Table[K]> : never };

describe("the zod and zod/mini faces, as types", () => {
  it("export the same values, less what only the classic face has", () => {
    expectTypeOf<Exclude<keyof Classic, keyof Mini>>().toEqualTypeOf<
      "DEFAULT_JSON_LIMITS" | "FAILED" | "MAX_VALIDATION_DEPTH" | "checkJsonLimits" | "checks" | "describeIssue" | "firstIssueOf" | "parseMessage" | "predicates"
    >();
    expectTypeOf<Exclude<keyof Mini, keyof Classic>>().toEqualTypeOf<never>();
  });

  it("validate the same protocol type under each name, each in its flavour", () => {
    expectTypeOf<Outputs<Classic>>().toEqualTypeOf<Outputs<Mini>>();
    expectTypeOf<keyof Outputs<Mini>>().toEqualTypeOf<Exclude<keyof Mini, "schemas" | "rawSchemas" | "requestSchemas" | "notificationSchemas" | "resultResponseSchemas">>();
    expectTypeOf<Classic["ToolSchema"]>().toEqualTypeOf<z.ZodType<z.output<Mini["ToolSchema"]>>>();
    expectTypeOf<Mini["ToolSchema"]>().toEqualTypeOf<zm.ZodMiniType<z.output<Classic["ToolSchema"]>>>();
  });

  it("type their tables alike", () => {
    expectTypeOf<classic.SchemaName>().toEqualTypeOf<mini.SchemaName>();
    expectTypeOf<TableOutputs<Classic["schemas"]>>().toEqualTypeOf<TableOutputs<Mini["schemas"]>>();
    expectTypeOf<TableOutputs<Classic["requestSchemas"]>>().toEqualTypeOf<TableOutputs<Mini["requestSchemas"]>>();
    expectTypeOf<TableOutputs<Classic["notificationSchemas"]>>().toEqualTypeOf<TableOutputs<Mini["notificationSchemas"]>>();
    expectTypeOf<TableOutputs<Classic["resultResponseSchemas"]>>().toEqualTypeOf<TableOutputs<Mini["resultResponseSchemas"]>>();
    expectTypeOf<keyof Classic["rawSchemas"]>().toEqualTypeOf<keyof Mini["rawSchemas"]>();
  });
});
