/**
 * The differential harness (test/helpers/differential.ts) is itself tested:
 * validators built from ajv must agree with ajv everywhere, and deliberately
 * wrong ones (accept everything, strip unknown keys, reject 1e300, write to
 * their input) must each be reported.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { coreProjection } from "../scripts/lib/project.js";
import { ajvFor } from "./helpers/ajv.js";
import { formatReport, runDifferential, type SafeParser } from "./helpers/differential.js";
import { repoRoot } from "./helpers/paths.js";

const full = JSON.parse(readFileSync(join(repoRoot, "packages/schema/schema.json"), "utf8"));
const core = coreProjection(full);
const validator = ajvFor(core, "mrtr:selftest");
const exact = (type: string): SafeParser => ({
  safeParse: (x) => (validator(type)(x) ? { success: true, data: x } : { success: false, error: validator(type).errors }),
});
const schemas: Record<string, SafeParser> = Object.fromEntries(Object.keys(core.$defs as object).map((t) => [t, exact(t)]));
const dirs = { examplesDir: join(repoRoot, "schema/examples"), invalidDir: join(repoRoot, "schema/examples-invalid") };


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
describe("the differential harness", () => {
  it("finds no difference between ajv and validators built from ajv", () => {
    const good = runDifferential({ jsonSchema: core, schemas, ...dirs, seed: 42, propertyRuns: 500 });
    expect(good.compared).toBeGreaterThan(10_000);
    expect(formatReport(good)).toBe("");
    expect(good.totals.disagreements + good.totals.notDeepEqual + good.totals.invalidAccepted).toBe(0);
    // deprecated example folders are skipped in the core run
    expect(good.skippedExampleTypes).toContain("CreateMessageRequest");
  });

  it("reports validators that accept everything, strip keys, reject valid numbers or write to their input", () => {
    const bad = runDifferential({ jsonSchema: core, schemas: wrong, ...dirs, seed: 42, propertyRuns: 50, mergesPerExample: 2 });
    const typesWith = (list: Array<{ type: string }>) => new Set(list.map((d) => d.type));
    expect(typesWith(bad.disagreements).has("Implementation"), "an accept-everything validator is caught").toBe(true);
    expect(typesWith(bad.notDeepEqual).has("Icon"), "a validator that strips unknown keys is caught").toBe(true);
    expect(bad.disagreements.some((d) => d.type === "ProgressNotification" && d.ajv && !d.zod), "a too-strict validator is caught").toBe(true);
    expect(bad.disagreements.some((d) => d.type === "Tool" && d.zod === "threw"), "a validator that writes to its input is caught").toBe(true);
  });

  it("in first-issue mode, reports an issue whose path is not in the input or whose schema rule the value keeps", () => {
    const firstIssue = (type: string, issue: (x: unknown) => Record<string, unknown>): SafeParser => ({
      safeParse: (x) => (validator(type)(x) ? { success: true, data: x } : { success: false, error: { issues: [issue(x)] } }),
    });
    const honest = (type: string) => firstIssue(type, () => ({ path: [], keyword: "type", schemaPath: `#/$defs/${type}` }));
    const mixed: Record<string, SafeParser> = {
      ...Object.fromEntries(Object.keys(schemas).map((t) => [t, honest(t)])),
      Tool: firstIssue("Tool", () => ({ path: ["nowhere"], keyword: "type", schemaPath: "#/$defs/Tool" })),
      Icon: firstIssue("Icon", () => ({ path: [], keyword: "type", schemaPath: "#/$defs/JSONValue" })),
      Resource: firstIssue("Resource", () => ({ path: ["name"], keyword: "required", schemaPath: "#/$defs/Resource" })),
    };
    const r = runDifferential({ jsonSchema: core, schemas: mixed, ...dirs, seed: 42, propertyRuns: 50, mergesPerExample: 2, firstIssue: true });
    const why = (type: string) => r.badIssues.filter((b) => b.type === type).map((b) => b.why);
    expect(r.issuesChecked).toBeGreaterThan(1000);
    expect(why("Tool").some((w) => w.includes("does not exist")), "a path that is not in the input is caught").toBe(true);
    expect(why("Icon").some((w) => w.includes("accepts the value")), "a schema rule the value keeps is caught").toBe(true);
    expect(why("Resource").some((w) => w.includes("which is present")), "a missing-property issue for a present key is caught").toBe(true);
    // The whole-type rule is always broken by a rejected value: the honest ones pass.
    expect(r.badIssues.filter((b) => !["Tool", "Icon", "Resource"].includes(b.type))).toEqual([]);
  });

  it("turns the __proto__ mutation off with protoKeys: false", () => {
    const noProto = runDifferential({ jsonSchema: core, schemas, ...dirs, seed: 42, propertyRuns: 50, mergesPerExample: 2, protoKeys: false });
    expect(noProto.byMutation['add own "__proto__" field']).toBeUndefined();
  });
});
