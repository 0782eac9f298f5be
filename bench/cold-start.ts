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

async function compare(label: string, ours: string, theirs: string, env: Record<string, string> = {}, target?: number): Promise<void> {
  const a: number[] = [];
  const b: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    a.push(await once(ours, env));
    b.push(await once(theirs, env));
  }
  const ratio = median(a) / median(b);
  const goal = target === undefined ? "" : ` (target ≤ ${target.toFixed(2)}x: ${ratio <= target ? "met" : "missed"})`;
  console.log(`${label}: ours ${median(a).toFixed(0)} ms | official SDK v2 ${median(b).toFixed(0)} ms | ratio ${ratio.toFixed(2)}x${goal} (median of ${RUNS}, alternating)`);
}

console.log(`cold start: fresh Node ${process.version} processes on the built packages; ms from the process's start to the first answer`);
await compare("cold start: server (import, one zod tool, fetch handler, first tools/call)", "mrtr-server.mjs", "official-server.mjs", {}, 0.35);

const server = createServer({ name: "cold-peer", version: "1.0.0", onWarning: () => undefined });
server.tool({ name: "echo", inputSchema: z.object({ text: z.string() }), handler: ({ text }) => ({ content: [{ type: "text", text }] }) });
const http = createNodeServer(createHttpHandler(server, { path: "/mcp" }));
await new Promise<void>((resolve) => http.listen(0, "127.0.0.1", resolve));
const url = `http://127.0.0.1:${(http.address() as { port: number }).port}/mcp`;
await compare("cold start: client (import, first tools/call over HTTP)", "mrtr-client.mjs", "official-client.mjs", { URL: url }, 0.35);
http.close();
