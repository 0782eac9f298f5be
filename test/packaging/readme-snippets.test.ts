/**
 * The TypeScript in each package's README compiles against the installed
 * tarballs, as a user pasting it into a Node project would have it: each
 * block is its own module (so snippets never see each other's names, and
 * one that augments a module, as importing @mrtr/deprecated does, changes
 * nothing for the others), NodeNext with @types/node and the repository's
 * strictness. The declarations themselves are checked by types.test.ts.
 */
import { readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { describe, expect, it } from "vitest";
import { packaging } from "./context.js";
import { compileSnippets, snippetsOf } from "./readme-snippets.js";
import { Checker, nodeNext } from "./typecheck.js";

const { root, packages, consumers, tools, nodeTypeRoots } = packaging();
const options = { ...nodeNext(nodeTypeRoots).options, skipLibCheck: true, noUncheckedIndexedAccess: true, verbatimModuleSyntax: true };
const libraries = consumers.find((c) => c.end === "newest")!;

describe.each(packages)("$name README", (pkg) => {
  const readme = `${relative(root, pkg.repoDir)}/README.md`;

  it("every TypeScript snippet compiles against the installed packages", () => {
    // A command-line package is installed in the tools project only.
    const consumer = pkg.manifest.bin === undefined ? libraries : tools!;
    const checker = new Checker(options, consumer.dir);
    const snippets = snippetsOf(readme, readFileSync(join(pkg.unpacked, "README.md"), "utf8"));
    expect(snippets.length, `${readme} has no checked \`\`\`ts block`).toBeGreaterThan(0);
    const problems = compileSnippets(checker, join(consumer.dir, "checks", "readme", pkg.name.replace(/\W+/g, "-")), snippets);
    expect(problems, `README snippets that do not compile`).toEqual([]);
  });
});
