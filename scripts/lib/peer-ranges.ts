/**
 * The peer ranges between workspace packages across a release (`npm run
 * version`). changesets turns a dependent's release into a major whenever a
 * release moves one of its peers out of range, and a fixed group carries a
 * major to every member; so while `changeset version` runs, every peer range
 * on a workspace package is widened to `>=` its lower bound, and afterwards
 * set by these rules:
 *
 * - inside a fixed group (the members release together under one version):
 *   exactly the new version;
 * - across groups (a stable package and an experimental one, which release
 *   apart): kept as it was while it still admits the peer's new version;
 *   else `^` the new version, which only a dependent released in the same run
 *   may take (a published package's peers cannot change without a release:
 *   add a changeset for it).
 */

/** A peer range this script manages: one exact version, or `^` one. */
const MANAGED = /^\^?(\d+)\.(\d+)\.(\d+)(-[\w.]+)?$/;

/** `>=` the lower bound of a managed range (what changesets sees while it runs). */
export function widened(range: string, where: string): string {
  if (!MANAGED.test(range)) throw new Error(`${where}: peer range "${range}"; a peer range on a workspace package must be an exact version or ^ one`);
  return `>=${range.replace(/^\^/, "")}`;
}

/** Whether the managed `range` admits `version` (exact: equal; `^`: npm's caret rule). */
export function admits(range: string, version: string): boolean {
  const r = MANAGED.exec(range);
  const v = MANAGED.exec(version);
  if (!r || !v) return false;
  if (!range.startsWith("^")) return range === version;
  if (r[4] !== undefined || v[4] !== undefined) return range.slice(1) === version;
  const [rMajor, rMinor, rPatch] = [r[1], r[2], r[3]].map(Number) as [number, number, number];
  const [vMajor, vMinor, vPatch] = [v[1], v[2], v[3]].map(Number) as [number, number, number];
  const atLeast = vMajor !== rMajor ? vMajor > rMajor : vMinor !== rMinor ? vMinor > rMinor : vPatch >= rPatch;
  // ^1.2.3: same major; ^0.2.3: same minor; ^0.0.3: that patch only.
  if (rMajor > 0) return atLeast && vMajor === rMajor;
  if (rMinor > 0) return atLeast && vMajor === 0 && vMinor === rMinor;
  return vMajor === 0 && vMinor === 0 && vPatch === rPatch;
}

/** What a peer range becomes after the release, or why it cannot. */
export type PeerOutcome = { ok: true; range: string } | { ok: false; problem: string };

/**
 * The range after the release of a dependent's peer: `original` (as it was
 * before widening), the peer's `version` now, whether the two share a fixed
 * group, and whether the dependent itself was released in this run.
 */
export function releasedRange(original: string, version: string, sameGroup: boolean, dependentReleased: boolean, where: string): PeerOutcome {
  if (sameGroup) return { ok: true, range: version };
  if (admits(original, version)) return { ok: true, range: original };
  if (dependentReleased) return { ok: true, range: `^${version}` };
  return { ok: false, problem: `${where}: its peer range "${original}" no longer admits ${version}, and it is not released in this run: undo this run (git checkout -- .), add a changeset for it, and run again` };
}
