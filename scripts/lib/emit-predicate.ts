/**
 * Emits a plain JavaScript check per definition: straight-line tests of the
 * same JSON Schema keywords the zod emitter maps. `c<Type>(v, d, e)` returns
 * `undefined` when `v` is valid, and otherwise `FAILED` (with `e` false: no
 * allocation) or the first issue found (with `e` true): the keyword broken,
 * the schema node's pointer and the path to the offending value. `d` is the
 * nesting depth of `v`; a value nested deeper than MAX_VALIDATION_DEPTH is
 * refused instead of overflowing the stack.
 *
 * Unions: the value's JSON type picks the members that can match it; a
 * discriminating constant picks one of several objects; only when several
 * remain are they each tried without explaining, and the closest one runs
 * again to explain the failure. So checking an invalid value costs no more
 * than checking a valid one of the same size, plus one walk down to the first
 * problem. The checks decide every verdict of the exported validators; the
 * differential test holds them to ajv's.
 */
import type { Schema } from "./project.js";
import { ANNOTATIONS, constrains, discriminatorOf, FORMATS, objectOf, refName, unsupportedKeyword } from "./schema-walk.js";

/** The identifier of a definition's generated check. */
export const checkName = (name: string) => `c${name}`;

/** The test of a format in @mrtr/zod's formats.ts: `uri-template` → `isUriTemplate`. */
export const formatTestName = (format: string) => `is${format.split("-").map((w) => w[0]!.toUpperCase() + w.slice(1)).join("")}`;

export interface CheckEmitOptions {
  /** The definitions to emit checks for. */
  names: string[];
  /** The expression naming a check emitted elsewhere, or undefined. */
  external?: (name: string) => string | undefined;
}

export interface EmittedChecks {
  /**
   * By definition: its check, after the helpers it was the first to need.
   * Helpers alike but for their schema pointer are one helper, declared once:
   * a chunk may call one that another chunk declares.
   */
  chunks: Map<string, string>;
  /** Formats whose test the body calls (`formatTestName`, imported by the caller). */
  formats: Set<string>;
}

type Category = "object" | "array" | "string" | "number" | "boolean" | "null";
const CATEGORIES: readonly Category[] = ["object", "array", "string", "number", "boolean", "null"];

