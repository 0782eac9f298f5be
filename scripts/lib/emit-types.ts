/**
 * Emits the core protocol's TypeScript declarations from schema/schema.ts:
 * every exported interface and type alias, with its doc comment, except what
 * the draft deprecates. Deprecated declarations are dropped, deprecated fields
 * are cut from the declarations that hold them, and union members that name a
 * deprecated declaration are removed from the union. Declarations are copied as
 * written, so interfaces stay open to declaration merging.
 */
import ts from "typescript";
import { hasTag, type DeclarationInfo } from "./json-schema.js";

interface Edit {
  start: number;
  end: number;
  text: string;
}

function isDeprecatedRef(node: ts.TypeNode, deprecated: Set<string>): boolean {
  return ts.isTypeReferenceNode(node) && ts.isIdentifier(node.typeName) && deprecated.has(node.typeName.text);
}

/** The edits that strip deprecated parts from one declaration. */
function strippingEdits(decl: ts.Statement, sourceFile: ts.SourceFile, deprecated: Set<string>): Edit[] {
  const edits: Edit[] = [];
  const visit = (node: ts.Node): void => {
    if (ts.isPropertySignature(node) && hasTag(node, "deprecated")) {
      edits.push({ start: node.getFullStart(), end: node.getEnd(), text: "" });
      return;
    }
    if (ts.isUnionTypeNode(node) && node.types.some((t) => isDeprecatedRef(t, deprecated))) {
      const kept = node.types.filter((t) => !isDeprecatedRef(t, deprecated));
      if (kept.length === 0) {
        throw new Error(`every member of a union in ${decl.getText(sourceFile).slice(0, 60)}… is deprecated: deprecate the declaration itself`);
      }
      for (const t of kept) ts.forEachChild(t, visit);
      const leadingBar = node.getText(sourceFile).startsWith("|") ? "| " : "";
      const text = leadingBar + kept.map((t) => t.getText(sourceFile)).join("\n  | ");
      edits.push({ start: node.getStart(sourceFile), end: node.getEnd(), text });
      return;
    }
    ts.forEachChild(node, visit);
  };
  ts.forEachChild(decl, visit);
  return edits;
}

/** Names of deprecated declarations still referenced after stripping. */
function danglingReferences(text: string, deprecated: Set<string>): string[] {
  // A reference needs the name as a word of the text; most declarations hold none, and need no parse.
  const words = new Set(text.match(/[A-Za-z_$][\w$]*/g));
  if (![...deprecated].some((name) => words.has(name))) return [];
  const file = ts.createSourceFile("check.ts", text, ts.ScriptTarget.ES2022, true);
  const found = new Set<string>();
  const visit = (node: ts.Node): void => {
    if (ts.isTypeReferenceNode(node) && ts.isIdentifier(node.typeName) && deprecated.has(node.typeName.text)) {
      found.add(node.typeName.text);
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
  return [...found];
}

/** Leading blank lines and trailing space removed. */
const tidy = (text: string) => text.replace(/^\s*\n/, "").trimEnd();

/** The text of a statement with its leading doc comment, deprecated parts removed. */
function coreText(decl: DeclarationInfo, sourceFile: ts.SourceFile, deprecated: Set<string>): string {
  const node = decl.node;
  const fullStart = node.getFullStart();
  const edits = strippingEdits(node, sourceFile, deprecated).sort((a, b) => b.start - a.start);
  let text = sourceFile.text.slice(fullStart, node.getEnd());
  for (const edit of edits) {
    text = text.slice(0, edit.start - fullStart) + edit.text + text.slice(edit.end - fullStart);
  }
  const dangling = danglingReferences(text, deprecated);
  if (dangling.length > 0) {
    throw new Error(
      `core declaration ${decl.name} still refers to deprecated ${dangling.join(", ")}: ` +
        "tag the field that holds it @deprecated, or make it a union member",
    );
  }
  return tidy(text);
}

/** A node's source text with its doc comment (leading blank lines and trailing space trimmed). */
export function sourceText(node: ts.Node, sourceFile: ts.SourceFile): string {
  return tidy(sourceFile.text.slice(node.getFullStart(), node.getEnd()));
}

/** Exported `const` statements of the source (protocol constants), copied as written. */
export function constantStatements(sourceFile: ts.SourceFile): string[] {
  return sourceFile.statements
    .filter(
      (s): s is ts.VariableStatement =>
        ts.isVariableStatement(s) && !!s.modifiers?.some((m) => m.kind === ts.SyntaxKind.ExportKeyword),
    )
    .map((s) => sourceText(s, sourceFile));
}

/** The core declarations (deprecated parts removed) as one module's text. */
export function emitCoreTypes(declarations: DeclarationInfo[], sourceFile: ts.SourceFile, header: string): string {
  const deprecated = new Set(declarations.filter((d) => d.deprecated).map((d) => d.name));
  const body = declarations.filter((d) => !d.deprecated).map((d) => coreText(d, sourceFile, deprecated)).join("\n\n");
  return `${header}\n${body}\n`;
}
