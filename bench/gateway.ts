/**
 * What the gateway costs: CPU per flow through `@mrtr/gateway` vs direct, one
 * modern upstream, as a ratio. Each server in its own child process, same
 * machine, same run:
 *
 * - direct: our upstream (bench/fixtures/gateway-upstream.ts: `createHttpHandler`
 *   on `createNodeServer`, every default on, one tool `deploy` asking one form
 *   elicitation with `ctx.elicit`);
 * - through the gateway: `createGateway({ upstreams: { up: { url } } })` served
 *   the same way (bench/fixtures/gateway-server.ts), fronting another process
 *   of the same upstream, its tool called as `up_deploy`.
 *
 * One flow = `tools/call` answered `input_required` with one elicitation and a
 * requestState, then the retry with the accept and the state, answered
 * `complete` (bench/lib/deploy-flow.ts). Through the gateway each leg is one
 * upstream leg too: the upstream's requestState travels inside the gateway's
 * own sealed state. One keep-alive client drives both (bench/lib/keep-alive-client.ts),
 * `BENCH_CONCURRENCY` flows in flight (default 16), the two setups taking
 * turns (bench/lib/flows.ts). Prints flows per second, each process's CPU per
 * flow from /proc (so what the client costs does not count): the upstream's
 * direct; the gateway's and the gateway + its upstream's through it; the
 * ratio gateway total / direct and the gateway's own CPU per flow. Asserts
 * only that every flow completes with the order it asked for.
 *
 * Run: node --import tsx bench/gateway.ts (on source, like the other HTTP benches)
 * Knobs: BENCH_WARMUP_MS (1000), BENCH_MS (1000, per setup per round), BENCH_ROUNDS (5), BENCH_CONCURRENCY (16).
 */
import type { ChildProcess } from "node:child_process";
import { freePort, startProcess } from "../test/helpers/processes.js";
import { figureLine, fmt, median, sampleRounds } from "./lib/flows.js";
import { DEPLOY_HEADERS, deployCall, deployFlow, type DeployResult } from "./lib/deploy-flow.js";
import { openLane, type Lane } from "./lib/keep-alive-client.js";
import { processCpuUs } from "./lib/process-cpu.js";

const warmupMs = Number(process.env.BENCH_WARMUP_MS ?? 1000);
const ms = Number(process.env.BENCH_MS ?? 1000);
const rounds = Number(process.env.BENCH_ROUNDS ?? 5);
const concurrency = Number(process.env.BENCH_CONCURRENCY ?? 16);

const UPSTREAM = "bench/fixtures/gateway-upstream.ts";
const GATEWAY = "bench/fixtures/gateway-server.ts";
type Name = "direct" | "through the gateway";

/** The lanes of one server: a keep-alive connection each, taken by one flow at a time; `tool` is the name the server knows `deploy` by. */
class Pool {
  readonly #free: Lane[] = [];
  readonly #headers: Record<string, string>;
  constructor(readonly host: string, readonly port: number, readonly tool: string) {
    this.#headers = { ...DEPLOY_HEADERS, "mcp-name": tool };
  }
  async call(params: Record<string, unknown>): Promise<DeployResult> {
    let lane = this.#free.pop();
    while (lane?.closed) lane = this.#free.pop(); // closed by the server's keep-alive timeout while the other setup ran
    lane ??= await openLane(this.host, this.port);
    const response = await lane.post("/mcp", this.#headers, JSON.stringify(deployCall({ ...params, name: this.tool })));
    this.#free.push(lane);
    const body = JSON.parse(response.body) as { result?: DeployResult; error?: unknown };
    if (!body.result) throw new Error(`tools/call failed (${response.status}): ${JSON.stringify(body.error)}`);
    return body.result;
  }
  close(): void {
    for (const lane of this.#free.splice(0)) lane.close();
  }
}

let order = 0;
const flow = (pool: Pool) => deployFlow((params) => pool.call(params), order++);

const names: Name[] = ["direct", "through the gateway"];
const children: ChildProcess[] = [];
const pools = {} as Record<Name, Pool>;
/** Starts `file` on a free port with `env`; its pid and port. */
async function start(file: string, env: Record<string, string> = {}): Promise<{ pid: number | undefined; port: number }> {
  const port = await freePort();
  const child = await startProcess(file, { PORT: String(port), ...env });
  children.push(child);
  return { pid: child.pid, port };
}
try {
  const direct = await start(UPSTREAM);
  const behind = await start(UPSTREAM);
  const gateway = await start(GATEWAY, { UPSTREAM_URL: `http://127.0.0.1:${behind.port}/mcp` });
  pools.direct = new Pool("127.0.0.1", direct.port, "deploy");
  pools["through the gateway"] = new Pool("127.0.0.1", gateway.port, "up_deploy");
  for (const name of names) {
    try {
      await flow(pools[name]);
    } catch (error) {
      throw new Error(`gateway: the bench client could not complete a flow ${name}`, { cause: error });
    }
  }
  const pids = { direct: direct.pid, gateway: gateway.pid, behind: behind.pid };
  const flows: Record<Name, number> = { direct: 0, "through the gateway": 0 };
  const before = Object.fromEntries(Object.entries(pids).map(([k, pid]) => [k, processCpuUs(pid)])) as Record<keyof typeof pids, number | undefined>;
  const samples = await sampleRounds(names, (name) => flow(pools[name]).then(() => void flows[name]++), { concurrency, warmupMs, ms, rounds });
  // Each setup is idle while the other takes its turn, so a process's CPU over the whole sampling is its setup's flows' cost.
  const perFlow = (key: keyof typeof pids, name: Name): number | undefined => {
    const after = processCpuUs(pids[key]);
    return after === undefined || before[key] === undefined ? undefined : (after - before[key]!) / flows[name];
  };
  const cpu = { direct: perFlow("direct", "direct"), gateway: perFlow("gateway", "through the gateway"), behind: perFlow("behind", "through the gateway") };
  const total = cpu.gateway !== undefined && cpu.behind !== undefined ? cpu.gateway + cpu.behind : undefined;
  console.log(
    `gateway: CPU per flow through the gateway vs direct (one modern upstream), as a ratio; two-leg MRTR flows (tools/call, input_required with a requestState from ctx.elicit, retry with the answer, complete) over HTTP, ${concurrency} in flight, median of ${rounds} rounds of ${ms} ms; same keep-alive client for both`,
  );
  const figure = (n: number | undefined) => (n === undefined ? "? (no /proc)" : `${fmt(n)} µs/flow`);
  console.log(`${figureLine("direct", samples.direct, "flows/s", 20)}, upstream CPU ${figure(cpu.direct)}`);
  console.log(
    `${figureLine("through the gateway", samples["through the gateway"], "flows/s", 20)}, gateway CPU ${figure(cpu.gateway)}, its upstream's ${figure(cpu.behind)}, total ${figure(total)}`,
  );
  if (total !== undefined && cpu.direct !== undefined && cpu.gateway !== undefined) {
    console.log(
      `  ratio through the gateway / direct, by CPU per flow (gateway + upstream / upstream alone): ${(total / cpu.direct).toFixed(2)} (by flows per second: ${(median(samples.direct) / median(samples["through the gateway"])).toFixed(2)})`,
    );
    console.log(`  the gateway's own overhead: ${fmt(cpu.gateway)} µs/flow in its process, ${(cpu.gateway / cpu.direct).toFixed(2)}x the upstream's direct; total minus direct ${fmt(total - cpu.direct)} µs/flow`);
  }
} finally {
  for (const pool of Object.values(pools)) pool.close();
  for (const child of children) child.kill();
}
