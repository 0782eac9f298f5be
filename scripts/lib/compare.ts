/**
 * Structural comparison of two JSON Schemas, type by type. Annotations
 * (descriptions, titles, examples, comments, deprecation flags, defaults, a
 * definition's own `$schema`) are ignored; `anyOf`, `enum`, `required` and
 * `type` lists compare as sets. Generators differ in how they write a few
 * things, so these compare as what they mean: an `anyOf` of constants of one
 * type is the `enum` of them, `propertyNames: {"type": "string"}` says nothing
 * (every JSON member name is a string), and a `$ref` on one side is the
 * definition it names when the other side writes that place out inline.
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

/** Keywords ignored besides the annotations: `$schema` only names the dialect. */
const IGNORED = new Set(["$schema"]);

const isObject = (v: Json | undefined): v is { [key: string]: Json } => v !== null && typeof v === "object" && !Array.isArray(v);

/** `anyOf: [{const: a, type: t}, {const: b, type: t}]` as `{enum: [a, b], type: t}`; anything else unchanged. */
function constantsAsEnum(node: { [key: string]: Json }): { [key: string]: Json } {
  const members = node.anyOf;
  if (!Array.isArray(members) || members.length === 0 || "enum" in node || "type" in node || "const" in node) return node;
  const type = isObject(members[0]) ? members[0].type : undefined;
  const plain = (m: Json) => isObject(m) && m.const !== undefined && m.type === type && Object.keys(m).every((k) => k === "const" || k === "type" || ANNOTATIONS.has(k));
  if (typeof type !== "string" || !members.every(plain)) return node;
  const { anyOf: _members, ...rest } = node;
  return { ...rest, enum: members.map((m) => (m as { [key: string]: Json }).const!), type };
}

/** Canonical form of a schema node for structural comparison. */
export function normalize(node: Json, options: NormalizeOptions): Json {
  if (Array.isArray(node)) return node.map((n) => normalize(n, options));
  if (node === null || typeof node !== "object") return node;
  node = constantsAsEnum(node);
  const out: { [key: string]: Json } = {};
  for (const key of Object.keys(node).sort()) {
    const value = node[key] as Json;
    if (ANNOTATIONS.has(key) || IGNORED.has(key)) continue;
    if (key === "propertyNames" && stable(value) === stable({ type: "string" })) continue;
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

/** The normalized definitions of each side, to read a `$ref` that the other side writes out inline. */
interface Sides {
  ours: (ref: string) => Json | undefined;
  theirs: (ref: string) => Json | undefined;
}

/** The definition a lone `$ref` names, or undefined. */
function target(node: Json, resolve: Sides["ours"] | undefined): Json | undefined {
  if (!resolve || !isObject(node) || typeof node.$ref !== "string" || Object.keys(node).length !== 1) return undefined;
  return resolve(node.$ref);
}

/**
 * Paths at which two normalized nodes differ, each with both values. With
 * `sides`, a `$ref` facing an inline schema is compared as what it names
 * (the inline side is finite, so this ends).
 */
export function differences(a: Json, b: Json, path = "", sides?: Sides): string[] {
  if (stable(a) === stable(b)) return [];
  const refA = target(a, sides?.ours);
  const refB = target(b, sides?.theirs);
  if (refA !== undefined && refB === undefined && !(isObject(b) && "$ref" in b)) return differences(refA, b, path, sides);
  if (refB !== undefined && refA === undefined && !(isObject(a) && "$ref" in a)) return differences(a, refB, path, sides);
  if (Array.isArray(a) && Array.isArray(b) && a.length === b.length && sides) {
    // A set-like list is sorted by its members' text, which a `$ref` changes: match members as a set.
    const unmatched = [...b];
    const matched = a.every((x) => {
      const i = unmatched.findIndex((y) => differences(x, y, path, sides).length === 0);
      return i >= 0 && unmatched.splice(i, 1).length === 1;
    });
    if (matched) return [];
  }
  const bothObjects = isObject(a) && isObject(b);
  if (!bothObjects) return [`${path || "/"}: ours ${stable(a)} vs theirs ${stable(b)}`];
  const out: string[] = [];
  const keys = new Set([...Object.keys(a), ...Object.keys(b)]);
  for (const key of [...keys].sort()) {
    const child = `${path}/${key}`;
    if (!(key in a)) out.push(`${child}: missing in ours (theirs ${stable(b[key] as Json)})`);
    else if (!(key in b)) out.push(`${child}: only in ours (${stable(a[key] as Json)})`);
    else out.push(...differences(a[key] as Json, b[key] as Json, child, sides));
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
  const resolver = (defs: { [key: string]: Json }) => (ref: string) => {
    const name = ref.replace(/^#\/(\$defs|definitions)\//, "");
    return name in defs ? normalize(defs[name] as Json, options) : undefined;
  };
  const sides: Sides = { ours: resolver(a), theirs: resolver(b) };
  for (const name of names) {
    if (only && !only.has(name)) continue;
    if (!(name in b)) report.onlyOurs.push(name);
    else if (!(name in a)) report.onlyTheirs.push(name);
    else {
      const diff = differences(
        normalize(resolveAlias(a, name), options),
        normalize(resolveAlias(b, name), options),
        "",
        sides,
      );
      if (diff.length === 0) report.equivalent.push(name);
      else report.differing.set(name, diff);
    }
  }
  return report;
}
