/**
 * What a task costs over a plain call: flows per second of a tool call that
 * becomes a task (`tools/call` answered with a CreateTaskResult, then
 * `tasks/get` until the task is completed, the result inlined) beside the
 * same immediate job as a plain `tools/call`, both on our server with the
 * Tasks extension (bench/fixtures/mrtr-tasks-http-server.ts, in-memory
 * store) in one child process, same run, same minimal `fetch` client. The
 * client polls again at once (the tool suggests 1 ms), so the figure is the
 * protocol's and the server's overhead, not a polling interval. No peer
 * runs tasks (the official SDK ships only their types), so the ratio is
 * against our own plain call. Asserts only that every flow returns its own result.
 *
 * Run: node --import tsx bench/tasks.ts (on built dist: `npm run bench` builds first)
 * Knobs: BENCH_WARMUP_MS (1000), BENCH_MS (1000, per contender per round), BENCH_ROUNDS (5), BENCH_CONCURRENCY (16).
 */
import type { ChildProcess } from "node:child_process";
import { freePort, startProcess } from "../test/helpers/processes.js";
import { figureLine, median, sampleRounds } from "./lib/flows.js";

const warmupMs = Number(process.env.BENCH_WARMUP_MS ?? 1000);
const ms = Number(process.env.BENCH_MS ?? 1000);
const rounds = Number(process.env.BENCH_ROUNDS ?? 5);
const concurrency = Number(process.env.BENCH_CONCURRENCY ?? 16);

const META = {
  "io.modelcontextprotocol/protocolVersion": "2026-07-28",
  "io.modelcontextprotocol/clientCapabilities": { extensions: { "io.modelcontextprotocol/tasks": {} } },
  "io.modelcontextprotocol/clientInfo": { name: "bench", version: "1.0.0" },
};
type Result = { resultType?: string; taskId?: string; status?: string; content?: { text?: string }[]; result?: { content?: { text?: string }[] } };

let id = 0;
async function rpc(url: string, method: string, params: Record<string, unknown>, name: string): Promise<Result> {
  const response = await fetch(url, {
    method: "POST",
    headers: { "content-type": "application/json", accept: "application/json, text/event-stream", "mcp-protocol-version": "2026-07-28", "mcp-method": method, "mcp-name": name },
    body: JSON.stringify({ jsonrpc: "2.0", id: id++, method, params: { ...params, _meta: META } }),
  });
  const body = (await response.json()) as { result?: Result; error?: unknown };
  if (!body.result) throw new Error(`${method} failed: ${JSON.stringify(body.error)}`);
  return body.result;
}

let order = 0;
const flows = {
  "plain tools/call": async (url: string) => {
    const n = order++;
    const r = await rpc(url, "tools/call", { name: "plain", arguments: { order: n } }, "plain");
    if (r.content?.[0]?.text !== `done ${n}`) throw new Error(`a plain call did not complete: ${JSON.stringify(r)}`);
  },
  "task (create + poll)": async (url: string) => {
    const n = order++;
    const created = await rpc(url, "tools/call", { name: "job", arguments: { order: n } }, "job");
    if (created.resultType !== "task" || !created.taskId) throw new Error(`no task was created: ${JSON.stringify(created)}`);
    for (let polls = 0; polls < 1000; polls++) {
      const task = await rpc(url, "tasks/get", { taskId: created.taskId }, created.taskId);
      if (task.status === "completed") {
        if (task.result?.content?.[0]?.text !== `done ${n}`) throw new Error(`a task completed with another result: ${JSON.stringify(task)}`);
        return;
      }
      if (task.status !== "working") throw new Error(`a task ended ${task.status}`);
    }
    throw new Error("a task did not complete in 1000 polls");
  },
};
type Name = keyof typeof flows;

let child: ChildProcess | undefined;
try {
  const port = await freePort();
  child = await startProcess("bench/fixtures/mrtr-tasks-http-server.ts", { PORT: String(port) });
  const url = `http://127.0.0.1:${port}/mcp`;
  const names = Object.keys(flows) as Name[];
  const samples = await sampleRounds(names, (name) => flows[name](url), { concurrency, warmupMs, ms, rounds });
  console.log(`tasks: an immediate job per second as a task (tools/call, then tasks/get until completed) and as a plain tools/call, ${concurrency} in flight, median of ${rounds} rounds of ${ms} ms, over HTTP`);
  for (const name of names) {
    const xs = samples[name];
    console.log(figureLine(name, xs, "flows/s", 20));
  }
  const ratio = median(samples["task (create + poll)"]) / median(samples["plain tools/call"]);
  console.log(`  ratio task / plain call: ${ratio.toFixed(2)} (a task flow costs ${(1 / ratio).toFixed(2)}x a plain call)`);
} finally {
  child?.kill();
}
