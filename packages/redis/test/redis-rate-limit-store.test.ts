import { createClient } from "@redis/client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { RateLimitStoreUnavailableError, REDIS_RATE_LIMIT_STORE_DEFAULTS, RedisRateLimitStore, type RedisRateLimitClient } from "../src/rate-limit/index.js";
import { bucketKeys } from "../src/rate-limit/rate-limit-key.js";
import { describeRateLimitStore } from "../../server/test/middleware/rate-limit-store-contract.js";
import { clusterForSuite } from "./helpers/cluster.js";
import { connected, newClient, type Client } from "./helpers/clients.js";
import { rejection, until } from "./helpers/waiting.js";
import { freePort } from "../../../test/helpers/processes.js";
import { hasRedisServer, redisMissingMessage, RedisServer, stopAllRedis } from "../../../test/helpers/redis-server.js";

if (!hasRedisServer) console.warn(redisMissingMessage);
// Servers a failing test did not get to stop.
afterAll(stopAllRedis);


let n = 0;
/** A bucket key no other test uses. */
const newKey = () => `caller-${process.pid}-${n++}`;
/** A bucket that barely refills while a test runs. */
const slow = (capacity: number) => ({ capacity, refillPerSecond: 0.001 });

describe.skipIf(!hasRedisServer)("RedisRateLimitStore on a real redis-server", () => {
  let redis: RedisServer;
  let admin: Client;
  let client: Client;

  beforeAll(async () => {
    redis = await RedisServer.start();
    admin = await connected(redis.url);
    client = await connected(redis.url);
  });
  afterAll(async () => {
    admin.destroy();
    client.destroy();
    await redis.stop();
  });

  describeRateLimitStore("RedisRateLimitStore", () => new RedisRateLimitStore({ client }), hasRedisServer ? {} : { skip: redisMissingMessage });

  it("shares one bucket between two stores on two clients: the total holds across instances, one at a time or all at once", async () => {
    const other = await connected(redis.url);
    const [a, b] = [new RedisRateLimitStore({ client }), new RedisRateLimitStore({ client: other })];

    const key = newKey();
    const taken: boolean[] = [];
    for (let i = 0; i < 10; i++) taken.push((await (i % 2 === 0 ? a : b).take(key, slow(6), 1)).ok);
    expect(taken).toEqual([true, true, true, true, true, true, false, false, false, false]);

    const together = newKey();
    const results = await Promise.all(Array.from({ length: 200 }, (_, i) => (i % 2 === 0 ? a : b).take(together, slow(25), 1)));
    expect(results.filter((r) => r.ok)).toHaveLength(25);
    other.destroy();
  });

  it("keeps a bucket as one hash under a hashed, prefixed key, never the caller's key, with Redis's clock and an expiry of the time until it is full", async () => {
    const store = new RedisRateLimitStore({ client, keyPrefix: "app:rl:" });
    const key = `VISIBLE-${newKey()}-${"x".repeat(10_000)}`;
    expect(await store.take(key, { capacity: 10, refillPerSecond: 2 }, 4)).toEqual({ ok: true });

    const stored = bucketKeys("app:rl:")(key);
    expect(stored).toMatch(/^app:rl:[A-Za-z0-9_-]{43}$/);
    expect(await admin.keys("app:rl:*")).toEqual([stored]);
    const [seconds, micros] = (await admin.time()) as unknown as [number | string, number | string];
    const redisNow = Number(seconds) * 1e6 + Number(micros);
    const bucket = await admin.hGetAll(stored);
    expect(Object.keys(bucket).sort()).toEqual(["a", "t"]);
    expect(Number(bucket.t)).toBeGreaterThanOrEqual(6);
    expect(Number(bucket.t)).toBeLessThan(6.5);
    expect(redisNow - Number(bucket.a)).toBeGreaterThanOrEqual(0);
    expect(redisNow - Number(bucket.a)).toBeLessThan(5e6);
    // 4 tokens missing, 2 a second: full again in 2 s.
    const ttl = await admin.pTTL(stored);
    expect(ttl).toBeLessThanOrEqual(2000);
    expect(ttl).toBeGreaterThan(1000);
  });

  it("forgets an idle bucket once it would be full again, keeps none for a take that leaves it full, and writes nothing for a refusal", async () => {
    const store = new RedisRateLimitStore({ client, keyPrefix: "idle:" });
    const key = newKey();
    const stored = bucketKeys("idle:")(key);
    expect(await store.take(key, { capacity: 2, refillPerSecond: 20 }, 1)).toEqual({ ok: true });
    expect(await admin.exists(stored)).toBe(1);
    await until(async () => (await admin.exists(stored)) === 0, "the bucket to expire once full");

    expect(await store.take(newKey(), { capacity: 2, refillPerSecond: 20 }, 0)).toEqual({ ok: true });
    expect((await store.take(newKey(), slow(2), 3)).ok).toBe(false);
    expect(await admin.keys("idle:*")).toEqual([]);

    const held = newKey();
    expect(await store.take(held, slow(2), 2)).toEqual({ ok: true });
    const before = await admin.hGetAll(bucketKeys("idle:")(held));
    expect((await store.take(held, slow(2), 1)).ok).toBe(false);
    expect(await admin.hGetAll(bucketKeys("idle:")(held))).toEqual(before);
  });

  it("keeps stores on different prefixes apart, and answers fractions of tokens and seconds exactly", async () => {
    const [a, b] = [new RedisRateLimitStore({ client, keyPrefix: "one:" }), new RedisRateLimitStore({ client, keyPrefix: "two:" })];
    const key = newKey();
    expect(await a.take(key, slow(1), 1)).toEqual({ ok: true });
    expect(await b.take(key, slow(1), 1)).toEqual({ ok: true });

    const fraction = newKey();
    expect(await a.take(fraction, { capacity: 1, refillPerSecond: 0.5 }, 0.75)).toEqual({ ok: true });
    const refused = await a.take(fraction, { capacity: 1, refillPerSecond: 0.5 }, 0.75);
    expect(refused.ok).toBe(false);
    // 0.25 left, 0.5 missing at 0.5 a second: about 1 s.
    const after = (refused as { retryAfterSeconds: number }).retryAfterSeconds;
    expect(after).toBeGreaterThan(0.9);
    expect(after).toBeLessThanOrEqual(1);
    expect(after).not.toBe(Math.round(after));
  });

  it("sends its script's source again when Redis has forgotten it (SCRIPT FLUSH, a restarted node)", async () => {
    const store = new RedisRateLimitStore({ client });
    const key = newKey();
    expect(await store.take(key, slow(2), 1)).toEqual({ ok: true });
    await admin.scriptFlush();
    expect(await store.take(key, slow(2), 1)).toEqual({ ok: true });
    expect((await store.take(key, slow(2), 1)).ok).toBe(false);
  });

  it("rejects, failing closed, with RateLimitStoreUnavailableError when Redis answers an error (a key of another type under its prefix)", async () => {
    const store = new RedisRateLimitStore({ client, keyPrefix: "clash:" });
    const key = newKey();
    await admin.set(bucketKeys("clash:")(key), "not a hash");
    const error = (await rejection(store.take(key, slow(2), 1))) as RateLimitStoreUnavailableError;
    expect(error).toBeInstanceOf(RateLimitStoreUnavailableError);
    expect(error.reason).toBe("error");
    expect(String((error.cause as Error).message)).toMatch(/WRONGTYPE/);
    expect(error.message).toMatch(/fails closed/);
  });

  it("rejects with RateLimitStoreUnavailableError within timeoutMs when Redis is killed mid-run, and works again once it is back, with the same store", async () => {
    const port = await freePort();
    const own = await RedisServer.start({ port });
    const ownClient = await connected(own.url);
    const store = new RedisRateLimitStore({ client: ownClient, timeoutMs: 200 });
    const key = newKey();

    // Takes in flight while Redis dies: each settles, taken or failing closed, none hangs.
    const running = Array.from({ length: 50 }, () => store.take(key, slow(1000), 1).catch((e: unknown) => e));
    await own.stop();
    for (const outcome of await Promise.all(running)) {
      if (!(outcome instanceof Error)) expect(outcome).toEqual({ ok: true });
      else expect(outcome).toBeInstanceOf(RateLimitStoreUnavailableError);
    }

    for (let i = 0; i < 3; i++) {
      const start = Date.now();
      const error = (await rejection(store.take(key, slow(1000), 1))) as RateLimitStoreUnavailableError;
      expect(Date.now() - start).toBeLessThan(1_000);
      expect(error).toBeInstanceOf(RateLimitStoreUnavailableError);
      expect(["timeout", "error"]).toContain(error.reason);
      expect(error.message).toMatch(/^RedisRateLimitStore take: .*The rate limit fails closed: this request is refused.*reachable/);
    }
    expect(store.ready).toBe(false);

    await own.restart();
    await until(() => ownClient.isReady, "the client to reconnect");
    expect(store.ready).toBe(true);
    // An empty Redis (no persistence): a full bucket, and the script sent again.
    expect(await store.take(key, slow(2), 2)).toEqual({ ok: true });
    expect((await store.take(key, slow(2), 1)).ok).toBe(false);
    ownClient.destroy();
    await own.stop();
  });

  it("rejects with reason timeout after timeoutMs when Redis does not answer (paused), and answers again after", async () => {
    const own = await RedisServer.start();
    const ownClient = await connected(own.url);
    const store = new RedisRateLimitStore({ client: ownClient, timeoutMs: 200 });
    const key = newKey();
    expect(await store.take(key, slow(5), 1)).toEqual({ ok: true });
    process.kill(own.pid!, "SIGSTOP");
    try {
      const start = Date.now();
      const error = (await rejection(store.take(key, slow(5), 1))) as RateLimitStoreUnavailableError;
      const waited = Date.now() - start;
      expect(waited).toBeGreaterThanOrEqual(190);
      expect(waited).toBeLessThan(1_000);
      expect(error).toBeInstanceOf(RateLimitStoreUnavailableError);
      expect(error.reason).toBe("timeout");
      expect(error.timeoutMs).toBe(200);
      expect(error.message).toMatch(/did not answer within 200 ms \(RedisRateLimitStore timeoutMs\)/);
    } finally {
      process.kill(own.pid!, "SIGCONT");
    }
    // The take sent before the deadline landed late: its token is spent (strict, never loose).
    expect(await store.take(key, slow(5), 3)).toEqual({ ok: true });
    expect((await store.take(key, slow(5), 1)).ok).toBe(false);
    ownClient.destroy();
    await own.stop();
  });

  it("withdraws a take that timed out before it was sent, so it never spends tokens later", async () => {
    const port = await freePort();
    const offline = newClient(`redis://127.0.0.1:${port}`);
    offline.on("error", () => {});
    offline.connect().catch(() => {});
    const store = new RedisRateLimitStore({ client: offline, timeoutMs: 100 });
    const key = newKey();
    const error = (await rejection(store.take(key, slow(1), 1))) as RateLimitStoreUnavailableError;
    expect(error).toBeInstanceOf(RateLimitStoreUnavailableError);
    expect(error.reason).toBe("timeout");
    const late = await RedisServer.start({ port });
    await until(() => offline.isReady, "the client to connect");
    expect(await offline.dbSize()).toBe(0);
    expect(await store.take(key, slow(1), 1)).toEqual({ ok: true });
    offline.destroy();
    await late.stop();
  });

  it("rejects at once beyond maxPendingTakes takes waiting for Redis", async () => {
    const own = await RedisServer.start();
    const ownClient = await connected(own.url);
    const store = new RedisRateLimitStore({ client: ownClient, timeoutMs: 60_000, maxPendingTakes: 3 });
    const key = newKey();
    process.kill(own.pid!, "SIGSTOP");
    let waiting: Promise<unknown>[] = [];
    try {
      waiting = [1, 2, 3].map(() => store.take(key, slow(10), 1));
      const start = Date.now();
      const error = (await rejection(store.take(key, slow(10), 1))) as RateLimitStoreUnavailableError;
      expect(Date.now() - start).toBeLessThan(100);
      expect(error).toBeInstanceOf(RateLimitStoreUnavailableError);
      expect(error.reason).toBe("too-many-pending");
      expect(error.message).toMatch(/3 takes were already waiting for Redis \(RedisRateLimitStore maxPendingTakes\)/);
    } finally {
      process.kill(own.pid!, "SIGCONT");
    }
    expect(await Promise.all(waiting)).toEqual([{ ok: true }, { ok: true }, { ok: true }]);
    expect(await store.take(key, slow(10), 1)).toEqual({ ok: true });
    ownClient.destroy();
    await own.stop();
  });
});

