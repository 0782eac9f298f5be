/**
 * The docs' entry points are the packages' `exports` maps. In README.md,
 * docs/*.md and each package's README.md:
 *
 * - every `@mrtr/…` specifier written (in prose, tables or code) is an entry
 *   point some package exports, or a workspace package's name;
 * - every list of entry points (entry-point-lists.ts says the forms: a
 *   package README's table, a row of a package table, an `**Entry points.**`
 *   paragraph) names every module its package exports, and nothing it does
 *   not (JSON documents such as `/schema.json` may be named or left out);
 * - a package README whose package has more than one module to import has
 *   such a table, and a package table has a row for every documented package.
 */
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { repoRoot } from "../helpers/paths.js";
import { entryPointLists, packageTables } from "./entry-point-lists.js";
import { entryPointProblems, readWorkspace } from "./entry-point-problems.js";

const workspace = readWorkspace();
const documents = [
  "README.md",
  ...readdirSync(join(repoRoot, "docs")).filter((f) => f.endsWith(".md")).map((f) => `docs/${f}`),
  ...[...workspace.readmes.keys()].filter((doc) => existsSync(join(repoRoot, doc))),
];
const read = (doc: string) => readFileSync(join(repoRoot, doc), "utf8");

describe("the docs' entry points are the packages' exports", () => {
  it.each(documents)("%s names only entry points that exist, and lists each package's completely", (doc) => {
    expect(entryPointProblems(doc, read(doc), workspace)).toEqual([]);
  });

  it("finds the docs and the lists they hold (a control)", () => {
    expect(documents).toEqual(expect.arrayContaining(["README.md", "docs/architecture.md", "packages/server/README.md", "packages/redis/README.md"]));
    const lists = documents.flatMap((doc) => entryPointLists(read(doc), workspace.readmes.get(doc)));
    expect(lists.filter((l) => l.form === "entry-point table").length).toBeGreaterThanOrEqual(6);
    expect(lists.filter((l) => l.form === "package table row").length).toBeGreaterThanOrEqual(5);
    expect(lists.some((l) => l.form === "entry-points paragraph")).toBe(true);
    expect(packageTables(read("README.md"))[0]!.packages).toContain("@mrtr/server");
  });
});

describe("the check itself, on a made-up package README", () => {
  const doc = "packages/server/README.md";
  const table = (rows: string[]) => `## Entry points\n\n| import | for |\n|---|---|\n${rows.map((s) => `| \`${s}\` | things |`).join("\n")}\n`;
  const modules = workspace.exported.get("@mrtr/server")!.modules;

  it("passes a table of every entry point", () => {
    expect(entryPointProblems(doc, table(modules), workspace)).toEqual([]);
  });

  it("fails a table that leaves one out, or names one that does not exist", () => {
    expect(entryPointProblems(doc, table(modules.filter((s) => s !== "@mrtr/server/auth")), workspace)).toEqual([
      `${doc}:3: the entry-point table of @mrtr/server lists its entry points but leaves out @mrtr/server/auth`,
    ]);
    expect(entryPointProblems(doc, table([...modules, "@mrtr/server/nowhere"]), workspace)).toEqual([
      expect.stringContaining(`${doc}:${modules.length + 5}: @mrtr/server/nowhere is not an entry point of @mrtr/server`),
      `${doc}:3: the entry-point table of @mrtr/server names @mrtr/server/nowhere, which @mrtr/server does not export`,
    ]);
  });

  it("fails a package table row, or an entry-points paragraph, that lists subpaths but not all, or names no package", () => {
    const row = "| package | job |\n|---|---|\n| `@mrtr/redis` | a guard; `/tasks`: a task store |\n";
    expect(entryPointProblems("docs/x.md", row, workspace)).toContain("docs/x.md:3: the package table row of @mrtr/redis lists its entry points but leaves out @mrtr/redis/dpop");
    expect(entryPointProblems("docs/x.md", "**Entry points.** The root has it all; `/node` the rest.\n", workspace)).toEqual([
      "docs/x.md:1: the entry-points paragraph names no package: name it (`@mrtr/…`) before its subpaths",
    ]);
  });

  it("fails a README without a table of its package's entry points", () => {
    expect(entryPointProblems(doc, "# @mrtr/server\n", workspace)).toEqual([expect.stringContaining("its README has no table of them")]);
  });
});
