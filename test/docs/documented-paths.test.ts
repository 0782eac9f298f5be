/**
 * The documentation names real files: every file path written in code
 * quotes in docs/*.md, docs/guides/*.md and the root README must exist (a repository path as
 * it is; a path inside a package as the end of some tracked file's path; a
 * bare file name as some tracked file's name). Spec pages cited by path
 * (`basic/transports/stdio.mdx`) are checked against the upstream pages when
 * those are present beside the repository, and skipped (the test's name
 * saying why) when not.
 */
import { execFileSync } from "node:child_process";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { repoRoot } from "../helpers/paths.js";

const tracked = execFileSync("git", ["ls-files", "--cached", "--others", "--exclude-standard"], { cwd: repoRoot, encoding: "utf8" }).split("\n").filter((f) => f && existsSync(join(repoRoot, f)));
const files = new Set(tracked);
const folders = new Set(tracked.flatMap((f) => f.split("/").slice(0, -1).map((_, i, parts) => parts.slice(0, i + 1).join("/"))));
const spec = join(repoRoot, "../shared/upstream/spec");
const hasSpec = existsSync(spec);
const SPEC_ROOTS = ["basic/", "server/", "client/", "extensions/", "schema.mdx", "deprecated.mdx", "index.mdx", "changelog.mdx"];
const TOP = ["packages/", "test/", "scripts/", "schema/", "docs/", "examples/", "bench/", ".ci/", ".changeset/"];

/** Code-quoted strings that look like file or folder paths, with the line they are on. */
function pathsIn(text: string): { path: string; line: number }[] {
  const out: { path: string; line: number }[] = [];
  text.split("\n").forEach((lineText, i) => {
    for (const m of lineText.matchAll(/`([^`\s]+)`/g)) {
      const raw = m[1]!.replace(/[.,;:)]+$/, "");
      const cut = raw.split(/[#?]/)[0]!.replace(/:\d+(-\d+)?$/, "");
      const isPath = /^[\w@.-]+(\/[\w@.{}[\]*-]+)*\/?$/.test(cut) && /(\.(ts|js|mjs|json|md|mdx|yml|yaml|sh|jsonl)|\/)$/.test(cut);
      // Not: a package name, an extension alone, a pattern, what a build or an install makes, a path outside the repository.
      const skip = cut.startsWith("@") || /^\.\w+$/.test(cut) || cut.includes("*") || /^(dist|node_modules|\.cache)\//.test(cut) || cut.startsWith("../");
      if (isPath && !skip) {
        out.push({ path: cut, line: i + 1 });
      }
    }
  });
  return out;
}

/** Whether `path` is a page of the specification (looked for in ../shared/upstream/spec) rather than of the repository. */
const isSpecPath = (path: string) => SPEC_ROOTS.some((r) => path.startsWith(r)) && !TOP.some((t) => path.startsWith(t));

/** The paths of one kind that `doc` names and that do not exist, as `doc:line: path`. */
function missingIn(doc: string, kind: "repository" | "spec"): string[] {
  return pathsIn(readFileSync(join(repoRoot, doc), "utf8"))
    .filter(({ path }) => isSpecPath(path) === (kind === "spec"))
    .filter(({ path }) => !exists(path))
    .map(({ path, line }) => `${doc}:${line}: ${path}`);
}

/** Whether `path` names something that exists, in the specification or the repository. */
function exists(path: string): boolean {
  const bare = path.replace(/\/$/, "");
  if (isSpecPath(path)) return existsSync(join(spec, bare)) || files.has(bare) || tracked.some((f) => f.endsWith(`/${bare}`));
  // A repository path, or one inside a package (`test/lint/e2e.test.ts` of the CLI package).
  if (files.has(bare) || folders.has(bare)) return true;
  if (!bare.includes("/")) return tracked.some((f) => f === bare || f.endsWith(`/${bare}`)) || [...folders].some((d) => d.endsWith(`/${bare}`) || d === bare);
  return tracked.some((f) => f.endsWith(`/${bare}`)) || [...folders].some((d) => d.endsWith(`/${bare}`));
}

const pagesIn = (folder: string) => readdirSync(join(repoRoot, folder)).filter((f) => f.endsWith(".md")).map((f) => `${folder}/${f}`);
const documents = ["README.md", ...pagesIn("docs"), ...pagesIn("docs/guides")];

describe("documented file paths", () => {
  it.each(documents)("every path %s names exists in the repository", (doc) => {
    expect(missingIn(doc, "repository")).toEqual([]);
  });

  it.skipIf(!hasSpec).each(documents)(`every specification page path %s names exists upstream${hasSpec ? "" : " [skipped: ../shared/upstream/spec is absent (a clone outside the workplace)]"}`, (doc) => {
    expect(missingIn(doc, "spec")).toEqual([]);
  });

  it("finds the paths it checks (a control: the architecture page names dozens)", () => {
    const found = pathsIn(readFileSync(join(repoRoot, "docs/architecture.md"), "utf8"));
    expect(found.length).toBeGreaterThan(50);
    expect(exists("packages/definitely-not-here.ts")).toBe(false);
    expect(exists("no-such-file.ts")).toBe(false);
  });
});
