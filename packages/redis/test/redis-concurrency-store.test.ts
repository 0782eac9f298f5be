import type { AcquireResult } from "@mrtr/server/middleware";
import { createClient } from "@redis/client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ConcurrencyStoreUnavailableError, REDIS_CONCURRENCY_STORE_DEFAULTS, RedisConcurrencyStore, type RedisConcurrencyClient } from "../src/concurrency-limit/index.js";
import { leaseKeys } from "../src/concurrency-limit/concurrency-keys.js";
import { describeConcurrencyStore } from "../../server/test/middleware/concurrency-store-contract.js";
import { clusterForSuite } from "./helpers/cluster.js";
import { connected, newClient, type Client } from "./helpers/clients.js";
import { rejection, until } from "./helpers/waiting.js";
import { freePort } from "../../../test/helpers/processes.js";
import { hasRedisServer, redisMissingMessage, RedisServer, stopAllRedis } from "../../../test/helpers/redis-server.js";

if (!hasRedisServer) console.warn(redisMissingMessage);
// Servers a failing test did not get to stop.
afterAll(stopAllRedis);

let n = 0;
/** A caller key no other test uses. */
const newKey = () => `caller-${process.pid}-${n++}`;
/** A key prefix no other test uses: a total of its own. */
const newPrefix = () => `conc-${process.pid}-${n++}:`;
/** Limits whose leases outlast a test. */
const slots = (perCaller: number, total: number, leaseMs = 60_000) => ({ perCaller, total, leaseMs });
const leaseOf = (result: AcquireResult) => {
  expect(result.ok).toBe(true);
  return (result as { lease: string }).lease;
};

