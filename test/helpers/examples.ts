/** Reads schema/examples and schema/examples-invalid: one folder per type, one JSON file per case. */
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { cases } from "./cases.js";
import { repoRoot } from "./paths.js";

export interface Example {
  type: string;
  name: string;
  file: string;
  data: unknown;
}

/**
 * Every `<Type>/<name>.json` under `dir`, types and files in name order.
 * `file` is `<prefix><Type>/<name>.json`.
 */
export function readExampleDir(dir: string, prefix = ""): Example[] {
  const out: Example[] = [];
  for (const type of readdirSync(dir).sort()) {
    const sub = join(dir, type);
    if (!statSync(sub).isDirectory()) continue;
    for (const name of readdirSync(sub).sort()) {
      if (!name.endsWith(".json")) continue;
      out.push({ type, name: name.replace(/\.json$/, ""), file: `${prefix}${type}/${name}`, data: JSON.parse(readFileSync(join(sub, name), "utf8")) });
    }
  }
  // Suites run one test per example: none found is a mistake, not a pass.
  return cases(out, `the examples under ${dir}`);
}

const read = (folder: string): Example[] => readExampleDir(join(repoRoot, "schema", folder), `${folder}/`);

export const validExamples = (): Example[] => read("examples");
export const invalidExamples = (): Example[] => read("examples-invalid");
