/**
 * `npm run bench` (generate): wall time of `npm run generate` beside
 * typescript-json-schema's own command-line run on the same schema.ts, with
 * upstream's settings, in the same run. Prints medians and the ratio.
 */
import { spawnSync } from "node:child_process";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const out = join(mkdtempSync(join(tmpdir(), "mrtr-bench-")), "schema.json");

function time(command: string, args: string[]): number {
  const start = performance.now();
  const r = spawnSync(command, args, { stdio: "ignore" });
  if (r.status !== 0) throw new Error(`${command} ${args.join(" ")} exited ${r.status}`);
  return performance.now() - start;
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

const ours: number[] = [];
const theirs: number[] = [];
for (let i = 0; i < RUNS; i++) {
  ours.push(time("npm", ["run", "-s", "generate"]));
  theirs.push(
    time("npx", [
      "typescript-json-schema",
      "schema/schema.ts",
      "*",
      "--required",
      "--defaultNumberType",
      "integer",
      "--strictNullChecks",
      "false",
      "--skipLibCheck",
      "-o",
      out,
    ]),
  );
}
const a = median(ours);
const b = median(theirs);
console.log(`generate: npm run generate ${a.toFixed(0)} ms | typescript-json-schema CLI ${b.toFixed(0)} ms | ratio ${(a / b).toFixed(2)}x (median of ${RUNS}; lower is better)`);
