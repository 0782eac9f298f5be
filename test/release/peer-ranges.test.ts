/**
 * The release rules for peer ranges between workspace packages
 * (scripts/lib/peer-ranges.ts, applied by `npm run version`): exact inside a
 * fixed group, `^` across groups, and never a silent change to a package that
 * is not released.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { admits, releasedRange, widened } from "../../scripts/lib/peer-ranges.js";

describe("peer ranges across a release", () => {
  it("widens an exact or caret range to >= its lower bound while changesets runs, and refuses any other", () => {
    expect(widened("1.2.3", "x")).toBe(">=1.2.3");
    expect(widened("^0.1.0", "x")).toBe(">=0.1.0");
    expect(() => widened(">=1.0.0", "pkg: peer")).toThrow(/pkg: peer: peer range ">=1.0.0"/);
    expect(() => widened("*", "x")).toThrow(/exact version or \^ one/);
  });

  it("admits by npm's caret rule: same major from 1.0.0, same minor below it, the patch alone below 0.1.0", () => {
    expect([admits("^1.2.0", "1.9.0"), admits("^1.2.0", "1.1.9"), admits("^1.2.0", "2.0.0")]).toEqual([true, false, false]);
    expect([admits("^0.2.1", "0.2.5"), admits("^0.2.1", "0.3.0"), admits("^0.2.1", "0.2.0")]).toEqual([true, false, false]);
    expect([admits("^0.0.3", "0.0.3"), admits("^0.0.3", "0.0.4")]).toEqual([true, false]);
    expect([admits("1.0.0", "1.0.0"), admits("1.0.0", "1.0.1"), admits("^1.0.0-rc.1", "1.0.0")]).toEqual([true, false, false]);
  });

  it("agrees with a plain reading of the caret rule on any versions", () => {
    const version = fc.tuple(fc.nat(3), fc.nat(3), fc.nat(3));
    fc.assert(
      fc.property(version, version, ([a, b, c], [x, y, z]) => {
        const geq = x !== a ? x > a : y !== b ? y > b : z >= c;
        const expected = a > 0 ? geq && x === a : b > 0 ? geq && x === 0 && y === b : x === 0 && y === 0 && z === c;
        expect(admits(`^${a}.${b}.${c}`, `${x}.${y}.${z}`)).toBe(expected);
      }),
      { seed: 42, numRuns: 500 },
    );
  });

  it("pins a peer of the same fixed group to its new version exactly", () => {
    expect(releasedRange("1.0.0", "1.1.0", true, true, "x")).toEqual({ ok: true, range: "1.1.0" });
  });

  it("keeps a cross-group range that still admits the new version, and moves it to ^ the new version only with a release of the dependent", () => {
    expect(releasedRange("^1.0.0", "1.4.0", false, false, "x")).toEqual({ ok: true, range: "^1.0.0" });
    expect(releasedRange("0.0.0", "1.0.0", false, true, "x")).toEqual({ ok: true, range: "^1.0.0" });
    const refused = releasedRange("^0.1.0", "0.2.0", false, false, "@mrtr/redis (peer @mrtr/tasks)");
    expect(refused.ok).toBe(false);
    expect(!refused.ok && refused.problem).toMatch(/^@mrtr\/redis \(peer @mrtr\/tasks\): .*"\^0\.1\.0" no longer admits 0\.2\.0.*add a changeset for it/);
  });
});
