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
import { Ajv2020 } from "ajv/dist/2020.js";
import addFormatsModule from "ajv-formats";
import { project } from "../../scripts/lib/project.js";
import { repoRoot } from "./corpus.js";
import type { Check } from "./measure.js";

const addFormats = addFormatsModule as unknown as (ajv: Ajv2020) => Ajv2020;
const ID = "mrtr:schema";

export const ajvAllErrors = process.env.BENCH_AJV_ALL_ERRORS === "1";

/** A compiled check for each of `types`, all compiled now. */
export function ajvChecks(types: Iterable<string>): Map<string, Check> {
  const full = JSON.parse(readFileSync(join(repoRoot, "packages/schema/schema.json"), "utf8")) as Record<string, unknown>;
  const schema = project(full, "core");
  const ajv = new Ajv2020({ strict: false, allErrors: ajvAllErrors });
  addFormats(ajv);
  ajv.addSchema({ ...schema, $id: ID });
  const checks = new Map<string, Check>();
  for (const type of types) {
    const validate = ajv.compile({ $ref: `${ID}#/$defs/${type}` });
    checks.set(type, (data) => validate(data) as boolean);
  }
  return checks;
}
