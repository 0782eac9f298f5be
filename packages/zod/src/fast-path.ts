/**
 * What a fast-path validator does whichever zod flavour it is built on
 * (`zod` or `zod/mini`, see zod-runtime.ts and mini/runtime.ts): the zod
 * check that runs a generated check and reports its first issue, and a
 * `safeParse` that calls the generated check directly.
 */
import type { Check, CheckIssue } from "./check-runtime.js";
import { zodIssue } from "./first-issue.js";

/** Builds the flavour's error from issues (`ZodRealError`, `core.$ZodRealError`). */
export type ErrorOf<E> = (issues: never[]) => E;

/** A failed `safeParse` whose error is built when first read, as zod's own. */
class FirstIssueFailure<E> {
  readonly success = false as const;
  #issue: CheckIssue;
  #reportInput: boolean;
  #error: E | undefined;
  #errorOf: ErrorOf<E>;
  constructor(issue: CheckIssue, reportInput: boolean, errorOf: ErrorOf<E>) {
    this.#issue = issue;
    this.#reportInput = reportInput;
    this.#errorOf = errorOf;
  }
  get error(): E {
    if (this.#error === undefined) {
      const { schema: _schema, input, ...issue } = zodIssue(this.#issue);
      this.#error = this.#errorOf([(this.#reportInput ? { ...issue, input } : issue) as never]);
    }
    return this.#error;
  }
}

/** The zod check of a fast path: runs the generated check, explaining, and pushes the issue it finds. */
export function firstIssueCheck(check: Check): (ctx: { value: unknown; issues: unknown[] }) => void {
  return (ctx) => {
    const verdict = check(ctx.value, 0, true);
    // Asked to explain, a check returns an issue, never FAILED.
    if (verdict !== undefined) ctx.issues.push(zodIssue(verdict as CheckIssue));
  };
}

/**
 * Gives `schema` its own `safeParse`, which goes to the check directly and
 * returns what zod would (the input itself when valid, else one issue),
 * without zod's per-failure overhead.
 */
export function withDirectSafeParse<S extends object, E>(schema: S, check: Check, errorOf: ErrorOf<E>): S {
  const safeParse = (data: unknown, params?: { reportInput?: boolean }) => {
    const verdict = check(data, 0, true);
    return verdict === undefined ? { success: true as const, data } : new FirstIssueFailure(verdict as CheckIssue, params?.reportInput === true, errorOf);
  };
  Object.defineProperty(schema, "safeParse", { value: safeParse, writable: true, configurable: true, enumerable: false });
  return schema;
}
