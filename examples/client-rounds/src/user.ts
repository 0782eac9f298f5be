/**
 * The stand-in for a person at a form: shows each question as a renderer
 * would see it (`describeForm`) and gives the answer chosen in advance. A
 * host renders the fields instead and waits for its user.
 */
import { describeForm } from "@mrtr/client/elicitation";
import type { ElicitRequestFormParams, ElicitResult } from "@mrtr/schema";

/** What the user answers, by the server's key for each question. `nights` is left empty: the form's default (3) is filled in. */
export const ANSWERS: Record<string, Record<string, string | number>> = {
  destination: { destination: "lisbon" },
  nights: {},
};

/** Shows the form in one line and answers it with `ANSWERS[key]` (declines a question it has no answer for). */
export function answerForm(key: string, params: ElicitRequestFormParams, print: (line: string) => void): ElicitResult {
  const { message, fields } = describeForm(params);
  const shown = fields.map((f) => `${f.label} (${f.kind}${f.options ? `: ${f.options.map((o) => o.label).join("/")}` : ""}${f.default !== undefined ? `, default ${String(f.default)}` : ""})`);
  print(`    asked "${key}": ${message} ${shown.join(", ")}`);
  const content = ANSWERS[key];
  return content ? { action: "accept", content } : { action: "decline" };
}
