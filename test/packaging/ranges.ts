/** The version ranges the suite reads: peer ranges (`^X.Y.Z`) and `engines.node` (`>=X.Y.Z`). */

/** The lowest version a peer range allows; ranges are written `^X.Y.Z` so that it is plain. */
export function lowestOf(peer: string, range: string): string {
  const m = /^\^(\d+\.\d+\.\d+)$/.exec(range);
  if (!m) throw new Error(`peer dependency ${peer}@"${range}": write it as ^X.Y.Z, so the lowest supported version is X.Y.Z (the suite installs it)`);
  return m[1]!;
}

/** `>=X`, `>=X.Y` or `>=X.Y.Z` as X.Y.Z. */
export function floorOf(name: string, engines: string | undefined): string {
  const m = /^>=\s*(\d+)(?:\.(\d+))?(?:\.(\d+))?$/.exec(engines ?? "");
  if (!m) throw new Error(`${name}: engines.node is "${engines}"; write it as >=X.Y.Z`);
  return `${m[1]}.${m[2] ?? 0}.${m[3] ?? 0}`;
}

/** Orders X.Y.Z versions. */
export function compareVersions(a: string, b: string): number {
  const [x, y] = [a, b].map((v) => v.split(".").map(Number));
  for (let i = 0; i < 3; i++) if (x![i] !== y![i]) return x![i]! - y![i]!;
  return 0;
}
