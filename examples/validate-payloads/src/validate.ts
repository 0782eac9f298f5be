import { CallToolResultSchema, parseMessage } from "@mrtr/zod";
import { checkCallToolResult, firstIssueOf } from "@mrtr/zod/checks";

/** What one check said: valid, or the JSON Pointer of the first problem and the rule broken. */
export type Verdict = { valid: true; what: string } | { valid: false; path: string; problem: string; code?: number };

/** A whole JSON-RPC message, as a server reads it: classified, checked by its method, with the error code to answer. */
export function checkMessage(raw: unknown): Verdict {
  const parsed = parseMessage(raw);
  if (parsed.ok) return { valid: true, what: parsed.kind === "request" ? `request ${parsed.method}` : parsed.kind };
  const issue = parsed.issues[0];
  return { valid: false, path: issue?.path ?? "", problem: issue?.message ?? parsed.message, code: parsed.code };
}

/** One type with its zod schema: a `z.ZodType<CallToolResult>` that composes with your own zod schemas. */
export function checkResultWithZod(value: unknown): Verdict {
  const result = CallToolResultSchema.safeParse(value);
  if (result.success) return { valid: true, what: `CallToolResult with ${result.data.content.length} block(s)` };
  const issue = result.error.issues[0]!;
  return { valid: false, path: `/${issue.path.join("/")}`, problem: issue.message };
}

/** The same type with the generated check alone: no zod in the bundle, nothing allocated for a valid value. */
export function checkResultWithoutZod(value: unknown): Verdict {
  if (checkCallToolResult(value, 0, false) === undefined) return { valid: true, what: "CallToolResult" };
  const issue = firstIssueOf(checkCallToolResult, value)!;
  return { valid: false, path: `/${issue.path.join("/")}`, problem: issue.message };
}
