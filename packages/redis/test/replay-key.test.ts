import { createHash } from "node:crypto";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { checkKeyPrefix, DEFAULT_KEY_PREFIX, replayKey } from "../src/replay-key.js";

describe("replay keys", () => {
  it("are the prefix and the base64url SHA-256 of a labelled id: the same everywhere, never the id itself", () => {
    const id = "3q2-7wAAAAAAAAAAAAAAAA";
    const key = replayKey(DEFAULT_KEY_PREFIX, id);
    const expected = createHash("sha256").update(`mrtr/replay-guard/v1\0${id}`).digest("base64url");
    expect(key).toBe(`mrtr:replay:${expected}`);
    expect(key).toMatch(/^mrtr:replay:[A-Za-z0-9_-]{43}$/);
    expect(key).not.toContain(id);
  });

  it("differ for different ids and never contain a brace (no Redis Cluster hash tag)", () => {
    fc.assert(
      fc.property(fc.string({ minLength: 1 }), fc.string({ minLength: 1 }), (a, b) => {
        const [ka, kb] = [replayKey("p:", a), replayKey("p:", b)];
        expect(ka === kb).toBe(a === b);
        expect(ka).not.toMatch(/[{}]/);
      }),
      { seed: 16, numRuns: 500 },
    );
  });

  it("refuse a prefix that is empty, too long, not printable ASCII, or holds a space or a brace", () => {
    for (const bad of ["", "a".repeat(129), "my app:", "tab\t", "{tag}:", "x}", "é:", 42, undefined]) {
      expect(() => checkKeyPrefix(bad), JSON.stringify(bad)).toThrow(RangeError);
    }
    for (const good of ["a", "a".repeat(128), "orders:replay:", "app/v2|guard~"]) expect(checkKeyPrefix(good)).toBe(good);
  });
});
