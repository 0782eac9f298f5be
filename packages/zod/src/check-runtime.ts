/**
 * What generated checks return, and the small helpers they call.
 *
 * A generated check `c<Type>(value, depth, explain)` returns `undefined` when
 * the value is valid. When it is not, it returns `FAILED` (with `explain`
 * false: no allocation) or the first issue found (with `explain` true): one
 * object, whose path grows by one segment per level as the check returns.
 * Union members are tried with `explain` false; only the member chosen to
 * explain a failure runs again with it, so the cost stays linear in the input.
 */

/** A failure without detail (what a check returns when not asked to explain). */
export const FAILED: {
  /** Always true: the value is invalid. */
  readonly failed: true;
} = Object.freeze({ failed: true as const });

/** The first rule a value breaks, as a generated check reports it. */
export interface CheckIssue {
  /** Segments from the value checked to the offending value, innermost first until `finishIssue`. */
  path: Array<string | number>;
  /** The JSON Schema keyword broken (`type`, `required`, `const`, …; `depth` for the nesting guard). */
  keyword: string;
  /** The keyword's value in the schema (the type, the constant, the bound, …). */
  param: unknown;
  /** JSON Pointer of the schema node broken, below `#/$defs/`. */
  schemaPath: string;
  /** The offending value (`undefined` for a missing property). */
  input: unknown;
}

/** What a generated check returns: `undefined` when valid. */
export type Verdict = undefined | typeof FAILED | CheckIssue;

/** A generated check. */
export type Check = (value: unknown, depth: number, explain: boolean) => Verdict;

/**
 * How deeply nested (arrays and objects) a value may be for the validators to
 * look at it: deeper values are refused with a `depth` issue instead of
 * overflowing the stack. A backstop far above any message's nesting; the
 * policy limit is `checkJsonLimits`' `maxDepth`.
 */
export const MAX_VALIDATION_DEPTH = 512;

/** A failure at the value being checked: the issue when explaining (`explain`), else `FAILED`. */
export function no(explain: boolean, input: unknown, keyword: string, param: unknown, schemaPath: string): typeof FAILED | CheckIssue {
  return explain ? { path: [], keyword, param, schemaPath, input } : FAILED;
}

/** A required property `key` is missing (`schemaPath`: the object's schema). */
export function missing(explain: boolean, key: string, schemaPath: string): typeof FAILED | CheckIssue {
  return explain ? { path: [key], keyword: "required", param: key, schemaPath, input: undefined } : FAILED;
}

/** Adds the segment leading to the child a failure came from (nothing for `FAILED`). */
export function at(verdict: typeof FAILED | CheckIssue, segment: string | number): typeof FAILED | CheckIssue {
  if (verdict !== FAILED) (verdict as CheckIssue).path.push(segment);
  return verdict;
}

/**
 * The failure of property `key` of `value` against a one-test schema (a
 * constant, an enum, a scalar type), under `key`, at `schemaPath` (the
 * object's schema) + `/properties/key`. One call instead of `at(no(…))`
 * with the key written three times, in every such property of the
 * generated checks; built only on failure, so valid values pay nothing.
 */
export function noAt(explain: boolean, value: Record<string, unknown>, key: string, keyword: string, param: unknown, schemaPath: string): typeof FAILED | CheckIssue {
  return at(no(explain, value[key], keyword, param, `${schemaPath}/properties/${key}`), key);
}

/**
 * What every check of an object node that descends begins with, in one call
 * (one line of generated code instead of two, in every such check): the
 * value is nested no deeper than `MAX_VALIDATION_DEPTH` (`depth`), and is an
 * object (`type`). Undefined when both hold.
 */
export function objectAt(value: unknown, depth: number, explain: boolean, schemaPath: string): Verdict {
  if (depth > MAX_VALIDATION_DEPTH) return no(explain, value, "depth", MAX_VALIDATION_DEPTH, schemaPath);
  if (!isObj(value)) return no(explain, value, "type", "object", schemaPath);
  return undefined;
}

/** Own-property test used by generated checks (an own `__proto__` key counts). */
export function hasOwn(value: object, key: string): boolean {
  return Object.prototype.hasOwnProperty.call(value, key);
}

/** Whether a value is a JSON object (not null, not an array). */
export function isObj(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === "object" && !Array.isArray(value);
}

/**
 * Of several union members that all refuse an object, the one to explain the
 * failure by: the member whose constant properties match and whose required
 * keys are present the most. `members[i]` lists member i's required keys and
 * its constant-valued properties.
 */
export function closest(value: Record<string, unknown>, members: ReadonlyArray<readonly [readonly string[], ReadonlyArray<readonly [string, unknown]>]>): number {
  let best = 0;
  let bestScore = -Infinity;
  for (let i = 0; i < members.length; i++) {
    const [required, consts] = members[i]!;
    let score = 0;
    for (const key of required) if (hasOwn(value, key)) score++;
    for (const [key, constant] of consts) {
      if (!hasOwn(value, key)) continue;
      score += value[key] === constant ? 4 : -4;
    }
    if (score > bestScore) {
      bestScore = score;
      best = i;
    }
  }
  return best;
}

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
