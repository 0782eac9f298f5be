/**
 * The gateway's process budget (a slot per running stdio process) and the
 * restart back-off (doubling, capped).
 */
import { describe, expect, it } from "vitest";
import { processBudget } from "../../src/upstream/process-budget.js";
import { restartDelay } from "../../src/upstream/restart-backoff.js";

describe("processBudget", () => {
  it("hands out at most max slots; a release (even twice) gives back one", () => {
    const budget = processBudget(2);
    const a = budget.take()!;
    const b = budget.take()!;
    expect(budget.take()).toBeUndefined();
    expect(budget.inUse).toBe(2);
    a.release();
    a.release();
    expect(budget.inUse).toBe(1);
    expect(budget.take()).toBeDefined();
    expect(budget.take()).toBeUndefined();
    b.release();
    expect(budget.inUse).toBe(1);
  });

  it("refuses a limit that is not a non-negative integer", () => {
    expect(() => processBudget(-1)).toThrow(RangeError);
    expect(() => processBudget(1.5)).toThrow(/maxProcesses/);
    expect(processBudget(0).take()).toBeUndefined();
  });
});

describe("restartDelay", () => {
  it("doubles from initialMs with each crash in a row, up to maxMs", () => {
    expect([1, 2, 3, 4, 5, 6, 7, 8].map((n) => restartDelay(n, 500, 30_000))).toEqual([500, 1_000, 2_000, 4_000, 8_000, 16_000, 30_000, 30_000]);
    expect(restartDelay(5_000, 500, 30_000)).toBe(30_000);
  });
});
