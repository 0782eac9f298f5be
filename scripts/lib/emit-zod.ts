/**
 * Emits zod 4 validators from a projection of the JSON Schema, exactly as
 * strict as the schema: the same verdict as ajv on every input, and valid data
 * comes back unchanged (objects are loose: unknown keys are kept, nothing is
 * stripped or coerced). Each keyword typescript-json-schema emits has one
 * mapping below; any other keyword fails generation, naming it and the type.
 */
import type { Schema } from "./project.js";
import { ANNOTATIONS, constrains, discriminatorOf, FORMATS, refName, refsOf, unsupportedKeyword } from "./schema-walk.js";
import { checkName } from "./emit-predicate.js";

export interface ZodEmitOptions {
  /** The definitions to emit, in any order; references to others go through `external`. */
  names: string[];
  /** How to name a definition emitted elsewhere: its validator's identifier (imported by the caller). */
  external?: (name: string) => string | undefined;
  /** How to write the TypeScript type a validator is checked against. */
  typeOf: (name: string) => string;
  /** How to refer to a definition's generated check (default: its bare name). */
  checkRef?: (name: string) => string;
  /** Which zod to write for: `zod` (classic, the default) or `zod/mini`. */
  flavour?: ZodFlavour;
}

export type ZodFlavour = "classic" | "mini";

/**
 * What differs between the flavours: classic zod chains methods, zod/mini
 * passes schemas and checks to functions. Everything else is written alike.
 */
interface Syntax {
  /** The schema type a validator is declared with. */
  type: string;
  optional(schema: string): string;
  catchall(object: string, value: string): string;
  /** `schema` with the checks added (none: unchanged); `bounds` are [zod/mini check, classic method] pairs. */
  checked(schema: string, checks: string[], bounds: Array<[string, string]>): string;
}

const SYNTAX: Record<ZodFlavour, Syntax> = {
  classic: {
    type: "z.ZodType",
    optional: (schema) => pure(`${schema}.optional()`),
    catchall: (object, value) => pure(`${object}.catchall(${value})`),
    checked: (schema, checks, bounds) => `${schema}${checks.length ? `.check(${checks.join(", ")})` : ""}${bounds.map(([, method]) => `.${method}`).join("")}`,
  },
  mini: {
    type: "z.ZodMiniType",
    optional: (schema) => pure(`z.optional(${schema})`),
    catchall: (object, value) => pure(`z.catchall(${object}, ${value})`),
    checked: (schema, checks, bounds) => {
      const all = [...checks, ...bounds.map(([check]) => pure(`z.${check}`))];
      return all.length ? `${schema}.check(${all.join(", ")})` : schema;
    },
  },
};

export interface EmittedZod {
  /** Declarations, dependencies first. */
  body: string;
  /** Definitions emitted, in output order. */
  order: string[];
  /** Helpers from ./zod-runtime.js the body uses. */
  helpers: Set<string>;
}

export const validatorName = (name: string) => `${name}Schema`;

/**
 * Marks a call as free of side effects. Every call in a validator carries it,
 * so that a bundler drops the validators an app does not import (a bundler
 * keeps any call it cannot prove pure, and the arguments of a pure one).
 */
const PURE = "/*#__PURE__*/ ";
const pure = (call: string) => (call.startsWith(PURE) ? call : `${PURE}${call}`);
/** The plain zod schema behind a validator (no fast path), used for composition. */
export const rawName = (name: string) => `${name}Zod`;

class Emitter {
  helpers = new Set<string>();
  private emitted = new Set<string>();
  private syntax: Syntax;
  constructor(
    private defs: Record<string, Schema>,
    private options: ZodEmitOptions,
  ) {
    this.syntax = SYNTAX[options.flavour ?? "classic"];
  }

  /** Dependencies first; a reference back into a cycle becomes lazy. */
  order(): string[] {
    const order: string[] = [];
    const state = new Map<string, "visiting" | "done">();
    const own = new Set(this.options.names);
    const visit = (name: string) => {
      if (state.has(name) || !own.has(name)) return;
      state.set(name, "visiting");
      for (const dep of refsOf(this.defs[name])) visit(dep);
      state.set(name, "done");
      order.push(name);
    };
    [...this.options.names].sort().forEach(visit);
    return order;
  }

  private ref(name: string, where: string): string {
    const external = this.options.external?.(name);
    if (external) return external;
    if (!(name in this.defs) || !this.options.names.includes(name)) {
      throw new Error(`${where}: reference to ${name}, which is neither emitted here nor external`);
    }
    return this.emitted.has(name) ? rawName(name) : pure(`z.lazy(() => ${rawName(name)})`);
  }

  private fail(where: string, message: string): never {
    throw new Error(`zod emitter, ${where}: ${message}`);
  }

