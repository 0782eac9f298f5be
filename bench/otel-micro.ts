/**
 * What `@mrtr/otel`'s server middleware costs per call in process, with no
 * sockets: `server.handle` driven directly with the messages the HTTP binding
 * would hand it (`transport: "http"`, a header function), on the server of
 * bench/http-flows.ts plus two tools. Each setup runs in a child process of
 * its own (the SDK's context manager, once a context was entered, stays on
 * for the whole process), the setups taking turns, `MICRO_ROUNDS` times:
 *
 *   ours      no OpenTelemetry
 *   sdk       the SDK as bench/fixtures/mrtr-http-middleware-server.ts sets it up, no middleware
 *   noop      the same SDK, and a middleware that only calls next() (what any middleware costs)
 *   context   the same SDK, and a middleware that only runs next() in a context of its own, as an
 *             instrumented HTTP server does per request (what AsyncLocalStorage costs once in use)
 *   otel      the same SDK, and `server.use(serverTelemetry())`
 *
 * Scenarios: `instant` (a tool answering at once: one call per flow),
 * `deploy` (the flow of bench/http-flows.ts: input_required with a
 * requestState, then the retry) and `elicit` (a tool awaiting `ctx.elicit`:
 * two calls). Prints the process's CPU µs per call (`process.cpuUsage`, user
 * + system), the median over rounds × repetitions with the range, and each
 * setup's cost over `ours`.
 *
 * Run: node --conditions=@mrtr/source --import tsx bench/otel-micro.ts
 * Knobs: MICRO_ROUNDS (5), MICRO_REPS (3 per process), MICRO_FLOWS (3000 per repetition), MICRO_CONCURRENCY (16),
 * MICRO_MODES (ours,sdk,noop,context,otel), MICRO_SCENARIOS (instant,deploy,elicit).
 */
import { spawnSync } from "node:child_process";
import { fileURLToPath } from "node:url";

type Mode = "ours" | "sdk" | "noop" | "context" | "otel";
type Scenario = "instant" | "deploy" | "elicit";
const CALLS_PER_FLOW: Record<Scenario, number> = { instant: 1, deploy: 2, elicit: 2 };

const modes = (process.env.MICRO_MODES ?? "ours,sdk,noop,context,otel").split(",") as Mode[];
const scenarios = (process.env.MICRO_SCENARIOS ?? "instant,deploy,elicit").split(",") as Scenario[];
const flows = Number(process.env.MICRO_FLOWS ?? 3000);
const reps = Number(process.env.MICRO_REPS ?? 3);
const concurrency = Number(process.env.MICRO_CONCURRENCY ?? 16);

if (process.argv[2] === "child") await child(process.argv[3] as Mode);
else parent();

/** Runs each setup in a child process per round, setups rotating which goes first, and prints the table. */
function parent(): void {
  const rounds = Number(process.env.MICRO_ROUNDS ?? 5);
  const samples = new Map<string, number[]>();
  for (let r = 0; r < rounds; r++) {
    for (const mode of modes.map((_, i) => modes[(i + r) % modes.length]!)) {
      const out = spawnSync(process.execPath, [...process.execArgv, fileURLToPath(import.meta.url), "child", mode], { encoding: "utf8", stdio: ["ignore", "pipe", "inherit"] });
      if (out.status !== 0) throw new Error(`otel-micro: the ${mode} child failed (${out.status})`);
      const result = JSON.parse(out.stdout.trim().split("\n").at(-1)!) as Record<Scenario, number[]>;
      for (const s of scenarios) samples.set(`${mode} ${s}`, [...(samples.get(`${mode} ${s}`) ?? []), ...result[s]]);
    }
  }
  const median = (xs: readonly number[]) => {
    const s = [...xs].sort((a, b) => a - b);
    return s.length % 2 ? s[(s.length - 1) / 2]! : (s[s.length / 2 - 1]! + s[s.length / 2]!) / 2;
  };
  console.log(`otel-micro: process CPU µs per call, in process, median of ${rounds} processes × ${reps} repetitions of ${flows} flows, ${concurrency} in flight [range]`);
  for (const s of scenarios) {
    const ours = median(samples.get(`ours ${s}`) ?? [Number.NaN]);
    for (const mode of modes) {
      const xs = samples.get(`${mode} ${s}`)!;
      const m = median(xs);
      const over = mode === "ours" ? "" : `  ${(m / ours).toFixed(2)}x ours (+${(m - ours).toFixed(1)} µs)`;
      console.log(`  ${s.padEnd(8)} ${mode.padEnd(8)} ${m.toFixed(1).padStart(6)} µs/call [${Math.min(...xs).toFixed(1)} to ${Math.max(...xs).toFixed(1)}]${over}`);
    }
  }
}

