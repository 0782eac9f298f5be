/**
 * stdio: full two-leg MRTR flows per second over stdio, our server
 * (`createServer` served by `serveStdio` from `@mrtr/server/stdio`,
 * bench/fixtures/mrtr-stdio-server.ts) beside the official TypeScript SDK's
 * (`McpServer` served by `serveStdio` from `@modelcontextprotocol/server/stdio`
 * 2.4.0, bench/fixtures/official-stdio-server.ts), each in its own child
 * process, same machine, same run.
 *
 * One flow = `tools/call` of a tool whose first answer is `input_required`
 * with one form elicitation (a boolean `confirm`) and a sealed requestState
 * (ours: AES-256-GCM bound to audience, method and params digest, every
 * default on; the SDK's: `createRequestStateCodec`, HMAC-SHA256 bound to the
 * method, checked by its `requestState.verify` hook), the client's accept, the
 * retry with the answer and the state, and the `complete` result. Both servers
 * are driven by the same client, `createClient` with `stdioTransport` from
 * `@mrtr/client/stdio`, so only the server differs; `BENCH_CONCURRENCY` flows
 * are in flight at once (default 16), over the one pipe of each child.
 * Prints figures and the ratio; asserts only that every flow completes with
 * the state its first leg sealed.
 *
 * Run: node --import tsx bench/stdio.ts (on built dist: `npm run bench` builds first)
 * Knobs: BENCH_WARMUP_MS (1000), BENCH_MS (1000, per contender per round), BENCH_ROUNDS (5), BENCH_CONCURRENCY (16).
 */
import { createClient, type McpClient } from "@mrtr/client";
import { stdioTransport } from "@mrtr/client/stdio";
import { repoRoot } from "../test/helpers/paths.js";
import { flowsPerSecond, fmt, median } from "./lib/flows.js";

const warmupMs = Number(process.env.BENCH_WARMUP_MS ?? 1000);
const ms = Number(process.env.BENCH_MS ?? 1000);
const rounds = Number(process.env.BENCH_ROUNDS ?? 5);
const concurrency = Number(process.env.BENCH_CONCURRENCY ?? 16);

const fixtures = {
  ours: "bench/fixtures/mrtr-stdio-server.ts",
  "official SDK": "bench/fixtures/official-stdio-server.ts",
};
type Name = keyof typeof fixtures;

/** Our client on a child process running `file` on built dist. */
function clientOf(file: string): McpClient {
  return createClient({
    name: "bench",
    version: "1.0.0",
    transport: stdioTransport({ command: process.execPath, args: ["--import", "tsx", file], cwd: repoRoot }),
    elicitation: { form: async () => ({ action: "accept", content: { confirm: true } }) },
  });
}

let order = 0;
async function flow(client: McpClient): Promise<void> {
  const n = order++;
  const done = await client.callTool("deploy", { env: "prod", order: n });
  const text = (done.content[0] as { text?: string } | undefined)?.text;
  // The order comes back from the requestState the first leg sealed, not from the retry's arguments.
  if (done.resultType !== "complete" || text !== `deployed order ${n} to prod`) throw new Error(`a flow did not complete: ${JSON.stringify(done)}`);
}

const names = Object.keys(fixtures) as Name[];
const clients = Object.fromEntries(names.map((n) => [n, clientOf(fixtures[n])])) as Record<Name, McpClient>;
try {
  // One flow each first: starts the child and shows our client completes a flow against it.
  for (const name of names) {
    try {
      await flow(clients[name]);
    } catch (error) {
      throw new Error(`stdio: our client could not complete a flow against ${name} (${fixtures[name]})`, { cause: error });
    }
  }
  for (const name of names) await flowsPerSecond(() => flow(clients[name]), concurrency, warmupMs);
  const samples = Object.fromEntries(names.map((n) => [n, [] as number[]])) as Record<Name, number[]>;
  for (let round = 0; round < rounds; round++) {
    for (const name of names) samples[name].push(await flowsPerSecond(() => flow(clients[name]), concurrency, ms));
  }
  console.log(`stdio: two-leg MRTR flows (tools/call, input_required, accept, retry, complete) per second, ${concurrency} in flight, median of ${rounds} rounds of ${ms} ms; same client (@mrtr/client stdioTransport) for both`);
  for (const name of names) {
    const xs = samples[name];
    console.log(`  ${name.padEnd(13)} ${fmt(median(xs)).padStart(7)} flows/s (rounds ${fmt(Math.min(...xs))} to ${fmt(Math.max(...xs))})`);
  }
  console.log(`  ratio ours / official SDK: ${(median(samples.ours) / median(samples["official SDK"])).toFixed(2)}`);
} finally {
  // Closing stdin ends both servers; stdioTransport sends SIGTERM, then SIGKILL, to one that lingers.
  await Promise.all(names.map((n) => clients[n].close()));
}
