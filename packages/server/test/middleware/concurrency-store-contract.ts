/**
 * What every `ConcurrencyStore` keeps (the in-memory one here, the Redis one
 * in @mrtr/redis): a slot per lease, a caller's share and the total checked
 * and taken atomically, a refusal that takes nothing and names the limit,
 * keys apart, a released slot free at once, an unrenewed lease free after
 * its time, a renewed one kept.
 */
import { describe, expect, it } from "vitest";
import type { AcquireResult, ConcurrencySlots, ConcurrencyStore } from "../../src/middleware/concurrency-store.js";

/** Runs the contract on stores `make` gives: a fresh one each call, whose total no other store shares (for Redis: a prefix of its own). */
export function describeConcurrencyStore(name: string, make: () => Promise<ConcurrencyStore> | ConcurrencyStore, options: { skip?: string } = {}): void {
  const suite = options.skip ? describe.skip : describe;
  let n = 0;
  const key = () => `contract-${process.pid}-${Date.now()}-${++n}`;
  const slots = (perCaller: number, total: number, leaseMs = 60_000): ConcurrencySlots => ({ perCaller, total, leaseMs });
  const lease = (result: AcquireResult) => {
    expect(result.ok).toBe(true);
    return (result as { lease: string }).lease;
  };
  const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

  suite(`${name} keeps the concurrency store contract${options.skip ? ` [skipped: ${options.skip}]` : ""}`, () => {
    it("gives a key perCaller slots, then refuses it with scope share, while another key still gets one", async () => {
      const store = await make();
      const [a, b] = [key(), key()];
      for (let i = 0; i < 3; i++) lease(await store.acquire(a, slots(3, 10)));
      expect(await store.acquire(a, slots(3, 10))).toEqual({ ok: false, scope: "share" });
      lease(await store.acquire(b, slots(3, 10)));
    });

    it("refuses any key past the total with scope total, and names the share first when both are reached", async () => {
      const store = await make();
      const [a, b, c] = [key(), key(), key()];
      lease(await store.acquire(a, slots(2, 3)));
      lease(await store.acquire(a, slots(2, 3)));
      lease(await store.acquire(b, slots(2, 3)));
      expect(await store.acquire(c, slots(2, 3))).toEqual({ ok: false, scope: "total" });
      expect(await store.acquire(a, slots(2, 3))).toEqual({ ok: false, scope: "share" });
    });

    it("frees a released slot at once, for the key and the total, and ignores a second release", async () => {
      const store = await make();
      const [a, b] = [key(), key()];
      const first = lease(await store.acquire(a, slots(1, 2)));
      lease(await store.acquire(b, slots(1, 2)));
      expect((await store.acquire(a, slots(1, 2))).ok).toBe(false);
      await store.release(a, first);
      await store.release(a, first);
      lease(await store.acquire(a, slots(1, 2)));
      expect(await store.acquire(key(), slots(1, 2))).toEqual({ ok: false, scope: "total" });
    });

    it("is atomic: of many acquires at once, exactly the share succeed for one key and exactly the total for many", async () => {
      const store = await make();
      const one = key();
      const mine = await Promise.all(Array.from({ length: 40 }, () => store.acquire(one, slots(7, 1000))));
      expect(mine.filter((r) => r.ok)).toHaveLength(7);
      const fresh = await make();
      const many = await Promise.all(Array.from({ length: 60 }, () => fresh.acquire(key(), slots(2, 11))));
      expect(many.filter((r) => r.ok)).toHaveLength(11);
      expect(many.filter((r) => !r.ok).every((r) => !r.ok && r.scope === "total")).toBe(true);
    });

    it("frees the slot of a lease neither renewed nor released once leaseMs has passed (its holder died)", async () => {
      const store = await make();
      const a = key();
      lease(await store.acquire(a, slots(1, 100, 150)));
      expect(await store.acquire(a, slots(1, 100, 150))).toEqual({ ok: false, scope: "share" });
      await sleep(300);
      lease(await store.acquire(a, slots(1, 100, 150)));
    });

    it("keeps a renewed lease past its first expiry, and records again one that was lost", async () => {
      const store = await make();
      const a = key();
      const held = lease(await store.acquire(a, slots(1, 100, 200)));
      for (let i = 0; i < 4; i++) {
        await sleep(100);
        await store.renew(a, held, 200);
      }
      expect(await store.acquire(a, slots(1, 100, 200))).toEqual({ ok: false, scope: "share" });
      await sleep(350); // lost: expired unrenewed
      await store.renew(a, held, 60_000);
      expect(await store.acquire(a, slots(1, 100))).toEqual({ ok: false, scope: "share" });
      await store.release(a, held);
      lease(await store.acquire(a, slots(1, 100)));
    });
  });
}
