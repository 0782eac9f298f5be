/**
 * What `npm publish --dry-run` says of one package folder, checked: npm
 * corrected nothing in its manifest (npm 11 drops, with only a warning, a
 * `bin` it deems invalid, and publishes without it), the version is a
 * release (no `0.0.0`, no pre-release tag), and the tarball holds the files
 * a user reads: README.md, LICENSE, CHANGELOG.md.
 */
import { spawnSync } from "node:child_process";

/** The files every published tarball must hold. */
export const REQUIRED_FILES = ["package.json", "README.md", "LICENSE", "CHANGELOG.md"] as const;

/** What a dry run found: the package, its version, and what is wrong with it. */
export interface PublishCheck {
  name: string;
  version: string;
  files: number;
  problems: string[];
}

/** npm's warnings that are not about the package (a dry run needs no login). */
const HARMLESS = [/requires you to be logged in/i, /^npm warn Unknown (env|user) config/i];

/** Runs `npm publish --dry-run --ignore-scripts --json` in `dir` (built already) and checks what it reports. */
export function checkPublish(dir: string, npm = "npm"): PublishCheck {
  const r = spawnSync(npm, ["publish", "--dry-run", "--ignore-scripts", "--json"], { cwd: dir, encoding: "utf8" });
  const warnings = r.stderr.split("\n").filter((line) => /^npm warn/i.test(line) && !HARMLESS.some((h) => h.test(line)));
  let report: { name?: string; version?: string; files?: { path: string }[] } = {};
  try {
    const parsed = JSON.parse(r.stdout) as Record<string, unknown>;
    const error = parsed.error as { summary?: string } | undefined;
    if (error) return { name: dir, version: "", files: 0, problems: [`npm publish --dry-run refused: ${error.summary ?? JSON.stringify(error)}`] };
    // npm 11 keys the report by package name when it is one package.
    report = (typeof parsed.name === "string" ? parsed : Object.values(parsed)[0]) as typeof report;
  } catch {
    return { name: dir, version: "", files: 0, problems: [`npm publish --dry-run printed no report (exit ${r.status}): ${r.stderr.trim().split("\n").slice(-3).join(" / ")}`] };
  }
  const paths = new Set((report.files ?? []).map((f) => f.path));
  const version = report.version ?? "";
  const problems = [
    ...(r.status === 0 ? [] : [`npm publish --dry-run exited ${r.status}`]),
    ...warnings.map((w) => `npm warned: ${w.replace(/^npm warn (publish )?/i, "")}`),
    ...(/^\d+\.\d+\.\d+$/.test(version) && version !== "0.0.0" ? [] : [`version ${version || "(none)"} is not a release (run npm run version first)`]),
    ...REQUIRED_FILES.filter((f) => !paths.has(f)).map((f) => `the tarball lacks ${f}`),
  ];
  return { name: report.name ?? dir, version, files: paths.size, problems };
}