  /** The zod expression for one schema node. */
  expr(node: Schema, where: string): string {
    if (typeof node !== "object" || node === null || Array.isArray(node)) this.fail(where, "a schema must be an object");
    const unknown = unsupportedKeyword(node);
    if (unknown !== undefined) this.fail(where, `unsupported JSON Schema keyword "${unknown}"`);
    const keys = Object.keys(node).filter((k) => !ANNOTATIONS.has(k));
    if (keys.length === 0) return pure("z.unknown()");
    if (node.$ref !== undefined) {
      if (keys.length > 1) this.fail(where, "$ref beside other keywords");
      return this.ref(refName(node.$ref as string), where);
    }
    if (node.allOf !== undefined) {
      const rest = this.without(node, "allOf");
      const parts = (node.allOf as Schema[]).map((s, i) => this.expr(s, `${where}/allOf/${i}`));
      if (constrains(rest)) parts.unshift(this.expr(rest, where));
      return parts.reduce((a, b) => pure(`z.intersection(${a}, ${b})`));
    }
    if (node.anyOf !== undefined) {
      const rest = this.without(node, "anyOf");
      const bareRequired = (node.anyOf as Schema[]).every((m) => Object.keys(m).every((k) => k === "required" || ANNOTATIONS.has(k)));
      if (bareRequired && rest.type === "object") {
        // "at least one of these key sets": a check on the object itself.
        this.helpers.add("hasAnyKeySet");
        const sets = (node.anyOf as Schema[]).map((m) => m.required as string[]);
        return pure(`${this.expr(rest, where)}.check(${pure(`hasAnyKeySet(${JSON.stringify(sets)})`)})`);
      }
      // Verdict and output do not depend on member order (no member transforms its input), so
      // cheap scalar members go first: most union inputs in this protocol are JSON scalars.
      const flat = (node.anyOf as Schema[]).flatMap((m) =>
        Array.isArray(m.type) && Object.keys(m).every((k) => k === "type" || ANNOTATIONS.has(k)) ? (m.type as string[]).map((t) => ({ type: t })) : [m],
      );
      const cost = (m: Schema) => (typeof m.type === "string" && m.type !== "object" && m.type !== "array" ? 0 : m.type === "array" ? 1 : 2);
      const ordered = flat.map((m, i) => ({ m, i })).sort((a, b) => cost(a.m) - cost(b.m) || a.i - b.i).map((x) => x.m);
      const members = ordered.map((s, i) => this.expr(s, `${where}/anyOf/${i}`));
      const key = members.length > 1 && !members.some((m) => m.startsWith(pure("z.lazy("))) ? discriminatorOf(this.defs, ordered)?.key : undefined;
      if (key) this.helpers.add("discriminated");
      const union =
        members.length === 1 ? members[0]! : key ? pure(`discriminated(${JSON.stringify(key)}, [${members.join(", ")}])`) : pure(`z.union([${members.join(", ")}])`);
      if (constrains(rest)) return pure(`z.intersection(${this.expr(rest, where)}, ${union})`);
      return union;
    }
    if (node.const !== undefined) return this.literal(node.const, where);
    if (node.enum !== undefined) {
      const values = node.enum as unknown[];
      if (values.every((v) => typeof v === "string")) return pure(`z.enum(${JSON.stringify(values)})`);
      return pure(`z.union([${values.map((v) => this.literal(v, where)).join(", ")}])`);
    }
    const type = node.type;
    if (Array.isArray(type)) {
      return pure(`z.union([${type.map((t) => this.typed({ ...node, type: t }, where)).join(", ")}])`);
    }
    if (typeof type === "string") return this.typed(node, where);
    return this.fail(where, `cannot map ${JSON.stringify(node)}`);
  }

  private without(node: Schema, key: string): Schema {
    const { [key]: _drop, ...rest } = node;
    return rest;
  }

  private literal(value: unknown, where: string): string {
    if (typeof value === "string" || typeof value === "number" || typeof value === "boolean") return pure(`z.literal(${JSON.stringify(value)})`);
    if (value === null) return pure("z.null()");
    return this.fail(where, `unsupported constant ${JSON.stringify(value)}`);
  }

  private typed(node: Schema, where: string): string {
    switch (node.type) {
      case "string":
        return this.string(node, where);
      case "number":
      case "integer":
        return this.number(node);
      case "boolean":
        return pure("z.boolean()");
      case "null":
        return pure("z.null()");
      case "array":
        return this.array(node, where);
      case "object":
        return this.object(node, where);
      default:
        return this.fail(where, `unknown type ${JSON.stringify(node.type)}`);
    }
  }

  private string(node: Schema, where: string): string {
    const checks: string[] = [];
    if (node.format !== undefined) {
      if (!FORMATS.has(node.format as string)) this.fail(where, `unsupported format "${String(node.format)}"`);
      this.helpers.add("format");
      checks.push(pure(`format(${JSON.stringify(node.format)})`));
    }
    // JSON Schema counts code points, zod counts UTF-16 units: measure as ajv does.
    if (node.minLength !== undefined || node.maxLength !== undefined) {
      this.helpers.add("codePointLength");
      checks.push(pure(`codePointLength(${node.minLength ?? 0}, ${node.maxLength ?? "Infinity"})`));
    }
    return this.syntax.checked(pure("z.string()"), checks, []);
  }

