import { readFileSync } from "node:fs";
import { join } from "node:path";
import ts from "typescript";
import { describe, expect, it } from "vitest";
import { repoRoot } from "../../../test/helpers/paths.js";

const file = join(repoRoot, "schema/schema.ts");
const source = ts.createSourceFile(file, readFileSync(file, "utf8"), ts.ScriptTarget.ES2022, true);

const jsDocsOf = (node: ts.Node): ts.JSDoc[] => (node as { jsDoc?: ts.JSDoc[] }).jsDoc ?? [];
const tagsOf = (node: ts.Node) => ts.getJSDocTags(node).map((t) => t.tagName.text);
const label = (node: ts.Node) => `${node.getText(source).split("\n")[0]!.slice(0, 80)} (line ${source.getLineAndCharacterOfPosition(node.getStart()).line + 1})`;

const exported = source.statements.filter((s) =>
  (ts.canHaveModifiers(s) ? ts.getModifiers(s) : undefined)?.some((m) => m.kind === ts.SyntaxKind.ExportKeyword),
);
const fields: ts.PropertySignature[] = [];
const collect = (node: ts.Node): void => {
  if (ts.isPropertySignature(node)) fields.push(node);
  ts.forEachChild(node, collect);
};
exported.forEach(collect);

describe("schema/schema.ts documentation", () => {
  it("gives every exported declaration a /** */ comment with @category", () => {
    const missing = exported.filter((s) => jsDocsOf(s).length === 0 || !tagsOf(s).includes("category")).map(label);
    expect(missing).toEqual([]);
  });

  it("gives every field a /** */ comment", () => {
    expect(fields.filter((f) => jsDocsOf(f).length === 0).map(label)).toEqual([]);
  });

  it("says since when, what instead and the earliest removal on every @deprecated", () => {
    const tagged = [...exported, ...fields].flatMap((n) =>
      ts.getJSDocTags(n).filter((t) => t.tagName.text === "deprecated").map((t) => ({ n, text: ts.getTextOfJSDocComment(t.comment) ?? "" })),
    );
    expect(tagged.length).toBeGreaterThan(15);
    for (const { n, text } of tagged) {
      expect(text, label(n)).toMatch(/2026-07-28/);
      expect(text, label(n)).toMatch(/SEP-2577/);
      expect(text, label(n)).toMatch(/2027-07-28/);
      expect(text, label(n)).toMatch(/[Ii]nstead/);
    }
  });

  it("deprecates sampling, roots and logging declarations", () => {
    const deprecated = new Set(
      exported.filter((s) => tagsOf(s).includes("deprecated")).map((s) => (s as ts.InterfaceDeclaration).name?.text),
    );
    for (const name of ["CreateMessageRequest", "CreateMessageRequestParams", "CreateMessageResult", "SamplingMessage", "ModelPreferences", "ListRootsRequest", "ListRootsResult", "Root", "LoggingLevel", "LoggingMessageNotification"]) {
      expect(deprecated.has(name), name).toBe(true);
    }
  });
});
