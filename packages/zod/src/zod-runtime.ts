/**
 * The checks generated validators share, each matching ajv's semantics of
 * the JSON Schema keyword it implements.
 */
import * as z from "zod";
import { fullFormats } from "ajv-formats/dist/formats.js";
import type { Check, CheckIssue } from "./check-runtime.js";
import { zodIssue } from "./first-issue.js";

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

/** Whether a string's length in code points is within [min, max]. */
export function codePointsWithin(value: string, min: number, max: number): boolean {
  if (value.length < min) return false; // a string has at least as many units as code points
  const n = value.length <= max && min === 0 ? 0 : codePoints(value);
  return n >= min && (value.length <= max || n <= max);
}

/** A generated check as a predicate: true exactly when the value is valid. */
export function predicate(check: Check): (value: unknown) => boolean {
  return (value) => check(value, 0, false) === undefined;
}

/** A failed `safeParse` whose ZodError is built when first read, as zod's own. */
class FirstIssueFailure {
  readonly success = false as const;
  #issue: CheckIssue;
  #reportInput: boolean;
  #error: z.ZodError | undefined;
  constructor(issue: CheckIssue, reportInput: boolean) {
    this.#issue = issue;
    this.#reportInput = reportInput;
  }
  get error(): z.ZodError {
    if (!this.#error) {
      const { schema: _schema, input, ...issue } = zodIssue(this.#issue);
      this.#error = new z.ZodRealError([(this.#reportInput ? { ...issue, input } : issue) as never]);
    }
    return this.#error;
  }
}

/**
 * A validator from a generated check, using only zod's public API: when the
 * check passes, the input itself is the result (no copy, nothing stripped);
 * otherwise the parse fails with the first issue the check found (one issue,
 * found in time linear in the input), which also carries `keyword` and
 * `schemaPath`. For every issue zod can find, parse with the matching
 * `rawSchemas` entry, or `parseMessage(…, { issues: "all" })`.
 *
 * The schema is `z.unknown()` with the check as a zod check, so it composes
 * like any zod schema. Its own `safeParse` goes to the check directly and
 * returns the same result zod would, without zod's per-failure overhead
 * (which is several times the check's cost on small invalid values).
 */
export function fastPath<T>(check: Check): z.ZodType<T> {
  const schema = z.unknown().check((ctx) => {
    const verdict = check(ctx.value, 0, true);
    if (verdict === undefined) return;
    // Asked to explain, a check returns an issue, never FAILED.
    ctx.issues.push(zodIssue(verdict as CheckIssue) as never);
  });
  const safeParse = (data: unknown, params?: { reportInput?: boolean }) => {
    const verdict = check(data, 0, true);
    return verdict === undefined ? { success: true as const, data } : new FirstIssueFailure(verdict as CheckIssue, params?.reportInput === true);
  };
  Object.defineProperty(schema, "safeParse", { value: safeParse, writable: true, configurable: true, enumerable: false });
  return schema as unknown as z.ZodType<T>;
}

export { at, closest, FAILED, hasOwn, isObj, MAX_VALIDATION_DEPTH, missing, no } from "./check-runtime.js";
export type { Check, CheckIssue, Verdict } from "./check-runtime.js";
