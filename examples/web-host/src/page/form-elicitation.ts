/**
 * The form handler: a server asks the user to fill in a form. The page says
 * which server asks and why, renders the fields `describeForm` describes,
 * and answers with what `checkFormAnswer` accepted, or with decline/cancel.
 */
import type { FormHandler } from "@mrtr/client";
import { describeForm } from "@mrtr/client/elicitation";
import { askingServer } from "./asking-server.js";
import { el } from "./dom.js";
import { showForm, toElicitResult } from "./form-view.js";

/** A form handler for `createClient` that renders into `container`. */
export function formElicitation(container: HTMLElement, endpoint: string): FormHandler {
  return async (params, info) => {
    const form = describeForm(params);
    const outcome = await showForm({
      container,
      heading: [askingServer(info.server, endpoint, "asks you to fill in a form", info.key), el("p", { class: "message peer" }, form.message)],
      fields: form.fields,
      schema: params.requestedSchema,
      submitLabel: "Send",
      signal: info.signal,
    });
    return toElicitResult(outcome);
  };
}
