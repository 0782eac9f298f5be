/**
 * The table of README.md's "Set up and test" that lists the suites of
 * `npm test` that skip when something outside npm is missing holds to the
 * code: every test file `npm test` or `npm run test:deep` runs
 * (vitest.config.ts and vitest.deep.config.ts: their include, less their
 * exclude, so not `npm run test:packaging`'s) or a helper beside them
 * that can skip (vitest's `skipIf`, `runIf` or `skip`, or a test that returns
 * early printing that it skipped or did not check) has a row, matched by its
 * path (a path ending in `/` covers the folder); every row names files that
 * exist and still skip; the Debian packages it names are those `.ci/run`
 * installs; and what it quotes of the printed messages is in the code.
 */
import { execFileSync } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import vitestConfig from "../../vitest.config.js";
import deepConfig from "../../vitest.deep.config.js";
import { repoRoot } from "../helpers/paths.js";
import { cells } from "../helpers/markdown-table.js";

/** What makes a suite skip, or pass without checking. */
const SKIP_MARKERS: readonly RegExp[] = [
  /\.skipIf\(/,
  /\.runIf\(/,
  /\.skip\(/,
  // A test that returns early and says so: console.warn("…: Go round trip skipped").
  /console\.(?:warn|log)\((?:[^;]|;(?!\s*$))*?\b(?:skipped|not checked)\b/m,
];

/** This file names the markers without being a skipping suite. */
const SELF = relative(repoRoot, fileURLToPath(import.meta.url)).split("\\").join("/");

// Files deleted in the work tree but not yet in a commit are left out.
const tracked = execFileSync("git", ["ls-files", "--cached", "--others", "--exclude-standard"], { cwd: repoRoot, encoding: "utf8" })
  .split("\n")
  .filter((f) => f && existsSync(join(repoRoot, f)));
/** A glob of vitest's config as a regular expression (`**`, `*`, `?` and `{a,b}` are all they use). */
function globRegExp(glob: string): RegExp {
  let source = "";
  for (let i = 0; i < glob.length; i++) {
    const c = glob[i]!;
    if (glob.startsWith("**/", i)) {
      source += "(?:.*/)?";
      i += 2;
    } else if (glob.startsWith("**", i)) {
      source += ".*";
      i += 1;
    } else if (c === "*") source += "[^/]*";
    else if (c === "?") source += "[^/]";
    else if (c === "{") source += "(?:";
    else if (c === "}") source += ")";
    else if (c === ",") source += "|";
    else source += c.replace(/[.+^$()|[\]\\]/g, "\\$&");
  }
  return new RegExp(`^${source}$`);
}
/** Whether a config runs `f` (a test file), or `f` is a helper in a test folder it does not exclude. */
function runs(config: { test?: { include?: string[]; exclude?: string[] } }, f: string): boolean {
  const excluded = (config.test?.exclude ?? []).map(globRegExp);
  const included = (config.test?.include ?? []).map(globRegExp);
  return !excluded.some((g) => g.test(f)) && (!f.endsWith(".test.ts") || included.some((g) => g.test(f)));
}
/** The suites npm test and npm run test:deep run, and the helpers in their test folders. */
const testFiles = tracked.filter((f) => /(^|\/)test\/.*\.ts$/.test(f) && (runs(vitestConfig, f) || runs(deepConfig, f)) && f !== SELF);
const read = (file: string) => readFileSync(join(repoRoot, file), "utf8");
const skipping = testFiles.filter((f) => SKIP_MARKERS.some((m) => m.test(read(f))));

/** The code spans of a cell. */
const spans = (cell: string) => [...cell.matchAll(/`([^`]+)`/g)].map((m) => m[1]!);

interface Row {
  line: string;
  /** Test files and folders (ending in `/`) the row is about. */
  paths: string[];
  debian: string;
  without: string;
}

/** The rows of the table whose header starts `| suite |`, in the "Set up and test" section of README.md. */
function tableRows(): Row[] {
  const readme = read("README.md");
  const start = readme.indexOf("\n## Set up and test\n");
  expect(start, 'README.md has a "Set up and test" section').toBeGreaterThan(-1);
  const end = readme.indexOf("\n## ", start + 1);
  const lines = readme.slice(start, end === -1 ? undefined : end).split("\n");
  const header = lines.findIndex((l) => /^\|\s*suite\s*\|/.test(l));
  expect(header, 'a table whose header starts "| suite |" in "Set up and test"').toBeGreaterThan(-1);
  const rows: Row[] = [];
  for (const line of lines.slice(header + 2)) {
    if (!line.startsWith("|")) break;
    const [suite = "", , debian = "", without = ""] = cells(line);
    rows.push({ line, paths: spans(suite).filter((s) => s.endsWith(".ts") || s.endsWith("/")), debian, without });
  }
  return rows;
}

const rows = tableRows();
const covers = (path: string, file: string) => (path.endsWith("/") ? file.startsWith(path) : file === path);
/** The files a row's paths name. */
const filesOf = (row: Row) => tracked.filter((f) => row.paths.some((p) => covers(p, f)));

describe("README.md's table of suites that skip", () => {
  it("finds the skipping suites it is about (the markers and the globs still match the code)", () => {
    expect(testFiles).toContain("test/e2e/many-instances.test.ts");
    expect(testFiles.some((f) => f.startsWith("test/packaging/")), "npm run test:packaging's suites are not npm test's").toBe(false);
    expect(skipping).toContain("examples/web-host/test/browser.test.ts");
    expect(skipping).toContain("packages/cli/test/models/models.test.ts");
    expect(skipping.filter((f) => f.startsWith("packages/redis/test/")).length).toBeGreaterThan(0);
    expect(rows.length).toBeGreaterThan(0);
  });

  it("has a row for every test file that can skip, matched by its path", () => {
    const uncovered = skipping.filter((f) => !rows.some((r) => r.paths.some((p) => covers(p, f))));
    expect(uncovered, 'test files that skip without a row in README.md\'s "Set up and test" table').toEqual([]);
  });

  it("names only test files that exist and still skip", () => {
    const stale = rows.flatMap((r) => r.paths.filter((p) => !skipping.some((f) => covers(p, f))).map((p) => `${p} (${r.line.slice(0, 60)}…)`));
    expect(stale, "rows naming a file that does not exist or no longer skips").toEqual([]);
  });

  it("names as Debian packages exactly those .ci/run installs when missing", () => {
    const named = new Set(rows.flatMap((r) => spans(r.debian)).filter((s) => /^[a-z0-9][a-z0-9.+-]*$/.test(s)));
    const installed = new Set([...read(".ci/run").matchAll(/missing\+=\(([^)]+)\)/g)].map((m) => m[1]!.trim()));
    expect(installed.size).toBeGreaterThan(0);
    expect([...named].sort()).toEqual([...installed].sort());
    for (const r of rows) expect(r.debian, r.line).not.toBe("");
  });

  it("quotes of each suite's messages only what its code (or the test helpers) prints", () => {
    const helpers = testFiles.filter((f) => f.startsWith("test/helpers/")).map(read).join("\n");
    const misquoted: string[] = [];
    for (const row of rows) {
      const code = [...filesOf(row).map(read), helpers].join("\n");
      for (const quote of spans(row.without)) {
        // "…" stands for a part that differs between the row's files.
        const pieces = quote.split("…").map((p) => p.trim()).filter(Boolean);
        if (pieces.some((p) => !code.includes(p))) misquoted.push(`${quote} (${row.paths.join(", ")})`);
      }
    }
    expect(misquoted, 'quotes in the "without it" column that the code does not print').toEqual([]);
  });
});
