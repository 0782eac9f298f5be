import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { COMPARED, compareWithUpstream } from "../../../scripts/compare-upstream.js";
import { hasLegacyUpstream, legacyUpstreamMissingMessage, legacyUpstreamStructure, repoRoot } from "../../../test/helpers/paths.js";

if (!hasLegacyUpstream) console.warn(legacyUpstreamMissingMessage);

const deviations = JSON.parse(readFileSync(join(repoRoot, "schema/legacy/deviations.json"), "utf8")) as { type: string; reason: string }[];
const ours = JSON.parse(readFileSync(join(repoRoot, "packages/legacy/schema.json"), "utf8")).$defs as Record<string, unknown>;

describe.skipIf(!hasLegacyUpstream)("the 2025-11-25 schema against upstream's structure of that revision", () => {
  const r = hasLegacyUpstream ? compareWithUpstream(legacyUpstreamStructure, COMPARED.legacy.ours, COMPARED.legacy.deviations) : undefined;

  it("finds every upstream type equivalent, type by type, or listed in schema/legacy/deviations.json with a reason", () => {
    expect(r!.unexplained).toEqual([]);
    expect(r!.equivalent.length + r!.deviations.length).toBe(r!.theirTypeCount);
    expect(r!.theirTypeCount).toBe(145);
    console.log(`compare-upstream --legacy: ${r!.equivalent.length} equivalent, ${r!.deviations.length} deliberate deviations`);
  });

  it("lists no deviation that no longer differs", () => {
    expect(r!.staleDeviations).toEqual([]);
  });

  it("deviates only by leaving Tasks out, and by accepting any number in an elicitation answer as the draft does", () => {
    const taskRelated = /Task|^ToolExecution$/;
    for (const d of r!.deviations) {
      if (d.type === "ElicitResult") continue;
      const missing = d.differences.join(" ") === "missing from our schema";
      expect(missing ? taskRelated.test(d.type) : d.differences.every((line) => /task|Task|ToolExecution/.test(line)), `${d.type}: ${d.differences.join("; ")}`).toBe(true);
    }
    expect(r!.deviations.find((d) => d.type === "ElicitResult")?.differences).toEqual([
      '/properties/content/additionalProperties/anyOf: ours [{"items":{"type":"string"},"type":"array"},{"type":["boolean","number","string"]}] vs theirs [{"items":{"type":"string"},"type":"array"},{"type":["boolean","integer","string"]}]',
    ]);
  });

  it("leaves out the Tasks definitions and defines nothing upstream lacks", () => {
    const missing = r!.deviations.filter((d) => d.differences[0] === "missing from our schema").map((d) => d.type);
    expect(missing.length).toBe(17);
    expect(r!.deviations.filter((d) => d.differences[0] === "only in our schema")).toEqual([]);
  });
});

describe("schema/legacy/deviations.json", () => {
  it("gives every deviation a reason, once per type", () => {
    expect(new Set(deviations.map((d) => d.type)).size).toBe(deviations.length);
    for (const d of deviations) expect(d.reason.length, d.type).toBeGreaterThan(40);
  });

  it("says of every type our schema leaves out that it belongs to Tasks", () => {
    for (const d of deviations) {
      if (!(d.type in ours)) expect(d.reason, d.type).toMatch(/^Tasks /);
    }
  });
});
