import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { compareWithUpstream } from "../../../scripts/compare-upstream.js";
import { hasUpstream, repoRoot, upstreamMissingMessage, upstreamStructure } from "../../../test/helpers/paths.js";

if (!hasUpstream) console.warn(upstreamMissingMessage);

describe.skipIf(!hasUpstream)("compare-upstream against the draft's structure", () => {
  it("finds every upstream type equivalent or listed in deviations.json with a reason", () => {
    const r = compareWithUpstream(upstreamStructure);
    expect(r.unexplained).toEqual([]);
    expect(r.staleDeviations).toEqual([]);
    expect(r.equivalent.length + r.deviations.length).toBe(r.theirTypeCount);
    expect(r.theirTypeCount).toBe(155);
    console.log(`compare-upstream: ${r.equivalent.length} equivalent, ${r.deviations.length} deliberate deviations`);
  });
});

describe("schema/deviations.json", () => {
  const deviations = JSON.parse(readFileSync(join(repoRoot, "schema/deviations.json"), "utf8")) as {
    type: string;
    reason: string;
  }[];
  it("gives every deviation a type the schema defines and a reason", () => {
    const defs = JSON.parse(readFileSync(join(repoRoot, "packages/schema/schema.json"), "utf8")).$defs;
    for (const d of deviations) {
      expect(defs, d.type).toHaveProperty([d.type]);
      expect(d.reason.length, d.type).toBeGreaterThan(40);
    }
  });
});
