/**
 * Emits @mrtr/legacy's TypeScript from schema/legacy/2025-11-25.ts, the
 * hand-written source of the initialize-based revision 2025-11-25, which
 * reuses the draft's declarations under the rule of reexports.ts. The module
 * layout of the legacy checks and their tables is registered in outputs.ts,
 * beside the core's.
 */
import type { BuiltSchema } from "./json-schema.js";
import { emitReexportingTypes } from "./reexports.js";

/** The hand-written source of the legacy revision, from the repository root. */
export const LEGACY_SOURCE = "schema/legacy/2025-11-25.ts";

/** packages/legacy/src/schema/types.gen.ts. */
export function emitLegacyTypes(legacy: BuiltSchema, header: string): string {
  return emitReexportingTypes(legacy, header, "Declarations whose wire shape is the same in 2025-11-25 and the draft: the core's, unchanged.");
}
