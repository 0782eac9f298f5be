/**
 * parseMessage: classifies one JSON-RPC message (request, notification,
 * result, error), validates it by method, and reports what is wrong with JSON
 * paths and the rule broken, together with the JSON-RPC error code a receiver
 * should answer with. The classification is `classifyMessage`'s
 * (classify-message.ts, the generated checks); this adds zod's list of every
 * problem on request (`issues: "all"`).
 */
import type { z } from "zod";
import { jsonPointer } from "@mrtr/internal";
import type { Check } from "./check-runtime.js";
import { checks } from "./check-tables.gen.js";
import { classifyWith, firstProblem, firstProblems, type ParsedMessage, type ParseMessageOptions, type ProblemsOf, type ValidationIssue } from "./classify-message.js";
import { rawSchemas, schemas, type SchemaName } from "./validators.gen.js";

export type { MessageKind, ParsedMessage, ParseMessageOptions, ValidationIssue } from "./classify-message.js";

function issuesOf(error: z.ZodError): ValidationIssue[] {
  return error.issues.map((i) => ({ path: jsonPointer(i.path), message: i.message, code: i.code }));
}

/** Each generated check's plain zod schema (the one its validator decides through). */
const rawByCheck = new Map<Check, z.ZodType>(Object.keys(schemas).map((name) => [checks[name as SchemaName] as Check, rawSchemas[name as SchemaName] as z.ZodType]));

/** Every problem zod finds, once the check found one (the first issue when zod cannot say more). */
const allProblems: ProblemsOf = (check, value) => {
  const first = firstProblem(check, value);
  if (!first) return undefined;
  try {
    const all = rawByCheck.get(check)?.safeParse(value);
    if (all && !all.success && all.error.issues.length > 0) return issuesOf(all.error);
  } catch (e) {
    // zod's schemas recurse: a value nested deeper than the stack allows (only
    // possible with `limits: false`) gets the first issue, which needs no recursion.
    if (!(e instanceof RangeError)) throw e;
  }
  return [first];
};

/**
 * Classifies and validates one JSON-RPC message. `raw` is the message's JSON
 * text or the already-parsed value. Never throws on bad input.
 */
export function parseMessage(raw: unknown, options: ParseMessageOptions = {}): ParsedMessage {
  const { issues, ...rest } = options;
  return classifyWith(raw, rest, issues === "all" ? allProblems : firstProblems);
}
