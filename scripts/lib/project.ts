/**
 * Projections of the full-protocol JSON Schema. The core projection is what
 * the core packages validate: deprecated definitions removed, deprecated
 * properties removed (from `properties` and `required`), and union members
 * that refer to a removed definition pruned. The zod emitter emits from a
 * projection, and the differential tests compile ajv on the same projection,
 * so both sides judge the same language.
 */
export type Schema = Record<string, unknown>;

const REF_PREFIX = "#/$defs/";

function prune(node: unknown, removed: Set<string>, where: string): unknown {
  if (Array.isArray(node)) return node.map((n) => prune(n, removed, where));
  if (node === null || typeof node !== "object") return node;
  const obj = node as Schema;
  const out: Schema = {};
  for (const [key, value] of Object.entries(obj)) {
    if (key === "properties" && value && typeof value === "object") {
      const props: Schema = {};
      for (const [name, sub] of Object.entries(value as Schema)) {
        if ((sub as Schema | undefined)?.deprecated === true) continue;
        props[name] = prune(sub, removed, `${where}.${name}`);
      }
      out[key] = props;
    } else if ((key === "anyOf" || key === "oneOf") && Array.isArray(value)) {
      const kept = value.filter((m) => !(typeof (m as Schema).$ref === "string" && removed.has(((m as Schema).$ref as string).slice(REF_PREFIX.length))));
      if (kept.length === 0) throw new Error(`${where}: every member of ${key} is deprecated`);
      out[key] = kept.map((m) => prune(m, removed, where));
    } else if (key === "$ref" && typeof value === "string" && removed.has(value.slice(REF_PREFIX.length))) {
      throw new Error(`${where} refers to deprecated ${value} outside a union: deprecate the field that holds it`);
    } else {
      out[key] = prune(value, removed, where);
    }
  }
  if (Array.isArray(out.required) && out.properties) {
    const props = obj.properties as Schema;
    out.required = (out.required as string[]).filter((r) => (props[r] as Schema | undefined)?.deprecated !== true);
  }
  return out;
}

/** The schema as the core side of the core / deprecated split sees it (the full protocol is the schema itself). */
export function coreProjection(schema: Schema): Schema {
  const defs = schema.$defs as Record<string, Schema>;
  const removed = new Set(Object.keys(defs).filter((n) => defs[n]!.deprecated === true));
  const kept: Schema = {};
  for (const [name, def] of Object.entries(defs)) {
    if (!removed.has(name)) kept[name] = prune(def, removed, name);
  }
  return { ...schema, $defs: kept };
}

/** Names of the definitions the deprecated side owns. */
export function deprecatedNames(schema: Schema): string[] {
  const defs = schema.$defs as Record<string, Schema>;
  return Object.keys(defs).filter((n) => defs[n]!.deprecated === true);
}
