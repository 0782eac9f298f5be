/**
 * Builds the JSON Schema (2020-12) of the protocol from schema/schema.ts with
 * typescript-json-schema's programmatic API, then applies the project's
 * documented post-passes: `definitions` become `$defs`, declarations and
 * fields tagged `@deprecated` get `"deprecated": true`, `@numberType
 * number` widens integers to numbers inside the tagged declaration or field,
 * and `@nullable` lets a field be null too.
 */
import * as TJS from "typescript-json-schema";
import ts from "typescript";
import { basename } from "node:path";
import { fileURLToPath } from "node:url";
import { ANNOTATIONS } from "./schema-walk.js";

/** Settings matching upstream's generator: required on, numbers default to integer. */
export const TJS_SETTINGS: TJS.PartialArgs = {
  required: true,
  defaultNumberType: "integer",
  ref: true,
  aliasRef: false,
  topRef: false,
  noExtraProps: false,
  strictNullChecks: false,
  // buildJsonSchema reports compile errors itself, with file and line; no need to check twice.
  ignoreErrors: true,
  // Project keywords read from doc tags; documented at the top of schema/schema.ts.
  validationKeywords: ["anyOf", "numberType", "nullable"],
};

/** The global types schema.ts may use, in place of TypeScript's standard library (see the file). */
export const SCHEMA_LIB = fileURLToPath(new URL("./schema-lib.d.ts", import.meta.url));

// strictNullChecks off, as in upstream's generator: with it on, an optional field typed by a
// union alias (RequestId, ProgressToken) becomes `T | undefined` and loses its `$ref`.
// `types: []`: no @types package is loaded, so no global declaration (@types/node's `Request`)
// can stand in for a declaration that a source re-exports from another file.
export const COMPILER_OPTIONS = { strict: true, strictNullChecks: false, noLib: true, skipLibCheck: true, noEmit: true, target: "es2022", types: [] };

export type JsonSchema = Record<string, unknown>;

export interface DeclarationInfo {
  name: string;
  /** The declaration; for a re-exported one, in the file it comes from (`node.getSourceFile()`). */
  node: ts.Statement;
  deprecated: boolean;
  /** Tagged `@typesOnly`: a TypeScript helper with no JSON Schema definition. */
  typesOnly: boolean;
  /** Declared in another source file and re-exported by this one (`import type { X } …; export type { X };`). */
  reexported: boolean;
}

export function hasTag(node: ts.Node, tag: string): boolean {
  return ts.getJSDocTags(node).some((t) => t.tagName.text === tag);
}

/**
 * Exported interfaces and type aliases of a source file, in source order. With
 * a type checker, names the file re-exports from another source file
 * (`export type { X }` of an imported `X`, or `export type { X } from "…"`)
 * count too, each with its declaration in the file it comes from.
 */
export function declarationsOf(sourceFile: ts.SourceFile, checker?: ts.TypeChecker): DeclarationInfo[] {
  const out: DeclarationInfo[] = [];
  for (const statement of sourceFile.statements) {
    if (checker && ts.isExportDeclaration(statement)) {
      out.push(...reexportsOf(statement, sourceFile, checker));
      continue;
    }
    if (!ts.isInterfaceDeclaration(statement) && !ts.isTypeAliasDeclaration(statement)) continue;
    const exported = statement.modifiers?.some((m) => m.kind === ts.SyntaxKind.ExportKeyword);
    if (!exported) continue;
    out.push({
      name: statement.name.text,
      node: statement,
      deprecated: hasTag(statement, "deprecated"),
      typesOnly: hasTag(statement, "typesOnly"),
      reexported: false,
    });
  }
  return out;
}

/** The declarations an `export { … }` statement re-exports from other source files, under their own names. */
function reexportsOf(statement: ts.ExportDeclaration, sourceFile: ts.SourceFile, checker: ts.TypeChecker): DeclarationInfo[] {
  const where = `${sourceFile.fileName}:${sourceFile.getLineAndCharacterOfPosition(statement.getStart(sourceFile)).line + 1}`;
  if (!statement.exportClause || !ts.isNamedExports(statement.exportClause)) throw new Error(`${where}: only named re-exports (export type { X }) are understood`);
  return statement.exportClause.elements.map((element) => {
    const name = element.name.text;
    if (element.propertyName && element.propertyName.getText(sourceFile) !== name) {
      throw new Error(`${where}: ${name} is re-exported under another name; the JSON Schema names a definition by its declaration`);
    }
    let symbol = checker.getExportSpecifierLocalTargetSymbol(element) ?? checker.getSymbolAtLocation(element.name);
    while (symbol && symbol.flags & ts.SymbolFlags.Alias) symbol = checker.getAliasedSymbol(symbol);
    const node = symbol?.declarations?.[0];
    if (!node || (!ts.isInterfaceDeclaration(node) && !ts.isTypeAliasDeclaration(node))) throw new Error(`${where}: ${name} is not an interface or type alias`);
    if (node.getSourceFile() === sourceFile) throw new Error(`${where}: ${name} is declared in this file; export it where it is declared`);
    return { name, node, deprecated: hasTag(node, "deprecated"), typesOnly: hasTag(node, "typesOnly"), reexported: true };
  });
}

