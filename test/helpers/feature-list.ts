/** The feature list of the root README: one row per feature, the example that shows it and the guide that explains it. */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { tableRows } from "./markdown-table.js";
import { repoRoot } from "./paths.js";

/** A row of the feature list. */
export interface FeatureRow {
  feature: string;
  /** The example's folder name under examples/. */
  example: string;
  /** The guide's path from the repository root. */
  guide: string;
}

/** The first link target of a table cell (`[text](target)`), or the cell itself. */
const linkOf = (cell: string) => /\]\(([^)]+)\)/.exec(cell)?.[1] ?? cell;

/** The rows of the README table whose header is `| feature | example | guide |`. */
export function featureRows(readme = readFileSync(join(repoRoot, "README.md"), "utf8")): FeatureRow[] {
  return tableRows(readme, /^\|\s*feature\s*\|\s*example\s*\|\s*guide\s*\|/).map(([feature = "", example = "", guide = ""]) => ({
    feature,
    example: linkOf(example).replace(/^examples\//, "").replace(/\/$/, ""),
    guide: linkOf(guide),
  }));
}

/** The examples the feature list names, each once, in the list's order. */
export const featureExamples = (rows = featureRows()): string[] => [...new Set(rows.map((r) => r.example))];
