/**
 * `npm run bench` (generate): wall time of `npm run generate` beside
 * typescript-json-schema's own command-line run on the same schema.ts, with
 * upstream's settings, in the same run; contenders take turns within a
 * round, each round starting one further along, so a slow phase of the
 * machine, or a place in the order, hits them alike.
 *
 * Ours runs cold and warm, each writing and with `--check`. Cold: no cache of
 * any kind (a new empty folder for the generator's own,
 * MRTR_GENERATE_CACHE_DIR; and, for a generator of before, which ran on tsx
 * with v8-compile-cache, a new folder for that and tsx's disabled), as on
 * CI's clean clone. Warm: the same folders kept from run to run, as on
 * a developer's machine between two runs with nothing changed. Prints
 * medians, ranges and the ratios with their targets.
 */
import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { median } from "./lib/flows.js";

const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const scratch = mkdtempSync(join(tmpdir(), "mrtr-bench-generate-"));
const out = join(scratch, "schema.json");
const warmDir = join(scratch, "warm");

interface Contender {
  name: string;
  command: string;
  args: string[];
  /** The environment of one run (a cold one gets new folders each time). */
  env: () => NodeJS.ProcessEnv;
}

let coldRuns = 0;
const cold = () => {
  const dir = join(scratch, `cold-${coldRuns++}`);
  return { MRTR_GENERATE_CACHE_DIR: dir, V8_COMPILE_CACHE_CACHE_DIR: join(dir, "v8"), TSX_DISABLE_CACHE: "1" };
};
const warm = () => ({ MRTR_GENERATE_CACHE_DIR: warmDir, V8_COMPILE_CACHE_CACHE_DIR: join(warmDir, "v8") });

const contenders: Contender[] = [
  { name: "generate, cold", command: "npm", args: ["run", "-s", "generate"], env: cold },
  { name: "generate --check, cold", command: "npm", args: ["run", "-s", "generate", "--", "--check"], env: cold },
  { name: "generate, warm", command: "npm", args: ["run", "-s", "generate"], env: warm },
  { name: "generate --check, warm", command: "npm", args: ["run", "-s", "generate", "--", "--check"], env: warm },
  {
    name: "typescript-json-schema CLI",
    command: "npx",
    args: ["typescript-json-schema", "schema/schema.ts", "*", "--required", "--defaultNumberType", "integer", "--strictNullChecks", "false", "--skipLibCheck", "-o", out],
    env: () => ({}),
  },
];

function time(c: Contender): number {
  const start = performance.now();
  const r = spawnSync(c.command, c.args, { stdio: ["ignore", "ignore", "inherit"], env: { ...process.env, ...c.env() } });
  if (r.status !== 0) throw new Error(`${c.command} ${c.args.join(" ")} exited ${r.status}`);
  return performance.now() - start;
}

try {
  // Warm the warm folders (and the disk cache for everyone) once.
  for (const c of contenders) time(c);
  const samples = new Map<string, number[]>(contenders.map((c) => [c.name, []]));
  for (let round = 0; round < RUNS; round++) {
    for (let i = 0; i < contenders.length; i++) {
      const c = contenders[(round + i) % contenders.length]!;
      samples.get(c.name)!.push(time(c));
    }
  }
  const ms = (name: string) => median(samples.get(name)!);
  console.log(`generate: wall time of one run, median of ${RUNS} rounds (lower is better); cold: no cache (CI's clean clone), warm: caches kept, nothing changed`);
  for (const c of contenders) {
    const xs = samples.get(c.name)!;
    console.log(`  ${c.name.padEnd(27)} ${ms(c.name).toFixed(0).padStart(6)} ms (rounds ${Math.min(...xs).toFixed(0)} to ${Math.max(...xs).toFixed(0)})`);
  }
  const ratio = (a: string, b: string, target: string) => console.log(`  ratio ${a} / ${b}: ${(ms(a) / ms(b)).toFixed(2)} = ${ms(a).toFixed(0)} ms / ${ms(b).toFixed(0)} ms (target ${target})`);
  ratio("generate, cold", "typescript-json-schema CLI", "0.80");
  ratio("generate, warm", "typescript-json-schema CLI", "0.80");
  ratio("generate --check, cold", "generate, cold", "1.00");
  ratio("generate --check, warm", "generate, warm", "1.00");
} finally {
  rmSync(scratch, { recursive: true, force: true });
}
