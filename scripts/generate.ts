/**
 * `npm run generate`: turns schema/schema.ts into everything generated.
 *   packages/schema/schema.json        the full protocol's JSON Schema (2020-12)
 *   packages/schema/src/types.gen.ts   the core protocol's TypeScript declarations
 *   packages/schema/src/constants.gen.ts  protocol version, error codes, method lists
 * `npm run generate -- --check` builds everything in memory and exits 1,
 * naming each stale file, when what is on disk differs.
 */
import "./lib/compile-cache.js";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { dirname, relative, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { buildJsonSchema } from "./lib/json-schema.js";
import { emitCoreTypes, constantStatements } from "./lib/emit-types.js";
import { emitCoreConstants } from "./lib/emit-constants.js";
import { generatedHeader } from "./lib/header.js";
import { extraOutputs } from "./lib/outputs.js";

const root = resolve(dirname(fileURLToPath(import.meta.url)), "..");
const SOURCE = "schema/schema.ts";
const GENERATOR = "scripts/generate.ts";

export function generateAll(): Map<string, string> {
  const built = buildJsonSchema(resolve(root, SOURCE));
  const header = generatedHeader(GENERATOR, SOURCE);
  const outputs = new Map<string, string>();
  outputs.set("packages/schema/schema.json", `${JSON.stringify(built.schema, null, 2)}\n`);
  const types = emitCoreTypes(built.declarations, built.sourceFile, header);
  outputs.set("packages/schema/src/types.gen.ts", types.text);
  outputs.set(
    "packages/schema/src/constants.gen.ts",
    emitCoreConstants(built.schema, constantStatements(built.sourceFile), header),
  );
  for (const [path, text] of extraOutputs(built)) outputs.set(path, text);
  return outputs;
}

function main(): void {
  const check = process.argv.includes("--check");
  const outputs = generateAll();
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

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) main();
