/**
 * Shapes the protocol's JSON Schema for quicktype, so every language gets
 * usable types (facts measured on quicktype-core 26.0.0):
 *
 * - `JSONValue`, `JSONObject`, `JSONArray` recurse into each other, which
 *   overflows quicktype's stack: they become unconstrained schemas (any
 *   value, any object, any array) at every use, and are not types of their
 *   own.
 * - Definitions that are only another name (`ClientResult` = `Result`) or a
 *   bare primitive (`RequestId`, `Cursor`, `ProgressToken`) are inlined:
 *   quicktype merges identical types, and Go then refers to names it never
 *   declares.
 * - A tool's `inputSchema`/`outputSchema` are JSON Schemas, open-ended: they
 *   become free-form objects, or typed languages keep only the two fields the
 *   schema names and drop the rest (`properties`, `x-mcp-header`, …).
 * - `date`, `date-time`, `time` formats are dropped: a string converted to a
 *   date type and back does not keep its exact text.
 * - Deprecated definitions and fields say so in their description (with the
 *   earliest removal), or are left out with `core`.
 */
import type { SchemaDocument, SchemaNode } from "../validate/schema-json.js";
import { refName } from "../validate/schema-json.js";
import { DEPRECATED_SINCE, EARLIEST_REMOVAL } from "../validate/deprecations.js";

/** Options of {@link prepareSchema}. */
export interface PrepareOptions {
  /** Leave out what the draft deprecates (sampling, roots, logging). */
  core?: boolean;
}

/** The schema for quicktype, and what was done to it. */
export interface PreparedSchema {
  schema: SchemaDocument;
  /** Definitions that are not types of their own any more (inlined at each use). */
  inlined: string[];
  /** Deprecated definitions left out (with `core`). */
  removed: string[];
}

const FREE_FORM_FIELDS = new Set(["inputSchema", "outputSchema"]);
const DATE_FORMATS = new Set(["date", "date-time", "time"]);
const DEPRECATION_NOTE = `Deprecated since ${DEPRECATED_SINCE}; earliest removal: ${EARLIEST_REMOVAL}.`;

const withoutKeys = (node: SchemaNode, keys: string[]) => Object.fromEntries(Object.entries(node).filter(([k]) => !keys.includes(k))) as SchemaNode;

/** Whether a definition is a name for a primitive (no object, no enumeration, no union of objects). */
function isPrimitiveAlias(def: SchemaNode): boolean {
  if (def.enum || def.const !== undefined || def.properties || def.anyOf || def.oneOf || def.allOf || def.items || def.additionalProperties) return false;
  const types = Array.isArray(def.type) ? def.type : def.type ? [def.type] : [];
  return types.length > 0 && types.every((t) => t === "string" || t === "integer" || t === "number" || t === "boolean");
}

/** Applies `fn` to every schema node under `node` (children first), rebuilding the tree. */
function mapNodes(node: unknown, fn: (n: SchemaNode) => SchemaNode): unknown {
  if (Array.isArray(node)) return node.map((n) => mapNodes(n, fn));
  if (node === null || typeof node !== "object") return node;
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(node)) {
    if (key === "properties" && value && typeof value === "object") {
      out[key] = Object.fromEntries(Object.entries(value).map(([k, v]) => [k, mapNodes(v, fn)]));
    } else if (key === "const" || key === "enum" || key === "default" || key === "examples") out[key] = value;
    else out[key] = mapNodes(value, fn);
  }
  return fn(out as SchemaNode);
}

/** Drops deprecated definitions and fields, and union members naming them. */
function dropDeprecated(defs: Record<string, SchemaNode>): string[] {
  const removed = Object.keys(defs).filter((name) => defs[name]!.deprecated);
  for (const name of removed) delete defs[name];
  const gone = new Set(removed);
  const prune = (n: SchemaNode): SchemaNode => {
    let node = n;
    if (node.properties) {
      node = { ...node, properties: Object.fromEntries(Object.entries(node.properties).filter(([, v]) => !v.deprecated)) };
      if (node.required) node.required = node.required.filter((k) => k in node.properties!);
    }
    for (const key of ["anyOf", "oneOf"] as const) {
      const members = node[key];
      if (!members) continue;
      const kept = members.filter((m) => !(typeof m.$ref === "string" && gone.has(refName(m.$ref))));
      if (kept.length === members.length) continue;
      node = kept.length === 1 ? { ...withoutKeys(node, [key]), ...kept[0] } : { ...node, [key]: kept };
    }
    return node;
  };
  for (const [name, def] of Object.entries(defs)) defs[name] = mapNodes(def, prune) as SchemaNode;
  return removed;
}

/** The protocol schema shaped for quicktype (the input is not changed). */
export function prepareSchema(source: SchemaDocument, options: PrepareOptions = {}): PreparedSchema {
  const schema = structuredClone(source);
  const defs = schema.$defs;
  const removed = options.core ? dropDeprecated(defs) : [];

  const replacement = new Map<string, SchemaNode>([
    ["JSONValue", {}],
    ["JSONObject", { type: "object" }],
    ["JSONArray", { type: "array" }],
  ]);
  for (const [name, def] of Object.entries(defs)) {
    if (replacement.has(name)) continue;
    const keys = Object.keys(def).filter((k) => k !== "description" && k !== "deprecated");
    if (keys.length === 1 && keys[0] === "$ref") replacement.set(name, { $ref: def.$ref! });
    else if (isPrimitiveAlias(def)) replacement.set(name, withoutKeys(def, ["description", "deprecated"]));
  }
  for (const name of replacement.keys()) delete defs[name];

  /** Follows a chain of replaced names to what stands in for it. */
  const standIn = (ref: string, seen = new Set<string>()): SchemaNode | undefined => {
    const name = refName(ref);
    const r = replacement.get(name);
    if (!r || seen.has(name)) return r;
    seen.add(name);
    return typeof r.$ref === "string" && replacement.has(refName(r.$ref)) ? standIn(r.$ref, seen) : r;
  };

  const shape = (n: SchemaNode): SchemaNode => {
    let node = n;
    if (typeof node.$ref === "string") {
      const r = standIn(node.$ref);
      if (r) node = { ...withoutKeys(node, ["$ref"]), ...r };
    }
    if (typeof node.format === "string" && DATE_FORMATS.has(node.format)) node = withoutKeys(node, ["format"]);
    if (node.properties) {
      const props: Record<string, SchemaNode> = {};
      for (const [key, prop] of Object.entries(node.properties)) {
        props[key] = FREE_FORM_FIELDS.has(key) ? { type: "object", additionalProperties: {}, ...(prop.description && { description: prop.description }) } : prop;
        if (prop.deprecated) props[key] = { ...props[key]!, description: `${prop.description ?? ""}\n\n${DEPRECATION_NOTE}`.trim() };
      }
      node = { ...node, properties: props };
    }
    return node;
  };
  for (const [name, def] of Object.entries(defs)) {
    const shaped = mapNodes(def, shape) as SchemaNode;
    defs[name] = shaped.deprecated ? { ...shaped, description: `${shaped.description ?? ""}\n\n${DEPRECATION_NOTE}`.trim() } : shaped;
  }
  return { schema, inlined: [...replacement.keys()], removed };
}
