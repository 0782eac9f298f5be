/**
 * The two faces of the validators, `@mrtr/zod` (zod) and `@mrtr/zod/mini`
 * (zod/mini), export the same validators and tables under the same names,
 * each in its own flavour; the classic face adds only `parseMessage` and the
 * helpers around it. Both re-export their flavour's generated module whole,
 * so they cannot drift while they do; this fails if one starts listing its
 * exports apart. faces.test-d.ts holds their types alike.
 */
import { describe, expect, it } from "vitest";
import * as classic from "@mrtr/zod";
import * as mini from "@mrtr/zod/mini";
import * as classicGenerated from "../src/validators.gen.js";
import * as miniGenerated from "../src/mini/validators.gen.js";

/** What only the classic face has: `parseMessage` and the issues, limits and checks it reports with. */
const CLASSIC_ONLY = ["DEFAULT_JSON_LIMITS", "FAILED", "MAX_VALIDATION_DEPTH", "checkJsonLimits", "checks", "describeIssue", "firstIssueOf", "parseMessage", "predicates"];

const names = (face: object) => Object.keys(face).sort();
/** A schema of classic zod has methods (`.optional()`); one of zod/mini has none. */
const isClassic = (schema: unknown) => typeof (schema as { optional?: unknown }).optional === "function";

describe("the zod and zod/mini faces", () => {
  it("export the same names, less what only the classic face has", () => {
    expect(names(mini).length).toBeGreaterThan(100);
    expect(names(classic).filter((n) => !(n in mini))).toEqual(CLASSIC_ONLY);
    expect(names(mini).filter((n) => !(n in classic))).toEqual([]);
  });

  it("export all that their flavour's generated module exports, and nothing else of it", () => {
    expect(names(miniGenerated).filter((n) => !(n in mini))).toEqual([]);
    expect(names(mini).filter((n) => !(n in miniGenerated))).toEqual([]);
    expect(names(classicGenerated)).toEqual(names(miniGenerated));
    for (const name of names(classicGenerated)) expect(classic[name as keyof typeof classic], name).toBe(classicGenerated[name as keyof typeof classicGenerated]);
  });

  it("export each validator in its own flavour, deciding alike", () => {
    const validators = names(mini).filter((n) => n.endsWith("Schema"));
    expect(validators.length).toBe(Object.keys(mini.schemas).length);
    for (const name of validators) {
      const [c, m] = [classic[name as keyof typeof classic], mini[name as keyof typeof mini]];
      expect([isClassic(c), isClassic(m)], name).toEqual([true, false]);
    }
    expect(mini.ToolSchema.safeParse({ name: 5 }).error!.issues).toEqual(classic.ToolSchema.safeParse({ name: 5 }).error!.issues);
  });

  it("route the same types and methods in their tables", () => {
    for (const table of ["schemas", "rawSchemas", "requestSchemas", "notificationSchemas", "resultResponseSchemas"] as const) {
      expect(Object.keys(mini[table]), table).toEqual(Object.keys(classic[table]));
    }
  });
});
