/**
 * @mrtr/deprecated/zod: validators of the deprecated declarations (sampling,
 * roots, logging) and full-protocol variants of every core type that reaches
 * them (`InputRequest`, `InputResponses`, `InputRequiredResult`,
 * `CallToolRequest`, `ClientCapabilities`, …), from the same emitter as @mrtr/zod.
 * Lay them over the core ones to validate the full protocol:
 * `{ ...coreSchemas, ...schemas }`.
 *
 * @module
 */
import { FULL_PROTOCOL_VARIANTS as variants, schemas as validators } from "./validators.gen.js";

/**
 * Validators by type name: every deprecated declaration, and the
 * full-protocol variant of every core type that reaches one (these replace the
 * core validators of the same name).
 *
 * @deprecated They exist to accept sampling, roots and logging, deprecated
 * since MCP 2026-07-28 (SEP-2577). Migrate: call a model provider directly
 * instead of sampling; pass directories through tool arguments, resource URIs
 * or configuration instead of roots; then validate with `@mrtr/zod` alone.
 * Earliest removal: the first protocol revision released on or after 2027-07-28.
 */
export const schemas = validators;

/**
 * Names of the types whose validator in {@link schemas} replaces the core one.
 *
 * @deprecated They exist to accept sampling, roots and logging, deprecated
 * since MCP 2026-07-28 (SEP-2577). Migrate: call a model provider directly
 * instead of sampling; pass directories through tool arguments, resource URIs
 * or configuration instead of roots; then validate with `@mrtr/zod` alone.
 * Earliest removal: the first protocol revision released on or after 2027-07-28.
 */
export const FULL_PROTOCOL_VARIANTS = variants;
