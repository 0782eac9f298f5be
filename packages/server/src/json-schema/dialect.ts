/**
 * Which JSON Schema dialect a schema is written in: 2020-12 (the protocol's
 * default) unless its `$schema` names draft-07, the dialect of many tools'
 * schemas (the official SDK 1.x writes it). Validators compile each in its
 * own dialect, so such a schema is neither refused nor misread.
 */

/** The dialects the validators tell apart. */
export type SchemaDialect = "2020-12" | "draft-07";

/** The dialect `schema` names. */
export function dialectOf(schema: unknown): SchemaDialect {
  const named = typeof schema === "object" && schema !== null ? (schema as { $schema?: unknown }).$schema : undefined;
  return typeof named === "string" && /^https?:\/\/json-schema\.org\/draft-07\/schema#?$/.test(named) ? "draft-07" : "2020-12";
}