describe.skipIf(!hasRedisServer)("RedisRateLimitStore on a Redis Cluster", () => {
  const cluster = clusterForSuite();

  it("takes with one key per script, buckets spread over every primary, one bucket shared by two cluster clients", async () => {
    const [a, b] = await Promise.all([cluster.connect(), cluster.connect()]);
    const [one, two] = [new RedisRateLimitStore({ client: a }), new RedisRateLimitStore({ client: b })];
    const keys = Array.from({ length: 60 }, newKey);
    expect(await Promise.all(keys.map((k) => one.take(k, slow(1), 1)))).toEqual(keys.map(() => ({ ok: true })));
    expect((await Promise.all(keys.map((k) => two.take(k, slow(1), 1)))).map((r) => r.ok)).toEqual(keys.map(() => false));
    for (const node of cluster.nodes()) {
      const direct = createClient({ url: node.url });
      await direct.connect();
      expect(await direct.dbSize(), `buckets on the primary at port ${node.port}`).toBeGreaterThan(0);
      direct.destroy();
    }

    const shared = newKey();
    const results = await Promise.all(Array.from({ length: 100 }, (_, i) => (i % 2 === 0 ? one : two).take(shared, slow(30), 1)));
    expect(results.filter((r) => r.ok)).toHaveLength(30);
    await Promise.all([a.close(), b.close()]);
  });
});

