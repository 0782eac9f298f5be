import { AbortError, createClient, ErrorReply } from "@redis/client";
import type { TaskRecord } from "@mrtr/tasks/server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { RedisTaskStore, TaskRecordTooLargeError, TaskStoreUnavailableError, type RedisTaskClient } from "../src/tasks/index.js";
import { taskKeys } from "../src/tasks/task-keys.js";
import { STORE } from "../src/tasks/task-scripts.js";
import { describeTaskStore, taskRecord, untilHeard } from "../../tasks/test/task-store-contract.js";
import { connected, newClient, type Client } from "./helpers/clients.js";
import { rejection, until } from "./helpers/waiting.js";
import { freePort } from "../../../test/helpers/processes.js";
import { hasRedisServer, redisMissingMessage, RedisServer, stopAllRedis } from "../../../test/helpers/redis-server.js";

if (!hasRedisServer) console.warn(redisMissingMessage);
// Servers a failing test did not get to stop.
afterAll(stopAllRedis);


let n = 0;
/** A task of a fresh owner, created now, kept `ttlMs`, its id telling which test process made it. */
const task = (overrides: Partial<TaskRecord> = {}, ttlMs = 60_000) => taskRecord(Date.now(), { taskId: `task-${process.pid}-${n++}`, ...overrides }, ttlMs);

/** How many subscribers Redis counts on `channel`. */
async function subscribers(admin: Client, channel: string): Promise<number> {
  const counts = (await admin.pubSubNumSub(channel)) as Record<string, number>;
  return Number(counts[channel] ?? 0);
}

/** `client`, except that the second step of a create (the task's own script) gets `answer` instead of reaching Redis. */
function storeStepAnswered(client: Client, answer: (abortSignal: AbortSignal) => Promise<unknown>): RedisTaskClient {
  return {
    withCommandOptions: (options) => {
      const real = client.withCommandOptions(options);
      return {
        evalSha: (sha1, args) => (sha1 === STORE.sha1 ? answer(options.abortSignal) : real.evalSha(sha1, args)),
        eval: (source, args) => (source === STORE.source ? answer(options.abortSignal) : real.eval(source, args)),
      };
    },
    duplicate: () => client.duplicate(),
  };
}

