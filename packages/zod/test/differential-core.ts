/** The differential run of the core validators against ajv, shared by the tests of each zod flavour. */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { expect } from "vitest";
import { rawSchemas, schemas } from "@mrtr/zod";
import { rawSchemas as miniRawSchemas, schemas as miniSchemas } from "@mrtr/zod/mini";
import { coreProjection } from "../../../scripts/lib/project.js";
import { formatReport, runDifferential, type DifferentialOptions, type DifferentialReport } from "../../../test/helpers/differential.js";
import { repoRoot } from "../../../test/helpers/paths.js";

export const core = coreProjection(JSON.parse(readFileSync(join(repoRoot, "packages/schema/schema.json"), "utf8")));

/** Both flavours: the fast-path validators and the plain zod schemas behind them. */
export const FLAVOURS = { "zod": { schemas, rawSchemas }, "zod/mini": { schemas: miniSchemas, rawSchemas: miniRawSchemas } };

/** Runs the differential on the core projection, prints the counts and expects 0 of every finding. */
export function runCore(label: string, options: Omit<DifferentialOptions, "jsonSchema" | "examplesDir" | "invalidDir" | "seed">): DifferentialReport {
  const report = runDifferential({
    jsonSchema: core,
    examplesDir: join(repoRoot, "schema/examples"),
    invalidDir: join(repoRoot, "schema/examples-invalid"),
    seed: 20260728,
    ...options,
  });
  const { disagreements, notDeepEqual, invalidAccepted, badIssues } = report.totals;
  console.log(
    `differential (${label}): ${report.compared} cases (${report.accepted} accepted by both) over ${report.types.length} types in ${report.durationMs} ms, ` +
      `${disagreements} disagreements, ${notDeepEqual} not deep-equal, ${invalidAccepted} invalid accepted, ` +
      `${badIssues} wrong first issues of ${report.issuesChecked} checked`,
  );
  expect(report.missingValidators, "core types with no validator").toEqual([]);
  expect({ disagreements, notDeepEqual, invalidAccepted, badIssues }, formatReport(report)).toEqual({ disagreements: 0, notDeepEqual: 0, invalidAccepted: 0, badIssues: 0 });
  return report;
}
