/**
 * Reading the generated JSON Schema: the keywords our emitters understand,
 * references between definitions, and the method of a request or
 * notification. Shared by the zod and predicate emitters, the constants, the
 * deprecated split and the comparison with upstream.
 */
type Node = Record<string, unknown>;

/** Keywords that carry no constraint. */
export const ANNOTATIONS = new Set(["description", "title", "deprecated", "$comment", "examples", "default", "markdownDescription"]);

/** The `format` values the emitters can check (with the tests of packages/zod/src/formats.ts, ajv-formats' verdicts). */
export const FORMATS = new Set(["uri", "uri-template", "email", "date", "date-time", "byte"]);

/** Every keyword the emitters map; any other fails generation. */
export const SUPPORTED_KEYWORDS = new Set([
  ...ANNOTATIONS,
  "$ref",
  "type",
  "const",
  "enum",
  "anyOf",
  "allOf",
  "properties",
  "required",
  "additionalProperties",
  "items",
  "minimum",
  "maximum",
  "minLength",
  "maxLength",
  "minItems",
  "maxItems",
  "format",
]);

/** The first keyword of `node` no emitter supports, if any. */
export function unsupportedKeyword(node: Node): string | undefined {
  return Object.keys(node).find((key) => !SUPPORTED_KEYWORDS.has(key));
}

/** Whether `node` constrains anything (has a keyword besides annotations). */
export function constrains(node: Node): boolean {
  return Object.keys(node).some((key) => !ANNOTATIONS.has(key));
}

const REF = "#/$defs/";

/** The definition a `$ref` names. */
export function refName(ref: unknown): string {
  if (typeof ref !== "string" || !ref.startsWith(REF)) throw new Error(`unexpected reference ${String(ref)}`);
  return ref.slice(REF.length);
}

/** The definitions `node` refers to, directly (not following references), in order. */
export function refsOf(node: unknown, out: string[] = []): string[] {
  if (Array.isArray(node)) node.forEach((n) => refsOf(n, out));
  else if (node && typeof node === "object") {
    for (const [key, value] of Object.entries(node)) {
      if (key === "$ref" && typeof value === "string") out.push(refName(value));
      else refsOf(value, out);
    }
  }
  return out;
}

/**
 * The definitions a union definition lists, in order. A "union" of one member
 * may be a `$ref` to it, or an inlined copy of it (upstream's
 * ClientNotification), which stands for itself.
 */
export function unionMembers(defs: Record<string, Node>, name: string): string[] {
  const def = defs[name];
  if (!def) throw new Error(`no definition ${name}`);
  if (Array.isArray(def.anyOf)) return (def.anyOf as Node[]).map((m) => refName(m.$ref));
  if (def.$ref !== undefined) return [refName(def.$ref)];
  return [name];
}

/** The constant `method` of a request or notification definition (in its `properties`, or those of an `allOf` member written inline). */
export function methodOf(defs: Record<string, Node>, name: string): string {
  const def = defs[name];
  const constant = (node: Node | undefined) => ((node?.properties as Record<string, Node> | undefined)?.method as Node | undefined)?.const;
  const method = [def, ...((def?.allOf ?? []) as Node[])].map(constant).find((m) => m !== undefined);
  if (typeof method !== "string") throw new Error(`${name} has no constant method`);
  return method;
}

/** The object schema a union member stands for (following references), or undefined. */
export function objectOf(defs: Record<string, Node>, node: Node): Node | undefined {
  const seen = new Set<string>();
  let current: Node | undefined = node;
  while (current && typeof current.$ref === "string") {
    const name = refName(current.$ref);
    if (seen.has(name)) return undefined;
    seen.add(name);
    current = defs[name];
  }
  return current && current.type === "object" && current.anyOf === undefined && current.allOf === undefined ? current : undefined;
}

/**
 * A property every union member requires with a constant, the constants all
 * different: then at most one member can match an object (the one with its
 * constant), so trying only that member gives anyOf's verdict. Returns the
 * key and each member's constant, or undefined.
 */
export function discriminatorOf(defs: Record<string, Node>, members: Node[]): { key: string; values: unknown[] } | undefined {
  const objects = members.map((m) => objectOf(defs, m));
  if (objects.length < 2 || objects.some((o) => !o)) return undefined;
  const first = objects[0]!;
  for (const key of (first.required ?? []) as string[]) {
    const values = objects.map((o) => {
      const prop = (o!.properties as Record<string, Node> | undefined)?.[key];
      const required = ((o!.required ?? []) as string[]).includes(key);
      return required && prop && prop.const !== undefined && Object.keys(prop).every((k) => k === "const" || k === "type" || ANNOTATIONS.has(k)) ? prop.const : undefined;
    });
    if (values.every((v) => v !== undefined) && new Set(values.map((v) => JSON.stringify(v))).size === values.length) return { key, values };
  }
  return undefined;
}