describe("RedisRateLimitStore without Redis", () => {
  it("gives up on a client whose commands never answer, after timeoutMs, aborting the command", async () => {
    const signals: AbortSignal[] = [];
    const never = () => new Promise<never>(() => {});
    const silent: RedisRateLimitClient = {
      withCommandOptions: ({ abortSignal }) => {
        signals.push(abortSignal);
        return { evalSha: never, eval: never };
      },
      isReady: true,
    };
    const store = new RedisRateLimitStore({ client: silent, timeoutMs: 50 });
    const start = Date.now();
    const error = (await rejection(store.take("k", slow(1), 1))) as RateLimitStoreUnavailableError;
    expect(error).toBeInstanceOf(RateLimitStoreUnavailableError);
    expect(error.reason).toBe("timeout");
    expect(Date.now() - start).toBeGreaterThanOrEqual(45);
    expect(Date.now() - start).toBeLessThan(1_000);
    expect(signals).toHaveLength(1);
    expect(signals[0]!.aborted).toBe(true);
  });

  it("fails closed on a reply that is neither 1 nor a number of seconds", async () => {
    const odd: RedisRateLimitClient = {
      withCommandOptions: () => ({ evalSha: async () => "OK", eval: async () => "OK" }),
      isReady: true,
    };
    const error = (await rejection(new RedisRateLimitStore({ client: odd }).take("k", slow(1), 1))) as RateLimitStoreUnavailableError;
    expect(error).toBeInstanceOf(RateLimitStoreUnavailableError);
    expect(error.reason).toBe("error");
    expect(error.message).toMatch(/answered "OK"/);
  });

  it("refuses a bucket or cost that is not a finite number in range before asking Redis, with a RangeError naming it", async () => {
    let asked = 0;
    const counting: RedisRateLimitClient = {
      withCommandOptions: () => {
        asked++;
        return { evalSha: async () => 1, eval: async () => 1 };
      },
      isReady: true,
    };
    const store = new RedisRateLimitStore({ client: counting });
    const cases: [unknown, unknown, unknown, RegExp][] = [
      [42, slow(1), 1, /key/],
      ["k", undefined, 1, /capacity/],
      ["k", { capacity: 0, refillPerSecond: 1 }, 1, /capacity/],
      ["k", { capacity: Infinity, refillPerSecond: 1 }, 1, /capacity/],
      ["k", { capacity: 1, refillPerSecond: 0 }, 1, /refillPerSecond/],
      ["k", { capacity: 1, refillPerSecond: Number.NaN }, 1, /refillPerSecond/],
      ["k", slow(1), -1, /cost/],
      ["k", slow(1), Number.NaN, /cost/],
      ["k", slow(1), "1", /cost/],
    ];
    for (const [key, bucket, cost, message] of cases) {
      const error = await rejection(store.take(key as never, bucket as never, cost as never));
      expect(error, JSON.stringify([key, bucket, cost])).toBeInstanceOf(RangeError);
      expect(error.message).toMatch(message);
    }
    expect(asked).toBe(0);
    expect(await store.take("", slow(1), 0)).toEqual({ ok: true });
  });

  it("refuses options out of range with a RangeError that names the option, and documents its defaults", () => {
    const client = createClient();
    const cases: [Record<string, unknown>, RegExp][] = [
      [{}, /`client`/],
      [{ client: {} }, /`client`/],
      [{ client, timeoutMs: 0 }, /timeoutMs/],
      [{ client, timeoutMs: 60_001 }, /timeoutMs/],
      [{ client, timeoutMs: 1.5 }, /timeoutMs/],
      [{ client, maxPendingTakes: 0 }, /maxPendingTakes/],
      [{ client, keyPrefix: "{x}:" }, /keyPrefix/],
      [{ client, keyPrefix: "" }, /keyPrefix/],
      [{ client, keyPrefix: "has space" }, /keyPrefix/],
    ];
    for (const [options, message] of cases) {
      expect(() => new RedisRateLimitStore(options as never), JSON.stringify(options)).toThrow(message);
    }
    expect(() => new RedisRateLimitStore(undefined as never)).toThrow(RangeError);
    expect(REDIS_RATE_LIMIT_STORE_DEFAULTS).toEqual({ keyPrefix: "mrtr:rate:", timeoutMs: 1000, maxPendingTakes: 10_000 });
  });
});