/** JSON Pointer token (RFC 6901). */
const token = (s: string) => s.replace(/~/g, "~0").replace(/\//g, "~1");
const lit = (v: unknown) => JSON.stringify(v);

/** A keyword test simple enough to write inline: true when `x` is valid. */
interface Inline {
  cond: (x: string) => string;
  keyword: string;
  param: unknown;
}


/** The type test an object node's statements start with (see `body`). */
const OBJECT_TEST = `if (!(isObj(v))) return no(e, v, "type", "object", s);`;
class CheckEmitter {
  private functions: string[] = [];
  private counter = 0;
  readonly formats = new Set<string>();
  constructor(
    private defs: Record<string, Schema>,
    private options: CheckEmitOptions,
  ) {}

  private fail(where: string, message: string): never {
    throw new Error(`check emitter, ${where}: ${message}`);
  }

  private ref(name: string, where: string): string {
    const ext = this.options.external?.(name);
    if (ext) return ext;
    if (!this.options.names.includes(name)) this.fail(where, `reference to ${name}, neither emitted here nor external`);
    return checkName(name);
  }

  /** The schema pointer of the function being emitted, innermost last. */
  private fnSp: string[] = [];

  /** An expression for schema pointer `sp`, relative to the function's own (`s`). */
  private sp(sp: string): string {
    const own = this.fnSp[this.fnSp.length - 1];
    if (sp === own) return "s";
    if (own !== undefined && sp.startsWith(`${own}/`)) return `s + ${lit(sp.slice(own.length))}`;
    return lit(sp);
  }

  /** `node` as an inline test, when it is one constant, one enum or bare scalar types. */
  private inline(node: Schema): Inline | undefined {
    const keys = Object.keys(node).filter((k) => !ANNOTATIONS.has(k));
    // A constant implies its type: `{ const, type }` is just the comparison.
    if (node.const !== undefined && keys.every((k) => k === "const" || k === "type")) {
      return { cond: (x) => `${x} === ${lit(node.const)}`, keyword: "const", param: node.const };
    }
    if (node.enum !== undefined && keys.every((k) => k === "enum" || k === "type")) {
      const values = node.enum as unknown[];
      return { cond: (x) => `(${values.map((e) => `${x} === ${lit(e)}`).join(" || ")})`, keyword: "enum", param: values };
    }
    if (keys.length === 1 && node.type !== undefined) {
      const types = (Array.isArray(node.type) ? node.type : [node.type]) as string[];
      if (types.every((t) => t !== "object" && t !== "array")) {
        return { cond: (x) => (types.length === 1 ? this.typeTest(types[0]!, x) : `(${types.map((t) => this.typeTest(t, x)).join(" || ")})`), keyword: "type", param: node.type };
      }
    }
    return undefined;
  }

  /**
   * A call of the check for a node, as a function of the value, depth and
   * explain expressions: its definition's check, or a helper.
   */
  private call(node: Schema, sp: string): (x: string, dx: string, e: string) => string {
    const keys = Object.keys(node).filter((k) => !ANNOTATIONS.has(k));
    if (node.$ref !== undefined && keys.length === 1) {
      const f = this.ref(refName(node.$ref), sp);
      return (x, dx, e) => `${f}(${x}, ${dx}, ${e})`;
    }
    // A helper takes its schema pointer from the caller (a literal: nothing is built per call),
    // so nodes alike but for where they stand share one helper.
    const { lines, readsPath } = this.body(node, sp);
    const params = `v: any, d: number, e: boolean${readsPath ? ", s: string" : ""}`;
    const f = this.declare("c", (name) => `function ${name}(${params}): Verdict {\n${lines.map((l) => `  ${l}`).join("\n")}\n}`);
    return (x, dx, e) => `${f}(${x}, ${dx}, ${e}${readsPath ? `, ${lit(sp)}` : ""})`;
  }

  /** Helpers declared so far, by their text with the name left out: each text is declared once. */
  private declared = new Map<string, string>();

  /** The name of the helper (function or constant) with this text, declaring it if it is new. */
  private declare(prefix: string, text: (name: string) => string): string {
    const key = text("\0");
    const known = this.declared.get(key);
    if (known !== undefined) return known;
    const name = `${prefix}${this.counter++}`;
    this.declared.set(key, name);
    this.functions.push(text(name));
    return name;
  }

  /** The statements of a check of `node` (schema pointer `sp`), and whether they read the pointer `s`. */
  private body(node: Schema, sp: string): { lines: string[]; readsPath: boolean } {
    this.fnSp.push(sp);
    const lines = this.statements(node, sp);
    this.fnSp.pop();
    if (lines.some((l) => l.includes("d + 1"))) {
      // An object node's type test joins the depth guard in one runtime call (objectAt): the same verdicts, in the same order.
      if (lines[0] === OBJECT_TEST) lines.splice(0, 1, "if ((r = objectAt(v, d, e, s)) !== undefined) return r;");
      else lines.unshift(`if (d > MAX_VALIDATION_DEPTH) return no(e, v, "depth", MAX_VALIDATION_DEPTH, s);`);
    }
    if (lines.some((l) => /\br = /.test(l))) lines.unshift("let r: Verdict;");
    return { lines, readsPath: lines.some((l) => /\bs\b(?=[,)])|\bs \+ "/.test(l)) };
  }

  /** A statement that returns the failure of `x` (the child at `seg` of `v`, depth `dx`) against `node`. */
  private child(node: Schema, sp: string, x: string, seg: string | undefined, dx: string): string | undefined {
    if (!constrains(node)) return undefined;
    const inline = this.inline(node);
    const wrap = (issue: string) => (seg === undefined ? issue : `at(${issue}, ${seg})`);
    if (inline) return `if (!(${inline.cond(x)})) return ${wrap(`no(e, ${x}, ${lit(inline.keyword)}, ${lit(inline.param)}, ${this.sp(sp)})`)};`;
    const f = this.call(node, sp);
    return `if ((r = ${f(x, dx, "e")}) !== undefined) return ${seg === undefined ? "r" : `at(r, ${seg})`};`;
  }

  private typeTest(type: string, x: string): string {
    switch (type) {
      case "object":
        return `isObj(${x})`;
      case "array":
        return `Array.isArray(${x})`;
      case "string":
        return `typeof ${x} === "string"`;
      case "boolean":
        return `typeof ${x} === "boolean"`;
      case "null":
        return `${x} === null`;
      case "number":
        return `(typeof ${x} === "number" && Number.isFinite(${x}))`;
      case "integer":
        return `(typeof ${x} === "number" && Number.isInteger(${x}))`;
      default:
        return this.fail(type, `unknown type ${type}`);
    }
  }

  /** Statements that return the failure of `v` against `node` (at schema pointer `sp`). */
  private statements(node: Schema, sp: string): string[] {
    const out: string[] = [];
    const unknown = unsupportedKeyword(node);
    if (unknown !== undefined) this.fail(sp, `unsupported JSON Schema keyword "${unknown}"`);
    const issue = (keyword: string, param: unknown) => `no(e, v, ${lit(keyword)}, ${lit(param)}, ${this.sp(sp)})`;
    const no = (cond: string, keyword: string, param: unknown) => out.push(`if (!(${cond})) return ${issue(keyword, param)};`);
    const push = (s: string | undefined) => s !== undefined && out.push(s);
    if (node.$ref !== undefined) push(this.child({ $ref: node.$ref }, sp, "v", undefined, "d"));
    const type = node.type;
    if (Array.isArray(type)) no(type.map((t) => this.typeTest(t as string, "v")).join(" || "), "type", type);
    else if (typeof type === "string") no(this.typeTest(type, "v"), "type", type);
    if (node.const !== undefined) no(`v === ${lit(node.const)}`, "const", node.const);
    if (node.enum !== undefined) no((node.enum as unknown[]).map((e) => `v === ${lit(e)}`).join(" || "), "enum", node.enum);
    // Keywords that apply only to one JSON type are guarded by it, as JSON Schema says.
    // Once the type is checked, keywords of that type need no guard.
    const known = typeof type === "string" ? type : undefined;
    const guard = (t: string, test: string, cond: string) => (known === t || (t === "number" && known === "integer") ? cond : `${test} || (${cond})`);
    const str = (cond: string, keyword: string, param: unknown) => no(guard("string", `typeof v !== "string"`, cond), keyword, param);
    if (node.format !== undefined) {
      if (!FORMATS.has(node.format as string)) this.fail(sp, `unsupported format "${String(node.format)}"`);
      this.formats.add(node.format as string);
      str(`${formatTestName(node.format as string)}(v)`, "format", node.format);
    }
    if (node.minLength !== undefined || node.maxLength !== undefined) {
      const min = (node.minLength ?? 0) as number;
      const max = node.maxLength as number | undefined;
      const within = "codePointsWithin";
      const which =
        max === undefined ? issue("minLength", min) : node.minLength === undefined ? issue("maxLength", max)
          : `${within}(v, ${min}, Infinity) ? no(e, v, "maxLength", ${max}, ${this.sp(sp)}) : no(e, v, "minLength", ${min}, ${this.sp(sp)})`;
      out.push(`if (!(${guard("string", `typeof v !== "string"`, `${within}(v, ${min}, ${max ?? "Infinity"})`)})) return ${which};`);
    }
    const num = (cond: string, keyword: string, param: unknown) => no(guard("number", `typeof v !== "number"`, cond), keyword, param);
    if (node.minimum !== undefined) num(`v >= ${node.minimum}`, "minimum", node.minimum);
    if (node.maximum !== undefined) num(`v <= ${node.maximum}`, "maximum", node.maximum);
    const arr = (cond: string, keyword: string, param: unknown) => no(guard("array", `!Array.isArray(v)`, cond), keyword, param);
    if (node.minItems !== undefined) arr(`v.length >= ${node.minItems}`, "minItems", node.minItems);
    if (node.maxItems !== undefined) arr(`v.length <= ${node.maxItems}`, "maxItems", node.maxItems);
    if (node.items !== undefined) {
      const item = this.child(node.items as Schema, `${sp}/items`, "v[i]", "i", "d + 1");
      if (item) out.push(`${known === "array" ? "" : "if (Array.isArray(v)) "}for (let i = 0; i < v.length; i++) ${item}`);
    }
    this.object(node, sp, known, out);
    if (node.allOf !== undefined) {
      for (const [i, s] of (node.allOf as Schema[]).entries()) push(this.child(s, `${sp}/allOf/${i}`, "v", undefined, "d"));
    }
    if (node.anyOf !== undefined) this.union(node.anyOf as Schema[], sp, out);
    return out;
  }

  private object(node: Schema, sp: string, known: string | undefined, out: string[]): void {
    const props = (node.properties ?? {}) as Record<string, Schema>;
    const required = (node.required ?? []) as string[];
    const additional = node.additionalProperties as Schema | boolean | undefined;
    if (!node.properties && !required.length && additional === undefined) return;
    if (additional === false) this.fail(sp, "additionalProperties: false is not used by this protocol");
    const lines: string[] = [];
    // Cheap checks first, so an invalid object is refused before its large parts are walked
    // (JSON Schema's verdict does not depend on order): every required key's presence, then
    // each property's value, lightest schema first.
    for (const r of required) lines.push(`if (!hasOwn(v, ${lit(r)})) return missing(e, ${lit(r)}, ${this.sp(sp)});`);
    const values: Array<{ line: string; weight: number }> = [];
    for (const [name, sub] of Object.entries(props)) {
      const k = lit(name);
      const inline = token(name) === name && constrains(sub) ? this.inline(sub) : undefined;
      // A one-test property fails through noAt: the key once, the pointer built by the runtime on failure.
      const check = inline
        ? `if (!(${inline.cond(`v[${k}]`)})) return noAt(e, v, ${k}, ${lit(inline.keyword)}, ${lit(inline.param)}, ${this.sp(sp)});`
        : this.child(sub, `${sp}/properties/${token(name)}`, `v[${k}]`, k, "d + 1");
      if (check) values.push({ line: required.includes(name) ? check : `if (hasOwn(v, ${k})) ${check}`, weight: this.weight(sub) });
    }
    lines.push(...values.sort((a, b) => a.weight - b.weight).map((x) => x.line));
    if (additional !== undefined && additional !== true && constrains(additional)) {
      const check = this.child(additional, `${sp}/additionalProperties`, "v[k]", "k", "d + 1")!;
      let skip = "";
      if (Object.keys(props).length) {
        const set = this.declare("K", (name) => `const ${name} = new Set(${lit(Object.keys(props))});`);
        skip = `if (${set}.has(k)) continue; `;
      }
      // Object.keys lists an own "__proto__" key, and v[k] reads the own value, as JSON Schema sees it.
      lines.push(`for (const k of Object.keys(v)) { ${skip}${check} }`);
    }
    if (known === "object") out.push(...lines);
    else if (lines.length) out.push(`if (isObj(v)) {`, ...lines.map((l) => `  ${l}`), "}");
  }

  private weights = new Map<string, number>();

  /** A rough static cost of checking a value against `node`: loops count many times, cycles most. */
  private weight(node: Schema, seen: Set<string> = new Set()): number {
    const cap = (n: number) => Math.min(n, 1e9);
    let w = 1;
    if (node.$ref !== undefined) {
      const name = refName(node.$ref);
      if (seen.has(name)) return 1e9;
      let target = this.weights.get(name);
      if (target === undefined) {
        target = this.defs[name] ? this.weight(this.defs[name]!, new Set([...seen, name])) : 1;
        if (seen.size === 0) this.weights.set(name, target);
      }
      w += target;
    }
    if (node.format !== undefined) w += 4;
    for (const sub of Object.values((node.properties ?? {}) as Record<string, Schema>)) w += this.weight(sub, seen);
    if (node.items !== undefined) w += 100 * this.weight(node.items as Schema, seen);
    const additional = node.additionalProperties;
    if (additional !== undefined && typeof additional === "object" && constrains(additional as Schema)) w += 100 * this.weight(additional as Schema, seen);
    for (const key of ["anyOf", "allOf"] as const) for (const m of (node[key] ?? []) as Schema[]) w += this.weight(m, seen);
    return cap(w);
  }

  /** The JSON types a node can accept (following references). */
  private admits(node: Schema, seen: Set<string> = new Set()): Set<Category> {
    let out = new Set<Category>(CATEGORIES);
    const meet = (other: Iterable<Category>) => {
      const keep = new Set(other);
      out = new Set([...out].filter((c) => keep.has(c)));
    };
    const of = (value: unknown): Category =>
      value === null ? "null" : Array.isArray(value) ? "array" : typeof value === "object" ? "object" : (typeof value as Category);
    if (node.$ref !== undefined) {
      const name = refName(node.$ref);
      const target = this.defs[name];
      if (target && !seen.has(name)) meet(this.admits(target, new Set([...seen, name])));
    }
    if (node.type !== undefined) meet(((Array.isArray(node.type) ? node.type : [node.type]) as string[]).map((t) => (t === "integer" ? "number" : (t as Category))));
    if (node.const !== undefined) meet([of(node.const)]);
    if (node.enum !== undefined) meet((node.enum as unknown[]).map(of));
    if (node.allOf !== undefined) for (const m of node.allOf as Schema[]) meet(this.admits(m, seen));
    if (node.anyOf !== undefined) {
      const members = node.anyOf as Schema[];
      if (!members.every((m) => Object.keys(m).every((k) => k === "required" || ANNOTATIONS.has(k)))) {
        meet(new Set(members.flatMap((m) => [...this.admits(m, seen)])));
      }
    }
    return out;
  }

  private categoryTest(c: Category): string {
    return c === "object" ? `isObj(v)` : c === "array" ? "Array.isArray(v)" : c === "null" ? "v === null" : `typeof v === "${c}"`;
  }

  /** `anyOf`: dispatch on the JSON type, then on a discriminating constant, then try each member. */
  private union(members: Schema[], sp: string, out: string[]): void {
    const bare = members.map((m) => Object.keys(m).every((k) => k === "required" || ANNOTATIONS.has(k)));
    if (bare.some(Boolean)) {
      if (!bare.every(Boolean)) this.fail(sp, "anyOf mixing bare `required` lists with schemas is not used by this protocol");
      // "at least one of these key sets": a check on the object itself.
      const sets = members.map((m) => m.required as string[]);
      const cond = sets.map((s) => `(${s.map((r) => `hasOwn(v, ${lit(r)})`).join(" && ")})`).join(" || ");
      out.push(`if (isObj(v) && !(${cond})) return no(e, v, "anyOf", ${lit(sets)}, ${this.sp(sp)});`);
      return;
    }
    const admits = members.map((m) => this.admits(m));
    const groups = new Map<string, { cats: Category[]; idx: number[] }>();
    for (const c of CATEGORIES) {
      const idx = members.map((_, i) => i).filter((i) => admits[i]!.has(c));
      if (idx.length === 0) continue;
      const key = idx.join(",");
      const group = groups.get(key) ?? { cats: [], idx };
      group.cats.push(c);
      groups.set(key, group);
    }
    const allowed = CATEGORIES.filter((c) => admits.some((a) => a.has(c)));
    const branches = [...groups.values()].map((g) => ({ cats: g.cats, body: this.unionGroup(members, g.idx, g.cats, sp) }));
    if (branches.length === 1 && allowed.length === CATEGORIES.length) {
      out.push(...branches[0]!.body);
      return;
    }
    branches.forEach((b, n) => {
      out.push(`${n === 0 ? "" : "} else "}if (${b.cats.map((c) => this.categoryTest(c)).join(" || ")}) {`, ...b.body.map((l) => `  ${l}`));
    });
    out.push("} else {", `  return no(e, v, "type", ${lit(allowed)}, ${this.sp(sp)});`, "}");
  }

  /** Statements checking `v` against the union members `idx`, all of which admit its JSON type. */
  private unionGroup(members: Schema[], idx: number[], cats: Category[], sp: string): string[] {
    const memberSp = (i: number) => `${sp}/anyOf/${i}`;
    if (idx.length === 1) {
      const s = this.child(members[idx[0]!]!, memberSp(idx[0]!), "v", undefined, "d");
      return s === undefined ? [] : [s];
    }
    const inlines = idx.map((i) => this.inline(members[i]!));
    if (inlines.every((x) => x && (x.keyword === "const" || x.keyword === "enum"))) {
      const values = inlines.flatMap((x) => (x!.keyword === "const" ? [x!.param] : (x!.param as unknown[])));
      return [`if (!(${inlines.map((x) => x!.cond("v")).join(" || ")})) return no(e, v, "enum", ${lit(values)}, ${this.sp(sp)});`];
    }
    const disc = cats.length === 1 && cats[0] === "object" ? discriminatorOf(this.defs, idx.map((i) => members[i]!)) : undefined;
    if (disc) {
      const k = lit(disc.key);
      const cases = idx.map((i, n) => {
        const s = this.child(members[i]!, memberSp(i), "v", undefined, "d");
        return `  case ${lit(disc.values[n])}:${s === undefined ? "" : ` ${s}`} break;`;
      });
      const wrong = `hasOwn(v, ${k}) ? at(no(e, v[${k}], "discriminator", ${lit(disc.values)}, ${this.sp(sp)}), ${k}) : missing(e, ${k}, ${this.sp(sp)})`;
      return [`switch (hasOwn(v, ${k}) ? v[${k}] : undefined) {`, ...cases, `  default: return ${wrong};`, "}"];
    }
    const tries = idx.map((i) => {
      const node = members[i]!;
      const inline = this.inline(node);
      if (inline) return { fails: `!(${inline.cond("v")})`, explain: `no(true, v, ${lit(inline.keyword)}, ${lit(inline.param)}, ${this.sp(memberSp(i))})` };
      const f = this.call(node, memberSp(i));
      return { fails: `${f("v", "d", "false")} !== undefined`, explain: f("v", "d", "true") };
    });
    const lines = [`if (${tries.map((t) => t.fails).join(" && ")}) {`, `  if (!e) return FAILED;`];
    if (cats.length === 1 && cats[0] === "object") {
      const spec = idx.map((i) => {
        const o = objectOf(this.defs, members[i]!);
        const req = (o?.required ?? []) as string[];
        const props = (o?.properties ?? {}) as Record<string, Schema>;
        const consts = Object.entries(props).filter(([, p]) => p.const !== undefined).map(([k, p]) => [k, p.const]);
        return [req, consts];
      });
      const set = this.declare("S", (name) => `const ${name} = ${lit(spec)} as const;`);
      lines.push(`  switch (closest(v, ${set})) {`, ...tries.slice(1).map((t, n) => `    case ${n + 1}: return ${t.explain};`), `    default: return ${tries[0]!.explain};`, "  }");
    } else {
      lines.push(`  return ${tries[0]!.explain};`);
    }
    lines.push("}");
    return lines;
  }

  emitAll(): EmittedChecks {
    const chunks = new Map<string, string>();
    for (const name of this.options.names) {
      const { lines, readsPath } = this.body(this.defs[name]!, token(name));
      if (readsPath) lines.unshift(`const s = ${lit(token(name))};`);
      const doc = `/** The check of \`${name}\`: undefined when \`v\` is valid, else \`FAILED\`, or with \`e\` the first issue; \`d\` is the depth reached (start at 0). */`;
      const main = `${doc}\nexport function ${checkName(name)}(v: any, d: number, e: boolean): Verdict {\n${lines.map((l) => `  ${l}`).join("\n")}\n}`;
      chunks.set(name, [...this.functions, main].join("\n\n"));
      this.functions = [];
    }
    return { chunks, formats: this.formats };
  }
}

export function emitChecks(schema: Schema, options: CheckEmitOptions): EmittedChecks {
  return new CheckEmitter(schema.$defs as Record<string, Schema>, options).emitAll();
}
