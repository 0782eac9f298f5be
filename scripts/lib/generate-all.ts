/**
 * The generator's pipeline, from the three schema sources to the text of
 * every generated file. It loads TypeScript; scripts/generate.ts imports it
 * only when its output cache cannot answer.
 */
import { dirname, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { buildJsonSchemas } from "./json-schema.js";
import { generatedOutputs } from "./outputs.js";
import { LEGACY_SOURCE } from "./emit-legacy.js";
import { TASKS_SOURCE } from "./emit-extension.js";

const root = resolve(dirname(fileURLToPath(import.meta.url)), "../..");

/** What one run of the pipeline made, and from what. */
export interface Generation {
  /** Every generated file's text, by path from the repository root. */
  outputs: Map<string, string>;
  /** The text of every file the TypeScript program read (the schema sources, what they import, the global lib file), by absolute path. */
  sources: Map<string, string>;
}

/** Runs the pipeline: one TypeScript program for the three sources, then every emitter. */
export function generateAll(): Generation {
  const { schemas, files } = buildJsonSchemas([
    { file: resolve(root, "schema/schema.ts") },
    { file: resolve(root, LEGACY_SOURCE) },
    { file: resolve(root, TASKS_SOURCE), options: { reexportDeprecated: true } },
  ]);
  const [core, legacy, tasks] = schemas;
  return { outputs: generatedOutputs(core!, legacy!, tasks!), sources: files };
}