describe.skipIf(!hasRedisServer)("RedisTaskStore on a real redis-server", () => {
  let redis: RedisServer;
  let admin: Client;

  beforeAll(async () => {
    redis = await RedisServer.start();
    admin = await connected(redis.url);
  });
  afterAll(async () => {
    admin.destroy();
    await redis.stop();
  });

  describeTaskStore("RedisTaskStore, two instances on two clients", async (now) => {
    const [a, b] = await Promise.all([connected(redis.url), connected(redis.url)]);
    const store = new RedisTaskStore({ client: a, now });
    const other = new RedisTaskStore({ client: b, now });
    return {
      store,
      other,
      async cleanup() {
        await Promise.all([store.close(), other.close()]);
        a.destroy();
        b.destroy();
      },
    };
  });

  it("keys tasks and owners by hashes under the prefix, never by the ids, with an expiry of expiresAt - now", async () => {
    const client = await connected(redis.url);
    const now = 1_900_000_000_000;
    const store = new RedisTaskStore({ client, keyPrefix: "app:t:", now: () => now });
    const record = task({ taskId: "VISIBLE-task-id", owner: "VISIBLE-owner", createdAt: now, expiresAt: now + 60_000 });
    expect(await store.create(record, { maxPerOwner: 5 })).toBe(true);

    const keys = await admin.keys("app:t:*");
    const names = taskKeys("app:t:");
    const recordKey = names.record(names.taskHash(record.taskId));
    const ownerKey = names.owner(record.owner);
    expect(keys.sort()).toEqual([ownerKey, recordKey].sort());
    expect(keys.join(" ")).not.toMatch(/VISIBLE/);
    // Each key is hash-tagged by its own hash: a Redis Cluster slot per task and per owner.
    expect(recordKey).toBe(`app:t:r:{${names.taskHash(record.taskId)}}`);
    expect(recordKey).toMatch(/^app:t:r:\{[A-Za-z0-9_-]{43}\}$/);
    expect(ownerKey).toMatch(/^app:t:o:\{[A-Za-z0-9_-]{43}\}$/);

    expect(await admin.hGet(recordKey, "v")).toBe("1");
    expect(await admin.hGet(recordKey, "e")).toBe(String(now + 60_000));
    expect(JSON.parse((await admin.hGet(recordKey, "d"))!)).toEqual(record);
    for (const key of [recordKey, ownerKey]) {
      const ttl = await admin.pTTL(key);
      expect(ttl, key).toBeLessThanOrEqual(60_000);
      expect(ttl, key).toBeGreaterThan(55_000);
    }
    expect(await admin.zRange(ownerKey, 0, -1)).toEqual([names.taskHash(record.taskId)]);

    // An update keeps the expiry.
    expect(await store.update({ ...record, status: "completed", version: 2 })).toBe(true);
    expect(await admin.hGet(recordKey, "v")).toBe("2");
    expect(await admin.pTTL(recordKey)).toBeGreaterThan(55_000);
    await store.close();
    client.destroy();
  });

  it("has Redis drop a task and its owner's set once expired, and stores nothing for a task already expired", async () => {
    const client = await connected(redis.url);
    const store = new RedisTaskStore({ client, keyPrefix: "short:" });
    const names = taskKeys("short:");
    const record = task({}, 100);
    expect(await store.create(record, { maxPerOwner: 5 })).toBe(true);
    const recordKey = names.record(names.taskHash(record.taskId));
    expect(await admin.exists(recordKey)).toBe(1);
    await until(async () => (await admin.exists([recordKey, names.owner(record.owner)])) === 0, "the task's keys to expire");

    const past = task({}, 100);
    past.expiresAt = Date.now() - 1;
    expect(await store.create(past, { maxPerOwner: 5 })).toBe(true);
    expect(await store.get(past.taskId)).toBeUndefined();
    expect(await admin.keys("short:*")).toEqual([]);
    await store.close();
    client.destroy();
  });

  it("refuses to write a record larger than maxRecordBytes and never reads one", async () => {
    const client = await connected(redis.url);
    const small = new RedisTaskStore({ client, keyPrefix: "big:", maxRecordBytes: 1024 });
    const large = new RedisTaskStore({ client, keyPrefix: "big:" });

    const huge = task({ statusMessage: "é".repeat(600) }); // 1 200 bytes of UTF-8 in 600 characters
    const refused = await rejection(small.create(huge, { maxPerOwner: 5 }));
    expect(refused).toBeInstanceOf(TaskRecordTooLargeError);
    expect(refused.message).toMatch(/maxRecordBytes \(1024\); nothing was stored/);
    expect(await large.get(huge.taskId)).toBeUndefined();

    const record = task();
    expect(await small.create(record, { maxPerOwner: 5 })).toBe(true);
    const grown = { ...record, statusMessage: "x".repeat(2000), version: 2 };
    expect(await rejection(small.update(grown))).toBeInstanceOf(TaskRecordTooLargeError);
    expect(await small.get(record.taskId)).toEqual(record);

    // Written within a larger limit, found too large by the small one: refused with its size, unread.
    expect(await large.update(grown)).toBe(true);
    const unread = (await rejection(small.get(record.taskId))) as TaskRecordTooLargeError;
    expect(unread).toBeInstanceOf(TaskRecordTooLargeError);
    expect(unread.bytes).toBe(Buffer.byteLength(JSON.stringify(grown)));
    expect(unread.message).toMatch(/was not read/);
    expect(await large.get(record.taskId)).toEqual(grown);
    client.destroy();
  });

  it("sends a script's source again when Redis has forgotten it (SCRIPT FLUSH, a restarted node)", async () => {
    const client = await connected(redis.url);
    const store = new RedisTaskStore({ client });
    const record = task();
    expect(await store.create(record, { maxPerOwner: 5 })).toBe(true);
    await admin.scriptFlush();
    expect(await store.get(record.taskId)).toEqual(record);
    await admin.scriptFlush();
    expect(await store.update({ ...record, version: 2 })).toBe(true);
    client.destroy();
  });

  it("subscribes on a connection of its own, opened for the first listener and closed after the last or on close()", async () => {
    const client = await connected(redis.url);
    const store = new RedisTaskStore({ client, keyPrefix: "subs:" });
    const channel = "subs:written";
    expect(await subscribers(admin, channel)).toBe(0);
    const seen: string[] = [];
    const stopA = store.subscribe((id) => seen.push(id));
    const stopB = store.subscribe(() => {});
    await until(async () => (await subscribers(admin, channel)) === 1, "one subscription");
    const record = task();
    expect(await store.create(record, { maxPerOwner: 5 })).toBe(true);
    await until(() => seen.includes(record.taskId), "the create to be heard");
    stopA();
    expect(await subscribers(admin, channel)).toBe(1);
    stopB();
    await until(async () => (await subscribers(admin, channel)) === 0, "the subscription to close");

    store.subscribe(() => {});
    await until(async () => (await subscribers(admin, channel)) === 1, "a new subscription");
    await store.close();
    await until(async () => (await subscribers(admin, channel)) === 0, "close() to end it");
    expect(client.isReady).toBe(true); // the client passed in stays the caller's
    client.destroy();
  });

  it("rejects with TaskStoreUnavailableError within timeoutMs when Redis does not answer", async () => {
    const own = await RedisServer.start();
    const client = await connected(own.url);
    const store = new RedisTaskStore({ client, timeoutMs: 200 });
    const record = task();
    expect(await store.create(record, { maxPerOwner: 5 })).toBe(true);
    process.kill(own.pid!, "SIGSTOP");
    try {
      for (const call of [() => store.get(record.taskId), () => store.update({ ...record, version: 2 }), () => store.create(task(), { maxPerOwner: 5 })]) {
        const start = Date.now();
        const error = (await rejection(call())) as TaskStoreUnavailableError;
        expect(Date.now() - start).toBeLessThan(1_000);
        expect(error).toBeInstanceOf(TaskStoreUnavailableError);
        expect(error.message).toMatch(/did not answer within 200 ms .*retry later/);
      }
    } finally {
      process.kill(own.pid!, "SIGCONT");
    }
    client.destroy();
    await own.stop();
  });

  it("withdraws a write that timed out before it was sent, so it never lands later", async () => {
    const port = await freePort();
    const client = newClient(`redis://127.0.0.1:${port}`);
    client.on("error", () => {});
    client.connect().catch(() => {});
    const store = new RedisTaskStore({ client, timeoutMs: 100 });
    const record = task();
    const error = (await rejection(store.create(record, { maxPerOwner: 5 }))) as TaskStoreUnavailableError;
    expect(error).toBeInstanceOf(TaskStoreUnavailableError);
    expect(error.message).toMatch(/did not answer within 100 ms/);
    const late = await RedisServer.start({ port });
    await until(() => client.isReady, "the client to connect");
    expect(await store.get(record.taskId)).toBeUndefined();
    expect(await client.dbSize()).toBe(0);
    expect(await store.create(record, { maxPerOwner: 5 })).toBe(true);
    client.destroy();
    await late.stop();
  });

  it("creates in two steps, the owner's place first: gives it back when the task's step certainly did not run, keeps it when it may have landed", async () => {
    const client = await connected(redis.url);
    const names = taskKeys("two-step:");
    const plain = new RedisTaskStore({ client, keyPrefix: "two-step:" });
    const places = (owner: string) => admin.zCard(names.owner(owner));
    const failing = (answer: (abortSignal: AbortSignal) => Promise<unknown>) =>
      new RedisTaskStore({ client: storeStepAnswered(client, answer), keyPrefix: "two-step:", timeoutMs: 100 });

    // Refused by Redis (an error reply, as out of memory): the place is given back, the owner's one place is free again.
    const refused = task();
    const error = (await rejection(failing(async () => Promise.reject(new ErrorReply("OOM command not allowed"))).create(refused, { maxPerOwner: 1 }))) as TaskStoreUnavailableError;
    expect(error).toBeInstanceOf(TaskStoreUnavailableError);
    expect(error.operation).toBe("create");
    await until(async () => (await places(refused.owner)) === 0, "the refused task's place to be given back");
    expect(await plain.get(refused.taskId)).toBeUndefined();
    expect(await plain.create(task({ owner: refused.owner }), { maxPerOwner: 1 })).toBe(true);

    // Still queued when the time was up, so withdrawn (node-redis rejects it with AbortError): given back too.
    const withdrawn = task();
    const queued = (abortSignal: AbortSignal) => new Promise((_, reject) => abortSignal.addEventListener("abort", () => reject(new AbortError()), { once: true }));
    expect(await rejection(failing(queued).create(withdrawn, { maxPerOwner: 1 }))).toBeInstanceOf(TaskStoreUnavailableError);
    await until(async () => (await places(withdrawn.owner)) === 0, "the withdrawn task's place to be given back");

    // Sent but never answered, or the connection lost: it may have landed, so the place stays, counted until the task's expiresAt.
    for (const answer of [() => new Promise<never>(() => {}), async () => Promise.reject(new Error("Socket closed unexpectedly"))]) {
      const unanswered = task({}, 400);
      expect(await rejection(failing(answer).create(unanswered, { maxPerOwner: 1 }))).toBeInstanceOf(TaskStoreUnavailableError);
      await new Promise((r) => setTimeout(r, 50));
      expect(await places(unanswered.owner)).toBe(1);
      expect(await plain.create(task({ owner: unanswered.owner }), { maxPerOwner: 1 })).toBe(false);
      // The same create sent again finds its own place and stores the task.
      expect(await plain.create(unanswered, { maxPerOwner: 1 })).toBe(true);
      expect(await plain.get(unanswered.taskId)).toEqual(unanswered);
      expect(await places(unanswered.owner)).toBe(1);
    }
    await plain.close();
    client.destroy();
  });

  it("never lets concurrent creates of one owner through many instances hold more than maxPerOwner", async () => {
    const clients = await Promise.all([connected(redis.url), connected(redis.url), connected(redis.url)]);
    const stores = clients.map((client) => new RedisTaskStore({ client, keyPrefix: "race:" }));
    const owner = `owner-race-${process.pid}`;
    const records = Array.from({ length: 60 }, () => task({ owner }));
    const results = await Promise.all(records.map((record, i) => stores[i % stores.length]!.create(record, { maxPerOwner: 7 })));
    expect(results.filter(Boolean)).toHaveLength(7);
    const stored = await Promise.all(records.map((record) => stores[0]!.get(record.taskId)));
    expect(stored.filter(Boolean)).toHaveLength(7);
    expect(records.filter((_, i) => results[i]).map((r) => r.taskId).sort()).toEqual(records.filter((_, i) => stored[i]).map((r) => r.taskId).sort());
    for (const client of clients) client.destroy();
  });

  it("gives up on a client whose commands never answer, after timeoutMs, aborting each command", async () => {
    const signals: AbortSignal[] = [];
    const never = () => new Promise<never>(() => {});
    const silent: RedisTaskClient = {
      withCommandOptions: ({ abortSignal }) => {
        signals.push(abortSignal);
        return { evalSha: never, eval: never };
      },
      duplicate: () => {
        throw new Error("not used");
      },
    };
    const store = new RedisTaskStore({ client: silent, timeoutMs: 50 });
    const start = Date.now();
    const error = (await rejection(store.get("x"))) as TaskStoreUnavailableError;
    expect(error).toBeInstanceOf(TaskStoreUnavailableError);
    expect(error.operation).toBe("get");
    expect(Date.now() - start).toBeGreaterThanOrEqual(45);
    expect(Date.now() - start).toBeLessThan(1_000);
    expect(signals).toHaveLength(1);
    expect(signals[0]!.aborted).toBe(true);
  });

  it("rejects while Redis is down, and works again (writes and announcements) once it is back, with no restart", async () => {
    const port = await freePort();
    const own = await RedisServer.start({ port });
    const [a, b] = await Promise.all([connected(own.url), connected(own.url)]);
    const errors: unknown[] = [];
    const store = new RedisTaskStore({ client: a, timeoutMs: 200, onError: (e) => errors.push(e) });
    const other = new RedisTaskStore({ client: b, timeoutMs: 200 });
    const seen: string[] = [];
    store.subscribe((id) => seen.push(id));
    await untilHeard(other, seen);

    await own.stop();
    const down = (await rejection(other.create(task(), { maxPerOwner: 5 }))) as TaskStoreUnavailableError;
    expect(down).toBeInstanceOf(TaskStoreUnavailableError);
    expect(down.operation).toBe("create");
    expect(await rejection(store.get("anything"))).toBeInstanceOf(TaskStoreUnavailableError);
    await until(() => errors.length > 0, "the subscription's connection error to be reported");

    await own.restart();
    await until(() => a.isReady && b.isReady, "the clients to reconnect");
    await untilHeard(other, seen);
    const record = task();
    expect(await other.create(record, { maxPerOwner: 5 })).toBe(true);
    expect(await store.get(record.taskId)).toEqual(record);
    await Promise.all([store.close(), other.close()]);
    a.destroy();
    b.destroy();
    await own.stop();
  });
});

describe("RedisTaskStore options", () => {
  it("refuses options out of range with a RangeError that names the option", () => {
    const client = createClient();
    const cases: [Record<string, unknown>, RegExp][] = [
      [{}, /`client`/],
      [{ client: {} }, /`client`/],
      [{ client, timeoutMs: 0 }, /timeoutMs/],
      [{ client, timeoutMs: 60_001 }, /timeoutMs/],
      [{ client, maxRecordBytes: 0 }, /maxRecordBytes/],
      [{ client, maxRecordBytes: 1.5 }, /maxRecordBytes/],
      [{ client, keyPrefix: "{x}:" }, /keyPrefix/],
      [{ client, keyPrefix: "" }, /keyPrefix/],
      [{ client, onError: "log" }, /onError/],
      [{ client, now: 5 }, /now/],
    ];
    for (const [options, message] of cases) {
      expect(() => new RedisTaskStore(options as never), JSON.stringify(options)).toThrow(message);
    }
    expect(() => new RedisTaskStore(undefined as never)).toThrow(RangeError);
  });
});
