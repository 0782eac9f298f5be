/** Reads schema/examples and schema/examples-invalid: one folder per type, one JSON file per case. */
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { repoRoot } from "./paths.js";

export interface Example {
  type: string;
  name: string;
  file: string;
  data: unknown;
}

function read(folder: string): Example[] {
  const base = join(repoRoot, "schema", folder);
  const out: Example[] = [];
  for (const type of readdirSync(base).sort()) {
    const dir = join(base, type);
    if (!statSync(dir).isDirectory()) continue;
    for (const name of readdirSync(dir).sort()) {
      if (!name.endsWith(".json")) continue;
      const file = join(dir, name);
      out.push({ type, name: name.replace(/\.json$/, ""), file: `${folder}/${type}/${name}`, data: JSON.parse(readFileSync(file, "utf8")) });
    }
  }
  return out;
}

export const validExamples = (): Example[] => read("examples");
export const invalidExamples = (): Example[] => read("examples-invalid");