/** One setup: warms every scenario up, then prints the CPU µs per call of each repetition as JSON. */
async function child(mode: Mode): Promise<void> {
  if (mode !== "ours") {
    // As bench/fixtures/mrtr-http-middleware-server.ts: spans batched to an exporter that drops them, metrics in memory.
    const { context, metrics, propagation, trace } = await import("@opentelemetry/api");
    const { AsyncLocalStorageContextManager } = await import("@opentelemetry/context-async-hooks");
    const { W3CTraceContextPropagator } = await import("@opentelemetry/core");
    const { AggregationTemporality, InMemoryMetricExporter, MeterProvider, PeriodicExportingMetricReader } = await import("@opentelemetry/sdk-metrics");
    const { BatchSpanProcessor, TracerProvider } = await import("@opentelemetry/sdk-trace");
    const dropped = { export: (_spans: unknown[], done: (r: { code: 0 }) => void) => done({ code: 0 }), shutdown: async () => undefined };
    trace.setGlobalTracerProvider(new TracerProvider({ spanProcessors: [new BatchSpanProcessor({ exporter: dropped })] }));
    metrics.setGlobalMeterProvider(new MeterProvider({ readers: [new PeriodicExportingMetricReader({ exporter: new InMemoryMetricExporter(AggregationTemporality.DELTA), exportIntervalMillis: 3_600_000 })] }));
    propagation.setGlobalPropagator(new W3CTraceContextPropagator());
    context.setGlobalContextManager(new AsyncLocalStorageContextManager().enable());
  }
  const { context } = await import("@opentelemetry/api");
  const { serverTelemetry } = await import("@mrtr/otel");
  const { deployServer } = await import("./fixtures/mrtr-deploy-tool.js");
  const { DEPLOY_HEADERS, DEPLOY_META } = await import("./lib/deploy-flow.js");
  const server = deployServer("otel-micro")
    .tool({ name: "instant", handler: () => ({ content: [{ type: "text", text: "done" }] }) })
    .tool({
      name: "ask",
      async handler(_args, ctx) {
        const answer = await ctx.elicit("confirm", { message: "Go?", requestedSchema: { type: "object", properties: { confirm: { type: "boolean" } }, required: ["confirm"] } });
        return { content: [{ type: "text", text: `confirmed ${String(answer.content?.confirm)}` }] };
      },
    });
  const key = Symbol("otel-micro");
  if (mode === "noop") server.use((_call, next) => next());
  if (mode === "context") server.use((_call, next) => context.with(context.active().setValue(key, true), next));
  if (mode === "otel") server.use(serverTelemetry());

  const headers = { ...DEPLOY_HEADERS };
  let id = 0;
  const call = async (params: Record<string, unknown>): Promise<Record<string, unknown>> => {
    headers["mcp-name"] = String(params.name);
    const message = JSON.stringify({ jsonrpc: "2.0", id: id++, method: "tools/call", params: { ...params, _meta: DEPLOY_META } });
    const response = (await server.handle(message, { transport: "http", header: (name) => headers[name.toLowerCase()] })) as { result?: Record<string, unknown> } | undefined;
    if (!response?.result) throw new Error(`otel-micro: a call failed: ${JSON.stringify(response)}`);
    return response.result;
  };
  const accept = { confirm: { action: "accept", content: { confirm: true } } };
  const twoRounds = async (params: Record<string, unknown>) => {
    const asked = await call(params);
    if (asked.resultType !== "input_required") throw new Error(`otel-micro: ${String(params.name)} did not ask: ${JSON.stringify(asked)}`);
    const done = await call({ ...params, inputResponses: accept, requestState: asked.requestState });
    if (done.resultType !== "complete") throw new Error(`otel-micro: ${String(params.name)} did not complete: ${JSON.stringify(done)}`);
  };
  const flowOf: Record<Scenario, (n: number) => Promise<void>> = {
    instant: async () => void (await call({ name: "instant", arguments: {} })),
    deploy: (n) => twoRounds({ name: "deploy", arguments: { env: "prod", order: n } }),
    elicit: () => twoRounds({ name: "ask", arguments: {} }),
  };
  const run = async (scenario: Scenario) => {
    let next = 0;
    const lane = async () => {
      while (next < flows) await flowOf[scenario](next++);
    };
    await Promise.all(Array.from({ length: concurrency }, lane));
  };
  for (const s of scenarios) await run(s); // warm-up
  const out = {} as Record<Scenario, number[]>;
  for (const s of scenarios) {
    out[s] = [];
    for (let r = 0; r < reps; r++) {
      const before = process.cpuUsage();
      await run(s);
      const used = process.cpuUsage(before);
      out[s].push((used.user + used.system) / (flows * CALLS_PER_FLOW[s]));
    }
  }
  console.log(JSON.stringify(out));
}
