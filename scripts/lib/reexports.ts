/**
 * The rule that lets a schema source other than schema/schema.ts (the legacy
 * revision, an extension) reuse the draft's declarations: a declaration it
 * re-exports from schema/schema.ts must have exactly the definition it has
 * in the core schema, so the core's types and checks stand for it unchanged.
 * And the TypeScript such a source becomes: the re-exported declarations
 * taken from @mrtr/schema, then the source's own.
 */
import type { BuiltSchema, JsonSchema } from "./json-schema.js";
import { constantStatements, sourceText } from "./emit-types.js";

/** Names a source takes from schema/schema.ts, sorted. */
export function reexportedNames(built: BuiltSchema): string[] {
  return built.declarations.filter((d) => d.reexported).map((d) => d.name).sort();
}

/** Names a source takes from schema/schema.ts that the draft does not deprecate: those @mrtr/schema declares and @mrtr/zod checks. */
export function reexportedCoreNames(built: BuiltSchema): string[] {
  return built.declarations.filter((d) => d.reexported && !d.deprecated).map((d) => d.name).sort();
}

/**
 * Throws unless every definition `source` re-exports equals the core
 * schema's, annotations included: both then mean the same by the name, and
 * the core's checks and types can serve the source's schema.
 */
export function assertReexportsMatch(built: BuiltSchema, core: BuiltSchema, source: string): void {
  const ours = built.schema.$defs as Record<string, JsonSchema>;
  const theirs = core.schema.$defs as Record<string, JsonSchema>;
  const differing = reexportedNames(built).filter((n) => JSON.stringify(ours[n]) !== JSON.stringify(theirs[n]));
  if (differing.length > 0) {
    throw new Error(`${source} re-exports declarations whose definition differs from packages/schema/schema.json's: ${differing.join(", ")}`);
  }
}

/**
 * A source's types.gen.ts: the declarations taken from the core that it does
 * not deprecate, re-exported from @mrtr/schema (under `doc`); the constants
 * of the source; then every declaration of the source, as written, with its
 * doc comment. (Deprecated core declarations are @mrtr/deprecated's.)
 */
export function emitReexportingTypes(built: BuiltSchema, header: string, doc: string): string {
  const shared = reexportedCoreNames(built);
  const own = built.declarations.filter((d) => !d.reexported).map((d) => sourceText(d.node, built.sourceFile));
  const list = shared.map((n) => `  ${n},`).join("\n");
  return [
    header,
    `import type {\n${list}\n} from "@mrtr/schema";`,
    "",
    `/** ${doc} */`,
    `export type {\n${list}\n};`,
    "",
    [...constantStatements(built.sourceFile), ...own].join("\n\n"),
    "",
  ].join("\n");
}