describe.skipIf(!hasRedisServer)("RedisConcurrencyStore on a real redis-server", () => {
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

  describeConcurrencyStore("RedisConcurrencyStore", () => new RedisConcurrencyStore({ client, keyPrefix: newPrefix() }), hasRedisServer ? {} : { skip: redisMissingMessage });

  it("shares the slots between two stores on two clients: a share and the total hold across instances, one at a time or all at once", async () => {
    const other = await connected(redis.url);
    const keyPrefix = newPrefix();
    const [a, b] = [new RedisConcurrencyStore({ client, keyPrefix }), new RedisConcurrencyStore({ client: other, keyPrefix })];
    const key = newKey();
    const taken: (string | boolean)[] = [];
    for (let i = 0; i < 6; i++) {
      const r = await (i % 2 === 0 ? a : b).acquire(key, slots(4, 50));
      taken.push(r.ok || r.scope);
    }
    expect(taken).toEqual([true, true, true, true, "share", "share"]);

    const together = await Promise.all(Array.from({ length: 200 }, (_, i) => (i % 2 === 0 ? a : b).acquire(newKey(), slots(1, 50))));
    expect(together.filter((r) => r.ok)).toHaveLength(46);
    other.destroy();
  });

  it("keeps a lease in two sorted sets in one hash slot under hashed, prefixed keys, never the caller's key, scored by Redis's clock, each key expiring with its last lease", async () => {
    const store = new RedisConcurrencyStore({ client, keyPrefix: "app:conc:" });
    const key = `VISIBLE-${newKey()}-${"x".repeat(10_000)}`;
    const lease = leaseOf(await store.acquire(key, slots(2, 5, 4_000)));

    const [caller, total] = leaseKeys("app:conc:")(key);
    expect(caller).toMatch(/^app:conc:\{slots\}:c:[A-Za-z0-9_-]{43}$/);
    expect(total).toBe("app:conc:{slots}:total");
    expect((await admin.keys("app:conc:*")).sort()).toEqual([caller, total].sort());
    const [seconds, micros] = (await admin.time()) as unknown as [number | string, number | string];
    const redisNowMs = Number(seconds) * 1000 + Number(micros) / 1000;
    for (const k of [caller, total]) {
      const members = await admin.zRangeWithScores(k, 0, -1);
      expect(members.map((m) => m.value)).toEqual([lease]);
      expect(members[0]!.score - redisNowMs).toBeGreaterThan(3_000);
      expect(members[0]!.score - redisNowMs).toBeLessThanOrEqual(4_000);
      const ttl = await admin.pTTL(k);
      expect(ttl).toBeGreaterThan(3_000);
      expect(ttl).toBeLessThanOrEqual(4_000);
    }
    await store.renew(key, lease, 9_000);
    expect(await admin.pTTL(caller)).toBeGreaterThan(8_000);
    await store.release(key, lease);
    expect(await admin.keys("app:conc:*")).toEqual([]);
  });

  it("drops the expired leases of a dead holder on the next acquire, and leaves nothing behind once every lease has expired", async () => {
    const keyPrefix = newPrefix();
    const store = new RedisConcurrencyStore({ client, keyPrefix });
    const dead = newKey();
    for (let i = 0; i < 3; i++) leaseOf(await store.acquire(dead, slots(3, 4, 100)));
    const [, total] = leaseKeys(keyPrefix)(dead);
    expect(await admin.zCard(total)).toBe(3);
    await new Promise((r) => setTimeout(r, 200));
    leaseOf(await store.acquire(newKey(), slots(1, 4, 100)));
    expect(await admin.zCard(total)).toBe(1);
    await until(async () => (await admin.keys(`${keyPrefix}*`)).length === 0, "every key to expire with its last lease");
  });

  it("writes nothing for a refusal, and names the share before the total", async () => {
    const keyPrefix = newPrefix();
    const store = new RedisConcurrencyStore({ client, keyPrefix });
    const key = newKey();
    leaseOf(await store.acquire(key, slots(1, 2)));
    leaseOf(await store.acquire(newKey(), slots(1, 2)));
    const before = await admin.zRangeWithScores(leaseKeys(keyPrefix)(key)[1], 0, -1);
    expect(await store.acquire(key, slots(1, 2))).toEqual({ ok: false, scope: "share" });
    expect(await store.acquire(newKey(), slots(1, 2))).toEqual({ ok: false, scope: "total" });
    expect(await admin.zRangeWithScores(leaseKeys(keyPrefix)(key)[1], 0, -1)).toEqual(before);
    expect(await admin.keys(`${keyPrefix}*`)).toHaveLength(3);
  });

  it("sends its scripts' source again when Redis has forgotten them (SCRIPT FLUSH, a restarted node)", async () => {
    const store = new RedisConcurrencyStore({ client, keyPrefix: newPrefix() });
    const key = newKey();
    const lease = leaseOf(await store.acquire(key, slots(1, 2)));
    await admin.scriptFlush();
    await store.renew(key, lease, 60_000);
    await admin.scriptFlush();
    await store.release(key, lease);
    await admin.scriptFlush();
    leaseOf(await store.acquire(key, slots(1, 2)));
  });

  it("rejects, failing closed, with ConcurrencyStoreUnavailableError when Redis answers an error (a key of another type under its prefix)", async () => {
    const keyPrefix = newPrefix();
    const store = new RedisConcurrencyStore({ client, keyPrefix });
    const key = newKey();
    await admin.set(leaseKeys(keyPrefix)(key)[0], "not a sorted set");
    const error = (await rejection(store.acquire(key, slots(1, 2)))) as ConcurrencyStoreUnavailableError;
    expect(error).toBeInstanceOf(ConcurrencyStoreUnavailableError);
    expect([error.operation, error.reason]).toEqual(["acquire", "error"]);
    expect(String((error.cause as Error).message)).toMatch(/WRONGTYPE/);
    expect(error.message).toMatch(/fails closed/);
  });

  it("rejects with ConcurrencyStoreUnavailableError within timeoutMs when Redis is killed mid-run, and works again once it is back, with the same store", async () => {
    const port = await freePort();
    const own = await RedisServer.start({ port });
    const ownClient = await connected(own.url);
    const store = new RedisConcurrencyStore({ client: ownClient, timeoutMs: 200 });
    const key = newKey();

    // Acquires in flight while Redis dies: each settles, taken or failing closed, none hangs.
    const running = Array.from({ length: 50 }, () => store.acquire(key, slots(1000, 2000)).catch((e: unknown) => e));
    await own.stop();
    for (const outcome of await Promise.all(running)) {
      if (outcome instanceof Error) expect(outcome).toBeInstanceOf(ConcurrencyStoreUnavailableError);
      else expect((outcome as { ok: boolean }).ok).toBe(true);
    }

    for (const call of [() => store.acquire(key, slots(1, 2)), () => store.renew(key, "lease", 1000), () => store.release(key, "lease")]) {
      const start = Date.now();
      const error = (await rejection(call())) as ConcurrencyStoreUnavailableError;
      expect(Date.now() - start).toBeLessThan(1_000);
      expect(error).toBeInstanceOf(ConcurrencyStoreUnavailableError);
      expect(["timeout", "error"]).toContain(error.reason);
      expect(error.message).toMatch(new RegExp(`^RedisConcurrencyStore ${error.operation}: .*(fails closed|ends by itself).*reachable`));
    }
    expect(store.ready).toBe(false);

    await own.restart();
    await until(() => ownClient.isReady, "the client to reconnect");
    expect(store.ready).toBe(true);
    // An empty Redis (no persistence): every slot free, and the scripts sent again.
    const lease = leaseOf(await store.acquire(key, slots(1, 2)));
    expect(await store.acquire(key, slots(1, 2))).toEqual({ ok: false, scope: "share" });
    await store.release(key, lease);
    ownClient.destroy();
    await own.stop();
  });

  it("rejects with reason timeout after timeoutMs when Redis does not answer (paused), and answers again after", async () => {
    const own = await RedisServer.start();
    const ownClient = await connected(own.url);
    const store = new RedisConcurrencyStore({ client: ownClient, timeoutMs: 200 });
    const key = newKey();
    leaseOf(await store.acquire(key, slots(3, 10)));
    process.kill(own.pid!, "SIGSTOP");
    try {
      const start = Date.now();
      const error = (await rejection(store.acquire(key, slots(3, 10)))) as ConcurrencyStoreUnavailableError;
      const waited = Date.now() - start;
      expect(waited).toBeGreaterThanOrEqual(190);
      expect(waited).toBeLessThan(1_000);
      expect(error).toBeInstanceOf(ConcurrencyStoreUnavailableError);
      expect(error.reason).toBe("timeout");
      expect(error.timeoutMs).toBe(200);
      expect(error.message).toMatch(/did not answer within 200 ms \(RedisConcurrencyStore timeoutMs\); an acquire already sent may still land/);
    } finally {
      process.kill(own.pid!, "SIGCONT");
    }
    // The acquire sent before the deadline landed late: its slot is held (strict, never loose) until its lease ends.
    leaseOf(await store.acquire(key, slots(3, 10)));
    expect(await store.acquire(key, slots(3, 10))).toEqual({ ok: false, scope: "share" });
    ownClient.destroy();
    await own.stop();
  });

  it("withdraws an acquire that timed out before it was sent, so it never holds a slot later", async () => {
    const port = await freePort();
    const offline = newClient(`redis://127.0.0.1:${port}`);
    offline.on("error", () => {});
    offline.connect().catch(() => {});
    const store = new RedisConcurrencyStore({ client: offline, timeoutMs: 100 });
    const key = newKey();
    const error = (await rejection(store.acquire(key, slots(1, 2)))) as ConcurrencyStoreUnavailableError;
    expect(error.reason).toBe("timeout");
    const late = await RedisServer.start({ port });
    await until(() => offline.isReady, "the client to connect");
    expect(await offline.dbSize()).toBe(0);
    leaseOf(await store.acquire(key, slots(1, 2)));
    offline.destroy();
    await late.stop();
  });

  it("rejects at once beyond maxPendingAcquires acquires waiting for Redis", async () => {
    const own = await RedisServer.start();
    const ownClient = await connected(own.url);
    const store = new RedisConcurrencyStore({ client: ownClient, timeoutMs: 60_000, maxPendingAcquires: 3 });
    const key = newKey();
    process.kill(own.pid!, "SIGSTOP");
    let waiting: Promise<{ ok: boolean }>[] = [];
    try {
      waiting = [1, 2, 3].map(() => store.acquire(key, slots(10, 20)));
      const start = Date.now();
      const error = (await rejection(store.acquire(key, slots(10, 20)))) as ConcurrencyStoreUnavailableError;
      expect(Date.now() - start).toBeLessThan(100);
      expect(error).toBeInstanceOf(ConcurrencyStoreUnavailableError);
      expect(error.reason).toBe("too-many-pending");
      expect(error.message).toMatch(/3 acquires were already waiting for Redis \(RedisConcurrencyStore maxPendingAcquires\)/);
    } finally {
      process.kill(own.pid!, "SIGCONT");
    }
    expect((await Promise.all(waiting)).map((r) => r.ok)).toEqual([true, true, true]);
    leaseOf(await store.acquire(key, slots(10, 20)));
    ownClient.destroy();
    await own.stop();
  });
});

