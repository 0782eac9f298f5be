/**
 * `npm run generate`: turns schema/schema.ts (and schema/legacy/, schema/extensions/) into everything generated
 * (registered in scripts/lib/outputs.ts; a test holds this list to it).
 *   packages/schema/schema.json                     the full protocol's JSON Schema (2020-12)
 *   packages/schema/src/types.gen.ts                the core protocol's TypeScript declarations
 *   packages/schema/src/constants.gen.ts            protocol version, error codes, method lists
 *   packages/zod/src/checks-messages.gen.ts         the check of every core message type (requests, results, errors, …)
 *   packages/zod/src/checks-types.gen.ts            the check of every other core type
 *   packages/zod/src/check-tables.gen.ts            the checks by type and by method (no zod)
 *   packages/zod/src/validators.gen.ts              zod validators of the core types, method routing tables
 *   packages/zod/src/mini/validators.gen.ts         the same on zod/mini
 *   packages/deprecated/src/types.gen.ts            the deprecated declarations and their augmentation of the core
 *   packages/deprecated/src/zod/checks.gen.ts       checks of the deprecated types and full-protocol variants
 *   packages/deprecated/src/zod/validators.gen.ts   zod validators of those
 * and, from schema/legacy/2025-11-25.ts (the initialize-based revision, reusing schema/schema.ts):
 *   packages/legacy/schema.json                     its JSON Schema (2020-12)
 *   packages/legacy/src/schema/types.gen.ts         its TypeScript declarations
 *   packages/legacy/src/schema/checks-messages.gen.ts  the check of each of its message types (no zod)
 *   packages/legacy/src/schema/checks-types.gen.ts  the check of each of its other types
 *   packages/legacy/src/schema/check-tables.gen.ts  its checks by type, by client method, and server-request results
 * and, from schema/extensions/tasks.ts (the Tasks extension, reusing schema/schema.ts):
 *   packages/tasks/schema.json                      its JSON Schema (2020-12)
 *   packages/tasks/src/schema/types.gen.ts          its TypeScript declarations
 *   packages/tasks/src/schema/checks.gen.ts         the check of each of its own types (no zod)
 *   packages/tasks/src/schema/check-tables.gen.ts   its checks by type, by request, result and notification method
 *   packages/tasks/src/schema/validators.gen.ts     zod validators of its own types, by type and by method
 * `npm run generate -- --check` builds everything in memory and exits 1,
 * naming each stale file, when what is on disk differs.
 * `npm run generate` runs this file through scripts/run-generate.mjs (a cached
 * bundle, no TypeScript loader), which passes the cache folder: the outputs
 * are then cached by what they are made from (scripts/lib/output-cache.ts).
 * `node --import tsx scripts/generate.ts` runs it directly, caching nothing.
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join, relative, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { readOutputCache, writeOutputCache } from "./lib/output-cache.js";

const root = resolve(dirname(fileURLToPath(import.meta.url)), "..");

/** How scripts/run-generate.mjs runs the generator. */
export interface RunOptions {
  /** The folder of the generator's caches; without it, nothing is cached. */
  cacheDir?: string;
  /** A SHA-256 of each module of the generator that runs, by path (the bundle's manifest): what the output cache is keyed by, besides the sources. */
  generator?: Record<string, string>;
}

/** Versions of what decides the outputs besides the sources and the generator's own code. */
function versions(): Record<string, string> {
  const load = createRequire(import.meta.url);
  const version = (name: string) => (load(`${name}/package.json`) as { version: string }).version;
  return { node: process.version, typescript: version("typescript"), "typescript-json-schema": version("typescript-json-schema") };
}

/** Every generated file's text, by path from the root: from the output cache when it answers, else from the pipeline (then cached). */
async function currentOutputs({ cacheDir, generator }: RunOptions): Promise<Map<string, string>> {
  if (cacheDir === undefined || generator === undefined) {
    const { generateAll } = await import("./lib/generate-all.js");
    return generateAll().outputs;
  }
  const cache = { root, file: join(cacheDir, "outputs.json"), generator, versions: versions() };
  const cached = readOutputCache(cache);
  if (cached) return cached;
  const { generateAll } = await import("./lib/generate-all.js");
  const { outputs, sources } = generateAll();
  writeOutputCache(cache, outputs, sources);
  return outputs;
}

/** Writes the generated files that differ from what is on disk, or with `--check` names them and exits 1. */
export async function main(args: string[], options: RunOptions = {}): Promise<void> {
  const check = args.includes("--check");
  const outputs = await currentOutputs(options);
  const stale: string[] = [];
  for (const [path, text] of outputs) {
    const file = resolve(root, path);
    const current = existsSync(file) ? readFileSync(file, "utf8") : undefined;
    if (current === text) continue;
    if (check) {
      stale.push(path);
    } else {
      mkdirSync(dirname(file), { recursive: true });
      writeFileSync(file, text);
      console.log(`wrote ${relative(root, file)}`);
    }
  }
  if (check) {
    if (stale.length > 0) {
      console.error(`Generated files are stale:\n${stale.map((s) => `  ${s}`).join("\n")}`);
      console.error("Fix: run `npm run generate` and commit the result.");
      process.exit(1);
    }
    console.log(`${outputs.size} generated files are up to date.`);
  } else {
    console.log(`${outputs.size} generated files current.`);
  }
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) await main(process.argv.slice(2));
