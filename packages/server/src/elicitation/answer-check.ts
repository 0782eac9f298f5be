/**
 * The answer check: whether a client's answer to an elicitation is a valid
 * `ElicitResult` and, for an accepted form, whether its content fits the form
 * the server asked for. The client is not trusted to have enforced the schema.
 */
import type { ElicitRequest, ElicitResult } from "@mrtr/schema";
import { checkElicitResult, firstIssueOf } from "@mrtr/zod/checks";
import { classifyField, valueProblem } from "./field-value.js";
import { isRecord } from "@mrtr/internal";

/** Outcome of {@link checkElicitResponse}. */
export type ElicitResponseCheck =
  | {
      /** The answer is usable. */
      ok: true;
      /** The answer, rebuilt from `action` and (accepted forms only) `content`. */
      value: ElicitResult;
    }
  | {
      /** The answer must not be used. */
      ok: false;
      /** Why, naming the offending field where there is one. */
      reason: string;
    };

/** A refusal. */
function fail(reason: string): ElicitResponseCheck {
  return { ok: false, reason };
}

/** Why accepted form `content` does not fit `requestedSchema`, if it does not. */
function formProblem(requestedSchema: unknown, content: Record<string, unknown>): string | undefined {
  const properties = isRecord(requestedSchema) ? requestedSchema.properties : undefined;
  if (!isRecord(properties)) return "the request's requestedSchema has no properties object";
  for (const name of Object.keys(content)) {
    if (!Object.hasOwn(properties, name)) return `content has "${name}", which is not a field of the form`;
  }
  const required = isRecord(requestedSchema) ? requestedSchema.required : undefined;
  if (Array.isArray(required)) {
    const missing = required.find((name) => typeof name === "string" && !Object.hasOwn(content, name));
    if (missing !== undefined) return `content is missing the required field "${String(missing)}"`;
  }
  for (const [name, value] of Object.entries(content)) {
    const kind = classifyField(properties[name]);
    if (kind === undefined) return `field "${name}" of the request is not a form field the check understands`;
    const problem = valueProblem(kind, value);
    if (problem !== undefined) return `content.${name} ${problem}`;
  }
  return undefined;
}

/**
 * Checks a client's answer to `request`. It must be a valid `ElicitResult`.
 * Then, by action and mode:
 * - `decline` / `cancel`: fine; any `content` is dropped from `value`.
 * - `accept` in URL mode: fine if there is no `content` (accepting a URL is
 *   consent, not completion: learn completion out of band).
 * - `accept` in form mode: `content` (absent counts as `{}`) must have every
 *   required field, no field the form lacks, and each value must fit its
 *   field: type (integer vs number), enum membership, length in code points,
 *   format, bounds, number of picks (each picked once).
 *
 * Never throws; keys and values are read from `response` itself, so a key
 * like `__proto__` cannot slip past.
 *
 * @param request The `elicitation/create` input request the server sent.
 * @param response The client's answer under the same key of `inputResponses`, unvalidated.
 */
export function checkElicitResponse(request: ElicitRequest, response: unknown): ElicitResponseCheck {
  const issue = firstIssueOf(checkElicitResult, response);
  if (issue) {
    const path = issue.path.map(String).join(".");
    return fail(`not a valid ElicitResult${path === "" ? "" : ` at ${path}`}: ${issue.message}`);
  }
  const action = (response as ElicitResult).action;
  if (action !== "accept") return { ok: true, value: { action } };

  const raw = (response as { content?: unknown }).content;
  const params: unknown = isRecord(request) ? request.params : undefined;
  if (!isRecord(params)) return fail("the request has no params");
  if (params.mode === "url") {
    return raw === undefined ? { ok: true, value: { action } } : fail("a URL-mode elicitation is accepted without content, but content was sent");
  }
  if (params.mode !== undefined && params.mode !== "form") return fail(`the request has an unknown mode ${JSON.stringify(params.mode)}`);

  const content = isRecord(raw) ? raw : {};
  const problem = formProblem(params.requestedSchema, content);
  if (problem !== undefined) return fail(problem);
  return { ok: true, value: { action, content: Object.fromEntries(Object.entries(content)) as ElicitResult["content"] } };
}
