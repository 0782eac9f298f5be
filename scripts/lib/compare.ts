/**
 * Structural comparison of two JSON Schemas, type by type. Annotations
 * (descriptions, titles, examples, comments, deprecation flags, defaults) are
 * ignored; `anyOf`, `enum`, `required` and `type` lists compare as sets.
 */
export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

import { ANNOTATIONS } from "./schema-walk.js";
/** Keywords whose value is a map from property name to schema. */
const SCHEMA_MAPS = new Set(["properties", "$defs", "definitions", "patternProperties"]);
const SET_KEYWORDS = new Set(["anyOf", "oneOf", "enum", "required", "type"]);

export interface NormalizeOptions {
  /** Drop properties named `description` (for structure-only files that had every description key removed). */
  dropDescriptionProperties: boolean;
}

function stable(value: Json): string {
  return JSON.stringify(value);
}

/** Canonical form of a schema node for structural comparison. */
export function normalize(node: Json, options: NormalizeOptions): Json {
  if (Array.isArray(node)) return node.map((n) => normalize(n, options));
  if (node === null || typeof node !== "object") return node;
  const out: { [key: string]: Json } = {};
  for (const key of Object.keys(node).sort()) {
    const value = node[key] as Json;
    if (ANNOTATIONS.has(key)) continue;
    if (SCHEMA_MAPS.has(key) && value && typeof value === "object" && !Array.isArray(value)) {
      const map: { [key: string]: Json } = {};
      for (const name of Object.keys(value).sort()) {
        if (options.dropDescriptionProperties && key === "properties" && name === "description") continue;
        map[name] = normalize(value[name] as Json, options);
      }
      out[key] = map;
      continue;
    }
    if (key === "required" && Array.isArray(value) && options.dropDescriptionProperties) {
      out[key] = value.filter((v) => v !== "description").map(String).sort();
      continue;
    }
    if (key === "$ref" && typeof value === "string") {
      out[key] = value.replace("#/definitions/", "#/$defs/");
      continue;
    }
    let normalized = normalize(value, options);
    if (SET_KEYWORDS.has(key) && Array.isArray(normalized)) {
      normalized = [...normalized].sort((a, b) => (stable(a) < stable(b) ? -1 : stable(a) > stable(b) ? 1 : 0));
    }
    out[key] = normalized;
  }
  return out;
}

/** True when the file carries no `description` key anywhere: a structure-only file. */
export function isStructureOnly(node: Json): boolean {
  if (Array.isArray(node)) return node.every(isStructureOnly);
  if (node === null || typeof node !== "object") return true;
  if ("description" in node) return false;
  return Object.values(node).every((v) => isStructureOnly(v as Json));
}

/** Paths at which two normalized nodes differ, each with both values. */
export function differences(a: Json, b: Json, path = ""): string[] {
  if (stable(a) === stable(b)) return [];
  const bothObjects =
    a !== null && b !== null && typeof a === "object" && typeof b === "object" && !Array.isArray(a) && !Array.isArray(b);
  if (!bothObjects) return [`${path || "/"}: ours ${stable(a)} vs theirs ${stable(b)}`];
  const out: string[] = [];
  const keys = new Set([...Object.keys(a), ...Object.keys(b)]);
  for (const key of [...keys].sort()) {
    const child = `${path}/${key}`;
    if (!(key in a)) out.push(`${child}: missing in ours (theirs ${stable(b[key] as Json)})`);
    else if (!(key in b)) out.push(`${child}: only in ours (${stable(a[key] as Json)})`);
    else out.push(...differences(a[key] as Json, b[key] as Json, child));
  }
  return out;
}

export interface TypeReport {
  equivalent: string[];
  differing: Map<string, string[]>;
  onlyOurs: string[];
  onlyTheirs: string[];
}

function defsOf(schema: Json): { [key: string]: Json } {
  if (!schema || typeof schema !== "object" || Array.isArray(schema)) return {};
  const defs = (schema["$defs"] ?? schema["definitions"]) as Json;
  return defs && typeof defs === "object" && !Array.isArray(defs) ? defs : {};
}

/**
 * A definition that is only a `$ref` to another definition is structurally the
 * referenced definition: generators differ in whether they inline an alias.
 */
function resolveAlias(defs: { [key: string]: Json }, name: string): Json {
  let def = defs[name] as Json;
  const seen = new Set([name]);
  for (;;) {
    if (!def || typeof def !== "object" || Array.isArray(def)) return def;
    const keys = Object.keys(def).filter((k) => !ANNOTATIONS.has(k));
    const ref = def["$ref"];
    if (keys.length !== 1 || typeof ref !== "string") return def;
    const target = ref.replace(/^#\/(\$defs|definitions)\//, "");
    if (seen.has(target) || !(target in defs)) return def;
    seen.add(target);
    def = defs[target] as Json;
  }
}

/** Compares two schemas definition by definition. */
export function compareSchemas(ours: Json, theirs: Json, only?: Set<string>): TypeReport {
  const options: NormalizeOptions = { dropDescriptionProperties: isStructureOnly(theirs) };
  const a = defsOf(ours);
  const b = defsOf(theirs);
  const report: TypeReport = { equivalent: [], differing: new Map(), onlyOurs: [], onlyTheirs: [] };
  const names = [...new Set([...Object.keys(a), ...Object.keys(b)])].sort();
  for (const name of names) {
    if (only && !only.has(name)) continue;
    if (!(name in b)) report.onlyOurs.push(name);
    else if (!(name in a)) report.onlyTheirs.push(name);
    else {
      const diff = differences(
        normalize(resolveAlias(a, name), options),
        normalize(resolveAlias(b, name), options),
      );
      if (diff.length === 0) report.equivalent.push(name);
      else report.differing.set(name, diff);
    }
  }
  return report;
}
