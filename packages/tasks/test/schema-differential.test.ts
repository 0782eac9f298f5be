/**
 * The Tasks extension's generated checks and zod validators against ajv
 * (2020-12, formats on), the reference: the differential run of
 * test/helpers/differential.ts on the core projection of
 * packages/tasks/schema.json (what the draft deprecates left out, as the
 * checks judge it), with the examples of schema/extensions/tasks-examples/
 * and tasks-examples-invalid/. The core types the extension uses are judged
 * by @mrtr/zod's checks, which the core's own differential test covers.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { firstIssueOf, type Check } from "@mrtr/zod/checks";
import { checks as coreChecks } from "@mrtr/zod/checks";
import { checks } from "../src/schema/check-tables.gen.js";
import { rawSchemas, schemas } from "../src/zod.js";
import { coreProjection } from "../../../scripts/lib/project.js";
import { ajvFor } from "../../../test/helpers/ajv.js";
import { formatReport, runDifferential, type DifferentialOptions, type DifferentialReport, type SafeParser } from "../../../test/helpers/differential.js";
import { readExampleDir } from "../../../test/helpers/examples.js";
import { repoRoot } from "../../../test/helpers/paths.js";

const full = JSON.parse(readFileSync(join(repoRoot, "packages/tasks/schema.json"), "utf8")) as Record<string, unknown>;
const projected = coreProjection(full);
const defs = projected.$defs as Record<string, unknown>;
const examplesDir = join(repoRoot, "schema/extensions/tasks-examples");
const invalidDir = join(repoRoot, "schema/extensions/tasks-examples-invalid");
const valid = readExampleDir(examplesDir, "tasks-examples/");
const invalid = readExampleDir(invalidDir, "tasks-examples-invalid/");
const ajv = ajvFor(projected, "mrtr:tasks");

/** The extension's own types: those not taken from the core. */
const own = Object.keys(schemas).sort();
const shared = Object.keys(defs).filter((n) => !own.includes(n)).sort();

/** A check as the differential's parser: the input itself when valid, else its one first issue. */
const parser = (check: Check): SafeParser => ({
  safeParse(x: unknown) {
    const issue = firstIssueOf(check, x);
    return issue ? { success: false, error: { issues: [issue] } } : { success: true, data: x };
  },
});

/** Runs the differential on the extension's own types, prints the counts and expects 0 of every finding. */
function run(label: string, options: Pick<DifferentialOptions, "schemas" | "propertyRuns"> & Partial<DifferentialOptions>): DifferentialReport {
  const report = runDifferential({ jsonSchema: projected, examplesDir, invalidDir, seed: 20260728, ...options });
  const { disagreements, notDeepEqual, invalidAccepted, badIssues } = report.totals;
  console.log(
    `differential (${label}): ${report.compared} cases (${report.accepted} accepted by both) over ${report.types.length} types in ${report.durationMs} ms, ` +
      `${disagreements} disagreements, ${notDeepEqual} not deep-equal, ${invalidAccepted} invalid accepted, ${badIssues} wrong first issues of ${report.issuesChecked} checked`,
  );
  expect(report.types, "types compared").toEqual(own);
  expect(report.missingValidators.sort(), "types left to @mrtr/zod").toEqual(shared);
  expect(report.typesWithoutExamples, "types with no example").toEqual([]);
  expect({ disagreements, notDeepEqual, invalidAccepted, badIssues }, formatReport(report)).toEqual({ disagreements: 0, notDeepEqual: 0, invalidAccepted: 0, badIssues: 0 });
  return report;
}

describe("schema/extensions/tasks-examples", () => {
  it("has a folder for every type of the extension's own, and none for a type the schema lacks", () => {
    expect([...new Set(valid.map((e) => e.type))].sort()).toEqual(own);
    expect(invalid.filter((e) => !(e.type in defs)).map((e) => e.file)).toEqual([]);
  });

  it("answers tasks/get with every task status, and covers creation, both acks, every request and the notification", () => {
    const statuses = valid.filter((e) => e.type === "GetTaskResult").map((e) => (e.data as { status: string }).status);
    expect(statuses.sort()).toEqual(["cancelled", "completed", "failed", "input_required", "working"]);
    for (const type of ["CreateTaskResult", "UpdateTaskResult", "CancelTaskResult", "GetTaskRequest", "UpdateTaskRequest", "CancelTaskRequest", "TaskStatusNotification"]) {
      expect(valid.some((e) => e.type === type), type).toBe(true);
    }
  });

  it.each(valid.map((e) => [e.file, e] as const))("%s is valid", (_file, example) => {
    const validate = ajv(example.type);
    expect(validate(example.data), JSON.stringify(validate.errors)).toBe(true);
  });

  it.each(invalid.map((e) => [e.file, e] as const))("%s is rejected", (_file, example) => {
    expect(ajv(example.type)(example.data)).toBe(false);
  });
});

describe("the Tasks extension's checks and validators against ajv on the core projection of packages/tasks/schema.json", () => {
  it("have a check per type of the projection, the core's own for the types taken from the core, and a validator per own type", () => {
    expect(Object.keys(checks).sort()).toEqual(Object.keys(defs).sort());
    for (const name of shared) expect(checks[name as keyof typeof checks], name).toBe(coreChecks[name as keyof typeof coreChecks]);
    expect(Object.keys(rawSchemas).sort()).toEqual(own);
  });

  it("checks: give ajv's verdict on every example, systematic mutation and seeded random value, with a first issue that points at a real problem, and accept input unchanged", () => {
    const report = run("tasks checks", {
      schemas: Object.fromEntries(own.map((name) => [name, parser(checks[name as keyof typeof checks] as Check)])),
      propertyRuns: 1000,
      firstIssue: true,
    });
    expect(report.issuesChecked, "rejections whose first issue was checked").toBeGreaterThan(10_000);
  }, 300_000);

  it("zod validators: give ajv's verdict on the same inputs, one first issue per rejection, and return accepted input unchanged", () => {
    run("tasks zod validators", { schemas, propertyRuns: 1000, firstIssue: true });
  }, 300_000);

  it("plain zod schemas (no fast path): give ajv's verdict on the same inputs and return valid input deep-equal", () => {
    run("tasks zod rawSchemas", { schemas: rawSchemas, propertyRuns: 200, protoKeys: false });
  }, 300_000);
});
