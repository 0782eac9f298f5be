/**
 * MRTR over HTTP: full two-leg flows per second with a sealed requestState,
 * three servers, each in its own child process, same machine, same run:
 * ours (`createHttpHandler` on `createNodeServer`, every default on,
 * bench/fixtures/mrtr-http-server.ts), the official TypeScript SDK v2's
 * (`createMcpHandler` 2.4.0 behind the same Node adapter,
 * bench/fixtures/official-http-server.ts), and a bare `node:http` server that
 * answers the same two legs with no MCP library, no validation and a fixed
 * state (bench/fixtures/bare-http-server.ts): the floor the machine sets; and
 * a `node:http` server doing only the flow's unavoidable work (the envelope,
 * the Mcp-Method header and the arguments checked, the state sealed, bound and
 * opened, the answer checked: bench/fixtures/floor-http-server.ts), the floor
 * the protocol sets.
 *
 * One flow = `tools/call` of `deploy` answered `input_required` with one form
 * elicitation and a requestState (ours: AES-256-GCM bound to audience, method
 * and params digest; the SDK's: HMAC-SHA256 bound to the method; bare: a
 * constant), then the retry with the accept and the state, answered
 * `complete`. One minimal client drives all three, so only the server
 * differs: a keep-alive connection per lane (bench/lib/keep-alive-client.ts),
 * cheap enough that the bare server, not the client, sets the floor;
 * `BENCH_CONCURRENCY` flows in flight (default 16). Prints flows per second,
 * each server process's CPU per flow (from /proc, so what the client costs
 * does not count), and the ratios ours / bare and ours / official SDK; asserts
 * only that every flow completes with the order it asked for.
 *
 * Run: node --import tsx bench/http-flows.ts (on source, like the other HTTP benches)
 * Knobs: BENCH_WARMUP_MS (1000), BENCH_MS (1000, per contender per round), BENCH_ROUNDS (5), BENCH_CONCURRENCY (16),
 * BENCH_STATE_CRYPTO=webcrypto (our server's request state on WebCrypto instead of node:crypto),
 * BENCH_BASELINE=/path/to/another/checkout (its server as one more contender, "ours, baseline", for a
 * before/after of a change in the same run: that checkout's own fixture on its own source).
 *
 * Two more contenders measure middleware against "ours" (bench/fixtures/mrtr-http-middleware-server.ts):
 * "ours + otel" (@mrtr/otel on the OpenTelemetry SDK; target at most 1.10x ours' CPU per flow; "ours + OTel SDK
 * only" sets the SDK up without it, no context ever entered, and "ours + OTel context per request" enters one per
 * request as an instrumented HTTP server does, with no span: together they tell the SDK's part, its
 * AsyncLocalStorage context manager's included, from ours) and, when
 * redis-server is installed, "ours + Redis rate limit" (every request taken from a RedisRateLimitStore).
 */
import type { ChildProcess } from "node:child_process";
import { join, resolve } from "node:path";
import { hasRedisServer, RedisServer } from "../test/helpers/redis-server.js";
import { freePort, startProcess } from "../test/helpers/processes.js";
import { figureLine, fmt, median, sampleRounds } from "./lib/flows.js";
import { DEPLOY_HEADERS, deployCall, deployFlow, type DeployResult } from "./lib/deploy-flow.js";
import { openLane, type Lane } from "./lib/keep-alive-client.js";
import { handlerFaces } from "./lib/handler-faces.js";
import { processCpuUs } from "./lib/process-cpu.js";

const warmupMs = Number(process.env.BENCH_WARMUP_MS ?? 1000);
const ms = Number(process.env.BENCH_MS ?? 1000);
const rounds = Number(process.env.BENCH_ROUNDS ?? 5);
const concurrency = Number(process.env.BENCH_CONCURRENCY ?? 16);
const stateCrypto = process.env.BENCH_STATE_CRYPTO === "webcrypto" ? "webcrypto" : "auto";

