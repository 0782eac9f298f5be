/**
 * How the server validates values against tool schemas given as JSON Schema
 * (zod schemas validate themselves). Pluggable, because ajv generates code
 * at run time, which Workers-style hosts forbid (the default picks the
 * interpreted validator there by itself: default.ts).
 */

/** The verdict on one value. */
export type SchemaVerdict =
  | {
      /** The value satisfies the schema. */
      valid: true;
    }
  | {
      /** The value does not satisfy the schema. */
      valid: false;
      /** What is wrong, in words, each naming where. */
      problems: string[];
    };

/** Compiles JSON Schemas (draft 2020-12) into checks. */
export interface JsonSchemaValidator {
  /**
   * A check of values against `schema`, prepared once per schema. May throw
   * (or reject) when the schema itself is invalid.
   */
  compile(schema: Record<string, unknown>): ((value: unknown) => SchemaVerdict) | Promise<(value: unknown) => SchemaVerdict>;
}
