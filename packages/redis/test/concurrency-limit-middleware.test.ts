import { createServer, type McpServer } from "@mrtr/server";
import { concurrencyLimit } from "@mrtr/server/middleware";
import { afterAll, describe, expect, it } from "vitest";
import { RedisConcurrencyStore } from "../src/concurrency-limit/index.js";
import { leaseKeys } from "../src/concurrency-limit/concurrency-keys.js";
import { connected, type Client } from "./helpers/clients.js";
import { until } from "./helpers/waiting.js";
import { freePort } from "../../../test/helpers/processes.js";
import { hasRedisServer, redisMissingMessage, RedisServer, stopAllRedis } from "../../../test/helpers/redis-server.js";
import { request } from "../../../test/helpers/rpc.js";

afterAll(stopAllRedis);

/** One server instance: its `hold` tool answers when the test says, its slots on the Redis at `url`, its principal the host request's `user`. */
interface Instance {
  server: McpServer;
  client: Client;
  /** Lets the oldest held call of `user` answer. */
  finish(user: string): void;
  /** Calls held now, by user. */
  held(user: string): number;
}

let prefixes = 0;

async function instance(url: string, keyPrefix: string, leaseMs = 30_000): Promise<Instance> {
  const client = await connected(url);
  const waiting = new Map<string, (() => void)[]>();
  const server = createServer({ name: "fleet", version: "1.0.0", principal: ({ request: r }) => (r as { user: string }).user })
    .tool({
      name: "hold",
      handler: (_a, ctx) =>
        new Promise<{ content: [] }>((resolve) => {
          const user = ctx.principal!;
          waiting.set(user, [...(waiting.get(user) ?? []), () => resolve({ content: [] })]);
        }),
    })
    .use(concurrencyLimit({ store: new RedisConcurrencyStore({ client, keyPrefix, timeoutMs: 200 }), perCaller: 2, total: 3, leaseMs }));
  return { server, client, finish: (user) => waiting.get(user)!.shift()!(), held: (user) => waiting.get(user)?.length ?? 0 };
}

const hold = (at: Instance, user: string) => at.server.handle(request("tools/call", { name: "hold", arguments: {} }), { request: { user } });
const outcome = (answer: unknown) => {
  const a = answer as { result?: unknown; error?: { data?: { scope?: string; kind?: string } } };
  return a.result ? "ok" : (a.error?.data?.scope ?? a.error?.data?.kind);
};
/** Starts a held call and waits until its handler runs (its slot taken); `answer` settles once the test finishes it. */
async function held(at: Instance, user: string): Promise<{ answer: Promise<unknown> }> {
  const before = at.held(user);
  const answer = hold(at, user);
  await until(() => at.held(user) > before, `${user}'s call to be held`);
  return { answer };
}
/** What each held call was answered. */
const answered = async (calls: { answer: Promise<unknown> }[]) => (await Promise.all(calls.map((c) => c.answer))).map(outcome);

describe.skipIf(!hasRedisServer)(`concurrencyLimit on two server instances sharing one Redis${hasRedisServer ? "" : ` [skipped: ${redisMissingMessage}]`}`, () => {
  it("holds a caller's share and the total across both instances, and frees a slot on one when a call ends on the other", async () => {
    const redis = await RedisServer.start();
    const keyPrefix = `fleet-${prefixes++}:`;
    const [a, b] = [await instance(redis.url, keyPrefix), await instance(redis.url, keyPrefix)];

    const alice1 = await held(a, "alice");
    const alice2 = await held(b, "alice");
    expect(outcome(await hold(a, "alice"))).toBe("share");
    expect(outcome(await hold(b, "alice"))).toBe("share");
    const bob = await held(b, "bob");
    expect(outcome(await hold(a, "carol"))).toBe("total");

    a.finish("alice");
    expect(await answered([alice1])).toEqual(["ok"]);
    const alice3 = await held(b, "alice");
    expect(outcome(await hold(a, "dave"))).toBe("total");

    for (const [at, user] of [[b, "alice"], [b, "alice"], [b, "bob"]] as const) at.finish(user);
    expect(await answered([alice2, alice3, bob])).toEqual(["ok", "ok", "ok"]);
    for (const at of [a, b]) at.client.destroy();
    await redis.stop();
  });

  it("frees the slots of an instance that dies (its store gone, nothing released) once their lease has passed", async () => {
    const redis = await RedisServer.start();
    const keyPrefix = `fleet-${prefixes++}:`;
    const [dying, other] = [await instance(redis.url, keyPrefix, 300), await instance(redis.url, keyPrefix, 300)];
    const orphans = [await held(dying, "alice"), await held(dying, "alice")];
    dying.client.destroy(); // the instance is gone: no renewal, no release reaches Redis

    expect(outcome(await hold(other, "alice"))).toBe("share");
    await new Promise((r) => setTimeout(r, 400));
    const again = await held(other, "alice");
    other.finish("alice");
    expect(await answered([again])).toEqual(["ok"]);

    dying.finish("alice");
    dying.finish("alice");
    expect(await answered(orphans)).toEqual(["ok", "ok"]);
    other.client.destroy();
    await redis.stop();
  });

  it("keeps a long request's slot past its lease by renewing it while it runs, and frees it when it ends", async () => {
    const redis = await RedisServer.start();
    const keyPrefix = `fleet-${prefixes++}:`;
    const [a, b] = [await instance(redis.url, keyPrefix, 300), await instance(redis.url, keyPrefix, 300)];
    const admin = await connected(redis.url);
    const long = [await held(a, "alice"), await held(a, "alice")];
    await new Promise((r) => setTimeout(r, 1_000)); // more than three leases
    expect(outcome(await hold(b, "alice"))).toBe("share");
    expect(await admin.zCard(leaseKeys(keyPrefix)("principal:alice")[1])).toBe(2);

    a.finish("alice");
    a.finish("alice");
    expect(await answered(long)).toEqual(["ok", "ok"]);
    expect(await admin.zCard(leaseKeys(keyPrefix)("principal:alice")[1])).toBe(0);
    const after = await held(b, "alice");
    b.finish("alice");
    expect(await answered([after])).toEqual(["ok"]);
    for (const c of [a.client, b.client, admin]) c.destroy();
    await redis.stop();
  });

  it("fails closed while Redis is away (killed mid-run), and serves again once it is back, without restarting the servers", async () => {
    const port = await freePort();
    const redis = await RedisServer.start({ port });
    const keyPrefix = `fleet-${prefixes++}:`;
    const [a, b] = [await instance(redis.url, keyPrefix), await instance(redis.url, keyPrefix)];
    const running = await held(a, "alice");

    await redis.stop();
    const away = await hold(b, "bob");
    expect(away).toMatchObject({ error: { code: -32603, data: { kind: "limit-store-unavailable", limit: "concurrencyLimit", retryAfterSeconds: 1 } } });
    expect((away as { error: { message: string } }).error.message).toMatch(/concurrency limit could not be checked.*send it again in 1 s/);
    // A call that was running when Redis died still gets its answer (its release fails and is let go).
    a.finish("alice");
    expect(await answered([running])).toEqual(["ok"]);

    await redis.restart();
    await until(() => a.client.isReady && b.client.isReady, "both clients to reconnect");
    // An empty Redis (no persistence): every slot free, on both instances, with the same servers.
    const served = [await held(a, "bob"), await held(b, "bob")];
    expect(outcome(await hold(a, "bob"))).toBe("share");
    a.finish("bob");
    b.finish("bob");
    expect(await answered(served)).toEqual(["ok", "ok"]);
    for (const at of [a, b]) at.client.destroy();
    await redis.stop();
  });
});
