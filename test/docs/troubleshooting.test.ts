/**
 * docs/guides/troubleshooting.md has one section per typed error: every
 * error class a published package exports from a public entry point (not
 * `@mrtr/internal`) has a heading that is its name in backticks, each such
 * heading names a class that is exported, and each section names an entry
 * point that exports it. So a new error class without a section fails here,
 * and so does a section left behind by a class removed or renamed.
 *
 * The classes are found by importing each entry point's source (the file its
 * `@mrtr/source` condition names, from the packages' `exports` maps) and
 * keeping the exported constructors whose prototype chain reaches `Error`.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { documentedPackages } from "../../scripts/lib/api-entry-points.js";
import { repoRoot } from "../helpers/paths.js";

const GUIDE = "docs/guides/troubleshooting.md";

/** Whether `value` is a class whose instances are errors. */
const isErrorClass = (value: unknown): boolean => typeof value === "function" && value.prototype instanceof Error;

/** Every exported error class by name, with the entry points that export one of that name. */
async function exportedErrorClasses(): Promise<Map<string, string[]>> {
  const found = new Map<string, string[]>();
  const entries = documentedPackages(repoRoot).flatMap(({ entries }) => entries);
  const modules = await Promise.all(entries.map(async (entry) => ({ entry, module: (await import(entry.source)) as Record<string, unknown> })));
  for (const { entry, module } of modules) {
    for (const [name, value] of Object.entries(module)) {
      if (isErrorClass(value)) found.set(name, [...(found.get(name) ?? []), entry.specifier]);
    }
  }
  return found;
}

/** The guide's sections whose heading is one name in backticks: the name, the heading's line, and the text up to the next heading. */
function classSections(text: string): { name: string; line: number; body: string }[] {
  const lines = text.split("\n");
  const sections: { name: string; line: number; body: string }[] = [];
  let fenced = false;
  lines.forEach((line, i) => {
    if (/^\s*```/.test(line)) fenced = !fenced;
    const heading = fenced ? null : /^#{2,6} `([A-Za-z0-9_$]+)`\s*$/.exec(line);
    if (!heading) return;
    const next = lines.findIndex((l, j) => j > i && /^#{1,6} /.test(l));
    sections.push({ name: heading[1]!, line: i + 1, body: lines.slice(i + 1, next === -1 ? undefined : next).join("\n") });
  });
  return sections;
}

describe(`${GUIDE}: a section for every exported error class`, () => {
  let classes: Map<string, string[]>;
  const sections = classSections(readFileSync(join(repoRoot, GUIDE), "utf8"));

  beforeAll(async () => {
    classes = await exportedErrorClasses();
  }, 60_000);

  it("finds the error classes of the public entry points (the reader works)", () => {
    expect(classes.get("McpClientError")).toContain("@mrtr/client");
    expect(classes.get("InvalidRequestStateError")).toContain("@mrtr/server");
    expect(classes.size).toBeGreaterThan(50);
  });

  it("has a section, headed by its name in backticks, for every error class a published entry point exports", () => {
    const headed = new Set(sections.map((s) => s.name));
    const missing = [...classes.keys()].filter((name) => !headed.has(name)).map((name) => `${name} (exported by ${classes.get(name)!.join(", ")})`);
    expect(missing, `add a section "### \`Name\`" to ${GUIDE} for each`).toEqual([]);
  });

  it("heads each section with a class that is exported, once", () => {
    const unknown = sections.filter((s) => !classes.has(s.name)).map((s) => `${GUIDE}:${s.line}: ${s.name}`);
    expect(unknown, "no public entry point exports these error classes").toEqual([]);
    const names = sections.map((s) => s.name);
    expect(names.filter((name, i) => names.indexOf(name) !== i), "sections given twice").toEqual([]);
  });

  it("names, in each section, an entry point that exports the class", () => {
    const unnamed = sections
      .filter((s) => classes.has(s.name) && !classes.get(s.name)!.some((specifier) => new RegExp("`" + specifier.replace(/[/.]/g, "\\$&") + "`").test(s.body)))
      .map((s) => `${GUIDE}:${s.line}: ${s.name} (exported by ${classes.get(s.name)!.join(", ")})`);
    expect(unnamed).toEqual([]);
  });
});
