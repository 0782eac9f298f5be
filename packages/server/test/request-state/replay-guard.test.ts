import { describe, expect, it } from "vitest";
import { MemoryReplayGuard } from "../../src/request-state/index.js";

const clock = (start = 1_000_000) => {
  const c = { t: start, now: () => c.t };
  return c;
};

describe("MemoryReplayGuard", () => {
  it("grants the first claim of an id and refuses every later one", () => {
    const c = clock();
    const guard = new MemoryReplayGuard({ now: c.now });
    expect(guard.claim("a", c.t + 60_000)).toBe(true);
    expect(guard.claim("a", c.t + 60_000)).toBe(false);
    expect(guard.claim("a", c.t + 60_000)).toBe(false);
    expect(guard.claim("b", c.t + 60_000)).toBe(true);
  });

  it("remembers an id until expiresAt plus the clock skew (the codec still opens the state until then), then forgets it", () => {
    const c = clock();
    const guard = new MemoryReplayGuard({ now: c.now, clockSkewSeconds: 30 });
    const expiresAt = c.t + 60_000;
    expect(guard.claim("a", expiresAt)).toBe(true);
    c.t = expiresAt + 30_000 - 1;
    expect(guard.claim("a", expiresAt)).toBe(false);
    c.t = expiresAt + 30_000;
    expect(guard.claim("x", c.t + 1000)).toBe(true); // any claim sweeps expired ids
    expect(guard.size).toBe(1);
    expect(guard.claim("a", expiresAt)).toBe(true);
  });

  it("keeps memory bounded: holds at most maxEntries ids and fails closed when all are live (owners each within their share)", () => {
    const c = clock();
    const guard = new MemoryReplayGuard({ now: c.now, maxEntries: 3, clockSkewSeconds: 0 });
    expect(guard.claim("a", c.t + 1000, "a")).toBe(true);
    expect(guard.claim("b", c.t + 5000, "b")).toBe(true);
    expect(guard.claim("c", c.t + 5000, "c")).toBe(true);
    expect(guard.claim("d", c.t + 5000, "d")).toBe(false); // full of live ids: forgetting one would allow a replay
    expect(guard.size).toBe(3);
    expect(guard.claim("a", c.t + 1000, "a")).toBe(false); // still remembered
    c.t += 1000; // "a" can no longer be opened
    expect(guard.claim("d", c.t + 5000, "d")).toBe(true);
    expect(guard.size).toBe(3);
  });

  it("finds expired ids anywhere when full, not only the oldest claims", () => {
    const c = clock();
    const guard = new MemoryReplayGuard({ now: c.now, maxEntries: 3, clockSkewSeconds: 0 });
    expect(guard.claim("long", c.t + 10_000, "long")).toBe(true);
    expect(guard.claim("short", c.t + 1000, "short")).toBe(true);
    expect(guard.claim("long2", c.t + 10_000, "long2")).toBe(true);
    c.t += 1000;
    expect(guard.claim("new", c.t + 10_000, "new")).toBe(true);
    expect(guard.claim("long", c.t + 9000, "long")).toBe(false);
    // An expiry already past is not remembered (the codec refuses such a state anyway).
    expect(guard.claim("stale", c.t - 1, "stale")).toBe(true);
    expect(guard.claim("stale", c.t - 1, "stale")).toBe(true);
    expect(guard.size).toBe(3);
  });

  it("never holds more than maxEntries across a long run of claims, and grants all when sized for the live ids", () => {
    // Ids stay remembered for at most 500 + 12 * 50 + 1000 ms, one claim every 7 ms: at most 300 live at once.
    const run = (maxEntries: number) => {
      const c = clock();
      const guard = new MemoryReplayGuard({ now: c.now, maxEntries, clockSkewSeconds: 1 });
      let granted = 0;
      let largest = 0;
      for (let i = 0; i < 20_000; i++) {
        c.t += 7;
        if (guard.claim(`id-${i}`, c.t + 500 + (i % 13) * 50, `owner-${i % 1000}`)) granted++;
        largest = Math.max(largest, guard.size);
      }
      return { granted, largest };
    };
    const roomy = run(400);
    expect(roomy.granted).toBe(20_000);
    expect(roomy.largest).toBeLessThanOrEqual(301);
    const tight = run(100);
    expect(tight.largest).toBe(100);
    expect(tight.granted).toBeLessThan(20_000);
  });

  it("refuses claims it cannot judge (non-finite expiry)", () => {
    const guard = new MemoryReplayGuard();
    expect(guard.claim("a", Number.NaN)).toBe(false);
    expect(guard.claim("a", Infinity)).toBe(false);
  });

  it("rejects bad options", () => {
    expect(() => new MemoryReplayGuard({ maxEntries: 0 })).toThrow(RangeError);
    expect(() => new MemoryReplayGuard({ maxEntries: 1.5 })).toThrow(RangeError);
    expect(() => new MemoryReplayGuard({ clockSkewSeconds: -1 })).toThrow(RangeError);
    expect(() => new MemoryReplayGuard({ maxEntries: 10, maxEntriesPerOwner: 10 })).toThrow(/maxEntriesPerOwner \(10\) must be .* less than maxEntries/);
  });

  it("holds each owner to its share of live ids: past it that owner's claims throw ShareExceededError (HTTP 429) and another owner's are granted", () => {
    const c = clock();
    const guard = new MemoryReplayGuard({ now: c.now, maxEntries: 10, maxEntriesPerOwner: 3, clockSkewSeconds: 0 });
    for (const id of ["a", "b", "c"]) expect(guard.claim(id, c.t + 1000, "principal:mallory")).toBe(true);
    let refused: unknown;
    try {
      guard.claim("d", c.t + 1000, "principal:mallory");
    } catch (error) {
      refused = error;
    }
    expect(refused).toMatchObject({ name: "ShareExceededError", code: -32603, data: { limit: "single-use claims", scope: "share" } });
    expect(guard.claim("a", c.t + 1000, "principal:mallory")).toBe(false); // a replay is still a replay, share or not
    expect(guard.claim("e", c.t + 1000, "principal:alice")).toBe(true);
    expect(guard.heldBy("principal:mallory")).toBe(3);
    c.t += 1000; // mallory's ids can no longer be opened: her share frees
    expect(guard.claim("d", c.t + 1000, "principal:mallory")).toBe(true);
    expect(guard.heldBy("principal:mallory")).toBe(1);
  });
});