describe.skipIf(!hasRedisServer)("RedisConcurrencyStore on a Redis Cluster", () => {
  const cluster = clusterForSuite();

  it("keeps every key of a store in one hash slot, so each acquire's two keys are one script's, and two cluster clients share the slots", async () => {
    const [a, b] = await Promise.all([cluster.connect(), cluster.connect()]);
    const keyPrefix = newPrefix();
    const [one, two] = [new RedisConcurrencyStore({ client: a, keyPrefix }), new RedisConcurrencyStore({ client: b, keyPrefix })];
    const keys = Array.from({ length: 30 }, newKey);
    expect((await Promise.all(keys.map((k) => one.acquire(k, slots(1, 100))))).every((r) => r.ok)).toBe(true);
    expect((await Promise.all(keys.map((k) => two.acquire(k, slots(1, 100))))).map((r) => !r.ok && r.scope)).toEqual(keys.map(() => "share"));
    const direct = createClient({ url: cluster.nodes()[0]!.url });
    await direct.connect();
    const slotsOf = new Set(await Promise.all([...keys.map((k) => leaseKeys(keyPrefix)(k)[0]), leaseKeys(keyPrefix)("x")[1]].map((k) => direct.clusterKeySlot(k))));
    expect(slotsOf.size).toBe(1);
    direct.destroy();

    const shared = await Promise.all(Array.from({ length: 200 }, (_, i) => (i % 2 === 0 ? one : two).acquire(newKey(), slots(1, 100))));
    expect(shared.filter((r) => r.ok)).toHaveLength(70);
    const lease = (shared.find((r) => r.ok) as { lease: string }).lease;
    await two.renew("whoever", lease, 1000);
    await one.release("whoever", lease);
    await Promise.all([a.close(), b.close()]);
  });
});

