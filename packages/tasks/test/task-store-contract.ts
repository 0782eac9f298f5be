/**
 * The contract every `TaskStore` keeps, as a suite any store's tests run:
 * `describeTaskStore("MemoryTaskStore", async (now) => ({ store: new MemoryTaskStore({ now }), cleanup: async () => {} }))`.
 *
 * `make` gets the clock the store must use (real time plus an offset the
 * suite moves forward) and may give a second instance sharing the first's
 * data (`other`): writes made through one are then read, updated and heard
 * through the other. Expiry is checked both ways: by moving the clock, and in
 * real time with TTLs of tens of ms (so a store whose data really expires,
 * such as Redis, is held to it too). Every test uses owners and ids of its
 * own, so stores sharing data across tests do not disturb each other.
 */
import { randomBytes } from "node:crypto";
import { afterEach, describe, expect, it } from "vitest";
import type { TaskRecord, TaskStore } from "../src/server/task-store.js";

/** What `make` gives for one test. */
export interface TaskStoreUnderTest {
  store: TaskStore;
  /** Another instance on the same data, if the store has such a thing. */
  other?: TaskStore;
  /** Closes what `make` opened. */
  cleanup(): Promise<void>;
}

const newId = () => randomBytes(16).toString("base64url");

/** Polls `condition` every 10 ms; throws after `limitMs` (a bound on the wait, not a timing assertion). */
async function until(condition: () => boolean, what: string, limitMs = 5_000): Promise<void> {
  const start = Date.now();
  while (!condition()) {
    if (Date.now() - start > limitMs) throw new Error(`gave up waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 10));
  }
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** A working task of a fresh owner, created at `createdAt`, kept `ttlMs`, with `overrides`. */
export function taskRecord(createdAt: number, overrides: Partial<TaskRecord> = {}, ttlMs = 60_000): TaskRecord {
  return {
    taskId: newId(),
    owner: `owner-${newId()}`,
    status: "working",
    createdAt,
    lastUpdatedAt: createdAt,
    ttlMs,
    expiresAt: createdAt + ttlMs,
    pollIntervalMs: 1_000,
    leaseUntil: createdAt + 30_000,
    inputRequests: {},
    delivered: {},
    asked: [],
    version: 1,
    ...overrides,
  };
}

/**
 * Resolves once a listener filling `seen` hears a write made through
 * `writer` after this call (a subscription may take a moment to start):
 * creates throwaway tasks until one is heard; throws after about 5 s.
 */
export async function untilHeard(writer: TaskStore, seen: string[]): Promise<void> {
  for (let i = 0; i < 100; i++) {
    const probe = taskRecord(Date.now());
    expect(await writer.create(probe, { maxPerOwner: 1 })).toBe(true);
    const deadline = Date.now() + 50;
    while (Date.now() < deadline && !seen.includes(probe.taskId)) await sleep(5);
    if (seen.includes(probe.taskId)) return;
  }
  throw new Error("no write was ever announced to the listener");
}

export function describeTaskStore(name: string, make: (now: () => number) => Promise<TaskStoreUnderTest>): void {
  describe(`${name} keeps the TaskStore contract`, () => {
    let offset = 0;
    const now = () => Date.now() + offset;
    let opened: TaskStoreUnderTest | undefined;

    /** The store (and its other instance, or the store again when there is none). */
    async function open(): Promise<{ store: TaskStore; other: TaskStore; hasOther: boolean }> {
      opened = await make(now);
      return { store: opened.store, other: opened.other ?? opened.store, hasOther: opened.other !== undefined };
    }

    afterEach(async () => {
      offset = 0;
      const done = opened;
      opened = undefined;
      await done?.cleanup();
    });

    /** A fresh working task of a fresh owner, created now by the suite's clock, kept `ttlMs`. */
    const task = (overrides: Partial<TaskRecord> = {}, ttlMs = 60_000) => taskRecord(now(), overrides, ttlMs);

    /** `current` one write later, with a visible change. */
    const next = (current: TaskRecord, statusMessage: string): TaskRecord => ({ ...current, statusMessage, lastUpdatedAt: now(), version: current.version + 1 });

    it("finds a created task through every instance, at version 1, exactly as written", async () => {
      const { store, other } = await open();
      const record = task({
        statusMessage: "starting",
        inputRequests: { confirm: { method: "elicitation/create", params: { message: "Go?", requestedSchema: { type: "object", properties: {} } } } } as TaskRecord["inputRequests"],
        delivered: { earlier: { action: "accept", content: { n: 1 } } },
        asked: ["confirm", "earlier"],
        version: 0,
      });
      expect(await store.create(record, { maxPerOwner: 10 })).toBe(true);
      const expected = { ...record, version: 1 };
      expect(await store.get(record.taskId)).toEqual(expected);
      expect(await other.get(record.taskId)).toEqual(expected);
      expect(await other.get(newId())).toBeUndefined();
    });

    it("hands out copies: changing what was written or read changes nothing stored", async () => {
      const { store } = await open();
      const record = task({ asked: ["a"] });
      expect(await store.create(record, { maxPerOwner: 10 })).toBe(true);
      record.asked.push("mutated after create");
      record.status = "failed";
      const first = (await store.get(record.taskId))!;
      expect(first.asked).toEqual(["a"]);
      expect(first.status).toBe("working");
      first.asked.push("mutated after get");
      first.delivered.x = 1;
      const second = (await store.get(record.taskId))!;
      expect(second).not.toBe(first);
      expect(second.asked).toEqual(["a"]);
      expect(second.delivered).toEqual({});

      const updated = next(second, "v2");
      expect(await store.update(updated)).toBe(true);
      updated.asked.push("mutated after update");
      expect((await store.get(record.taskId))!.asked).toEqual(["a"]);
    });

    it("lands an update only on the version it was computed from, through either instance", async () => {
      const { store, other } = await open();
      const record = task();
      expect(await store.create(record, { maxPerOwner: 10 })).toBe(true);
      const v1 = (await other.get(record.taskId))!;
      const v2 = next(v1, "second");
      expect(await other.update(v2)).toBe(true);
      expect(await store.get(record.taskId)).toEqual(v2);

      expect(await store.update(next(v1, "computed from v1, too late"))).toBe(false);
      expect(await store.update({ ...next(v2, "skips a version"), version: 4 })).toBe(false);
      expect(await store.update({ ...v2, statusMessage: "same version" })).toBe(false);
      expect(await store.get(record.taskId)).toEqual(v2);

      const v3 = next(v2, "third");
      expect(await store.update(v3)).toBe(true);
      expect(await other.get(record.taskId)).toEqual(v3);
      expect(await store.update(next(task(), "never created"))).toBe(false);
    });

    it("lets exactly one of two concurrent updates from the same version win, and keeps the winner's", async () => {
      const { store, other } = await open();
      for (let round = 0; round < 10; round++) {
        const record = task();
        expect(await store.create(record, { maxPerOwner: 10 })).toBe(true);
        const v1 = (await store.get(record.taskId))!;
        const a = next(v1, "a");
        const b = next(v1, "b");
        const [wonA, wonB] = await Promise.all([store.update(a), other.update(b)]);
        expect([wonA, wonB].filter(Boolean)).toHaveLength(1);
        expect(await store.get(record.taskId)).toEqual(wonA ? a : b);
      }
    });

    it("refuses a create past maxPerOwner unexpired tasks of that owner, counting no other owner's and no expired one", async () => {
      const { store, other } = await open();
      const owner = `owner-${newId()}`;
      const first = task({ owner });
      const second = task({ owner }, 120_000);
      expect(await store.create(first, { maxPerOwner: 2 })).toBe(true);
      expect(await other.create(second, { maxPerOwner: 2 })).toBe(true);
      const third = task({ owner }, 120_000);
      expect(await other.create(third, { maxPerOwner: 2 })).toBe(false);
      expect(await store.get(third.taskId)).toBeUndefined();
      expect(await store.create(third, { maxPerOwner: 3 })).toBe(true);
      expect(await store.create(task(), { maxPerOwner: 1 })).toBe(true);

      // `first` expires: the owner holds two again (second, third), and `fourth` fits under 3.
      offset = 60_000;
      const fourth = task({ owner });
      expect(await other.create(fourth, { maxPerOwner: 2 })).toBe(false);
      expect(await other.create(fourth, { maxPerOwner: 3 })).toBe(true);
    });

    it("forgets a task once its expiresAt has passed by the store's clock, and refuses to update it", async () => {
      const { store, other } = await open();
      const record = task({}, 60_000);
      expect(await store.create(record, { maxPerOwner: 10 })).toBe(true);
      offset = 59_000;
      const v1 = await other.get(record.taskId);
      expect(v1).toBeDefined();
      offset = 60_000;
      expect(await store.get(record.taskId)).toBeUndefined();
      expect(await other.get(record.taskId)).toBeUndefined();
      expect(await other.update(next(v1!, "too late"))).toBe(false);
    });

    it("keeps a task of a short TTL until it expires in real time, never earlier, and then has it gone", async () => {
      const { store, other } = await open();
      const record = task({}, 120);
      expect(await store.create(record, { maxPerOwner: 10 })).toBe(true);
      let reads = 0;
      while (now() < record.expiresAt - 5) {
        const found = await other.get(record.taskId);
        // Only a read that ended before expiresAt must find it.
        if (now() < record.expiresAt) expect(found, "found before expiresAt").toBeDefined();
        reads++;
      }
      expect(reads).toBeGreaterThan(0);
      while (now() <= record.expiresAt) await sleep(5);
      expect(await store.get(record.taskId)).toBeUndefined();
      expect(await other.get(record.taskId)).toBeUndefined();
      expect(await store.update(next(record, "too late"))).toBe(false);
      expect(await other.get(record.taskId)).toBeUndefined();
    });

    it("announces every create and update to its listeners, and those of the other instance", async () => {
      const { store, other } = await open();
      const seenHere: string[] = [];
      const seenThere: string[] = [];
      const stopHere = store.subscribe((id) => seenHere.push(id));
      const stopThere = other.subscribe((id) => seenThere.push(id));
      await untilHeard(store, seenHere);
      await untilHeard(store, seenThere);

      const record = task();
      expect(await other.create(record, { maxPerOwner: 10 })).toBe(true);
      await until(() => seenHere.includes(record.taskId) && seenThere.includes(record.taskId), "the create to be announced on both");
      const count = (seen: string[]) => seen.filter((id) => id === record.taskId).length;
      expect(await store.update(next((await store.get(record.taskId))!, "updated"))).toBe(true);
      await until(() => count(seenHere) === 2 && count(seenThere) === 2, "the update to be announced on both");

      // A refused write is not announced: the next accepted one comes first.
      expect(await store.update(next(record, "stale"))).toBe(false);
      const marker = task();
      expect(await store.create(marker, { maxPerOwner: 10 })).toBe(true);
      await until(() => seenHere.includes(marker.taskId) && seenThere.includes(marker.taskId), "the marker to be announced");
      expect(count(seenHere)).toBe(2);
      expect(count(seenThere)).toBe(2);
      stopHere();
      stopThere();
    });

    it("stops calling a listener once it unsubscribed, and keeps calling the others, even past one that throws", async () => {
      const { store, other } = await open();
      const gone: string[] = [];
      const stays: string[] = [];
      const stopGone = store.subscribe((id) => gone.push(id));
      const stopThrowing = store.subscribe(() => {
        throw new Error("listener bug");
      });
      const stopStays = store.subscribe((id) => stays.push(id));
      await untilHeard(other, stays);
      await until(() => gone.length > 0, "the first listener to hear the same writes");
      stopGone();
      const heardBefore = gone.length;
      const record = task();
      expect(await other.create(record, { maxPerOwner: 10 })).toBe(true);
      await until(() => stays.includes(record.taskId), "the remaining listener to hear the write");
      expect(gone.length).toBe(heardBefore);
      expect(gone).not.toContain(record.taskId);
      stopThrowing();
      stopStays();
      stopStays(); // a second call changes nothing
    });
  });
}
