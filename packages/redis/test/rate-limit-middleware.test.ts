import { createServer, type McpServer } from "@mrtr/server";
import { rateLimit } from "@mrtr/server/middleware";
import { afterAll, describe, expect, it } from "vitest";
import { RedisRateLimitStore } from "../src/rate-limit/index.js";
import { connected } from "./helpers/clients.js";
import { until } from "./helpers/waiting.js";
import { freePort } from "../../../test/helpers/processes.js";
import { hasRedisServer, redisMissingMessage, RedisServer, stopAllRedis } from "../../../test/helpers/redis-server.js";
import { request } from "../../../test/helpers/rpc.js";

afterAll(stopAllRedis);

/** A server instance whose calls are limited by buckets on the Redis at `url`, its principal the host request's `user`. */
async function instance(url: string, clients: { destroy(): void }[]): Promise<McpServer> {
  const client = await connected(url);
  clients.push(client);
  return createServer({ name: "fleet", version: "1.0.0", principal: ({ request: r }) => (r as { user: string }).user })
    .tool({ name: "t", handler: () => ({ content: [] }) })
    .use(rateLimit({ store: new RedisRateLimitStore({ client, timeoutMs: 200 }), perCaller: { capacity: 5, refillPerSecond: 0.001 }, total: { capacity: 8, refillPerSecond: 0.001 } }));
}

const call = (server: McpServer, user: string) => server.handle(request("tools/call", { name: "t", arguments: {} }), { request: { user } });
const outcome = (answer: unknown) => {
  const a = answer as { result?: unknown; error?: { data?: { scope?: string; limit?: string } } };
  return a.result ? "ok" : `${a.error?.data?.limit} ${a.error?.data?.scope}`;
};

describe.skipIf(!hasRedisServer)(`rateLimit on two server instances sharing one Redis${hasRedisServer ? "" : ` [skipped: ${redisMissingMessage}]`}`, () => {
  it("holds a caller's share and the total across both instances, fails closed while Redis is away, and serves again when it is back, without a restart", async () => {
    const port = await freePort();
    const redis = await RedisServer.start({ port });
    const clients: { destroy(): void }[] = [];
    const [a, b] = [await instance(redis.url, clients), await instance(redis.url, clients)];

    // One caller alternating between the instances: its share (5) holds in all.
    const alice: string[] = [];
    for (let i = 0; i < 7; i++) alice.push(outcome(await call(i % 2 ? b : a, "alice")));
    expect(alice).toEqual(["ok", "ok", "ok", "ok", "ok", "rateLimit share", "rateLimit share"]);
    // Others: the total (8) holds in all; 5 of alice's counted already.
    const others: string[] = [];
    for (let i = 0; i < 5; i++) others.push(outcome(await call(i % 2 ? a : b, `user-${i}`)));
    expect(others).toEqual(["ok", "ok", "ok", "rateLimit total", "rateLimit total"]);

    await redis.stop();
    const away = await call(a, "bob");
    expect(away).toMatchObject({ error: { code: -32603, data: { kind: "limit-store-unavailable", limit: "rateLimit", retryAfterSeconds: 1 } } });
    expect((away as { error: { message: string } }).error.message).toMatch(/rate limit could not be checked/);

    await redis.restart();
    await until(() => clients.every((c) => (c as unknown as { isReady: boolean }).isReady), "both clients to reconnect");
    // An empty Redis (no persistence): fresh buckets, on both instances, with the same servers.
    expect(outcome(await call(a, "bob"))).toBe("ok");
    expect(outcome(await call(b, "bob"))).toBe("ok");
    for (const c of clients) c.destroy();
    await redis.stop();
  });
});
