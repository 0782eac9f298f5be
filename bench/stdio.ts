/**
 * stdio: full two-leg MRTR flows per second over a pipe, three servers, each
 * in its own child process, same machine, same run: ours (`createServer`
 * served by `serveStdio` from `@mrtr/server/stdio`, every default on,
 * bench/fixtures/mrtr-stdio-server.ts), the official TypeScript SDK v2's
 * (`McpServer` served by `serveStdio` from `@modelcontextprotocol/server/stdio`
 * 2.4.0, bench/fixtures/official-stdio-server.ts), and a bare newline-JSON
 * peer answering the same two legs with no MCP library, no validation and a
 * fixed state (bench/fixtures/bare-stdio-server.ts): the floor the pipe sets;
 * and a floor peer doing only the flow's unavoidable work (the envelope and
 * the arguments checked, the state sealed, bound and opened, the answer
 * checked: bench/fixtures/floor-stdio-server.ts), the floor the protocol sets.
 *
 * One flow = `tools/call` of a tool whose first answer is `input_required`
 * with one form elicitation (a boolean `confirm`) and a requestState (ours:
 * AES-256-GCM bound to audience, method and params digest; the SDK's:
 * `createRequestStateCodec`, HMAC-SHA256 bound to the method, checked by its
 * `requestState.verify` hook; bare: a constant), then the retry with the
 * accept and the state, answered `complete`. One minimal newline-JSON driver
 * (bench/lib/line-client.ts) sends all three the same lines, so only the
 * server differs; `BENCH_CONCURRENCY` flows are in flight at once (default
 * 16) over the one pipe of each child. Prints flows per second, each server
 * process's CPU per flow (from /proc), and the ratios ours / bare and ours /
 * official SDK; asserts only that every flow completes with the order its
 * first leg sealed.
 *
 * Run: node --import tsx bench/stdio.ts (on source)
 * Knobs: BENCH_WARMUP_MS (1000), BENCH_MS (1000, per contender per round), BENCH_ROUNDS (5), BENCH_CONCURRENCY (16).
 */
import { deployCall, deployFlow, type DeployResult } from "./lib/deploy-flow.js";
import { figureLine, fmt, median, sampleRounds } from "./lib/flows.js";
import { startLinePeer, type LinePeer } from "./lib/line-client.js";
import { processCpuUs } from "./lib/process-cpu.js";

const warmupMs = Number(process.env.BENCH_WARMUP_MS ?? 1000);
const ms = Number(process.env.BENCH_MS ?? 1000);
const rounds = Number(process.env.BENCH_ROUNDS ?? 5);
const concurrency = Number(process.env.BENCH_CONCURRENCY ?? 16);

const fixtures = {
  ours: "bench/fixtures/mrtr-stdio-server.ts",
  "official SDK": "bench/fixtures/official-stdio-server.ts",
  "bare pipe": "bench/fixtures/bare-stdio-server.ts",
  "floor pipe": "bench/fixtures/floor-stdio-server.ts",
};
type Name = keyof typeof fixtures;

let order = 0;
async function call(peer: LinePeer, params: Record<string, unknown>): Promise<DeployResult> {
  const answer = await peer.request(deployCall(params));
  if (!answer.result) throw new Error(`tools/call failed: ${JSON.stringify(answer.error)}`);
  return answer.result as DeployResult;
}
const flow = (peer: LinePeer) => deployFlow((params) => call(peer, params), order++);

const names = Object.keys(fixtures) as Name[];
const peers = Object.fromEntries(names.map((n) => [n, startLinePeer(fixtures[n])])) as Record<Name, LinePeer>;
try {
  // One flow each first: waits for the child to start and shows the driver completes a flow against it.
  for (const name of names) {
    try {
      await flow(peers[name]);
    } catch (error) {
      throw new Error(`stdio: the driver could not complete a flow against ${name} (${fixtures[name]})`, { cause: error });
    }
  }
  const flows = Object.fromEntries(names.map((n) => [n, 0])) as Record<Name, number>;
  const before = Object.fromEntries(names.map((n) => [n, processCpuUs(peers[n].child.pid)])) as Record<Name, number | undefined>;
  const samples = await sampleRounds(names, (name) => flow(peers[name]).then(() => void flows[name]++), { concurrency, warmupMs, ms, rounds });
  const cpuPerFlow = Object.fromEntries(
    names.map((n) => {
      const after = processCpuUs(peers[n].child.pid);
      return [n, after === undefined || before[n] === undefined ? undefined : (after - before[n]!) / flows[n]];
    }),
  ) as Record<Name, number | undefined>;
  console.log(`stdio: two-leg MRTR flows (tools/call, input_required with a requestState, retry with the answer, complete) per second over a pipe, ${concurrency} in flight, median of ${rounds} rounds of ${ms} ms; same newline-JSON driver for all`);
  for (const name of names) {
    const cpu = cpuPerFlow[name];
    console.log(`${figureLine(name, samples[name], "flows/s", 13)}${cpu === undefined ? "" : `, server CPU ${fmt(cpu)} µs/flow`}`);
  }
  const ratio = (peer: Name) => (median(samples.ours) / median(samples[peer])).toFixed(2);
  const cpuRatio = (peer: Name) => (cpuPerFlow[peer] !== undefined && cpuPerFlow.ours !== undefined ? ` (by server CPU per flow: ${(cpuPerFlow[peer]! / cpuPerFlow.ours!).toFixed(2)})` : "");
  console.log(`  ratio ours / bare pipe: ${ratio("bare pipe")} (target 0.40)${cpuRatio("bare pipe")}`);
  console.log(
    `  ratio ours / floor pipe (the same flow's unavoidable work, fixtures/floor-answer.ts): ${ratio("floor pipe")}${cpuRatio("floor pipe")}; the floor itself / bare by server CPU per flow: ${cpuPerFlow["floor pipe"] !== undefined && cpuPerFlow["bare pipe"] !== undefined ? (cpuPerFlow["bare pipe"]! / cpuPerFlow["floor pipe"]!).toFixed(2) : "?"}`,
  );
  console.log(`  ratio ours / official SDK: ${ratio("official SDK")} (target 3.00)${cpuRatio("official SDK")}`);
} finally {
  // Closing stdin ends each server.
  for (const name of names) peers[name].close();
}
