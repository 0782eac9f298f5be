/**
 * The checks generated validators share, each matching ajv's semantics of
 * the JSON Schema keyword it implements.
 */
import * as z from "zod";
import { fullFormats } from "ajv-formats/dist/formats.js";

/** The string formats the protocol's schema uses. */
export type FormatName = "uri" | "uri-template" | "email" | "date" | "date-time" | "byte";

/**
 * The test ajv-formats runs for a format ("full" mode), as a plain predicate,
 * so every part of this project agrees with ajv about what a `uri` or a
 * `date-time` is.
 */
export function formatTest(name: FormatName): (value: string) => boolean {
  const def = fullFormats[name] as unknown;
  if (def instanceof RegExp) return (value) => def.test(value);
  if (typeof def === "function") return def as (value: string) => boolean;
  if (def && typeof def === "object" && "validate" in def) {
    const validate = (def as { validate: unknown }).validate;
    if (validate instanceof RegExp) return (value) => validate.test(value);
    if (typeof validate === "function") return validate as (value: string) => boolean;
  }
  throw new Error(`no format function for ${name}`);
}

/** `format`: the same function ajv-formats runs for that format. */
export function format(name: FormatName) {
  const test = formatTest(name);
  return z.refine<string>((value) => test(value), { message: `Invalid ${name}` });
}

/** `type: "integer"`: any integral number, beyond the safe-integer range too, as ajv. */
export const integral = z.refine<number>((value) => Number.isInteger(value), { message: "Expected an integer" });

/**
 * Length of a string in code points, the unit JSON Schema's `minLength` /
 * `maxLength` count (a surrogate pair counts once, a lone surrogate once).
 * The one count used by the validators, the server's form checks and the
 * client's form-answer checks.
 */
export function codePoints(value: string): number {
  let length = 0;
  for (let i = 0; i < value.length; i++) {
    length++;
    const c = value.charCodeAt(i);
    if (c >= 0xd800 && c <= 0xdbff && i + 1 < value.length) {
      const next = value.charCodeAt(i + 1);
      if (next >= 0xdc00 && next <= 0xdfff) i++;
    }
  }
  return length;
}

/** `minLength` / `maxLength` counted in code points. */
export function codePointLength(min: number, max: number) {
  return z.refine<string>(
    (value) => {
      const n = codePoints(value);
      return n >= min && n <= max;
    },
    { message: `Expected a length between ${min} and ${max}` },
  );
}

/** `anyOf` of bare `required` lists: the object has every key of at least one set. */
export function hasAnyKeySet(sets: string[][]) {
  return z.refine<object>(
    (value) => sets.some((keys) => keys.every((k) => Object.prototype.hasOwnProperty.call(value, k))),
    { message: `Expected at least one of: ${sets.map((s) => s.join(" + ")).join(", ")}` },
  );
}

/**
 * zod never reads an own `__proto__` key of its input (a guard against
 * prototype pollution): records and catch-alls skip it and parsed output
 * omits it. JSON Schema treats it as any other key. This check validates the
 * value of an own `__proto__` key against the schema of additional
 * properties, so the verdict matches ajv's; the parsed output still omits the
 * key (documented in docs/architecture.md).
 */
export function protoGuard<S extends z.ZodType>(value: z.ZodType, schema: S): z.ZodType<z.output<S>> {
  return z.preprocess((input: unknown, ctx) => {
    if (input !== null && typeof input === "object" && !Array.isArray(input)) {
      const own = Object.getOwnPropertyDescriptor(input, "__proto__");
      if (own) {
        const r = value.safeParse(own.value);
        if (!r.success) {
          for (const issue of r.error.issues) ctx.addIssue({ ...issue, path: ["__proto__", ...issue.path] } as never);
        }
      }
    }
    return input;
  }, schema);
}

/**
 * `anyOf` whose members each require `key` with a different constant: only
 * the member with the input's constant can match, so trying just that one
 * gives anyOf's verdict, faster.
 */
export function discriminated<const T extends readonly z.ZodType[]>(key: string, options: T): z.ZodType<z.output<T[number]>> {
  return z.discriminatedUnion(key, options as never) as unknown as z.ZodType<z.output<T[number]>>;
}

/** Own-property test used by generated predicates (an own `__proto__` key counts). */
export function hasOwn(value: object, key: string): boolean {
  return Object.prototype.hasOwnProperty.call(value, key);
}

/** Whether a string's length in code points is within [min, max]. */
export function codePointsWithin(value: string, min: number, max: number): boolean {
  if (value.length < min) return false; // a string has at least as many units as code points
  const n = value.length <= max && min === 0 ? 0 : codePoints(value);
  return n >= min && (value.length <= max || n <= max);
}

/**
 * A validator with a fast path: `test` is a generated predicate that never
 * accepts what `schema` rejects. When it holds, the input itself is the
 * result (no copy, nothing stripped); otherwise `schema` decides and reports
 * issues. Verdicts are those of `schema`, and accepted data is returned as is.
 */
export function fastPath<T>(test: (value: unknown) => boolean, schema: z.ZodType<T>): z.ZodType<T> {
  return z.unknown().check((ctx) => {
    if (test(ctx.value)) return;
    // Run the full schema on the same parse (zod's core run): its raw issues join this
    // parse's and are finalized once, instead of building and unpacking a ZodError.
    const result = schema._zod.run({ value: ctx.value, issues: [] }, { async: false });
    if (result instanceof Promise) throw new Error("generated validators are synchronous");
    for (const issue of result.issues) ctx.issues.push(issue as never);
  }) as unknown as z.ZodType<T>;
}
