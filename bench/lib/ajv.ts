/**
 * ajv 8 as a downstream build would run it on our JSON Schema: Ajv2020 with
 * ajv-formats, the schema added once, one validate function compiled per type.
 * The schema is `packages/schema/schema.json` in its core projection (what
 * `@mrtr/zod` implements: no sampling, roots, logging), so both judge the same
 * language. Default options (stop at the first error), the fastest configuration;
 * `BENCH_AJV_ALL_ERRORS=1` turns on `allErrors` to collect every error, as zod does.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { coreProjection } from "../../scripts/lib/project.js";
import { ajvFor } from "../../test/helpers/ajv.js";
import { repoRoot } from "./corpus.js";
import type { Check } from "./measure.js";

export const ajvAllErrors = process.env.BENCH_AJV_ALL_ERRORS === "1";

/** A compiled check for each of `types`, all compiled now. */
export function ajvChecks(types: Iterable<string>): Map<string, Check> {
  const full = JSON.parse(readFileSync(join(repoRoot, "packages/schema/schema.json"), "utf8")) as Record<string, unknown>;
  const validator = ajvFor(coreProjection(full), "mrtr:schema", { allErrors: ajvAllErrors });
  const checks = new Map<string, Check>();
  for (const type of types) {
    const validate = validator(type);
    checks.set(type, (data) => validate(data) as boolean);
  }
  return checks;
}
