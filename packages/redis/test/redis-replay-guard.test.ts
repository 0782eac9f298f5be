import { createClient } from "@redis/client";
import { ReplayGuardUnavailableError } from "@mrtr/server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { RedisClaimTimeoutError, RedisReplayGuard, TooManyPendingClaimsError } from "../src/index.js";
import { replayKey } from "../src/replay-key.js";
import { freePort } from "../../../test/helpers/processes.js";
import { clusterForSuite } from "./helpers/cluster.js";
import { rejection, until } from "./helpers/waiting.js";
import { hasRedisServer, redisMissingMessage, RedisServer, stopAllRedis } from "../../../test/helpers/redis-server.js";

if (!hasRedisServer) console.warn(redisMissingMessage);
// Servers a failing test did not get to stop.
afterAll(stopAllRedis);

let id = 0;
const newId = () => `state-${process.pid}-${id++}`;

describe.skipIf(!hasRedisServer)("RedisReplayGuard on a real redis-server", () => {
  let redis: RedisServer;
  let admin: ReturnType<typeof createClient>;

  beforeAll(async () => {
    redis = await RedisServer.start();
    admin = createClient({ url: redis.url });
    admin.on("error", () => {});
    await admin.connect();
  });
  afterAll(async () => {
    admin.destroy();
    await redis.stop();
  });

  it("grants the first claim of a state and refuses every later one", async () => {
    const guard = new RedisReplayGuard({ url: redis.url });
    const expiresAt = Date.now() + 60_000;
    const a = newId();
    expect(await guard.claim(a, expiresAt)).toBe(true);
    expect(await guard.claim(a, expiresAt)).toBe(false);
    expect(await guard.claim(a, expiresAt)).toBe(false);
    expect(await guard.claim(newId(), expiresAt)).toBe(true);
    await guard.close();
  });

  it("stores a hashed, prefixed key that expires with the state plus the clock skew, never the id", async () => {
    const now = 1_900_000_000_000;
    const guard = new RedisReplayGuard({ url: redis.url, keyPrefix: "orders:once:", clockSkewSeconds: 30, now: () => now });
    const a = newId();
    expect(await guard.claim(a, now + 60_000)).toBe(true);
    const key = replayKey("orders:once:", a);
    expect(await admin.get(key)).toBe("1");
    const ttl = await admin.pTTL(key);
    expect(ttl).toBeLessThanOrEqual(90_000);
    expect(ttl).toBeGreaterThan(80_000);
    const keys = await admin.keys("orders:once:*");
    expect(keys).toContain(key);
    expect(keys.join()).not.toContain(a);
    await guard.close();
  });

  it("forgets a claim once its state can no longer be opened, and never stores one already past that", async () => {
    const guard = new RedisReplayGuard({ url: redis.url, keyPrefix: "short:", clockSkewSeconds: 0 });
    const a = newId();
    expect(await guard.claim(a, Date.now() + 150)).toBe(true);
    await until(async () => (await admin.exists(replayKey("short:", a))) === 0, "the claim to expire");
    const b = newId();
    expect(await guard.claim(b, Date.now() - 1)).toBe(true);
    expect(await admin.exists(replayKey("short:", b))).toBe(0);
    await guard.close();
  });

  it("refuses ids and expiries that are not what an opened state carries", async () => {
    const guard = new RedisReplayGuard({ url: redis.url });
    for (const [x, exp] of [["", Date.now() + 1000], [42, Date.now() + 1000], ["a", Number.NaN], ["a", Infinity]] as const) {
      expect(await guard.claim(x as string, exp)).toBe(false);
    }
    await guard.close();
  });

  it("lets exactly one of 200 concurrent claims of one state through, over four separate connections", async () => {
    const guards = Array.from({ length: 4 }, () => new RedisReplayGuard({ url: redis.url }));
    const a = newId();
    const expiresAt = Date.now() + 60_000;
    const results = await Promise.all(Array.from({ length: 200 }, (_, i) => guards[i % 4]!.claim(a, expiresAt)));
    expect(results.filter(Boolean).length).toBe(1);
    await Promise.all(guards.map((g) => g.close()));
  });

  it("uses a client you pass and leaves it open on close()", async () => {
    const client = createClient({ url: redis.url });
    client.on("error", () => {});
    await client.connect();
    const guard = new RedisReplayGuard({ client });
    const a = newId();
    expect(await guard.claim(a, Date.now() + 60_000)).toBe(true);
    expect(await guard.claim(a, Date.now() + 60_000)).toBe(false);
    await guard.close();
    expect(client.isReady).toBe(true);
    client.destroy();
  });

  it("fails closed when Redis has gone away, and answers again once it is back, with no restart", async () => {
    const own = await RedisServer.start();
    const errors: unknown[] = [];
    const guard = new RedisReplayGuard({ url: own.url, timeoutMs: 200, onError: (e) => errors.push(e) });
    expect(await guard.claim(newId(), Date.now() + 60_000)).toBe(true);
    await own.stop();
    const error = await rejection(guard.claim(newId(), Date.now() + 60_000));
    expect(error).toBeInstanceOf(ReplayGuardUnavailableError);
    expect(error.cause).toBeDefined();
    expect(guard.ready).toBe(false);
    expect(errors.length).toBeGreaterThan(0); // the client's connection errors
    await own.restart();
    await until(() => guard.ready, "the guard's client to reconnect");
    const a = newId();
    expect(await guard.claim(a, Date.now() + 60_000)).toBe(true);
    expect(await guard.claim(a, Date.now() + 60_000)).toBe(false);
    await guard.close();
    await own.stop();
  });

  it("fails closed after timeoutMs when Redis does not answer; a claim already sent may still land (the state then counts as used)", async () => {
    const own = await RedisServer.start();
    const guard = new RedisReplayGuard({ url: own.url, timeoutMs: 200 });
    await until(() => guard.ready, "the guard to connect");
    const a = newId();
    process.kill(own.pid!, "SIGSTOP");
    try {
      const error = await rejection(guard.claim(a, Date.now() + 60_000));
      expect(error).toBeInstanceOf(ReplayGuardUnavailableError);
      expect(error.cause).toBeInstanceOf(RedisClaimTimeoutError);
    } finally {
      process.kill(own.pid!, "SIGCONT");
    }
    expect(await guard.claim(a, Date.now() + 60_000)).toBe(false);
    await guard.close();
    await own.stop();
  });

  it("withdraws a claim that timed out before it was sent, so it never lands later", async () => {
    const port = await freePort();
    const guard = new RedisReplayGuard({ url: `redis://127.0.0.1:${port}`, timeoutMs: 100 });
    const a = newId();
    const error = await rejection(guard.claim(a, Date.now() + 60_000));
    expect(error).toBeInstanceOf(ReplayGuardUnavailableError);
    expect(error.cause).toBeInstanceOf(RedisClaimTimeoutError);
    const late = await RedisServer.start({ port });
    await until(() => guard.ready, "the guard to connect");
    const probe = createClient({ url: late.url });
    await probe.connect();
    expect(await probe.dbSize()).toBe(0);
    expect(await guard.claim(a, Date.now() + 60_000)).toBe(true);
    probe.destroy();
    await guard.close();
    await late.stop();
  });

  it("answers at once, failing closed, beyond maxPendingClaims claims waiting for Redis", async () => {
    const own = await RedisServer.start();
    const guard = new RedisReplayGuard({ url: own.url, timeoutMs: 60_000, maxPendingClaims: 3 });
    await until(() => guard.ready, "the guard to connect");
    process.kill(own.pid!, "SIGSTOP");
    let waiting: Promise<unknown>[] = [];
    try {
      waiting = [1, 2, 3].map(() => guard.claim(newId(), Date.now() + 60_000).catch((e: unknown) => e));
      const error = await rejection(guard.claim(newId(), Date.now() + 60_000));
      expect(error).toBeInstanceOf(ReplayGuardUnavailableError);
      expect(error.cause).toBeInstanceOf(TooManyPendingClaimsError);
    } finally {
      process.kill(own.pid!, "SIGCONT");
    }
    expect(await Promise.all(waiting)).toEqual([true, true, true]);
    await guard.close();
    await own.stop();
  });

  it('with onUnavailable "fail-open", lets this process decide alone while Redis is away, and reports it', async () => {
    const own = await RedisServer.start();
    const reported: unknown[] = [];
    const guard = new RedisReplayGuard({ url: own.url, timeoutMs: 100, onUnavailable: "fail-open", onError: (e) => reported.push(e) });
    await until(() => guard.ready, "the guard to connect");
    await own.stop();
    reported.length = 0;
    const a = newId();
    expect(await guard.claim(a, Date.now() + 60_000)).toBe(true);
    expect(await guard.claim(a, Date.now() + 60_000)).toBe(false);
    expect(reported.length).toBeGreaterThanOrEqual(2);
    await guard.close();
  });

  it("keeps answering when the onError hook throws", async () => {
    const own = await RedisServer.start();
    const guard = new RedisReplayGuard({
      url: own.url,
      timeoutMs: 100,
      onUnavailable: "fail-open",
      onError: () => {
        throw new Error("hook bug");
      },
    });
    await own.stop();
    expect(await guard.claim(newId(), Date.now() + 60_000)).toBe(true);
    await guard.close();
  });
});