/** Names of the deprecated fields of each declaration (direct members only). */
function deprecatedFields(decl: ts.Statement): Set<string> {
  const names = new Set<string>();
  const members = ts.isInterfaceDeclaration(decl)
    ? decl.members
    : ts.isTypeAliasDeclaration(decl) && ts.isTypeLiteralNode(decl.type)
      ? decl.type.members
      : undefined;
  for (const member of members ?? []) {
    if (ts.isPropertySignature(member) && hasTag(member, "deprecated")) {
      const n = member.name;
      names.add(ts.isIdentifier(n) || ts.isStringLiteral(n) ? n.text : n.getText());
    }
  }
  return names;
}

/** Rewrites `integer` to `number` in a subtree, not following `$ref`s. */
function widenNumbers(node: unknown): void {
  if (Array.isArray(node)) {
    for (const item of node) widenNumbers(item);
    return;
  }
  if (node === null || typeof node !== "object") return;
  const obj = node as JsonSchema;
  if (obj.type === "integer") obj.type = "number";
  else if (Array.isArray(obj.type)) obj.type = obj.type.map((t) => (t === "integer" ? "number" : t));
  for (const value of Object.values(obj)) widenNumbers(value);
}

/**
 * `@nullable` on a field: its schema S becomes `anyOf: [S, {"type": "null"}]`,
 * annotations kept outside (compiled without strictNullChecks, TypeScript
 * drops the `| null` the field is written with).
 */
function nullable(obj: JsonSchema): JsonSchema {
  const { nullable: tag, ...rest } = obj;
  if (tag !== true && tag !== "") throw new Error(`@nullable takes no value, got ${JSON.stringify(tag)}`);
  const outer: JsonSchema = {};
  const inner: JsonSchema = {};
  for (const [key, value] of Object.entries(rest)) (ANNOTATIONS.has(key) ? outer : inner)[key] = value;
  return { ...outer, anyOf: [inner, { type: "null" }] };
}

/** Applies `numberType` and `nullable`, renames `definitions` refs to `$defs`. */
function postProcess(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(postProcess);
  if (node === null || typeof node !== "object") return node;
  let obj = node as JsonSchema;
  if (obj.nullable !== undefined) obj = nullable(obj);
  if (obj.numberType !== undefined) {
    if (obj.numberType !== "number") throw new Error(`@numberType accepts only "number", got ${JSON.stringify(obj.numberType)}`);
    delete obj.numberType;
    widenNumbers(obj);
  }
  const out: JsonSchema = {};
  for (const [key, value] of Object.entries(obj)) {
    if (key === "$ref" && typeof value === "string") out[key] = value.replace("#/definitions/", "#/$defs/");
    else out[key] = postProcess(value);
  }
  return out;
}

/** Sorts object keys recursively so the output bytes do not depend on traversal order. */
export function sortKeys(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(sortKeys);
  if (node === null || typeof node !== "object") return node;
  const out: JsonSchema = {};
  for (const key of Object.keys(node).sort()) out[key] = sortKeys((node as JsonSchema)[key]);
  return out;
}

export interface BuiltSchema {
  schema: JsonSchema;
  sourceFile: ts.SourceFile;
  declarations: DeclarationInfo[];
}

export interface BuildOptions {
  /**
   * Whether the file may re-export declarations that are deprecated, or hold
   * deprecated fields, where they are declared (they keep their deprecation).
   * Off for a revision that deprecates nothing (schema/legacy/), on for an
   * extension of the draft (schema/extensions/), which the draft's
   * deprecations apply to.
   */
  reexportDeprecated?: boolean;
}

/** One schema source: the file, and how it may reuse declarations of another. */
export interface SchemaSource {
  file: string;
  options?: BuildOptions;
}

/**
 * Builds the full-protocol JSON Schema of each source, in order, from one
 * TypeScript program holding them all: a file the sources share
 * (schema/schema.ts, which schema/legacy/ and schema/extensions/ import) is
 * parsed and checked once. Definitions a source re-exports from another file
 * are taken as they are there, so they must not be `@typesOnly`, nor
 * deprecated or hold deprecated fields unless `reexportDeprecated`, and
 * everything they refer to must be exported too. `files` is the text of
 * each file the program read (the sources, what they import, the global lib
 * file), by absolute path, as it was parsed.
 */
