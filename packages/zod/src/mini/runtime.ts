/**
 * The zod pieces the generated validators of the `zod/mini` flavour share:
 * the same rules as ../zod-runtime.ts (ajv's semantics of each keyword),
 * written with zod/mini's functions so that a bundle carries only the parts
 * of zod it uses.
 */
import * as z from "zod/mini";
// Imported by name: reaching it through `z.core` would keep all of zod's core (every locale) in a bundle.
import { $ZodRealError } from "zod/v4/core";
import type { Check } from "../check-runtime.js";
import { firstIssueCheck, withDirectSafeParse } from "../fast-path.js";

/**
 * Validates the value of an own `__proto__` key (which zod never reads)
 * against the schema of additional properties before `schema` runs, so the
 * verdict matches ajv's (see ../zod-runtime.ts).
 */
export function protoGuard<S extends z.ZodMiniType>(value: z.ZodMiniType, schema: S): z.ZodMiniType<z.output<S>> {
  const guard = z.transform((input: unknown, ctx) => {
    if (input !== null && typeof input === "object" && !Array.isArray(input)) {
      const own = Object.getOwnPropertyDescriptor(input, "__proto__");
      if (own) {
        const r = value.safeParse(own.value);
        if (!r.success) for (const issue of r.error.issues) ctx.issues.push({ ...issue, path: ["__proto__", ...issue.path] } as never);
      }
    }
    return input;
  });
  return z.pipe(guard, schema as never) as unknown as z.ZodMiniType<z.output<S>>;
}

/** `anyOf` whose members each require `key` with a different constant: only that member is tried. */
export function discriminated<const T extends readonly z.ZodMiniType[]>(key: string, options: T): z.ZodMiniType<z.output<T[number]>> {
  return z.discriminatedUnion(key, options as never) as unknown as z.ZodMiniType<z.output<T[number]>>;
}

/** A validator from a generated check (see ../zod-runtime.ts's `fastPath`): the input itself when valid, else its first issue. */
export function fastPath<T>(check: Check): z.ZodMiniType<T> {
  const schema = z.unknown().check(firstIssueCheck(check) as z.core.CheckFn<unknown>);
  return withDirectSafeParse(schema, check, (issues) => new $ZodRealError(issues)) as unknown as z.ZodMiniType<T>;
}

export { codePointLength, format, hasAnyKeySet, integral } from "../keyword-checks.js";
