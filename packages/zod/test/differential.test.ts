import { describe, expect, it } from "vitest";
import { core, FLAVOURS, runCore } from "./differential-core.js";

describe("@mrtr/zod against ajv on the core projection of schema.json", () => {
  it("has one validator per core type and none for anything else, in both flavours", () => {
    for (const flavour of Object.values(FLAVOURS)) expect(Object.keys(flavour.schemas).sort()).toEqual(Object.keys(core.$defs as object).sort());
  });

  for (const [name, flavour] of Object.entries(FLAVOURS)) {
    it(`${name}: validators and ajv agree on every example, mutation and generated value, every rejection's first issue points at a real problem, (core), and accepted input comes back unchanged`, () => {
      // Accepted input comes back as the very same object, own "__proto__" keys included.
      // Each rejection carries one issue, which must point at a real problem.
      const report = runCore(`core, ${name}`, { schemas: flavour.schemas, propertyRuns: 1000, firstIssue: true });
      expect(report.issuesChecked, "rejections whose first issue was checked").toBeGreaterThan(100_000);
    }, 300_000);
  }
});
