/**
 * The root README's "Versions and upgrading" table says each published
 * package's version as its package.json does, and each package's
 * CHANGELOG.md opens with that version: what a reader is told is what
 * `npm run version` made.
 */
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { publicPackages } from "../../scripts/lib/workspace.js";
import { cases } from "../helpers/cases.js";
import { tableRows } from "../helpers/markdown-table.js";
import { repoRoot } from "../helpers/paths.js";

/** The README table whose header is `| package | version | status |`: name to version. */
function readmeVersions(): Map<string, string> {
  const rows = tableRows(readFileSync(join(repoRoot, "README.md"), "utf8"), /^\|\s*package\s*\|\s*version\s*\|/);
  return new Map(rows.map(([name = "", version = ""]) => [name.replace(/`/g, ""), version]));
}

const packages = publicPackages(repoRoot).map((p) => ({ name: p.manifest.name, version: p.manifest.version, dir: p.dir }));
const table = readmeVersions();

describe("versions as the README and the changelogs say them", () => {
  it.each(cases(packages.filter((p) => p.name !== "@mrtr/internal"), "the published packages"))("the README gives $name's version", ({ name, version }) => {
    expect(table.get(name), `README.md, "Versions and upgrading": a row for ${name}`).toBe(version);
  });

  it("names no package that is not published", () => {
    expect([...table.keys()].filter((name) => !packages.some((p) => p.name === name))).toEqual([]);
  });

  it.each(cases(packages, "the published packages"))("$name's CHANGELOG.md opens with its version", ({ name, version, dir }) => {
    const file = join(dir, "CHANGELOG.md");
    expect(existsSync(file), `${name}: no CHANGELOG.md (npm run version writes it)`).toBe(true);
    expect(/^## (\S+)$/m.exec(readFileSync(file, "utf8"))?.[1]).toBe(version);
  });
});
