/**
 * A ```ts file=PATH block of a README or doc page is that repository file,
 * character for character (less the file's final newline). The file is
 * typechecked (the root tsconfig.json holds the examples) and run by its
 * tests, so the code a reader copies is checked code; the packaging suite's compilation of README blocks
 * skips these (test/packaging/readme-snippets.ts), since what they import (a
 * web framework) is not installed in its consumer projects.
 */
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { blockFile, typescriptBlocks } from "../packaging/readme-snippets.js";
import { repoRoot } from "../helpers/paths.js";

const inFolders = (parent: string) =>
  readdirSync(join(repoRoot, parent))
    .map((name) => `${parent}/${name}/README.md`)
    .filter((doc) => existsSync(join(repoRoot, doc)));
const documents = [
  "README.md",
  ...readdirSync(join(repoRoot, "docs")).filter((f) => f.endsWith(".md")).map((f) => `docs/${f}`),
  ...readdirSync(join(repoRoot, "docs/guides")).filter((f) => f.endsWith(".md")).map((f) => `docs/guides/${f}`),
  ...inFolders("packages"),
  ...inFolders("examples"),
];

/** The blocks of `doc` that are a repository file, with the file they name. */
function fileBlocks(doc: string) {
  return typescriptBlocks(doc, readFileSync(join(repoRoot, doc), "utf8")).flatMap((block) => {
    const file = blockFile(block);
    return file === undefined ? [] : [{ ...block, file }];
  });
}

describe("README blocks that are repository files", () => {
  it.each(documents)("every ```ts file=PATH block of %s is that file's content", (doc) => {
    const drifted: string[] = [];
    for (const block of fileBlocks(doc)) {
      const path = join(repoRoot, block.file);
      if (!existsSync(path)) drifted.push(`${doc}:${block.line}: ${block.file} does not exist`);
      else if (readFileSync(path, "utf8").replace(/\n$/, "") !== block.code) drifted.push(`${doc}:${block.line}: differs from ${block.file}; paste the file's content`);
    }
    expect(drifted).toEqual([]);
  });

  it("the server README shows every framework recipe of examples/frameworks/src", () => {
    const recipes = readdirSync(join(repoRoot, "examples/frameworks/src")).map((f) => `examples/frameworks/src/${f}`).sort();
    expect(recipes.length).toBeGreaterThan(0);
    expect(fileBlocks("packages/server/README.md").map((b) => b.file).filter((f) => f.startsWith("examples/frameworks/")).sort()).toEqual(recipes);
  });
});
