/**
 * Self-test of the differential harness, outside the suite:
 *   node --import tsx test/helpers/differential.selftest.ts
 * Validators built from ajv itself must agree everywhere; deliberately wrong
 * ones (accepts everything, strips unknown keys, rejects 1e300) must be reported.
 */
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { project } from "../../scripts/lib/project.js";
import { ajvFor } from "./ajv.js";
import { formatReport, runDifferential, type SafeParser } from "./differential.js";
import { repoRoot } from "./paths.js";

const full = JSON.parse(readFileSync(join(repoRoot, "packages/schema/schema.json"), "utf8"));
const core = project(full, "core");
const validator = ajvFor(core, "mrtr:selftest");
const exact = (type: string): SafeParser => ({
  safeParse: (x) => (validator(type)(x) ? { success: true, data: x } : { success: false, error: validator(type).errors }),
});
const schemas: Record<string, SafeParser> = Object.fromEntries(Object.keys(core.$defs as object).map((t) => [t, exact(t)]));
const dirs = { examplesDir: join(repoRoot, "schema/examples"), invalidDir: join(repoRoot, "schema/examples-invalid") };

const good = runDifferential({ jsonSchema: core, schemas, ...dirs, seed: 42, propertyRuns: 500 });
console.log(`ajv against itself: ${good.compared} cases in ${good.durationMs} ms`);
console.log(good.byMutation);
assert.equal(formatReport(good), "");
assert.equal(good.totals.disagreements + good.totals.notDeepEqual + good.totals.invalidAccepted, 0);
assert.ok(good.skippedExampleTypes.includes("CreateMessageRequest"), "deprecated example folders are skipped in the core run");

const stripUnknown = (x: unknown): unknown => {
  if (x === null || typeof x !== "object" || Array.isArray(x)) return x;
  const { ["x-mrtr-unknown"]: _dropped, ...rest } = x as Record<string, unknown>;
  return rest;
};
const wrong: Record<string, SafeParser> = {
  ...schemas,
  Implementation: { safeParse: (x) => ({ success: true, data: x }) },
  Icon: { safeParse: (x) => (validator("Icon")(x) ? { success: true, data: stripUnknown(x) } : { success: false }) },
  ProgressNotification: {
    safeParse: (x) => (JSON.stringify(x).includes("1e+300") ? { success: false } : exact("ProgressNotification").safeParse(x)),
  },
  Tool: {
    safeParse: (x) => {
      if (x && typeof x === "object") (x as Record<string, unknown>).touched = true;
      return exact("Tool").safeParse(x);
    },
  },
};
const bad = runDifferential({ jsonSchema: core, schemas: wrong, ...dirs, seed: 42, propertyRuns: 50, mergesPerExample: 2 });
const typesWith = (list: Array<{ type: string }>) => new Set(list.map((d) => d.type));
assert.ok(typesWith(bad.disagreements).has("Implementation"), "an accept-everything validator is caught");
assert.ok(typesWith(bad.notDeepEqual).has("Icon"), "a validator that strips unknown keys is caught");
assert.ok(bad.disagreements.some((d) => d.type === "ProgressNotification" && d.ajv && !d.zod), "a too-strict validator is caught");
assert.ok(bad.disagreements.some((d) => d.type === "Tool" && d.zod === "threw"), "a validator that writes to its input is caught");
const noProto = runDifferential({ jsonSchema: core, schemas, ...dirs, seed: 42, propertyRuns: 50, mergesPerExample: 2, protoKeys: false });
assert.equal(noProto.byMutation['add own "__proto__" field'], undefined, "protoKeys: false turns the __proto__ mutation off");
console.log(formatReport(bad, 3).split("\n").slice(0, 30).join("\n"));
console.log("self-test passed");
