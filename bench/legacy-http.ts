/**
 * Legacy sessions over Streamable HTTP: whole 2025-11-25 sessions per
 * second, our dual-era server (`createHttpHandler` with `legacyHttp()` from
 * `@mrtr/server/legacy`, bench/fixtures/mrtr-dual-era-http-server.ts) beside
 * the official TypeScript SDK v2's dual-era wiring (a sessionful
 * `WebStandardStreamableHTTPServerTransport` per session behind
 * `isLegacyRequest`, 2.4.0, bench/fixtures/official-dual-era-http-server.ts),
 * each in its own child process behind the same Node adapter, same run.
 *
 * One flow = one legacy session's life as a 2025-11-25 host lives it:
 * `initialize` (the session id comes back), `notifications/initialized`,
 * `tools/call` of a tool whose handler answers `input_required` with one form
 * elicitation, which each server turns into an `elicitation/create` request
 * on the call's event stream; the client POSTs its accept, reads the result
 * off the same stream, and DELETEs the session. Five HTTP exchanges, driven
 * by the same minimal `fetch` client for both, so only the server differs;
 * `BENCH_CONCURRENCY` flows in flight (default 16). Prints figures and the
 * ratio; asserts only that every flow completes with the order it asked for.
 *
 * Run: node --import tsx bench/legacy-http.ts (on built dist: `npm run bench` builds first)
 * Knobs: BENCH_WARMUP_MS (1000), BENCH_MS (1000, per contender per round), BENCH_ROUNDS (5), BENCH_CONCURRENCY (16).
 */
import type { ChildProcess } from "node:child_process";
import { freePort, startProcess } from "../test/helpers/processes.js";
import { figureLine, median, sampleRounds } from "./lib/flows.js";

const warmupMs = Number(process.env.BENCH_WARMUP_MS ?? 1000);
const ms = Number(process.env.BENCH_MS ?? 1000);
const rounds = Number(process.env.BENCH_ROUNDS ?? 5);
const concurrency = Number(process.env.BENCH_CONCURRENCY ?? 16);

const fixtures = {
  ours: "bench/fixtures/mrtr-dual-era-http-server.ts",
  "official SDK": "bench/fixtures/official-dual-era-http-server.ts",
};
type Name = keyof typeof fixtures;

const ACCEPT = "application/json, text/event-stream";
type Message = { id?: unknown; method?: string; result?: { content?: { text?: string }[] }; error?: unknown };

/** Reads the JSON-RPC messages of a response, JSON or an event stream, one awaited message at a time. */
function messages(response: Response): { next(until: (m: Message) => boolean): Promise<Message>; close(): void } {
  const sse = (response.headers.get("content-type") ?? "").includes("text/event-stream");
  const reader = sse ? response.body!.getReader() : undefined;
  const decoder = new TextDecoder();
  let buffer = "";
  let json: Promise<Message> | undefined;
  return {
    async next(until) {
      if (!reader) return (json ??= response.json() as Promise<Message>);
      for (;;) {
        let at: number;
        while ((at = buffer.indexOf("\n")) >= 0) {
          const line = buffer.slice(0, at).trimEnd();
          buffer = buffer.slice(at + 1);
          if (!line.startsWith("data:")) continue;
          const m = JSON.parse(line.slice(5)) as Message;
          if (until(m)) return m;
        }
        const { value, done } = await reader.read();
        if (done) throw new Error(`the stream ended before the message awaited: ${buffer.slice(0, 300)}`);
        buffer += decoder.decode(value, { stream: true });
      }
    },
    close: () => void reader?.cancel().catch(() => undefined),
  };
}

let order = 0;
/** One legacy session, start to end (see the module comment). */
async function flow(url: string): Promise<void> {
  const n = order++;
  const post = (body: unknown, headers: Record<string, string> = {}) =>
    fetch(url, { method: "POST", headers: { "content-type": "application/json", accept: ACCEPT, ...headers }, body: JSON.stringify(body) });
  const init = await post({ jsonrpc: "2.0", id: 0, method: "initialize", params: { protocolVersion: "2025-11-25", capabilities: { elicitation: {} }, clientInfo: { name: "bench", version: "1.0.0" } } });
  const session = init.headers.get("mcp-session-id");
  const initialized = await messages(init).next((m) => m.id === 0);
  if (!session || initialized.error) throw new Error(`initialize opened no session: ${JSON.stringify(initialized)}`);
  const headers = { "mcp-session-id": session, "mcp-protocol-version": "2025-11-25" };
  await (await post({ jsonrpc: "2.0", method: "notifications/initialized" }, headers)).arrayBuffer();
  const call = messages(await post({ jsonrpc: "2.0", id: 1, method: "tools/call", params: { name: "deploy", arguments: { env: "prod", order: n } } }, headers));
  const asked = await call.next((m) => m.method === "elicitation/create" || m.id === 1);
  if (asked.method !== "elicitation/create") throw new Error(`the server did not ask: ${JSON.stringify(asked)}`);
  await (await post({ jsonrpc: "2.0", id: asked.id, result: { action: "accept", content: { confirm: true } } }, headers)).arrayBuffer();
  const done = await call.next((m) => m.id === 1);
  call.close();
  const text = done.result?.content?.[0]?.text;
  if (text !== `deployed order ${n} to prod`) throw new Error(`a flow did not complete: ${JSON.stringify(done)}`);
  await (await fetch(url, { method: "DELETE", headers })).arrayBuffer();
}

const names = Object.keys(fixtures) as Name[];
const children: ChildProcess[] = [];
try {
  const urls = {} as Record<Name, string>;
  for (const name of names) {
    const port = await freePort();
    children.push(await startProcess(fixtures[name], { PORT: String(port) }));
    urls[name] = `http://127.0.0.1:${port}/mcp`;
    try {
      await flow(urls[name]);
    } catch (error) {
      throw new Error(`legacy-http: the bench client could not complete a session against ${name} (${fixtures[name]})`, { cause: error });
    }
  }
  const samples = await sampleRounds(names, (name) => flow(urls[name]), { concurrency, warmupMs, ms, rounds });
  console.log(`legacy-http: 2025-11-25 sessions (initialize, initialized, tools/call asking one elicitation/create, the answer, the result, DELETE) per second, ${concurrency} in flight, median of ${rounds} rounds of ${ms} ms; same fetch client for both`);
  for (const name of names) {
    const xs = samples[name];
    console.log(figureLine(name, xs, "sessions/s", 13));
  }
  console.log(`  ratio ours / official SDK: ${(median(samples.ours) / median(samples["official SDK"])).toFixed(2)}`);
} finally {
  for (const child of children) child.kill();
}
