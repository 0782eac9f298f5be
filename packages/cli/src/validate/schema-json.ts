/**
 * The full-protocol JSON Schema of `@mrtr/schema` (deprecated parts included,
 * marked `"deprecated": true`), read once, on first use.
 */
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";

/** A JSON Schema node, as far as the CLI reads one. */
export interface SchemaNode {
  $ref?: string;
  type?: string | string[];
  const?: unknown;
  enum?: unknown[];
  properties?: Record<string, SchemaNode>;
  additionalProperties?: SchemaNode | boolean;
  items?: SchemaNode;
  anyOf?: SchemaNode[];
  oneOf?: SchemaNode[];
  allOf?: SchemaNode[];
  required?: string[];
  deprecated?: boolean;
  description?: string;
  [keyword: string]: unknown;
}

/** The document: every definition under `$defs`. */
export interface SchemaDocument {
  $schema?: string;
  $defs: Record<string, SchemaNode>;
}

let cached: SchemaDocument | undefined;

/** Where `@mrtr/schema/schema.json` is installed. */
export function schemaJsonPath(): string {
  return createRequire(import.meta.url).resolve("@mrtr/schema/schema.json");
}

/** The parsed schema (shared: do not mutate; copy with structuredClone). */
export function schemaJson(): SchemaDocument {
  cached ??= JSON.parse(readFileSync(schemaJsonPath(), "utf8")) as SchemaDocument;
  return cached;
}

/** The definition name a local `$ref` points at (`#/$defs/Name` -> `Name`). */
export function refName(ref: string): string {
  return decodeURIComponent(ref.replace(/^#\/\$defs\//, ""));
}
