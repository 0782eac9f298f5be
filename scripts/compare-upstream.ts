/**
 * `npm run compare-upstream -- PATH/TO/schema.json`: how our generated schema
 * (packages/schema/schema.json) differs from another JSON Schema, type by
 * type. Descriptions and other annotations are ignored. Types listed in
 * schema/deviations.json are reported apart, with their reason; any other
 * difference is unexplained and makes the command exit 1.
 *
 * Run it when the upstream draft changes, against upstream's schema.json.
 * With `--legacy`, it compares the schema of the initialize-based revision
 * (packages/legacy/schema.json, from schema/legacy/2025-11-25.ts) instead,
 * against upstream's 2025-11-25 schema.json, with the deviations of
 * schema/legacy/deviations.json; with `--tasks`, the Tasks extension's
 * (packages/tasks/schema.json, from schema/extensions/tasks.ts) against
 * upstream's tasks schema, with schema/extensions/tasks-deviations.json.
 */
import { readFileSync } from "node:fs";
import { dirname, relative, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { compareSchemas, type Json } from "./lib/compare.js";

const root = resolve(dirname(fileURLToPath(import.meta.url)), "..");

export interface Deviation {
  type: string;
  reason: string;
}

export interface UpstreamComparison {
  equivalent: string[];
  deviations: { type: string; reason: string; differences: string[] }[];
  unexplained: { type: string; differences: string[] }[];
  /** Deviations listed in deviations.json whose type no longer differs. */
  staleDeviations: string[];
  theirTypeCount: number;
}

/** Our schema and its deviations, for the draft, the legacy revision and the Tasks extension. */
export const COMPARED = {
  draft: { ours: resolve(root, "packages/schema/schema.json"), deviations: resolve(root, "schema/deviations.json") },
  legacy: { ours: resolve(root, "packages/legacy/schema.json"), deviations: resolve(root, "schema/legacy/deviations.json") },
  tasks: { ours: resolve(root, "packages/tasks/schema.json"), deviations: resolve(root, "schema/extensions/tasks-deviations.json") },
} as const;

export function compareWithUpstream(theirsPath: string, oursPath: string = COMPARED.draft.ours, deviationsPath: string = COMPARED.draft.deviations): UpstreamComparison {
  const ours = JSON.parse(readFileSync(oursPath, "utf8")) as Json;
  const theirs = JSON.parse(readFileSync(theirsPath, "utf8")) as Json;
  const deviations = JSON.parse(readFileSync(deviationsPath, "utf8")) as Deviation[];
  const reasons = new Map(deviations.map((d) => [d.type, d.reason]));
  const report = compareSchemas(ours, theirs);
  const result: UpstreamComparison = {
    equivalent: report.equivalent,
    deviations: [],
    unexplained: [],
    staleDeviations: [],
    theirTypeCount: report.equivalent.length + report.differing.size + report.onlyTheirs.length,
  };
  const classify = (type: string, differences: string[]) => {
    const reason = reasons.get(type);
    if (reason) result.deviations.push({ type, reason, differences });
    else result.unexplained.push({ type, differences });
  };
  for (const [type, diffs] of report.differing) classify(type, diffs);
  for (const type of report.onlyTheirs) classify(type, ["missing from our schema"]);
  for (const type of report.onlyOurs) classify(type, ["only in our schema"]);
  const differing = new Set([...result.deviations.map((d) => d.type)]);
  result.staleDeviations = deviations.map((d) => d.type).filter((t) => !differing.has(t));
  return result;
}

function main(): void {
  const args = process.argv.slice(2);
  const which = args.includes("--legacy") ? COMPARED.legacy : args.includes("--tasks") ? COMPARED.tasks : COMPARED.draft;
  const path = args.find((a) => a !== "--legacy" && a !== "--tasks");
  if (!path) {
    console.error("usage: npm run compare-upstream -- [--legacy | --tasks] PATH/TO/upstream/schema.json");
    process.exit(2);
  }
  const r = compareWithUpstream(resolve(process.cwd(), path), which.ours, which.deviations);
  console.log(`${r.equivalent.length} of ${r.theirTypeCount} upstream types are structurally equivalent.`);
  if (r.deviations.length > 0) {
    console.log(`\nDeliberate deviations (${relative(root, which.deviations)}):`);
    for (const d of r.deviations) {
      console.log(`  ${d.type}: ${d.reason}`);
      for (const line of d.differences) console.log(`      ${line}`);
    }
  }
  if (r.staleDeviations.length > 0) {
    console.log(`\nListed in deviations.json but no longer different: ${r.staleDeviations.join(", ")}`);
  }
  if (r.unexplained.length > 0) {
    console.log(`\nUnexplained differences:`);
    for (const u of r.unexplained) {
      console.log(`  ${u.type}`);
      for (const line of u.differences) console.log(`      ${line}`);
    }
    process.exit(1);
  }
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) main();
