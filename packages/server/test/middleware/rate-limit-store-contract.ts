/**
 * What every `RateLimitStore` keeps (the in-memory one here, the Redis one in
 * @mrtr/redis): token buckets taken atomically, a refusal that takes nothing
 * and says when, keys apart, refill over time.
 */
import { describe, expect, it } from "vitest";
import type { RateLimitStore } from "../../src/middleware/rate-limit-store.js";

/** Runs the contract on stores `make` gives (a fresh one per test, with keys no other test uses). */
export function describeRateLimitStore(name: string, make: () => Promise<RateLimitStore> | RateLimitStore, options: { skip?: string } = {}): void {
  const suite = options.skip ? describe.skip : describe;
  let n = 0;
  const key = () => `contract-${process.pid}-${Date.now()}-${++n}`;

  suite(`${name} keeps the rate-limit store contract${options.skip ? ` [skipped: ${options.skip}]` : ""}`, () => {
    it("gives a new key a full bucket, then refuses the take past it with the time until one token is back", async () => {
      const store = await make();
      const k = key();
      const bucket = { capacity: 3, refillPerSecond: 1 };
      for (let i = 0; i < 3; i++) expect(await store.take(k, bucket, 1)).toEqual({ ok: true });
      const refused = await store.take(k, bucket, 1);
      expect(refused.ok).toBe(false);
      const after = (refused as { retryAfterSeconds: number }).retryAfterSeconds;
      expect(after).toBeGreaterThan(0);
      expect(after).toBeLessThanOrEqual(1);
    });

    it("takes nothing when it refuses: a smaller take still fits afterwards", async () => {
      const store = await make();
      const k = key();
      const bucket = { capacity: 5, refillPerSecond: 0.001 };
      expect(await store.take(k, bucket, 3)).toEqual({ ok: true });
      expect((await store.take(k, bucket, 3)).ok).toBe(false);
      expect(await store.take(k, bucket, 2)).toEqual({ ok: true });
      expect((await store.take(k, bucket, 1)).ok).toBe(false);
    });

    it("keeps each key's bucket apart", async () => {
      const store = await make();
      const [a, b] = [key(), key()];
      const bucket = { capacity: 1, refillPerSecond: 0.001 };
      expect(await store.take(a, bucket, 1)).toEqual({ ok: true });
      expect((await store.take(a, bucket, 1)).ok).toBe(false);
      expect(await store.take(b, bucket, 1)).toEqual({ ok: true });
    });

    it("is atomic: of many takes at once, exactly the bucket's capacity succeed", async () => {
      const store = await make();
      const k = key();
      const bucket = { capacity: 7, refillPerSecond: 0.001 };
      const results = await Promise.all(Array.from({ length: 40 }, () => store.take(k, bucket, 1)));
      expect(results.filter((r) => r.ok)).toHaveLength(7);
    });

    it("refills over time, up to the capacity", async () => {
      const store = await make();
      const k = key();
      const bucket = { capacity: 2, refillPerSecond: 40 };
      expect(await store.take(k, bucket, 2)).toEqual({ ok: true });
      expect((await store.take(k, bucket, 1)).ok).toBe(false);
      await new Promise((r) => setTimeout(r, 200)); // 8 tokens' worth of time; the bucket holds 2
      expect(await store.take(k, bucket, 2)).toEqual({ ok: true });
      expect((await store.take(k, bucket, 1)).ok).toBe(false);
    });
  });
}
