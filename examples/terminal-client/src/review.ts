/**
 * The summary the user reviews before a form is sent: every field with the
 * value that will go to the server, option values shown with their titles,
 * fields filled from a default marked as such, fields left out marked too.
 */
import type { FieldDescription } from "@mrtr/client/elicitation";
import type { FieldValue } from "./ask-field.js";
import { oneLine } from "./sanitize.js";
import { accent, dim } from "./style.js";

/** The title of an option value, when the field has one that differs from it. */
function titled(field: FieldDescription, value: string): string {
  const option = field.options?.find((o) => o.value === value);
  return option && option.label !== value ? `${oneLine(option.label)} ${dim(`(${oneLine(value)})`)}` : oneLine(value);
}

/** One value as the user should read it. */
export function formatValue(field: FieldDescription, value: FieldValue | undefined): string {
  if (value === undefined) return dim("(left out)");
  if (typeof value === "boolean") return value ? "Yes" : "No";
  if (Array.isArray(value)) return value.length === 0 ? dim("(none)") : value.map((v) => titled(field, v)).join(", ");
  if (typeof value === "string" && field.kind === "select") return titled(field, value);
  return oneLine(String(value));
}

/**
 * The review lines: `label: value` for every field. `given` holds what the
 * user entered; `content` what will be sent (defaults filled), so a value
 * present only in `content` came from the field's default.
 */
export function reviewLines(fields: FieldDescription[], given: Record<string, unknown>, content: Record<string, unknown>): string[] {
  return fields.map((field) => {
    const value = content[field.name] as FieldValue | undefined;
    const fromDefault = value !== undefined && !(field.name in given) ? dim(" (default)") : "";
    const label = oneLine(field.label);
    // "How will you attend?: …" reads badly; a label ending in punctuation needs no colon.
    return `${accent(label)}${/[?:!]$/.test(label) ? "" : ":"} ${formatValue(field, value)}${fromDefault}`;
  });
}
