/**
 * `npm run bench` (cold start): how long a fresh Node process takes to be
 * useful, ours beside the official SDK v2 in the same run, on the built
 * packages (plain JavaScript, what a deployed server runs):
 *
 * - a server: import the package, register one zod tool, build the fetch
 *   handler, answer the first `tools/call` (fixtures/cold/*-server.mjs);
 * - a client: import the package, call one tool of a server already running
 *   (ours, in this process, over HTTP) (fixtures/cold/*-client.mjs).
 *
 * Beside them, the floor: the smallest program doing the same steps with no
 * MCP library (fixtures/cold/floor-*.mjs): Node's own start, zod's import
 * and the web Request/Response or fetch machinery, which bound what any
 * library can reach.
 *
 * Each figure is the process's own clock when the answer is in
 * (`performance.now()`, from the process's start), the median of RUNS runs
 * alternating ours and theirs. Asserts nothing.
 */
import { spawn } from "node:child_process";
import { join } from "node:path";
import * as z from "zod";
import { createHttpHandler, createServer } from "@mrtr/server";
import { createNodeServer } from "@mrtr/server/node";
import { repoRoot } from "./lib/corpus.js";

const RUNS = Number(process.env.COLD_RUNS ?? 7);
const fixtures = join(repoRoot, "bench/fixtures/cold");

/** Runs one fixture in a fresh process (asynchronously: the client fixtures call a server in this process). */
function once(file: string, env: Record<string, string> = {}): Promise<number> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [join(fixtures, file)], { cwd: join(repoRoot, "bench"), env: { ...process.env, ...env }, stdio: ["ignore", "pipe", "pipe"] });
    let out = "";
    let err = "";
    child.stdout.on("data", (d: Buffer) => (out += d.toString()));
    child.stderr.on("data", (d: Buffer) => (err += d.toString()));
    child.on("close", (code) => (code === 0 ? resolve((JSON.parse(out.trim().split("\n").at(-1)!) as { ms: number }).ms) : reject(new Error(`${file} failed: ${err}`))));
  });
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

/**
 * Ours, the SDK's and the floor's (the smallest program doing the same steps,
 * no MCP library), alternated; the ratio, and what each library adds above
 * the floor, which nothing can go below.
 */
async function compare(label: string, files: { ours: string; theirs: string; floor: string }, env: Record<string, string> = {}, target?: number): Promise<void> {
  const runs = { ours: [] as number[], theirs: [] as number[], floor: [] as number[] };
  for (let i = 0; i < RUNS; i++) {
    for (const who of ["ours", "theirs", "floor"] as const) runs[who].push(await once(files[who], env));
  }
  const [ours, theirs, floor] = [median(runs.ours), median(runs.theirs), median(runs.floor)];
  const ratio = ours / theirs;
  const goal = target === undefined ? "" : ` (target ≤ ${target.toFixed(2)}x: ${ratio <= target ? "met" : "missed"}; the floor alone is ${(floor / theirs).toFixed(2)}x)`;
  console.log(`${label}: ours ${ours.toFixed(0)} ms | official SDK v2 ${theirs.toFixed(0)} ms | ratio ${ratio.toFixed(2)}x${goal} (median of ${RUNS}, alternating)`);
  console.log(`  floor (the same steps, no MCP library) ${floor.toFixed(0)} ms; above it: ours ${(ours - floor).toFixed(0)} ms, the SDK ${(theirs - floor).toFixed(0)} ms, ratio ${((ours - floor) / (theirs - floor)).toFixed(2)}x`);
}

console.log(`cold start: fresh Node ${process.version} processes on the built packages; ms from the process's start to the first answer`);
await compare("cold start: server (import, one zod tool, fetch handler, first tools/call)", { ours: "mrtr-server.mjs", theirs: "official-server.mjs", floor: "floor-server.mjs" }, {}, 0.35);

const server = createServer({ name: "cold-peer", version: "1.0.0", onWarning: () => undefined });
server.tool({ name: "echo", inputSchema: z.object({ text: z.string() }), handler: ({ text }) => ({ content: [{ type: "text", text }] }) });
const http = createNodeServer(createHttpHandler(server, { path: "/mcp" }));
await new Promise<void>((resolve) => http.listen(0, "127.0.0.1", resolve));
const url = `http://127.0.0.1:${(http.address() as { port: number }).port}/mcp`;
await compare("cold start: client (import, first tools/call over HTTP)", { ours: "mrtr-client.mjs", theirs: "official-client.mjs", floor: "floor-client.mjs" }, { URL: url }, 0.35);
http.close();
