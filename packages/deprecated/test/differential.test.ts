/**
 * The full protocol: the core validators (@mrtr/zod) with the deprecated
 * package's validators laid over them (its own declarations, and the
 * full-protocol variants of every type that reaches one) must judge the FULL
 * schema.json exactly as ajv does.
 */
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { schemas as coreSchemas } from "@mrtr/zod";
import { FULL_PROTOCOL_VARIANTS, schemas as deprecatedSchemas } from "@mrtr/deprecated/zod";
import { coreProjection, deprecatedNames } from "../../../scripts/lib/project.js";
import { formatReport, runDifferential } from "../../../test/helpers/differential.js";
import { repoRoot } from "../../../test/helpers/paths.js";

type Schema = Record<string, unknown>;
const full = JSON.parse(readFileSync(join(repoRoot, "packages/schema/schema.json"), "utf8")) as Schema;
const defs = full.$defs as Record<string, Schema>;
const core = coreProjection(full);
const fullSchemas = { ...coreSchemas, ...deprecatedSchemas };

/** Names of the definitions `node` refers to. */
function refsOf(node: unknown, out = new Set<string>()): Set<string> {
  if (Array.isArray(node)) node.forEach((n) => refsOf(n, out));
  else if (node && typeof node === "object") {
    for (const [key, value] of Object.entries(node)) {
      if (key === "$ref" && typeof value === "string") out.add(value.replace("#/$defs/", ""));
      else refsOf(value, out);
    }
  }
  return out;
}

/** Whether a definition holds a deprecated property (at any depth). */
function hasDeprecatedField(node: unknown): boolean {
  if (Array.isArray(node)) return node.some(hasDeprecatedField);
  if (!node || typeof node !== "object") return false;
  const props = (node as Schema).properties;
  if (props && typeof props === "object" && Object.values(props).some((p) => (p as Schema).deprecated === true)) return true;
  return Object.values(node).some(hasDeprecatedField);
}

/** Core types whose full definition reaches a deprecated declaration or field, directly or through other types. */
function reachingDeprecated(): string[] {
  const deprecated = new Set(deprecatedNames(full));
  const reaches = new Map<string, boolean>();
  const visit = (name: string, path: Set<string>): boolean => {
    if (reaches.has(name)) return reaches.get(name)!;
    if (deprecated.has(name)) return true;
    if (path.has(name)) return false;
    path.add(name);
    const def = defs[name]!;
    const result = hasDeprecatedField(def) || [...refsOf(def)].some((r) => visit(r, path));
    path.delete(name);
    reaches.set(name, result);
    return result;
  };
  return Object.keys(defs).filter((n) => !deprecated.has(n) && visit(n, new Set()));
}

describe("@mrtr/deprecated/zod over @mrtr/zod against ajv on the FULL schema.json", () => {
  it("the merged validator set covers every type of the full schema, and nothing else", () => {
    expect(Object.keys(fullSchemas).sort()).toEqual(Object.keys(defs).sort());
  });

  it("the package validates every deprecated declaration, and replaces exactly the core types that reach one", () => {
    const own = Object.keys(deprecatedSchemas).filter((n) => !(FULL_PROTOCOL_VARIANTS as readonly string[]).includes(n));
    expect(own.sort()).toEqual(deprecatedNames(full).sort());
    expect([...FULL_PROTOCOL_VARIANTS].sort()).toEqual(reachingDeprecated().sort());
    // ... and those are exactly the core types whose projection differs from the full definition.
    const differing = Object.keys(core.$defs as object).filter((n) => JSON.stringify((core.$defs as Schema)[n]) !== JSON.stringify(defs[n]));
    expect(differing.every((n) => (FULL_PROTOCOL_VARIANTS as readonly string[]).includes(n))).toBe(true);
  });

  it("every deprecated type has an example folder with at least one example", () => {
    const missing = deprecatedNames(full).filter((name) => {
      const dir = join(repoRoot, "schema/examples", name);
      return !existsSync(dir) || readdirSync(dir).filter((f) => f.endsWith(".json")).length === 0;
    });
    expect(missing, "deprecated types without schema/examples/<Type>/*.json").toEqual([]);
  });

  it("zod and ajv agree on every example, mutation and generated value, every rejection's first issue points at a real problem, (full protocol), and zod returns accepted input unchanged", () => {
    const report = runDifferential({
      jsonSchema: full,
      schemas: fullSchemas,
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
      `differential (full protocol): ${report.compared} cases (${report.accepted} accepted by both) over ${report.types.length} types in ${report.durationMs} ms, ` +
        `${disagreements} disagreements, ${notDeepEqual} not deep-equal, ${invalidAccepted} invalid accepted, ` +
        `${badIssues} wrong first issues of ${report.issuesChecked} checked`,
    );
    const failures = formatReport(report);
    expect(report.missingValidators, "full-schema types with no validator").toEqual([]);
    expect(report.extraValidators, "validators with no full-schema type").toEqual([]);
    expect(report.skippedExampleTypes, "example folders not judged").toEqual([]);
    expect(report.issuesChecked, "rejections whose first issue was checked").toBeGreaterThan(100_000);
    expect({ disagreements, notDeepEqual, invalidAccepted, badIssues }, failures).toEqual({ disagreements: 0, notDeepEqual: 0, invalidAccepted: 0, badIssues: 0 });
  }, 300_000);
});
