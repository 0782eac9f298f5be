/**
 * Emits @mrtr/legacy's TypeScript from schema/legacy/2025-11-25.ts, the
 * hand-written source of the initialize-based revision 2025-11-25, and holds
 * the rule that lets that source reuse the draft's declarations: a
 * declaration it re-exports from schema/schema.ts must have exactly the
 * definition it has in the core schema (so the core's types and checks stand
 * for it unchanged). The module layout of the legacy checks and their tables
 * is registered in outputs.ts, beside the core's.
 */
import type { BuiltSchema, JsonSchema } from "./json-schema.js";
import { constantStatements, sourceText } from "./emit-types.js";

/** The hand-written source of the legacy revision, from the repository root. */
export const LEGACY_SOURCE = "schema/legacy/2025-11-25.ts";

/** Names the legacy source takes from schema/schema.ts, sorted. */
export function reexportedNames(legacy: BuiltSchema): string[] {
  return legacy.declarations.filter((d) => d.reexported).map((d) => d.name).sort();
}

/**
 * Throws unless every re-exported definition equals the core schema's,
 * annotations included: both revisions then mean the same by the name, and
 * the core's checks and types can serve the legacy schema.
 */
export function assertReexportsMatch(legacy: BuiltSchema, core: BuiltSchema): void {
  const ours = legacy.schema.$defs as Record<string, JsonSchema>;
  const theirs = core.schema.$defs as Record<string, JsonSchema>;
  const differing = reexportedNames(legacy).filter((n) => JSON.stringify(ours[n]) !== JSON.stringify(theirs[n]));
  if (differing.length > 0) {
    throw new Error(`${LEGACY_SOURCE} re-exports declarations whose definition differs from packages/schema/schema.json's: ${differing.join(", ")}`);
  }
}

/**
 * packages/legacy/src/schema/types.gen.ts: the declarations taken from the
 * core, re-exported from @mrtr/schema; the constants of the source; then
 * every declaration of the source, as written, with its doc comment.
 */
export function emitLegacyTypes(legacy: BuiltSchema, header: string): string {
  const shared = reexportedNames(legacy);
  const own = legacy.declarations.filter((d) => !d.reexported).map((d) => sourceText(d.node, legacy.sourceFile));
  const list = shared.map((n) => `  ${n},`).join("\n");
  return [
    header,
    `import type {\n${list}\n} from "@mrtr/schema";`,
    "",
    "/** Declarations whose wire shape is the same in 2025-11-25 and the draft: the core's, unchanged. */",
    `export type {\n${list}\n};`,
    "",
    [...constantStatements(legacy.sourceFile), ...own].join("\n\n"),
    "",
  ].join("\n");
}
