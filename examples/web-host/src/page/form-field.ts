/**
 * One form field as page inputs, from its description (`describeForm`):
 * text (typed by its format), number and integer, boolean, single choice
 * and multiple choice. Each is labelled, marks a required field, says its
 * limits, is pre-filled with its default, reads its value back for
 * `checkFormAnswer` and shows the problem that check found. Values are read
 * as typed (no coercion): a number field holding "abc" hands "abc" to the
 * check, whose message then tells the user what to enter.
 */
import type { FieldDescription, FormValue } from "@mrtr/client/elicitation";
import { el, replace } from "./dom.js";

/** A rendered field. */
export interface FieldView {
  field: FieldDescription;
  /** The field's block: label, help, input and problem. */
  element: HTMLElement;
  /** The value as the user left it; `undefined` when left out (an empty text box, no option chosen). */
  read(): FormValue | undefined;
  /** Shows `message` as the field's problem, or clears it. */
  showProblem(message: string | undefined): void;
  /** Moves the focus to the field's input. */
  focus(): void;
}

/** The input type that fits a text field's format (the form is submitted without the browser's own validation). */
const TEXT_INPUT_TYPE = { email: "email", uri: "url", date: "date", "date-time": "text" } as const;

/** What a format asks for, said before the user types. */
const FORMAT_HINTS = {
  email: "An email address",
  uri: "A full web address (https://…)",
  date: "A date",
  "date-time": "A date and time with a time zone",
} as const;

/** "between a and b", "at least a", "at most b", or nothing. */
function range(min: number | undefined, max: number | undefined, unit = ""): string | undefined {
  const u = unit === "" ? "" : ` ${unit}`;
  if (min !== undefined && max !== undefined) return min === max ? `exactly ${min}${u}` : `${min} to ${max}${u}`;
  if (min !== undefined) return `at least ${min}${u}`;
  if (max !== undefined) return `at most ${max}${u}`;
  return undefined;
}

/** The field's limits in words, for the hint under its label. */
export function limitsHint(field: FieldDescription): string | undefined {
  const parts: string[] = [];
  switch (field.kind) {
    case "text": {
      if (field.format) parts.push(FORMAT_HINTS[field.format]);
      const length = range(field.minLength, field.maxLength, "characters");
      if (length) parts.push(length);
      break;
    }
    case "number":
    case "integer": {
      parts.push(field.kind === "integer" ? "A whole number" : "A number");
      const bounds = range(field.min, field.max);
      if (bounds) parts.push(bounds);
      break;
    }
    case "multiselect": {
      const count = range(field.minItems, field.maxItems);
      parts.push(count ? `Pick ${count}` : "Pick any");
      break;
    }
    default:
      break;
  }
  return parts.length > 0 ? parts.join("; ") : undefined;
}

/** A number field's text as the check should see it: a number when it is one, else the text itself. */
export function readNumber(text: string): FormValue | undefined {
  const t = text.trim();
  if (t === "") return undefined;
  return /^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/.test(t) ? Number(t) : t;
}

/** Renders one field; `id` prefixes the ids of its elements (unique within the page). */
export function fieldView(field: FieldDescription, id: string): FieldView {
  const inputId = `${id}-input`;
  const helpId = `${id}-help`;
  const problemId = `${id}-problem`;
  const problem = el("p", { class: "problem", id: problemId, role: "alert", hidden: true });
  const hint = limitsHint(field);
  const help = field.description !== undefined || hint !== undefined
    ? el("p", { class: "help", id: helpId }, field.description !== undefined && el("span", { class: "peer" }, field.description), field.description !== undefined && hint !== undefined && " · ", hint)
    : undefined;
  const describedBy = [help ? helpId : undefined, problemId].filter(Boolean).join(" ");
  const labelText = [el("span", { class: "peer" }, field.label), field.required && el("span", { class: "required", title: "required" }, " *")];

  const element = el("div", { class: "field", "data-field": field.name, "data-kind": field.kind });
  /** A label above its input, then help and problem. */
  const labelled = (input: HTMLElement) => element.append(el("label", { for: inputId }, ...labelText), help ?? "", input, problem);
  let read: () => FormValue | undefined;
  let focusable: HTMLElement;

  switch (field.kind) {
    case "text": {
      const input = el("input", { id: inputId, name: field.name, type: field.format ? TEXT_INPUT_TYPE[field.format] : "text", "aria-describedby": describedBy, autocomplete: "off" });
      if (typeof field.default === "string") input.value = field.default;
      read = () => (input.value === "" ? undefined : input.value);
      focusable = input;
      labelled(input);
      break;
    }
    case "number":
    case "integer": {
      const input = el("input", { id: inputId, name: field.name, type: "text", inputmode: field.kind === "integer" ? "numeric" : "decimal", "aria-describedby": describedBy, autocomplete: "off" });
      if (typeof field.default === "number") input.value = String(field.default);
      read = () => readNumber(input.value);
      focusable = input;
      labelled(input);
      break;
    }
    case "boolean": {
      const input = el("input", { id: inputId, name: field.name, type: "checkbox", "aria-describedby": describedBy });
      input.checked = field.default === true;
      read = () => input.checked;
      focusable = input;
      // The box goes before its label.
      element.append(el("div", { class: "check" }, input, el("label", { for: inputId }, ...labelText)), help ?? "", problem);
      break;
    }
    case "select": {
      const select = el("select", { id: inputId, name: field.name, "aria-describedby": describedBy });
      if (field.default === undefined) select.append(el("option", { value: "" }, "Choose…"));
      for (const option of field.options ?? []) select.append(el("option", { value: option.value }, option.label));
      if (typeof field.default === "string") select.value = field.default;
      read = () => (select.value === "" ? undefined : select.value);
      focusable = select;
      labelled(select);
      break;
    }
    case "multiselect": {
      const picked = new Set(Array.isArray(field.default) ? field.default : []);
      const boxes = (field.options ?? []).map((option, i) => {
        const box = el("input", { id: `${inputId}-${i}`, type: "checkbox", name: field.name, value: option.value });
        box.checked = picked.has(option.value);
        return { box, row: el("div", { class: "check" }, box, el("label", { for: `${inputId}-${i}`, class: "peer" }, option.label)) };
      });
      const group = el("fieldset", { "aria-describedby": describedBy }, el("legend", {}, ...labelText), help, ...boxes.map((b) => b.row));
      read = () => boxes.filter((b) => b.box.checked).map((b) => b.box.value);
      focusable = boxes[0]?.box ?? group;
      element.append(group, problem);
      break;
    }
  }

  return {
    field,
    element,
    read: () => read(),
    showProblem(message) {
      problem.hidden = message === undefined;
      replace(problem, message ?? "");
      if (focusable instanceof HTMLInputElement || focusable instanceof HTMLSelectElement) focusable.setAttribute("aria-invalid", message === undefined ? "false" : "true");
    },
    focus: () => focusable.focus(),
  };
}
