/**
 * The full-protocol JSON Schema of `@mrtr/schema` (deprecated parts included,
 * marked `"deprecated": true`), read once, on first use.
 */
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";

/** A JSON Schema node, as far as the CLI reads one. */
export interface SchemaNode {
  /** The definition this node stands for (`#/$defs/Name`). */
  $ref?: string;
  /** The JSON type or types allowed. */
  type?: string | string[];
  /** The one value allowed. */
  const?: unknown;
  /** The values allowed. */
  enum?: unknown[];
  /** The schemas of named properties. */
  properties?: Record<string, SchemaNode>;
  /** The schema of any other property (false: none allowed). */
  additionalProperties?: SchemaNode | boolean;
  /** The schema of each array element. */
  items?: SchemaNode;
  /** Valid when at least one of these is. */
  anyOf?: SchemaNode[];
  /** Valid when exactly one of these is. */
  oneOf?: SchemaNode[];
  /** Valid when all of these are. */
  allOf?: SchemaNode[];
  /** Properties that must be present. */
  required?: string[];
  /** Whether the draft deprecates what it describes. */
  deprecated?: boolean;
  /** What it is, in words. */
  description?: string;
  /** Any other keyword. */
  [keyword: string]: unknown;
}

/** The document: every definition under `$defs`. */
export interface SchemaDocument {
  /** The JSON Schema dialect. */
  $schema?: string;
  /** Every definition, by name. */
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