export function buildJsonSchemas(sources: SchemaSource[]): { schemas: BuiltSchema[]; files: Map<string, string> } {
  const program = TJS.getProgramFromFiles([...sources.map((s) => s.file), SCHEMA_LIB], COMPILER_OPTIONS);
  const diagnostics = ts.getPreEmitDiagnostics(program);
  if (diagnostics.length > 0) {
    const text = ts.formatDiagnostics(diagnostics, {
      getCanonicalFileName: (f) => f,
      getCurrentDirectory: () => process.cwd(),
      getNewLine: () => "\n",
    });
    throw new Error(`${sources.map((s) => s.file).join(", ")} do not compile:\n${text}`);
  }
  return { schemas: sources.map((s) => schemaOf(program, s.file, s.options)), files: new Map(program.getSourceFiles().map((f) => [f.fileName, f.text])) };
}

/**
 * The program as a per-source program would have it: the source, the files
 * it imports (transitively) and the global declaration files, in the
 * program's order. typescript-json-schema looks a requested name up among
 * the declarations of every file of the program it is given, so a name
 * another source declares must not be in view.
 */
function programFor(program: ts.Program, sourceFile: ts.SourceFile): ts.Program {
  const checker = program.getTypeChecker();
  const reached = new Set<ts.SourceFile>();
  const visit = (file: ts.SourceFile): void => {
    if (reached.has(file)) return;
    reached.add(file);
    for (const statement of file.statements) {
      const specifier = ts.isImportDeclaration(statement) || ts.isExportDeclaration(statement) ? statement.moduleSpecifier : undefined;
      const target = specifier && checker.getSymbolAtLocation(specifier)?.valueDeclaration;
      if (target && ts.isSourceFile(target)) visit(target);
    }
  };
  visit(sourceFile);
  const files = program.getSourceFiles().filter((f) => reached.has(f) || !ts.isExternalModule(f));
  return Object.create(program, { getSourceFiles: { value: () => files } }) as ts.Program;
}

/** The JSON Schema of one source of a program that compiles. */
function schemaOf(program: ts.Program, file: string, options: BuildOptions = {}): BuiltSchema {
  const sourceFile = program.getSourceFile(file);
  if (!sourceFile) throw new Error(`cannot read ${file}`);
  const checker = program.getTypeChecker();
  const declarations = declarationsOf(sourceFile, checker);
  const seen = new Set<string>();
  for (const d of declarations) {
    if (seen.has(d.name)) throw new Error(`${file}: ${d.name} is exported twice`);
    seen.add(d.name);
    const deprecated = d.deprecated || deprecatedFields(d.node).size > 0;
    if (d.reexported && (d.typesOnly || (deprecated && !options.reexportDeprecated))) {
      throw new Error(`${file}: re-exported ${d.name} is @deprecated, @typesOnly or has deprecated fields where it is declared; declare it in this file instead`);
    }
  }
  const generator = TJS.buildGenerator(programFor(program, sourceFile), TJS_SETTINGS, [file]);
  if (!generator) throw new Error(`typescript-json-schema could not start on ${file}`);
  const wanted = declarations.filter((d) => !d.typesOnly).map((d) => d.name);
  const raw = generator.getSchemaForSymbols(wanted, true, true) as JsonSchema;
  const rawDefs = (raw.definitions ?? {}) as Record<string, JsonSchema>;
  const defs: Record<string, unknown> = {};
  for (const decl of declarations) {
    if (decl.typesOnly) continue;
    const def = rawDefs[decl.name];
    if (!def) throw new Error(`typescript-json-schema produced no definition for ${decl.name}`);
    const processed = postProcess(def) as JsonSchema;
    if (decl.reexported && processed.description === undefined) {
      // typescript-json-schema takes the comment of an alias of a primitive (`Cursor = string`) only
      // from the file it builds; for a declaration re-exported from another file, take it here the same way.
      const symbol = checker.getSymbolAtLocation((decl.node as ts.InterfaceDeclaration | ts.TypeAliasDeclaration).name);
      const comment = symbol?.getDocumentationComment(checker).map((c) => c.text.replace(/\r\n/g, "\n")).join("").trim();
      if (comment) processed.description = comment;
    }
    if (decl.deprecated) processed.deprecated = true;
    const props = processed.properties as Record<string, JsonSchema> | undefined;
    for (const field of deprecatedFields(decl.node)) {
      if (props?.[field]) props[field] = { ...props[field], deprecated: true };
    }
    defs[decl.name] = processed;
  }
  const unknownDefs = Object.keys(rawDefs).filter((n) => !(n in defs) && !declarations.some((d) => d.name === n && d.typesOnly));
  if (unknownDefs.length > 0) {
    throw new Error(`typescript-json-schema emitted definitions that ${basename(file)} does not export: ${unknownDefs.join(", ")}`);
  }
  const schema = sortKeys({ $schema: "https://json-schema.org/draft/2020-12/schema", $defs: defs }) as JsonSchema;
  return { schema, sourceFile, declarations };
}
