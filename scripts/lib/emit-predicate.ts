/**
 * Emits a plain JavaScript predicate per definition: straight-line checks of
 * the same JSON Schema keywords the zod emitter maps, with no allocation on
 * valid data. Each exported validator runs its predicate first and returns
 * the input itself when it holds; only when it does not does the full zod
 * schema run, to decide and to report issues. The predicate therefore only
 * has to be sound (never accept what the schema rejects); the differential
 * test holds it to that, since every accepted input goes through it.
 */
import type { Schema } from "./project.js";
import { ANNOTATIONS, constrains, FORMATS, refName, unsupportedKeyword } from "./schema-walk.js";


export const predicateName = (name: string) => `is${name}`;

export interface PredicateEmitOptions {
  /** The definitions to emit predicates for. */
  names: string[];
  /** The identifier of a predicate emitted elsewhere, or undefined. */
  external?: (name: string) => string | undefined;
}

export interface EmittedPredicates {
  body: string;
  /** Formats whose test the body uses (declared by the caller as `F_<name>`). */
  formats: Set<string>;
  /** Runtime helpers the body calls. */
  helpers: Set<string>;
}

class PredicateEmitter {
  private helpers: string[] = [];
  private counter = 0;
  readonly formats = new Set<string>();
  readonly used = new Set<string>(["hasOwn"]);
  constructor(
    private defs: Record<string, Schema>,
    private options: PredicateEmitOptions,
  ) {}

  private fail(where: string, message: string): never {
    throw new Error(`predicate emitter, ${where}: ${message}`);
  }

  /** A function checking `node`; returns its name. */
  private fn(node: Schema, where: string): string {
    const name = `p${this.counter++}`;
    const body = this.statements(node, where);
    this.helpers.push(`function ${name}(v) {\n${body}\n  return true;\n}`);
    return name;
  }

  /** An expression checking `v` against `node` (calls a helper when it needs statements). */
  private expr(node: Schema, where: string, v = "v"): string {
    const keys = Object.keys(node).filter((k) => !ANNOTATIONS.has(k));
    if (keys.length === 0) return "true";
    if (node.$ref !== undefined && keys.length === 1) {
      const target = refName(node.$ref);
      const ext = this.options.external?.(target);
      if (ext) return `${ext}(${v})`;
      if (!this.options.names.includes(target)) this.fail(where, `reference to ${target}, neither emitted here nor external`);
      return `${predicateName(target)}(${v})`;
    }
    // A constant implies its type: `{ const, type }` is just the comparison.
    if (node.const !== undefined && keys.every((k) => k === "const" || k === "type")) return `${v} === ${JSON.stringify(node.const)}`;
    if (node.enum !== undefined && keys.every((k) => k === "enum" || k === "type")) {
      return `(${(node.enum as unknown[]).map((e) => `${v} === ${JSON.stringify(e)}`).join(" || ")})`;
    }
    if (keys.length === 1 && typeof node.type === "string" && ["string", "boolean", "null", "number", "integer"].includes(node.type)) {
      return this.scalar(node.type, v);
    }
    return `${this.fn(node, where)}(${v})`;
  }

  private scalar(type: string, v: string): string {
    switch (type) {
      case "string":
        return `typeof ${v} === "string"`;
      case "boolean":
        return `typeof ${v} === "boolean"`;
      case "null":
        return `${v} === null`;
      case "number":
        return `(typeof ${v} === "number" && Number.isFinite(${v}))`;
      case "integer":
        return `(typeof ${v} === "number" && Number.isInteger(${v}))`;
      default:
        return this.fail(type, `unknown type ${type}`);
    }
  }

