/**
 * schema/extensions/tasks.ts, the hand-written source of the Tasks
 * extension: documented throughout, citing the extension's text for its
 * rules, and taking from schema/schema.ts exactly the core declarations it
 * reaches, unchanged.
 */
import { existsSync, readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import ts from "typescript";
import { describe, expect, it } from "vitest";
import { refsOf } from "../../../scripts/lib/schema-walk.js";
import { repoRoot } from "../../../test/helpers/paths.js";

const file = join(repoRoot, "schema/extensions/tasks.ts");
const source = ts.createSourceFile(file, readFileSync(file, "utf8"), ts.ScriptTarget.ES2022, true);
const tasksDefs = JSON.parse(readFileSync(join(repoRoot, "packages/tasks/schema.json"), "utf8")).$defs as Record<string, unknown>;
const coreDefs = JSON.parse(readFileSync(join(repoRoot, "packages/schema/schema.json"), "utf8")).$defs as Record<string, unknown>;
const tasksText = resolve(repoRoot, "../shared/upstream/extensions/tasks/tasks.md");

const jsDocsOf = (node: ts.Node): ts.JSDoc[] => (node as { jsDoc?: ts.JSDoc[] }).jsDoc ?? [];
const tagsOf = (node: ts.Node) => ts.getJSDocTags(node).map((t) => t.tagName.text);
const docText = (node: ts.Node) => jsDocsOf(node).map((d) => d.getText(source)).join("\n");
const label = (node: ts.Node) => `${node.getText(source).split("\n")[0]!.slice(0, 80)} (line ${source.getLineAndCharacterOfPosition(node.getStart()).line + 1})`;

const declared = source.statements.filter(
  (s) => !ts.isExportDeclaration(s) && (ts.canHaveModifiers(s) ? ts.getModifiers(s) : undefined)?.some((m) => m.kind === ts.SyntaxKind.ExportKeyword),
);
const members: ts.PropertySignature[] = [];
const collect = (node: ts.Node): void => {
  if (ts.isPropertySignature(node) || ts.isIndexSignatureDeclaration(node)) members.push(node as ts.PropertySignature);
  ts.forEachChild(node, collect);
};
declared.forEach(collect);
const reexported = source.statements.filter(ts.isExportDeclaration).flatMap((s) => (s.exportClause && ts.isNamedExports(s.exportClause) ? s.exportClause.elements.map((e) => e.name.text) : []));
const own = Object.keys(tasksDefs).filter((n) => !reexported.includes(n));

describe("schema/extensions/tasks.ts documentation", () => {
  it("gives every declaration it exports a /** */ comment with @category", () => {
    expect(declared.length).toBeGreaterThan(20);
    expect(declared.filter((s) => jsDocsOf(s).length === 0 || !tagsOf(s).includes("category")).map(label)).toEqual([]);
  });

  it("gives every field a /** */ comment", () => {
    expect(members.filter((m) => jsDocsOf(m).length === 0).map(label)).toEqual([]);
  });

  it("cites tasks.md by line wherever a comment states a MUST, SHOULD or MAY", () => {
    const normative = [...declared, ...members].filter((n) => /\b(MUST|SHOULD|MAY)\b/.test(docText(n)));
    expect(normative.length).toBeGreaterThan(10);
    expect(normative.filter((n) => !/tasks\.md:\d+/.test(docText(n))).map(label)).toEqual([]);
  });

  const hasTasksText = existsSync(tasksText);
  it.skipIf(!hasTasksText)(`cites only lines that tasks.md has${hasTasksText ? "" : " [skipped: ../shared/upstream/extensions/tasks/tasks.md is absent (a clone outside the workplace)]"}`, () => {
    const lines = readFileSync(tasksText, "utf8").split("\n").length;
    const cited = [...source.text.matchAll(/tasks\.md:(\d+)(?:-(\d+))?/g)].flatMap((m) => [Number(m[1]), Number(m[2] ?? m[1])]);
    expect(cited.length).toBeGreaterThan(20);
    expect(cited.filter((n) => n < 1 || n > lines)).toEqual([]);
  });

  it("names the extension as tasks.md does", () => {
    expect(source.text).toContain('export const TASKS_EXTENSION_ID = "io.modelcontextprotocol/tasks";');
  });
});

describe("declarations the Tasks source takes from schema/schema.ts", () => {
  it("each have exactly the core schema's definition, description and deprecation included", () => {
    expect(reexported.length).toBeGreaterThan(50);
    for (const name of reexported) expect(tasksDefs[name], name).toEqual(coreDefs[name]);
  });

  it("are exactly the core declarations the extension's own reach, directly or through each other", () => {
    const reached = new Set<string>();
    const visit = (n: string) => {
      for (const r of refsOf(tasksDefs[n])) {
        if (own.includes(r) || reached.has(r)) continue;
        reached.add(r);
        visit(r);
      }
    };
    own.forEach(visit);
    expect([...reached].sort()).toEqual([...reexported].sort());
  });

  it("leave the extension's own names to it: none is a core declaration", () => {
    expect(own.filter((n) => n in coreDefs)).toEqual([]);
  });
});
