/**
 * The TypeScript in docs/*.md and docs/guides/*.md compiles against the installed tarballs, as
 * the READMEs' does (readme-snippets.test.ts): each ```ts block its own
 * module (```ts nocheck for a fragment that cannot stand alone), NodeNext
 * with @types/node and the repository's strictness.
 */
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { packaging } from "./context.js";
import { compileSnippets, snippetsOf } from "./readme-snippets.js";
import { Checker, nodeNext } from "./typecheck.js";
import { cases } from "../helpers/cases.js";

const { root, consumers, nodeTypeRoots } = packaging();
const options = { ...nodeNext(nodeTypeRoots).options, skipLibCheck: true, noUncheckedIndexedAccess: true, verbatimModuleSyntax: true };
const libraries = consumers.find((c) => c.end === "newest")!;
const pagesOf = (dir: string) => readdirSync(join(root, dir)).filter((f) => f.endsWith(".md")).map((f) => `${dir}/${f}`);
const docs = [...pagesOf("docs"), ...pagesOf("docs/guides")];

describe.each(cases(docs, "the docs/*.md and docs/guides/*.md pages"))("%s", (doc) => {
  it("every TypeScript snippet compiles against the installed packages", () => {
    const snippets = snippetsOf(doc, readFileSync(join(root, doc), "utf8"));
    const problems = compileSnippets(new Checker(options, libraries.dir), join(libraries.dir, "checks", doc.replace(/\W+/g, "-")), snippets);
    expect(problems, "docs snippets that do not compile").toEqual([]);
  });
});
