import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { schemas } from "@mrtr/zod";
import { coreProjection } from "../../../scripts/lib/project.js";
import { formatReport, runDifferential } from "../../../test/helpers/differential.js";
import { repoRoot } from "../../../test/helpers/paths.js";

const full = JSON.parse(readFileSync(join(repoRoot, "packages/schema/schema.json"), "utf8"));
const core = coreProjection(full);

describe("@mrtr/zod against ajv on the core projection of schema.json", () => {
  it("has one validator per core type and none for anything else", () => {
    expect(Object.keys(schemas).sort()).toEqual(Object.keys(core.$defs as object).sort());
  });

  it("zod and ajv agree on every example, mutation and generated value, every rejection's first issue points at a real problem, (core), and zod returns accepted input unchanged", () => {
    const report = runDifferential({
      jsonSchema: core,
      schemas,
      examplesDir: join(repoRoot, "schema/examples"),
      invalidDir: join(repoRoot, "schema/examples-invalid"),
      seed: 20260728,
      propertyRuns: 1000,
      // Accepted input comes back as the very same object, own "__proto__" keys included.
      // Each rejection carries one issue, which must point at a real problem.
      firstIssue: true,
    });
    const { disagreements, notDeepEqual, invalidAccepted, badIssues } = report.totals;
    console.log(
      `differential (core): ${report.compared} cases (${report.accepted} accepted by both) over ${report.types.length} types in ${report.durationMs} ms, ` +
        `${disagreements} disagreements, ${notDeepEqual} not deep-equal, ${invalidAccepted} invalid accepted, ` +
        `${badIssues} wrong first issues of ${report.issuesChecked} checked`,
    );
    const failures = formatReport(report);
    expect(report.missingValidators, "core types with no validator").toEqual([]);
    expect(report.issuesChecked, "rejections whose first issue was checked").toBeGreaterThan(100_000);
    expect({ disagreements, notDeepEqual, invalidAccepted, badIssues }, failures).toEqual({ disagreements: 0, notDeepEqual: 0, invalidAccepted: 0, badIssues: 0 });
  }, 300_000);
});