  private number(node: Schema): string {
    const checks: string[] = [];
    if (node.type === "integer") {
      // Any integral number, as ajv: zod's int() stops at the safe-integer range.
      this.helpers.add("integral");
      checks.push("integral");
    }
    const bounds: Array<[string, string]> = [];
    if (node.minimum !== undefined) bounds.push([`gte(${node.minimum})`, `gte(${node.minimum})`]);
    if (node.maximum !== undefined) bounds.push([`lte(${node.maximum})`, `lte(${node.maximum})`]);
    return this.syntax.checked(pure("z.number()"), checks, bounds);
  }

  private array(node: Schema, where: string): string {
    const items = node.items === undefined ? pure("z.unknown()") : this.expr(node.items as Schema, `${where}/items`);
    const bounds: Array<[string, string]> = [];
    if (node.minItems !== undefined) bounds.push([`minLength(${node.minItems})`, `min(${node.minItems})`]);
    if (node.maxItems !== undefined) bounds.push([`maxLength(${node.maxItems})`, `max(${node.maxItems})`]);
    return this.syntax.checked(pure(`z.array(${items})`), [], bounds);
  }

  private object(node: Schema, where: string): string {
    const properties = (node.properties ?? {}) as Record<string, Schema>;
    const required = new Set((node.required ?? []) as string[]);
    for (const r of required) if (!(r in properties)) this.fail(where, `required "${r}" has no property schema`);
    const additional = node.additionalProperties;
    const typedAdditional =
      additional !== undefined && additional !== true && constrains(additional as Schema);
    if (additional === false) this.fail(where, "additionalProperties: false is not used by this protocol");
    const names = Object.keys(properties);
    if (typedAdditional) this.helpers.add("protoGuard");
    if (names.length === 0 && typedAdditional) {
      const value = this.expr(additional as Schema, `${where}/additionalProperties`);
      return pure(`protoGuard(${value}, ${pure(`z.record(${pure("z.string()")}, ${value})`)})`);
    }
    const fields = names.map((name) => {
      const value = this.expr(properties[name]!, `${where}/properties/${name}`);
      return `${JSON.stringify(name)}: ${required.has(name) ? value : this.syntax.optional(value)}`;
    });
    const shape = pure(`z.looseObject({${fields.length ? ` ${fields.join(", ")} ` : ""}})`);
    if (!typedAdditional) return shape;
    const value = this.expr(additional as Schema, `${where}/additionalProperties`);
    return pure(`protoGuard(${value}, ${this.syntax.catchall(shape, value)})`);
  }

  /** Definitions that reach themselves through references (their schemas need a declared type). */
  private cyclic(): Set<string> {
    const own = new Set(this.options.names);
    const out = new Set<string>();
    for (const start of own) {
      const seen = new Set<string>();
      const stack = refsOf(this.defs[start]).filter((r) => own.has(r));
      while (stack.length) {
        const name = stack.pop()!;
        if (name === start) {
          out.add(start);
          break;
        }
        if (seen.has(name)) continue;
        seen.add(name);
        stack.push(...refsOf(this.defs[name]).filter((r) => own.has(r)));
      }
    }
    return out;
  }

  emitAll(): EmittedZod {
    const order = this.order();
    const cyclic = this.cyclic();
    const out: string[] = [];
    for (const name of order) {
      const def = this.defs[name]!;
      const expr = this.expr(def, name);
      this.emitted.add(name);
      const doc = typeof def.description === "string" ? def.description.split("\n")[0] : undefined;
      const comment = `/** Validates \`${name}\`${doc ? `: ${doc.replace(/\*\//g, "*\\/")}` : "."} */`;
      const type = this.options.typeOf(name);
      // The concrete zod type (a z.ZodObject keeps .shape and .extend()), checked against the
      // protocol type so a schema change that breaks it fails compilation. A definition on a
      // reference cycle is declared instead: TypeScript cannot infer a self-referring type.
      const zodType = this.syntax.type;
      out.push(cyclic.has(name) ? `const ${rawName(name)}: ${zodType}<${type}> = ${expr};` : `const ${rawName(name)} = ${expr} satisfies ${zodType}<${type}>;`);
      this.helpers.add("fastPath");
      out.push(`${comment}\nexport const ${validatorName(name)}: ${zodType}<${type}> = ${pure(`fastPath(${(this.options.checkRef ?? checkName)(name)})`)};`);
    }
    return { body: out.join("\n\n"), order, helpers: this.helpers };
  }
}

export function emitZod(schema: Schema, options: ZodEmitOptions): EmittedZod {
  return new Emitter(schema.$defs as Record<string, Schema>, options).emitAll();
}