  /** Statements that `return false` when `v` breaks a keyword of `node`. */
  private statements(node: Schema, where: string): string {
    const out: string[] = [];
    const no = (cond: string) => out.push(`  if (!(${cond})) return false;`);
    const unknown = unsupportedKeyword(node);
    if (unknown !== undefined) this.fail(where, `unsupported JSON Schema keyword "${unknown}"`);
    if (node.$ref !== undefined) no(this.expr({ $ref: node.$ref }, where));
    const type = node.type;
    if (Array.isArray(type)) no(type.map((t) => this.typeTest(t as string)).join(" || "));
    else if (typeof type === "string") no(this.typeTest(type));
    if (node.const !== undefined) no(`v === ${JSON.stringify(node.const)}`);
    if (node.enum !== undefined) no((node.enum as unknown[]).map((e) => `v === ${JSON.stringify(e)}`).join(" || "));
    // Keywords that apply only to one JSON type are guarded by it, as JSON Schema says.
    // Once the type is checked, keywords of that type need no guard.
    const known = typeof type === "string" ? type : undefined;
    const str = (cond: string) => no(known === "string" ? cond : `typeof v !== "string" || (${cond})`);
    if (node.format !== undefined) {
      if (!FORMATS.has(node.format as string)) this.fail(where, `unsupported format "${String(node.format)}"`);
      this.formats.add(node.format as string);
      str(`F_${(node.format as string).replace(/-/g, "_")}(v)`);
    }
    if (node.minLength !== undefined || node.maxLength !== undefined) {
      this.used.add("codePointsWithin");
      str(`codePointsWithin(v, ${node.minLength ?? 0}, ${node.maxLength ?? "Infinity"})`);
    }
    const num = (cond: string) => no(known === "number" || known === "integer" ? cond : `typeof v !== "number" || (${cond})`);
    if (node.minimum !== undefined) num(`v >= ${node.minimum}`);
    if (node.maximum !== undefined) num(`v <= ${node.maximum}`);
    const arr = (cond: string) => no(known === "array" ? cond : `!Array.isArray(v) || (${cond})`);
    if (node.minItems !== undefined) arr(`v.length >= ${node.minItems}`);
    if (node.maxItems !== undefined) arr(`v.length <= ${node.maxItems}`);
    if (node.items !== undefined) {
      const item = this.expr(node.items as Schema, `${where}/items`, "v[i]");
      out.push(`  ${known === "array" ? "" : "if (Array.isArray(v)) "}for (let i = 0; i < v.length; i++) if (!(${item})) return false;`);
    }
    const isObj = `v !== null && typeof v === "object" && !Array.isArray(v)`;
    const props = node.properties as Record<string, Schema> | undefined;
    const required = (node.required ?? []) as string[];
    const additional = node.additionalProperties as Schema | boolean | undefined;
    if (props || required.length || additional !== undefined) {
      const objectKnown = known === "object";
      const ind = objectKnown ? "  " : "    ";
      if (!objectKnown) out.push(`  if (${isObj}) {`);
      for (const r of required) {
        const sub = (props ?? {})[r];
        const check = sub ? this.expr(sub, `${where}/properties/${r}`, `v[${JSON.stringify(r)}]`) : "true";
        out.push(`${ind}if (!hasOwn(v, ${JSON.stringify(r)})${check === "true" ? "" : ` || !(${check})`}) return false;`);
      }
      for (const [name, sub] of Object.entries(props ?? {})) {
        if (required.includes(name)) continue;
        const k = JSON.stringify(name);
        const check = this.expr(sub, `${where}/properties/${name}`, `v[${k}]`);
        if (check !== "true") out.push(`${ind}if (hasOwn(v, ${k}) && !(${check})) return false;`);
      }
      const typed = additional !== undefined && additional !== true && constrains(additional as Schema);
      if (additional === false) this.fail(where, "additionalProperties: false is not used by this protocol");
      if (typed) {
        const check = this.expr(additional as Schema, `${where}/additionalProperties`, "v[k]");
        let skip = "";
        if (Object.keys(props ?? {}).length) {
          const set = `K${this.counter++}`;
          this.helpers.push(`const ${set} = new Set(${JSON.stringify(Object.keys(props ?? {}))});`);
          skip = `${set}.has(k) || `;
        }
        // Object.keys lists an own "__proto__" key, and v[k] reads the own value, as JSON Schema sees it.
        out.push(`${ind}for (const k of Object.keys(v)) if (!(${skip}${check})) return false;`);
      }
      if (!objectKnown) out.push("  }");
    }
    if (node.allOf !== undefined) for (const [i, s] of (node.allOf as Schema[]).entries()) no(this.expr(s, `${where}/allOf/${i}`));
    if (node.anyOf !== undefined) {
      const members = (node.anyOf as Schema[]).map((s, i) => {
        const bare = Object.keys(s).every((k) => k === "required" || ANNOTATIONS.has(k));
        if (bare) return `!(${isObj}) || (${(s.required as string[]).map((r) => `hasOwn(v, ${JSON.stringify(r)})`).join(" && ")})`;
        return this.expr(s, `${where}/anyOf/${i}`);
      });
      no(members.map((m) => `(${m})`).join(" || "));
    }
    return out.join("\n");
  }

  private typeTest(type: string): string {
    switch (type) {
      case "object":
        return `(v !== null && typeof v === "object" && !Array.isArray(v))`;
      case "array":
        return "Array.isArray(v)";
      default:
        return this.scalar(type, "v");
    }
  }

  emitAll(): EmittedPredicates {
    const mains: string[] = [];
    for (const name of this.options.names) {
      const body = this.statements(this.defs[name]!, name);
      mains.push(`/** Whether a value is a valid \`${name}\` (sound: never true for an invalid one). */\nexport function ${predicateName(name)}(v: any): boolean {\n${body}\n  return true;\n}`);
    }
    const helpers = this.helpers.map((h) => h.replace(/^function (p\d+)\(v\)/, "function $1(v: any): boolean"));
    if (this.formats.size > 0) this.used.add("formatTest");
    return { body: [...helpers, ...mains].join("\n\n"), formats: this.formats, helpers: this.used };
  }
}

export function emitPredicates(schema: Schema, options: PredicateEmitOptions): EmittedPredicates {
  return new PredicateEmitter(schema.$defs as Record<string, Schema>, options).emitAll();
}