describe("RedisConcurrencyStore without Redis", () => {
  it("gives up on a client whose commands never answer, after timeoutMs, aborting the command", async () => {
    const signals: AbortSignal[] = [];
    const never = () => new Promise<never>(() => {});
    const silent: RedisConcurrencyClient = {
      withCommandOptions: ({ abortSignal }) => {
        signals.push(abortSignal);
        return { evalSha: never, eval: never };
      },
      isReady: true,
    };
    const store = new RedisConcurrencyStore({ client: silent, timeoutMs: 50 });
    const start = Date.now();
    const error = (await rejection(store.acquire("k", slots(1, 2)))) as ConcurrencyStoreUnavailableError;
    expect(error).toBeInstanceOf(ConcurrencyStoreUnavailableError);
    expect(error.reason).toBe("timeout");
    expect(Date.now() - start).toBeGreaterThanOrEqual(45);
    expect(Date.now() - start).toBeLessThan(1_000);
    expect(signals).toHaveLength(1);
    expect(signals[0]!.aborted).toBe(true);
  });

  it("fails closed on an acquire reply that is neither 1, share nor total", async () => {
    const odd: RedisConcurrencyClient = {
      withCommandOptions: () => ({ evalSha: async () => "OK", eval: async () => "OK" }),
      isReady: true,
    };
    const error = (await rejection(new RedisConcurrencyStore({ client: odd }).acquire("k", slots(1, 2)))) as ConcurrencyStoreUnavailableError;
    expect(error).toBeInstanceOf(ConcurrencyStoreUnavailableError);
    expect(error.reason).toBe("error");
    expect(error.message).toMatch(/answered "OK"/);
  });

  it("refuses a key, limits or lease out of range before asking Redis, with a RangeError naming it", async () => {
    let asked = 0;
    const counting: RedisConcurrencyClient = {
      withCommandOptions: () => {
        asked++;
        return { evalSha: async () => 1, eval: async () => 1 };
      },
      isReady: true,
    };
    const store = new RedisConcurrencyStore({ client: counting });
    const cases: [() => Promise<unknown>, RegExp][] = [
      [() => store.acquire(42 as never, slots(1, 2)), /key/],
      [() => store.acquire("k", undefined as never), /perCaller/],
      [() => store.acquire("k", slots(0, 2)), /perCaller/],
      [() => store.acquire("k", slots(1, Infinity)), /total/],
      [() => store.acquire("k", slots(1, 2, 1.5)), /leaseMs/],
      [() => store.renew("k", "", 1000), /lease/],
      [() => store.renew("k", "l", 0), /leaseMs/],
      [() => store.release("k", 7 as never), /lease/],
    ];
    for (const [call, message] of cases) {
      const error = await rejection(call());
      expect(error, String(call)).toBeInstanceOf(RangeError);
      expect(error.message).toMatch(message);
    }
    expect(asked).toBe(0);
  });

  it("refuses options out of range with a RangeError that names the option, and documents its defaults", () => {
    const client = createClient();
    const cases: [Record<string, unknown>, RegExp][] = [
      [{}, /`client`/],
      [{ client: {} }, /`client`/],
      [{ client, timeoutMs: 0 }, /timeoutMs/],
      [{ client, timeoutMs: 60_001 }, /timeoutMs/],
      [{ client, maxPendingAcquires: 0 }, /maxPendingAcquires/],
      [{ client, keyPrefix: "{x}:" }, /keyPrefix.*hash tag \{slots\}/],
      [{ client, keyPrefix: "" }, /keyPrefix/],
      [{ client, keyPrefix: "has space" }, /keyPrefix/],
    ];
    for (const [options, message] of cases) {
      expect(() => new RedisConcurrencyStore(options as never), JSON.stringify(options)).toThrow(message);
    }
    expect(() => new RedisConcurrencyStore(undefined as never)).toThrow(RangeError);
    expect(REDIS_CONCURRENCY_STORE_DEFAULTS).toEqual({ keyPrefix: "mrtr:conc:", timeoutMs: 1000, maxPendingAcquires: 10_000 });
  });
});
