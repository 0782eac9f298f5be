import { readFileSync } from "node:fs";
import { join } from "node:path";
import ts from "typescript";
import { describe, expect, it } from "vitest";
import { checks as coreChecks } from "@mrtr/zod/checks";
import { checks } from "../src/schema/check-tables.gen.js";
import { normalize, type Json } from "../../../scripts/lib/compare.js";
import { refsOf } from "../../../scripts/lib/schema-walk.js";
import { repoRoot } from "../../../test/helpers/paths.js";

const file = join(repoRoot, "schema/legacy/2025-11-25.ts");
const source = ts.createSourceFile(file, readFileSync(file, "utf8"), ts.ScriptTarget.ES2022, true);
const legacyDefs = JSON.parse(readFileSync(join(repoRoot, "packages/legacy/schema.json"), "utf8")).$defs as Record<string, unknown>;
const coreDefs = JSON.parse(readFileSync(join(repoRoot, "packages/schema/schema.json"), "utf8")).$defs as Record<string, unknown>;

const jsDocsOf = (node: ts.Node): ts.JSDoc[] => (node as { jsDoc?: ts.JSDoc[] }).jsDoc ?? [];
const tagsOf = (node: ts.Node) => ts.getJSDocTags(node).map((t) => t.tagName.text);
const label = (node: ts.Node) => `${node.getText(source).split("\n")[0]!.slice(0, 80)} (line ${source.getLineAndCharacterOfPosition(node.getStart()).line + 1})`;

const declared = source.statements.filter(
  (s) => !ts.isExportDeclaration(s) && (ts.canHaveModifiers(s) ? ts.getModifiers(s) : undefined)?.some((m) => m.kind === ts.SyntaxKind.ExportKeyword),
);
const members: ts.PropertySignature[] = [];
const collect = (node: ts.Node): void => {
  if (ts.isPropertySignature(node)) members.push(node);
  ts.forEachChild(node, collect);
};
declared.forEach(collect);
const reexported = source.statements.filter(ts.isExportDeclaration).flatMap((s) => (s.exportClause && ts.isNamedExports(s.exportClause) ? s.exportClause.elements.map((e) => e.name.text) : []));

describe("schema/legacy/2025-11-25.ts documentation", () => {
  it("gives every declaration it exports a /** */ comment with @category", () => {
    expect(declared.length).toBeGreaterThan(90);
    expect(declared.filter((s) => jsDocsOf(s).length === 0 || !tagsOf(s).includes("category")).map(label)).toEqual([]);
  });

  it("gives every field a /** */ comment", () => {
    expect(members.filter((m) => jsDocsOf(m).length === 0).map(label)).toEqual([]);
  });

  it("deprecates nothing: sampling, roots and logging are ordinary features of this revision", () => {
    expect([...declared, ...members].filter((n) => tagsOf(n).includes("deprecated")).map(label)).toEqual([]);
  });
});

describe("declarations the legacy source takes from schema/schema.ts", () => {
  it("are many, and each has exactly the core schema's definition, description included", () => {
    expect(reexported.length).toBeGreaterThan(25);
    for (const name of reexported) expect(legacyDefs[name], name).toEqual(coreDefs[name]);
  });

  it("have checks of their own, generated from the same definitions by the same emitter: the same code as @mrtr/zod's, but for helper names", () => {
    // Self-contained, so a bundle that loads the legacy era lazily reaches none of the core's check files (see scripts/lib/outputs.ts).
    const generated = (dir: string) => ["checks-messages", "checks-types"].map((m) => readFileSync(join(repoRoot, dir, `${m}.gen.ts`), "utf8")).join("\n");
    const legacyText = generated("packages/legacy/src/schema");
    const coreText = generated("packages/zod/src");
    const body = (text: string, name: string) => /^export function c\w+\(v: any[^]*?^}$/m.exec(text.slice(text.indexOf(`export function c${name}(`)))?.[0].replace(/\b([cSK])\d+\b/g, "$1#");
    for (const name of reexported) {
      expect(checks[name as keyof typeof checks], name).not.toBe(coreChecks[name as keyof typeof coreChecks]);
      expect(body(legacyText, name), name).toBeDefined();
      expect(body(legacyText, name), name).toBe(body(coreText, name));
    }
  });

  it("are every declaration whose structure, and that of everything it refers to, is the draft's, but those the draft deprecates", () => {
    const options = { dropDescriptionProperties: false };
    const same = (n: string) => n in coreDefs && JSON.stringify(normalize(legacyDefs[n] as Json, options)) === JSON.stringify(normalize(coreDefs[n] as Json, options));
    const closure = (n: string, seen = new Set<string>()): Set<string> => {
      if (!seen.has(n)) {
        seen.add(n);
        for (const r of refsOf(legacyDefs[n])) closure(r, seen);
      }
      return seen;
    };
    const deprecatedInDraft = (n: string) => JSON.stringify(coreDefs[n]).includes('"deprecated":true');
    const reusable = Object.keys(legacyDefs).filter((n) => [...closure(n)].every(same) && !deprecatedInDraft(n));
    expect(reusable.sort()).toEqual([...reexported].sort());
  });
});
