/**
 * Load: `BENCH_LOAD_FLOWS` (default 100 000) two-leg MRTR flows over HTTP at
 * `BENCH_CONCURRENCY` (default 32) in flight against our server
 * (bench/fixtures/mrtr-http-server.ts: `createHttpHandler` on
 * `createNodeServer`, every default on) in a child process, driven by the
 * keep-alive client of bench/http-flows.ts. Prints errors (the run fails on
 * any), flows per second, flow latency percentiles (p50, p99, max), the
 * server's CPU per flow, and its resident memory at each tenth of the run, so
 * a leak shows as growth after warm-up. Not part of `npm run bench` (it takes
 * minutes): `npm run bench:load`.
 */
import { freePort, rssOf, startProcess } from "../test/helpers/processes.js";
import { DEPLOY_HEADERS, deployCall, deployFlow, type DeployResult } from "./lib/deploy-flow.js";
import { fmt } from "./lib/flows.js";
import { openLane, type Lane } from "./lib/keep-alive-client.js";
import { processCpuUs } from "./lib/process-cpu.js";

const total = Number(process.env.BENCH_LOAD_FLOWS ?? 100_000);
const concurrency = Number(process.env.BENCH_CONCURRENCY ?? 32);

const port = await freePort();
const child = await startProcess("bench/fixtures/mrtr-http-server.ts", { PORT: String(port) });
async function call(lane: Lane, params: Record<string, unknown>): Promise<DeployResult> {
  const response = await lane.post("/mcp", DEPLOY_HEADERS, JSON.stringify(deployCall(params)));
  const body = JSON.parse(response.body) as { result?: DeployResult; error?: unknown };
  if (!body.result) throw new Error(`tools/call failed (${response.status}): ${JSON.stringify(body.error)}`);
  return body.result;
}

const latencies = new Float64Array(total);
const memory: string[] = [];
let next = 0;
let finished = 0;
let errors = 0;
let firstError: unknown;
const cpu0 = processCpuUs(child.pid);
const start = performance.now();
try {
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      let lane = await openLane("127.0.0.1", port);
      while (next < total) {
        const n = next++;
        const t0 = performance.now();
        try {
          await deployFlow((params) => call(lane, params), n);
        } catch (error) {
          errors++;
          firstError ??= error;
          if (lane.closed) lane = await openLane("127.0.0.1", port);
        }
        latencies[n] = performance.now() - t0;
        if (++finished % (total / 10) === 0) memory.push(`${(((await rssOf(child.pid!)) ?? 0) / 1024 / 1024).toFixed(0)}`);
      }
      lane.close();
    }),
  );
  const seconds = (performance.now() - start) / 1000;
  const cpu = processCpuUs(child.pid);
  const sorted = [...latencies].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!.toFixed(1);
  console.log(`load: ${fmt(total)} two-leg flows over HTTP, ${concurrency} in flight, against createNodeServer(createHttpHandler(server)) with every default on`);
  console.log(`  errors ${errors}; ${fmt(total / seconds)} flows/s over ${seconds.toFixed(1)} s; flow latency p50 ${at(0.5)} ms, p99 ${at(0.99)} ms, max ${at(1)} ms`);
  if (cpu !== undefined && cpu0 !== undefined) console.log(`  server CPU ${fmt((cpu - cpu0) / total)} µs/flow`);
  console.log(`  server RSS at each tenth of the run (MiB): ${memory.join(", ")}`);
  if (errors > 0) throw new Error(`load: ${errors} flows failed`, { cause: firstError });
} finally {
  child.kill();
}
