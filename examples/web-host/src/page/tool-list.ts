/**
 * The server's tools: each with its title, name and description, and a Call
 * button. A tool whose input schema is form-like (argument-fields.ts) gets
 * its arguments asked in a form with the same fields as an elicitation,
 * checked the same way; any other gets a JSON box.
 */
import { argumentFields, isRecord, type ToolInfo } from "@mrtr/example-terminal-client/argument-fields";
import { el, replace } from "./dom.js";
import { showForm } from "./form-view.js";

/** What the page does when the user calls a tool. */
export type CallTool<T extends ToolInfo = ToolInfo> = (tool: T, args: Record<string, unknown>) => Promise<void>;

/** Asks for the arguments in `container`; resolves with them, or undefined when the user cancelled. */
async function askArguments(tool: ToolInfo, container: HTMLElement): Promise<Record<string, unknown> | undefined> {
  const properties = tool.inputSchema.properties ?? {};
  if (Object.keys(properties).length === 0) return {};
  const heading = [el("h3", {}, "Arguments of ", el("span", { class: "peer" }, tool.title ?? tool.name))];
  const form = argumentFields(tool);
  if (form) {
    const outcome = await showForm({ container, heading, fields: form.fields, schema: form.schema, submitLabel: "Call", decline: false });
    return outcome.action === "accept" ? outcome.content : undefined;
  }
  return askJson(container, heading);
}

/** A JSON box for arguments no form can ask. */
function askJson(container: HTMLElement, heading: HTMLElement[]): Promise<Record<string, unknown> | undefined> {
  const box = el("textarea", { rows: "4", "aria-label": "Arguments, as a JSON object" });
  box.value = "{}";
  const problem = el("p", { class: "problem", role: "alert", hidden: true });
  const cancel = el("button", { type: "button" }, "Cancel");
  const form = el("form", { class: "question", novalidate: true }, ...heading, box, problem, el("div", { class: "actions" }, el("button", { type: "submit", class: "primary" }, "Call"), cancel));
  container.append(form);
  return new Promise((resolve) => {
    cancel.addEventListener("click", () => {
      form.remove();
      resolve(undefined);
    });
    form.addEventListener("submit", (event) => {
      event.preventDefault();
      let value: unknown;
      try {
        value = JSON.parse(box.value);
      } catch (error) {
        value = error;
      }
      if (!isRecord(value)) {
        problem.hidden = false;
        replace(problem, 'Enter a JSON object, such as {"q": "text"}.');
        return;
      }
      form.remove();
      resolve(value);
    });
  });
}

/** Lists `tools` in `list`; Call asks for arguments in `questions`, then hands over to `call`. Buttons are disabled while a call runs. */
export function showTools<T extends ToolInfo>(list: HTMLElement, questions: HTMLElement, tools: T[], call: CallTool<T>): void {
  const buttons: HTMLButtonElement[] = [];
  const busy = (on: boolean) => buttons.forEach((b) => (b.disabled = on));
  const items = tools.map((tool) => {
    const button = el("button", { type: "button", "data-tool": tool.name }, "Call");
    buttons.push(button);
    button.addEventListener("click", () => {
      busy(true);
      void (async () => {
        try {
          const args = await askArguments(tool, questions);
          if (args) await call(tool, args);
        } finally {
          busy(false);
        }
      })();
    });
    return el(
      "li",
      { class: "tool" },
      el("div", {}, el("strong", { class: "peer" }, tool.title ?? tool.name), " ", el("code", { class: "peer" }, tool.name)),
      tool.description !== undefined && el("p", { class: "detail peer" }, tool.description),
      button,
    );
  });
  replace(list, ...(items.length > 0 ? items : [el("li", { class: "detail" }, "This server offers no tools.")]));
}
