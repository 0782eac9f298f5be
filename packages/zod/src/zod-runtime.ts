/**
 * The zod pieces the generated validators (`zod` flavour) share, each
 * matching ajv's semantics of the JSON Schema keyword it implements: the
 * keyword checks both flavours use (keyword-checks.ts), and the schemas of
 * this flavour (`zod/mini` has its own in mini/runtime.ts).
 *
 * @module
 */
import * as z from "zod";
import type { Check } from "./check-runtime.js";
import { firstIssueCheck, withDirectSafeParse } from "./fast-path.js";

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
  const schema = z.unknown().check(firstIssueCheck(check) as z.core.CheckFn<unknown>);
  return withDirectSafeParse(schema, check, (issues) => new z.ZodRealError(issues)) as unknown as z.ZodType<T>;
}

export { at, closest, codePoints, codePointsWithin, FAILED, hasOwn, isObj, MAX_VALIDATION_DEPTH, missing, no, objectAt, predicate } from "./check-runtime.js";
export type { Check, CheckIssue, Verdict } from "./check-runtime.js";
export { formatTest } from "./formats.js";
export type { FormatName } from "./formats.js";
export { codePointLength, format, hasAnyKeySet, integral } from "./keyword-checks.js";
