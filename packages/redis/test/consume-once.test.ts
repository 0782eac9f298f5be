import { createServer, REPLAY_GUARD_UNAVAILABLE_MESSAGE, ReplayGuardUnavailableError, type McpServer } from "@mrtr/server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { RedisReplayGuard } from "../src/index.js";
import { hasRedisServer, redisMissingMessage, RedisServer, stopAllRedis } from "../../../test/helpers/redis-server.js";
import { errorOf, request, resultOf, retry } from "../../../test/helpers/rpc.js";

if (!hasRedisServer) console.warn(redisMissingMessage);
// Servers a failing test did not get to stop.
afterAll(stopAllRedis);

const SECRET = "consume-once-across-instances-0123456789";
const yesNo = { type: "object" as const, properties: { ok: { type: "boolean" as const } }, required: ["ok"] };
const accept = { confirm: { action: "accept", content: { ok: true } } };

/** One server instance: `pay` consumes its state once, `quote` never does. */
function instance(guard: RedisReplayGuard, charged: string[], errors: unknown[]): McpServer {
  return createServer({ name: "shop", version: "1.0.0", requestState: { secrets: [SECRET] }, replayGuard: guard, onError: (e) => errors.push(e) })
    .tool({
      name: "pay",
      async handler(args, ctx) {
        await ctx.elicit("confirm", { message: `Pay ${String(args.order)}?`, requestedSchema: yesNo });
        await ctx.consumeOnce();
        charged.push(String(args.order));
        return { content: [{ type: "text", text: "paid" }] };
      },
    })
    .tool({
      name: "quote",
      async handler(_args, ctx) {
        await ctx.elicit("confirm", { message: "Quote?", requestedSchema: yesNo });
        return { content: [{ type: "text", text: "quoted" }] };
      },
    });
}

describe.skipIf(!hasRedisServer)("consumeOnce with RedisReplayGuard, two in-process instances", () => {
  let redis: RedisServer;
  const charged: string[] = [];
  const errors: unknown[] = [];
  let guards: RedisReplayGuard[];
  let servers: McpServer[];

  beforeAll(async () => {
    redis = await RedisServer.start();
    guards = [new RedisReplayGuard({ url: redis.url, timeoutMs: 200 }), new RedisReplayGuard({ url: redis.url, timeoutMs: 200 })];
    servers = guards.map((g) => instance(g, charged, errors));
  });
  afterAll(async () => {
    for (const g of guards) await g.close();
    await redis.stop();
  });

  it("refuses on one instance a state already consumed on the other, with the uniform error", async () => {
    const first = request("tools/call", { name: "pay", arguments: { order: "o-1" } });
    const asked = resultOf(await servers[0]!.handle(first));
    const redeem = retry(first, accept, asked.requestState);
    expect(resultOf(await servers[1]!.handle(redeem))).toMatchObject({ resultType: "complete" });
    expect(errorOf(await servers[0]!.handle({ ...redeem, id: "again-0" }))).toEqual({ code: -32602, message: "invalid or expired requestState" });
    expect(errorOf(await servers[1]!.handle({ ...redeem, id: "again-1" }))).toEqual({ code: -32602, message: "invalid or expired requestState" });
    expect(charged).toEqual(["o-1"]);
  });

  it("while Redis is down: consumeOnce fails closed with the clear error and onError; other flows complete; afterwards all recover", async () => {
    const pay = request("tools/call", { name: "pay", arguments: { order: "o-2" } });
    const quote = request("tools/call", { name: "quote", arguments: {} });
    const payAsked = resultOf(await servers[0]!.handle(pay));
    const quoteAsked = resultOf(await servers[0]!.handle(quote));
    await redis.stop();
    errors.length = 0;

    expect(errorOf(await servers[1]!.handle(retry(pay, accept, payAsked.requestState)))).toEqual({ code: -32603, message: REPLAY_GUARD_UNAVAILABLE_MESSAGE });
    expect(errors).toHaveLength(1);
    expect(errors[0]).toBeInstanceOf(ReplayGuardUnavailableError);
    expect((errors[0] as Error).cause).toBeDefined();
    expect(resultOf(await servers[1]!.handle(retry(quote, accept, quoteAsked.requestState)))).toMatchObject({ content: [{ text: "quoted" }] });
    expect(charged).toEqual(["o-1"]);

    await redis.restart();
    for (const g of guards) while (!g.ready) await new Promise((r) => setTimeout(r, 20));
    // The refused redemption was never claimed (Redis was down), so the same state now goes through, once.
    const again = retry(pay, accept, payAsked.requestState);
    expect(resultOf(await servers[0]!.handle(again))).toMatchObject({ resultType: "complete" });
    expect(errorOf(await servers[1]!.handle({ ...again, id: "replay" }))).toMatchObject({ code: -32602 });
    expect(charged).toEqual(["o-1", "o-2"]);
  });
});