describe.skipIf(!hasRedisServer)("RedisReplayGuard on a Redis Cluster", () => {
  const cluster = clusterForSuite();

  it("claims single use with one key per command, spread over every primary", async () => {
    const client = await cluster.connect();
    const guard = new RedisReplayGuard({ client });
    const ids = Array.from({ length: 60 }, newId);
    const expiresAt = Date.now() + 60_000;
    expect(await Promise.all(ids.map((x) => guard.claim(x, expiresAt)))).toEqual(ids.map(() => true));
    expect(await Promise.all(ids.map((x) => guard.claim(x, expiresAt)))).toEqual(ids.map(() => false));
    for (const node of cluster.nodes()) {
      const direct = createClient({ url: node.url });
      await direct.connect();
      expect(await direct.dbSize(), `keys on the primary at port ${node.port}`).toBeGreaterThan(0);
      direct.destroy();
    }
    await client.close();
  });
});

describe("RedisReplayGuard options", () => {
  it("refuses options out of range with a RangeError that names the option", () => {
    const url = "redis://127.0.0.1:1";
    const cases: [Record<string, unknown>, RegExp][] = [
      [{}, /either `client`/],
      [{ url, client: createClient() }, /either `client`/],
      [{ client: {} }, /node-redis client/],
      [{ url: "http://x" }, /redis:\/\//],
      [{ url, timeoutMs: 0 }, /timeoutMs/],
      [{ url, timeoutMs: 60_001 }, /timeoutMs/],
      [{ url, maxPendingClaims: 0 }, /maxPendingClaims/],
      [{ url, clockSkewSeconds: -1 }, /clockSkewSeconds/],
      [{ url, onUnavailable: "open" }, /onUnavailable/],
      [{ url, keyPrefix: "{x}" }, /keyPrefix/],
      [{ url, onError: "log" }, /onError/],
    ];
    for (const [options, message] of cases) {
      expect(() => new RedisReplayGuard(options as never), JSON.stringify(options)).toThrow(message);
    }
  });
});
