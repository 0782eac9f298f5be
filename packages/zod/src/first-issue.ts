/**
 * Words for the first issue a generated check finds: the zod issue code, a
 * message, and the JSON Pointers of the value and of the schema rule.
 */
import type { Check, CheckIssue } from "./check-runtime.js";
import { MAX_VALIDATION_DEPTH } from "./check-runtime.js";

/** The first rule a value breaks, described. */
export interface FirstIssue {
  /** Segments from the validated value to the offending one (for a missing property: to where it should be). */
  path: Array<string | number>;
  /** zod's issue code for it (`invalid_type`, `invalid_value`, `invalid_format`, `too_small`, `too_big`, `custom`). */
  code: "invalid_type" | "invalid_value" | "invalid_format" | "too_small" | "too_big" | "custom";
  /** The rule broken, in words. */
  message: string;
  /** The JSON Schema keyword broken (`type`, `required`, `const`, `enum`, `format`, `minLength`, …), `discriminator` for an unknown union tag, or `depth`. */
  keyword: string;
  /** JSON Pointer (as a URI fragment, `#/$defs/Tool/properties/name`) of the schema node whose rule is broken. */
  schemaPath: string;
  /** The offending value (`undefined` for a missing property). */
  input: unknown;
}

const CODES: Record<string, FirstIssue["code"]> = {
  type: "invalid_type",
  required: "invalid_type",
  const: "invalid_value",
  enum: "invalid_value",
  discriminator: "invalid_value",
  format: "invalid_format",
  minLength: "too_small",
  minimum: "too_small",
  minItems: "too_small",
  maxLength: "too_big",
  maximum: "too_big",
  maxItems: "too_big",
  depth: "too_big",
  anyOf: "custom",
};

/** The JSON type of a value, in words. */
export function jsonKind(value: unknown): string {
  if (value === null) return "null";
  if (Array.isArray(value)) return "array";
  if (typeof value === "number" && !Number.isFinite(value)) return String(value);
  return typeof value;
}

const list = (values: unknown[]) => values.map((v) => JSON.stringify(v)).join(", ");

function message(issue: CheckIssue): string {
  const p = issue.param;
  switch (issue.keyword) {
    case "type": {
      const types = (Array.isArray(p) ? p : [p]) as string[];
      return `Expected ${types.join(" or ")}, received ${jsonKind(issue.input)}`;
    }
    case "required":
      return `Missing required property ${JSON.stringify(p)}`;
    case "const":
      return `Expected ${JSON.stringify(p)}`;
    case "enum":
    case "discriminator":
      return `Expected one of ${list(p as unknown[])}`;
    case "format":
      return `Invalid ${String(p)}`;
    case "minLength":
      return `Expected at least ${String(p)} characters (code points)`;
    case "maxLength":
      return `Expected at most ${String(p)} characters (code points)`;
    case "minimum":
      return `Expected a number >= ${String(p)}`;
    case "maximum":
      return `Expected a number <= ${String(p)}`;
    case "minItems":
      return `Expected at least ${String(p)} items`;
    case "maxItems":
      return `Expected at most ${String(p)} items`;
    case "anyOf":
      return `Expected at least one of: ${(p as string[][]).map((s) => s.join(" + ")).join(", ")}`;
    case "depth":
      return `Nested more than ${MAX_VALIDATION_DEPTH} levels deep: the validators look no deeper`;
    default:
      return `Breaks ${issue.keyword}`;
  }
}

/** The issue a generated check returned, described (its path put outermost first). */
export function describeIssue(issue: CheckIssue): FirstIssue {
  return {
    path: [...issue.path].reverse(),
    code: CODES[issue.keyword] ?? "custom",
    message: message(issue),
    keyword: issue.keyword,
    schemaPath: `#/$defs/${issue.schemaPath}`,
    input: issue.input,
  };
}

/**
 * The first issue of `value` against a generated check, described, or
 * undefined when the value is valid. The check first runs without
 * explaining (allocating nothing); only for an invalid value does it run
 * again to find and describe the issue.
 */
export function firstIssueOf(check: Check, value: unknown): FirstIssue | undefined {
  if (check(value, 0, false) === undefined) return undefined;
  return describeIssue(check(value, 0, true) as CheckIssue);
}

/**
 * The same as a zod issue, built in one object of one shape (with the slot
 * zod fills in, so adding it does not reshape the object). Takes over the
 * check's issue: its path is reversed in place.
 */
export function zodIssue(issue: CheckIssue): FirstIssue & { schema: undefined } {
  return {
    path: issue.path.reverse(),
    code: CODES[issue.keyword] ?? "custom",
    message: message(issue),
    keyword: issue.keyword,
    schemaPath: `#/$defs/${issue.schemaPath}`,
    input: issue.input,
    schema: undefined,
  };
}