const baseline = process.env.BENCH_BASELINE;
const contenders = {
  ours: "bench/fixtures/mrtr-http-server.ts",
  "ours, fetch face": "bench/fixtures/mrtr-http-fetch-server.ts",
  "official SDK": "bench/fixtures/official-http-server.ts",
  "bare node:http": "bench/fixtures/bare-http-server.ts",
  "floor node:http": "bench/fixtures/floor-http-server.ts",
};
const MIDDLEWARE = "bench/fixtures/mrtr-http-middleware-server.ts";
type Name = keyof typeof contenders | "ours, baseline" | "ours + OTel SDK only" | "ours + OTel context per request" | "ours + otel" | "ours + Redis rate limit";
const redis = hasRedisServer ? await RedisServer.start() : undefined;
const fixtures = {
  ...contenders,
  ...(baseline && { "ours, baseline": join(resolve(baseline), "bench/fixtures/mrtr-http-server.ts") }),
  "ours + OTel SDK only": MIDDLEWARE,
  "ours + OTel context per request": MIDDLEWARE,
  "ours + otel": MIDDLEWARE,
  ...(redis && { "ours + Redis rate limit": MIDDLEWARE }),
} as Record<Name, string>;
const extraEnv: Partial<Record<Name, Record<string, string>>> = {
  "ours + OTel SDK only": { BENCH_MIDDLEWARE: "otel-sdk" },
  "ours + OTel context per request": { BENCH_MIDDLEWARE: "otel-context" },
  "ours + otel": { BENCH_MIDDLEWARE: "otel" },
  ...(redis && { "ours + Redis rate limit": { BENCH_MIDDLEWARE: "redis-rate-limit", REDIS_URL: `redis://127.0.0.1:${redis.port}` } }),
};

