/**
 * The generated checks of the 2025-11-25 schema against ajv (2020-12, formats
 * on), the reference: the differential run of test/helpers/differential.ts on
 * packages/legacy/schema.json, with the examples of schema/legacy/.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { firstIssueOf, type Check } from "@mrtr/zod/checks";
import { checks } from "../src/schema/check-tables.gen.js";
import { ajvFor } from "../../../test/helpers/ajv.js";
import { formatReport, runDifferential, type SafeParser } from "../../../test/helpers/differential.js";
import { readExampleDir } from "../../../test/helpers/examples.js";
import { repoRoot } from "../../../test/helpers/paths.js";

const schema = JSON.parse(readFileSync(join(repoRoot, "packages/legacy/schema.json"), "utf8")) as Record<string, unknown>;
const defs = schema.$defs as Record<string, unknown>;
const examplesDir = join(repoRoot, "schema/legacy/examples");
const invalidDir = join(repoRoot, "schema/legacy/examples-invalid");
const valid = readExampleDir(examplesDir, "examples/");
const invalid = readExampleDir(invalidDir, "examples-invalid/");
const ajv = ajvFor(schema, "mrtr:legacy-2025-11-25");

/** A check as the differential's parser: the input itself when valid, else its one first issue. */
const parser = (check: Check): SafeParser => ({
  safeParse(x: unknown) {
    const issue = firstIssueOf(check, x);
    return issue ? { success: false, error: { issues: [issue] } } : { success: true, data: x };
  },
});

describe("schema/legacy/examples", () => {
  it("has a folder for every type of the schema, and none for a type it lacks", () => {
    const folders = new Set(valid.map((e) => e.type));
    expect(Object.keys(defs).filter((t) => !folders.has(t))).toEqual([]);
    expect([...folders].filter((t) => !(t in defs))).toEqual([]);
  });

  it.each(valid.map((e) => [e.file, e] as const))("%s is valid", (_file, example) => {
    const validate = ajv(example.type);
    expect(validate(example.data), JSON.stringify(validate.errors)).toBe(true);
  });

  it.each(invalid.map((e) => [e.file, e] as const))("%s is rejected, and names a type the schema defines", (_file, example) => {
    expect(example.type in defs).toBe(true);
    expect(ajv(example.type)(example.data)).toBe(false);
  });
});

describe("the generated 2025-11-25 checks against ajv on packages/legacy/schema.json", () => {
  it("have one check per type of the schema and none for anything else", () => {
    expect(Object.keys(checks).sort()).toEqual(Object.keys(defs).sort());
  });

  it("give ajv's verdict on every example, systematic mutation and seeded random value, with a first issue that points at a real problem, and accept input unchanged", () => {
    const report = runDifferential({
      jsonSchema: schema,
      schemas: Object.fromEntries(Object.entries(checks).map(([name, check]) => [name, parser(check as Check)])),
      examplesDir,
      invalidDir,
      seed: 20251125,
      propertyRuns: 1000,
      firstIssue: true,
    });
    const { disagreements, notDeepEqual, invalidAccepted, badIssues } = report.totals;
    console.log(
      `differential (2025-11-25 checks): ${report.compared} cases (${report.accepted} accepted by both) over ${report.types.length} types in ${report.durationMs} ms, ` +
        `${disagreements} disagreements, ${notDeepEqual} not deep-equal, ${invalidAccepted} invalid accepted, ${badIssues} wrong first issues of ${report.issuesChecked} checked`,
    );
    expect(report.missingValidators, "types with no check").toEqual([]);
    expect(report.typesWithoutExamples, "types with no example").toEqual([]);
    expect({ disagreements, notDeepEqual, invalidAccepted, badIssues }, formatReport(report)).toEqual({ disagreements: 0, notDeepEqual: 0, invalidAccepted: 0, badIssues: 0 });
    expect(report.issuesChecked, "rejections whose first issue was checked").toBeGreaterThan(50_000);
  }, 300_000);
});
