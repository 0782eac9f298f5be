/**
 * The Tasks extension's schema (packages/tasks/schema.json, from
 * schema/extensions/tasks.ts) against upstream's structure of it, type by
 * type, with the deviations of schema/extensions/tasks-deviations.json. The
 * structure file sits beside the repository in this workplace only; elsewhere
 * the comparison is skipped, and says so.
 */
import { existsSync, readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { describe, expect, it } from "vitest";
import { COMPARED, compareWithUpstream } from "../../../scripts/compare-upstream.js";
import { mutations, schemaConstants, type MutationContext } from "../../../test/helpers/differential.js";
import { ajvFor } from "../../../test/helpers/ajv.js";
import { readExampleDir } from "../../../test/helpers/examples.js";
import { repoRoot } from "../../../test/helpers/paths.js";

const upstreamStructure = resolve(repoRoot, "../shared/upstream/extensions/tasks/tasks-schema.structure.json");
const hasUpstream = existsSync(upstreamStructure);
if (!hasUpstream) {
  console.warn("../shared/upstream/extensions/tasks/tasks-schema.structure.json is absent (a clone outside the workplace): comparison of the Tasks extension's schema with upstream skipped");
}

const deviations = JSON.parse(readFileSync(COMPARED.tasks.deviations, "utf8")) as { type: string; reason: string }[];
const ours = JSON.parse(readFileSync(COMPARED.tasks.ours, "utf8")) as Record<string, unknown>;
const coreDefs = JSON.parse(readFileSync(join(repoRoot, "packages/schema/schema.json"), "utf8")).$defs as Record<string, unknown>;

/** Deviations whose reason says the two schemas mean the same, only written differently. */
const writtenDifferently = deviations.filter((d) => d.reason.startsWith("Written differently")).map((d) => d.type);

describe.skipIf(!hasUpstream)("the Tasks extension's schema against upstream's structure of it", () => {
  const r = hasUpstream ? compareWithUpstream(upstreamStructure, COMPARED.tasks.ours, COMPARED.tasks.deviations) : undefined;

  it("finds every one of upstream's 76 types equivalent, type by type, or listed in schema/extensions/tasks-deviations.json with a reason", () => {
    expect(r!.unexplained).toEqual([]);
    expect(r!.equivalent.length + r!.deviations.length).toBe(r!.theirTypeCount);
    expect(r!.theirTypeCount).toBe(76);
    console.log(`compare-upstream --tasks: ${r!.equivalent.length} equivalent, ${r!.deviations.length} deliberate deviations`);
  });

  it("lists no deviation that no longer differs, and defines nothing upstream lacks", () => {
    expect(r!.staleDeviations).toEqual([]);
    expect(r!.deviations.filter((d) => d.differences[0] === "only in our schema" || d.differences[0] === "missing from our schema")).toEqual([]);
  });

  it("gives the same verdict as upstream's schema, with ajv, on every example and mutation of each type listed as written differently", () => {
    const theirs = JSON.parse(readFileSync(upstreamStructure, "utf8")) as Record<string, unknown>;
    const oursAjv = ajvFor(ours, "mrtr:tasks");
    const theirsAjv = ajvFor(theirs, "upstream:tasks");
    const examples = [...readExampleDir(join(repoRoot, "schema/extensions/tasks-examples")), ...readExampleDir(join(repoRoot, "schema/extensions/tasks-examples-invalid"))];
    const context: MutationContext = { constants: schemaConstants(theirs), pool: [], substitutionsPerPath: 0, random: () => 0.5 };
    let compared = 0;
    const disagreeing: string[] = [];
    for (const type of writtenDifferently) {
      for (const example of examples) {
        for (const input of [example.data, ...[...mutations(example.data, context)].map((m) => m.input)]) {
          compared++;
          if (oursAjv(type)(input) !== theirsAjv(type)(input)) disagreeing.push(`${type} on ${example.file}: ${JSON.stringify(input).slice(0, 200)}`);
        }
      }
    }
    expect(writtenDifferently.sort()).toEqual(["GetTaskResult", "TaskStatusNotification", "TaskStatusNotificationParams"]);
    expect(disagreeing.slice(0, 10)).toEqual([]);
    expect(compared).toBeGreaterThan(5000);
  });
});

describe("schema/extensions/tasks-deviations.json", () => {
  it("gives every deviation a reason, once per type", () => {
    expect(new Set(deviations.map((d) => d.type)).size).toBe(deviations.length);
    for (const d of deviations) expect(d.reason.length, d.type).toBeGreaterThan(40);
  });

  it("lists a core type only for the draft's own deviation, which it takes unchanged", () => {
    for (const d of deviations.filter((d) => d.type in coreDefs)) {
      expect(d.reason, d.type).toMatch(/^A core type, taken unchanged from schema\/schema\.ts: the draft's own deliberate deviation/);
      expect((ours.$defs as Record<string, unknown>)[d.type], d.type).toEqual(coreDefs[d.type]);
    }
  });
});