/** The lanes of one server: a keep-alive connection each, taken by one flow at a time. */
class Pool {
  readonly #free: Lane[] = [];
  constructor(readonly host: string, readonly port: number) {}
  async call(params: Record<string, unknown>): Promise<DeployResult> {
    let lane = this.#free.pop();
    while (lane?.closed) lane = this.#free.pop(); // closed by the server's keep-alive timeout while another contender ran
    lane ??= await openLane(this.host, this.port);
    const response = await lane.post("/mcp", DEPLOY_HEADERS, JSON.stringify(deployCall(params)));
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

const names = Object.keys(fixtures) as Name[];
const children: ChildProcess[] = [];
const pools = {} as Record<Name, Pool>;
try {
  const pids = {} as Record<Name, number | undefined>;
  for (const name of names) {
    const port = await freePort();
    const child = await startProcess(fixtures[name], { PORT: String(port), BENCH_STATE_CRYPTO: stateCrypto, ...extraEnv[name] });
    children.push(child);
    pids[name] = child.pid;
    pools[name] = new Pool("127.0.0.1", port);
    try {
      await flow(pools[name]);
    } catch (error) {
      throw new Error(`http-flows: the bench client could not complete a flow against ${name} (${fixtures[name]})`, { cause: error });
    }
  }
  const flows = Object.fromEntries(names.map((n) => [n, 0])) as Record<Name, number>;
  const cpuBefore = Object.fromEntries(names.map((n) => [n, processCpuUs(pids[n])])) as Record<Name, number | undefined>;
  const samples = await sampleRounds(names, (name) => flow(pools[name]).then(() => void flows[name]++), { concurrency, warmupMs, ms, rounds });
  // Each server is idle while the others take their turn, so its CPU over the whole sampling is its flows' cost.
  const cpuPerFlow = Object.fromEntries(
    names.map((n) => {
      const after = processCpuUs(pids[n]);
      return [n, after === undefined || cpuBefore[n] === undefined ? undefined : (after - cpuBefore[n]!) / flows[n]];
    }),
  ) as Record<Name, number | undefined>;
  console.log(
    `http-flows: two-leg MRTR flows (tools/call, input_required with a requestState, retry with the answer, complete) per second over HTTP, ${concurrency} in flight, median of ${rounds} rounds of ${ms} ms; same keep-alive client for all; our request state on ${stateCrypto === "auto" ? "node:crypto (auto)" : "WebCrypto (forced)"}`,
  );
  for (const name of names) {
    const cpu = cpuPerFlow[name];
    console.log(`${figureLine(name, samples[name], "flows/s", 16)}${cpu === undefined ? "" : `, server CPU ${fmt(cpu)} µs/flow`}`);
  }
  const ratio = (peer: Name) => (median(samples.ours) / median(samples[peer])).toFixed(2);
  const cpuRatio = (peer: Name) => (cpuPerFlow[peer] !== undefined && cpuPerFlow.ours !== undefined ? ` (by server CPU per flow: ${(cpuPerFlow[peer]! / cpuPerFlow.ours!).toFixed(2)})` : "");
  console.log(`  ratio ours / bare node:http: ${ratio("bare node:http")} (target 0.40)${cpuRatio("bare node:http")}`);
  console.log(
    `  ratio ours / floor node:http (the same flow's unavoidable work, fixtures/floor-answer.ts): ${ratio("floor node:http")}${cpuRatio("floor node:http")}; the floor itself / bare by server CPU per flow: ${cpuPerFlow["floor node:http"] !== undefined && cpuPerFlow["bare node:http"] !== undefined ? (cpuPerFlow["bare node:http"]! / cpuPerFlow["floor node:http"]!).toFixed(2) : "?"}`,
  );
  console.log(`  ratio ours / official SDK: ${ratio("official SDK")} (target 3.00)${cpuRatio("official SDK")}`);
  if (baseline) console.log(`  ratio ours / ours at ${baseline}: ${ratio("ours, baseline")}${cpuRatio("ours, baseline")}`);
  const cost = (name: Name) => (cpuPerFlow[name] !== undefined && cpuPerFlow.ours !== undefined ? (cpuPerFlow[name]! / cpuPerFlow.ours!).toFixed(2) : "?");
  const over = (name: Name, base: Name) => (cpuPerFlow[name] !== undefined && cpuPerFlow[base] !== undefined ? (cpuPerFlow[name]! / cpuPerFlow[base]!).toFixed(2) : "?");
  console.log(
    `  middleware, server CPU per flow / ours without: @mrtr/otel ${cost("ours + otel")}x (target at most 1.10x; the SDK set up, no context entered ${cost("ours + OTel SDK only")}x; a context entered per request, AsyncLocalStorage on ${cost("ours + OTel context per request")}x; @mrtr/otel over that ${over("ours + otel", "ours + OTel context per request")}x)${redis ? `, rate limit on Redis ${cost("ours + Redis rate limit")}x` : " (no redis-server: the Redis rate limit not measured)"}`,
  );
  if (cpuPerFlow.ours !== undefined && cpuPerFlow["ours, fetch face"] !== undefined) {
    console.log(`  over sockets, fetch face behind Node's web Request and streams / the Node adapter's own reading, server CPU per flow: ${(cpuPerFlow["ours, fetch face"] / cpuPerFlow.ours).toFixed(2)}`);
  }
  const faces = await handlerFaces(2000, rounds);
  console.log(
    `  the handler alone, in process, no sockets: fetch face (Request in, Response out) ${fmt(faces.fetch)} µs/flow, Node entry ${fmt(faces.entry)} µs/flow (the core in process: target at most 120 µs/flow, ${faces.entry <= 120 ? "met" : "missed"}); ratio ${(faces.fetch / faces.entry).toFixed(2)}`,
  );
  console.log(
    `  the same without the runtime's part (making Requests, reading Responses: ${fmt(faces.runtime)} µs/flow with a JSON echo handler): fetch face ${fmt(faces.fetch - faces.runtime)} µs/flow; ratio to the Node entry ${((faces.fetch - faces.runtime) / faces.entry).toFixed(2)} (target at most 1.30)`,
  );
} finally {
  for (const pool of Object.values(pools)) pool.close();
  for (const child of children) child.kill();
  await redis?.stop();
}
