/**
 * redis-guard: single-use flows per second with `RedisReplayGuard` (one
 * redis-server on loopback, started here with persistence off) beside the
 * default in-process `MemoryReplayGuard`, same server, same machine, same run.
 *
 * One flow = two requests through `server.handle`: a tools/call that asks
 * for a confirmation (sealing a requestState), then its retry with the answer,
 * whose handler calls `ctx.consumeOnce()` (opening the state, claiming it).
 * Flows run `BENCH_CONCURRENCY` at a time (default 32), as a busy instance
 * serves them, and also one at a time, where each claim's round trip to
 * Redis is not hidden by other work. Prints figures and ratios; asserts only
 * that every flow completes and every claim is granted once.
 *
 * Run: node --import tsx bench/redis-guard.ts
 * Knobs: BENCH_WARMUP_MS (300), BENCH_MS (1000, per contender per round), BENCH_ROUNDS (5), BENCH_CONCURRENCY (32).
 */
import { RedisReplayGuard } from "@mrtr/redis";
import { createServer, type McpServer, type ReplayGuard } from "@mrtr/server";
import { MemoryReplayGuard } from "@mrtr/server/request-state";
import { hasRedisServer, redisMissingMessage, RedisServer } from "../test/helpers/redis-server.js";
import { request, retry } from "../test/helpers/rpc.js";
import { flowsPerSecond, fmt, median } from "./lib/flows.js";

const warmupMs = Number(process.env.BENCH_WARMUP_MS ?? 300);
const ms = Number(process.env.BENCH_MS ?? 1000);
const rounds = Number(process.env.BENCH_ROUNDS ?? 5);
const concurrency = Number(process.env.BENCH_CONCURRENCY ?? 32);

if (!hasRedisServer) {
  console.log(`redis-guard: ${redisMissingMessage}`);
  process.exit(0);
}

const yesNo = { type: "object" as const, properties: { ok: { type: "boolean" as const } }, required: ["ok"] };
const answer = { confirm: { action: "accept", content: { ok: true } } };

function shop(replayGuard: ReplayGuard): McpServer {
  return createServer({ name: "bench", version: "1.0.0", requestState: { secrets: ["bench-secret-0123456789abcdefghijklmnopqrstuv"] }, replayGuard }).tool({
    name: "pay",
    async handler(args, ctx) {
      await ctx.elicit("confirm", { message: `Pay order ${String(args.order)}?`, requestedSchema: yesNo });
      await ctx.consumeOnce();
      return { content: [{ type: "text", text: "paid" }] };
    },
  });
}

let order = 0;
async function flow(server: McpServer): Promise<void> {
  const first = request("tools/call", { name: "pay", arguments: { order: order++ } });
  const asked = (await server.handle(first)) as unknown as { result: { requestState: string } };
  const done = (await server.handle(retry(first, answer, asked.result.requestState))) as unknown as { result?: { resultType: string }; error?: unknown };
  if (done.result?.resultType !== "complete") throw new Error(`a flow did not complete: ${JSON.stringify(done)}`);
}

const redis = await RedisServer.start();
const guard = new RedisReplayGuard({ url: redis.url });
try {
  while (!guard.ready) await new Promise((r) => setTimeout(r, 10));
  const contenders = { redis: shop(guard), memory: shop(new MemoryReplayGuard({ maxEntries: 10_000_000 })) };
  console.log(`redis-guard: single-use flows (2 requests, 1 claim each) per second, median of ${rounds} rounds of ${ms} ms; redis-server on loopback`);
  for (const lanes of [concurrency, 1]) {
    for (const server of Object.values(contenders)) await flowsPerSecond(() => flow(server), lanes, warmupMs);
    const samples = { redis: [] as number[], memory: [] as number[] };
    for (let round = 0; round < rounds; round++) {
      samples.redis.push(await flowsPerSecond(() => flow(contenders.redis), lanes, ms));
      samples.memory.push(await flowsPerSecond(() => flow(contenders.memory), lanes, ms));
    }
    const [r, m] = [median(samples.redis), median(samples.memory)];
    console.log(`  ${String(lanes).padStart(3)} at a time: Redis guard ${fmt(r).padStart(7)} flows/s, in-memory guard ${fmt(m).padStart(7)} flows/s; ratio Redis / memory ${(r / m).toFixed(2)}`);
  }
} finally {
  await guard.close();
  await redis.stop();
}
