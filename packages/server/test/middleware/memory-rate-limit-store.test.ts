import { describe, expect, it } from "vitest";
import { MemoryRateLimitStore } from "../../src/middleware/memory-rate-limit-store.js";
import { describeRateLimitStore } from "./rate-limit-store-contract.js";

describeRateLimitStore("MemoryRateLimitStore", () => new MemoryRateLimitStore());

describe("MemoryRateLimitStore's own bound", () => {
  it("keeps at most maxKeys buckets: a flood of new keys drops the least recently used, never grows past the bound", async () => {
    let now = 0;
    const store = new MemoryRateLimitStore({ maxKeys: 3, now: () => now });
    const bucket = { capacity: 1, refillPerSecond: 0.001 };
    expect(await store.take("kept", bucket, 1)).toEqual({ ok: true });
    for (let i = 0; i < 1000; i++) await store.take(`flood-${i}`, bucket, 1);
    // "kept" was dropped with the flood: it starts again with a full bucket.
    expect(await store.take("kept", bucket, 1)).toEqual({ ok: true });
    now += 1;
    expect((await store.take("kept", bucket, 1)).ok).toBe(false);
  });
});
