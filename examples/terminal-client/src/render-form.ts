/**
 * The form handler: shows which server asks and why, offers to fill in,
 * decline or cancel, asks every field, checks the whole answer with the
 * client's `checkFormAnswer` (re-asking what does not fit), and lets the user
 * review the answers before anything is sent.
 */
import { log, note, select } from "@clack/prompts";
import type { FormHandler } from "@mrtr/client";
import { checkFormAnswer, describeForm, type FieldDescription } from "@mrtr/client/elicitation";
import { askField, OMITTED, type FieldValue, type RequestedSchema } from "./ask-field.js";
import { answered, elicitationOutcome } from "./prompt-cancel.js";
import { reviewLines } from "./review.js";
import { oneLine, plain } from "./sanitize.js";
import { serverAsks } from "./server-label.js";
import { danger, dim } from "./style.js";

/** Options of {@link formHandler}. */
export interface FormRendererOptions {
  /** Where the client is connected, shown next to the server's name. */
  via: string;
}

type Answers = Record<string, FieldValue>;

/** Records one field's answer; an omitted one is removed. */
function store(answers: Answers, field: FieldDescription, value: FieldValue | typeof OMITTED): void {
  if (value === OMITTED) delete answers[field.name];
  else answers[field.name] = value;
}

/** How many fields and how many of them required, in words. */
function formSize(fields: FieldDescription[]): string {
  const required = fields.filter((f) => f.required).length;
  if (fields.length === 0) return "no fields";
  return `${fields.length} field${fields.length === 1 ? "" : "s"}${required > 0 ? `, ${required} required (${danger("*")})` : ""}`;
}

/** Runs one form; returns what to answer. Throws PromptCancelled on Ctrl+C. */
async function runForm(params: Parameters<FormHandler>[0], info: Parameters<FormHandler>[1], options: FormRendererOptions) {
  const schema: RequestedSchema = params.requestedSchema;
  const form = describeForm(params);
  log.step(serverAsks(info.server, options.via, "asks you to fill in a form", info.key));
  note(plain(form.message), `Form: ${formSize(form.fields)}`);

  const start = answered(
    await select<"fill" | "decline" | "cancel">({
      message: "How do you want to answer?",
      options: [
        { value: "fill", label: "Fill in the form" },
        { value: "decline", label: "Decline", hint: "tell the server you will not answer" },
        { value: "cancel", label: "Cancel", hint: "dismiss the question without a decision" },
      ],
    }),
  );
  if (start !== "fill") return { action: start };

  const given: Answers = {};
  for (const field of form.fields) store(given, field, await askField(field, schema));

  for (;;) {
    const checked = checkFormAnswer(schema, given);
    if (!checked.ok) {
      // Should not happen after the per-field checks, but the form as a whole is what counts.
      const names = new Set(checked.problems.map((p) => p.field));
      log.error(["These answers do not fit the form:", ...checked.problems.map((p) => `  ${oneLine(p.field)}: ${plain(p.message)}`)].join("\n"));
      const again = form.fields.filter((f) => names.has(f.name));
      for (const field of again.length > 0 ? again : form.fields) store(given, field, await askField(field, schema, given[field.name]));
      continue;
    }
    const content = checked.content as Answers;
    note(form.fields.length > 0 ? reviewLines(form.fields, given, content).join("\n") : dim("(no fields)"), "Review your answers");
    const next = answered(
      await select<"send" | "edit" | "decline" | "cancel">({
        message: "Send these answers?",
        options: [
          { value: "send", label: "Yes, send them" },
          ...(form.fields.length > 0 ? [{ value: "edit" as const, label: "No, change an answer" }] : []),
          { value: "decline", label: "Decline", hint: "send nothing; tell the server you will not answer" },
          { value: "cancel", label: "Cancel", hint: "send nothing; dismiss the question" },
        ],
      }),
    );
    if (next === "send") return { action: "accept" as const, content };
    if (next === "decline" || next === "cancel") return { action: next };
    const name = answered(
      await select<string>({
        message: "Which answer?",
        options: form.fields.map((f) => ({ value: f.name, label: oneLine(f.label) })),
      }),
    );
    const field = form.fields.find((f) => f.name === name)!;
    store(given, field, await askField(field, schema, given[field.name] ?? content[field.name]));
  }
}

/**
 * A form handler for `createClient`, rendering with the prompt library.
 * Ctrl+C or Escape in any prompt cancels the elicitation.
 */
export function formHandler(options: FormRendererOptions): FormHandler {
  return (params, info) => elicitationOutcome(() => runForm(params, info, options));
}
