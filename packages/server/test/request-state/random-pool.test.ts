import { describe, expect, it } from "vitest";
import { randomBytes } from "../../src/request-state/random-pool.js";

describe("the random pool for state ids and IVs", () => {
  it("hands out each draw once: 10 000 draws of 28 bytes (across many refills) are all different and of the size asked", () => {
    const seen = new Set<string>();
    for (let i = 0; i < 10_000; i++) {
      const bytes = randomBytes(28);
      expect(bytes.length).toBe(28);
      seen.add(Buffer.from(bytes).toString("hex"));
    }
    expect(seen.size).toBe(10_000);
  });

  it("returns a copy: changing a draw does not change the next", () => {
    const a = randomBytes(16);
    a.fill(7);
    const b = randomBytes(16);
    expect(Buffer.from(b).equals(Buffer.alloc(16, 7))).toBe(false);
  });

  it("looks uniform: over 1 MiB of draws every byte value occurs near its share", () => {
    const counts = new Array<number>(256).fill(0);
    for (let i = 0; i < 1024 * 1024 / 32; i++) for (const b of randomBytes(32)) counts[b]!++;
    const expected = (1024 * 1024) / 256;
    for (const c of counts) expect(Math.abs(c - expected) / expected).toBeLessThan(0.1);
  });
});
