import { describe, expect, it } from "vitest";
import { MemoryConcurrencyStore } from "../../src/middleware/memory-concurrency-store.js";
import { describeConcurrencyStore } from "./concurrency-store-contract.js";

describeConcurrencyStore("MemoryConcurrencyStore", () => new MemoryConcurrencyStore());

describe("MemoryConcurrencyStore's own bound", () => {
  it("keeps no more than the live leases: released and expired ones, and keys left with none, are forgotten", async () => {
    let now = 0;
    const store = new MemoryConcurrencyStore({ now: () => now });
    const slots = { perCaller: 1, total: 3, leaseMs: 100 };
    for (let i = 0; i < 10_000; i++) {
      const taken = await store.acquire(`flood-${i}`, slots);
      if (taken.ok && i % 2 === 0) await store.release(`flood-${i}`, taken.lease);
      now += 40; // every lease of an odd caller expires 100 ms after it was taken
    }
    // At most `total` live at any time: the flood was refused past it, then let in again as leases expired.
    now += 1_000;
    const held = await Promise.all(["a", "b", "c", "d"].map((k) => store.acquire(k, slots)));
    expect(held.map((r) => r.ok)).toEqual([true, true, true, false]);
  });

  it("drops expired leases even when one of a longer lease was taken before them, once that one expires too (strict, never loose)", async () => {
    let now = 0;
    const store = new MemoryConcurrencyStore({ now: () => now });
    expect((await store.acquire("long", { perCaller: 1, total: 2, leaseMs: 1_000 })).ok).toBe(true);
    expect((await store.acquire("short", { perCaller: 1, total: 2, leaseMs: 10 })).ok).toBe(true);
    now = 500;
    expect(await store.acquire("other", { perCaller: 1, total: 2, leaseMs: 10 })).toEqual({ ok: false, scope: "total" });
    now = 1_001;
    expect((await store.acquire("other", { perCaller: 1, total: 2, leaseMs: 10 })).ok).toBe(true);
  });
});
