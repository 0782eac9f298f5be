/**
 * A whole form on the page: its fields (form-field.ts), a problem line for
 * the answer as a whole, and the buttons. Submitting runs `checkFormAnswer`
 * on what the user entered: what it refuses stays on the page with each
 * problem under its field; what it accepts (defaults filled in) is the
 * answer. Nothing refused ever leaves the page.
 */
import type { FormHandler } from "@mrtr/client";
import { checkFormAnswer, type FieldDescription, type FormValue } from "@mrtr/client/elicitation";
import type { RequestedSchema } from "@mrtr/example-terminal-client/argument-fields";
import { el, replace, type Child } from "./dom.js";
import { fieldView } from "./form-field.js";

/** What the user did with a form. */
export type FormOutcome = { action: "accept"; content: Record<string, FormValue> } | { action: "decline" } | { action: "cancel" };

/** Options of {@link showForm}. */
export interface FormViewOptions {
  /** Where the form goes (it is removed once answered). */
  container: HTMLElement;
  /** Shown above the fields: who asks and what for. */
  heading: Child[];
  fields: FieldDescription[];
  schema: RequestedSchema;
  /** The text of the submit button. */
  submitLabel: string;
  /** Offer "Decline" (tell the server you will not answer); default true. */
  decline?: boolean;
  /** Aborts the form (the call was cancelled): it is removed and ends as cancelled. */
  signal?: AbortSignal;
}

let forms = 0;

/** Shows a form and resolves with what the user did. */
export function showForm(options: FormViewOptions): Promise<FormOutcome> {
  const id = `form-${++forms}`;
  const views = options.fields.map((field, i) => fieldView(field, `${id}-${i}`));
  const whole = el("p", { class: "problem", role: "alert", hidden: true });
  const submit = el("button", { type: "submit", class: "primary" }, options.submitLabel);
  const decline = options.decline === false ? undefined : el("button", { type: "button", "data-action": "decline" }, "Decline");
  const cancel = el("button", { type: "button", "data-action": "cancel" }, "Cancel");
  const form = el(
    "form",
    { class: "question", id, novalidate: true },
    ...options.heading,
    ...(views.length > 0 ? views.map((v) => v.element) : [el("p", { class: "detail" }, "(no fields)")]),
    whole,
    el("div", { class: "actions" }, submit, decline, cancel),
  );
  options.container.append(form);
  views[0]?.focus();

  return new Promise<FormOutcome>((resolve) => {
    const finish = (outcome: FormOutcome) => {
      options.signal?.removeEventListener("abort", onAbort);
      form.remove();
      resolve(outcome);
    };
    const onAbort = () => finish({ action: "cancel" });
    if (options.signal?.aborted) return onAbort();
    options.signal?.addEventListener("abort", onAbort, { once: true });
    decline?.addEventListener("click", () => finish({ action: "decline" }));
    cancel.addEventListener("click", () => finish({ action: "cancel" }));
    form.addEventListener("submit", (event) => {
      event.preventDefault();
      const given: Record<string, FormValue> = {};
      for (const view of views) {
        const value = view.read();
        if (value !== undefined) given[view.field.name] = value;
      }
      const checked = checkFormAnswer(options.schema, given);
      if (checked.ok) return finish({ action: "accept", content: checked.content });
      const byField = new Map(checked.problems.map((p) => [p.field, p.message]));
      for (const view of views) view.showProblem(byField.get(view.field.name));
      const rest = checked.problems.filter((p) => !views.some((v) => v.field.name === p.field));
      whole.hidden = rest.length === 0;
      replace(whole, rest.map((p) => (p.field === "" ? p.message : `${p.field}: ${p.message}`)).join(" "));
      views.find((v) => byField.has(v.field.name))?.focus();
    });
  });
}

/** The form outcome as an elicitation answer. */
export function toElicitResult(outcome: FormOutcome): Awaited<ReturnType<FormHandler>> {
  return outcome.action === "accept" ? { action: "accept", content: outcome.content } : { action: outcome.action };
}
