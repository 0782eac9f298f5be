/**
 * Whether one value fits one form field, worded for the server's errors.
 * Shared by the answer check (the user's submitted content) and the form
 * guard (each field's `default`).
 */
import { readFormField, type FormField } from "@mrtr/internal";
import { codePoints } from "@mrtr/zod/checks";
import { matchesFormat } from "./formats.js";

/**
 * Reads a field schema with the one form-field model (@mrtr/internal), or
 * `undefined` when it is none of the form's kinds or holds anything the
 * model had to leave out (an option that is no string, an unknown format, a
 * limit that is no number): the server checks values only against fields it
 * understands fully. A `default` is the value under check, not a constraint:
 * the form guard checks it with {@link valueProblem}.
 */
export function classifyField(schema: unknown): FormField | undefined {
  const reading = readFormField(schema);
  return reading && reading.dropped.every((keyword) => keyword === "default") ? reading.field : undefined;
}

/** Number of code points in `text`: the unit of JSON Schema's `minLength` / `maxLength`. */
export const codePointLength = codePoints;

/** The values of a field's options. */
const values = (options: readonly { value: string }[]) => options.map((o) => o.value);

/** Options quoted for a message, at most ten of them. */
function listOptions(options: readonly string[]): string {
  const shown = options.slice(0, 10).map((o) => JSON.stringify(o)).join(", ");
  return options.length > 10 ? `${shown}, ... (${options.length} in all)` : shown;
}

/** Why a text value does not fit, if it does not. */
function textProblem(field: Extract<FormField, { kind: "text" }>, value: string): string | undefined {
  const length = codePointLength(value);
  if (field.minLength !== undefined && length < field.minLength) return `must be at least ${field.minLength} characters long, got ${length}`;
  if (field.maxLength !== undefined && length > field.maxLength) return `must be at most ${field.maxLength} characters long, got ${length}`;
  if (field.format !== undefined && !matchesFormat(field.format, value)) return `must be a valid ${field.format}`;
  return undefined;
}

/** Why a number does not fit, if it does not. */
function numberProblem(field: Extract<FormField, { kind: "number" | "integer" }>, value: number): string | undefined {
  if (!Number.isFinite(value)) return "must be a finite number";
  if (field.kind === "integer" && !Number.isInteger(value)) return `must be an integer, got ${value}`;
  if (field.min !== undefined && value < field.min) return `must be at least ${field.min}, got ${value}`;
  if (field.max !== undefined && value > field.max) return `must be at most ${field.max}, got ${value}`;
  return undefined;
}

/** Why a multi-select value does not fit, if it does not. */
function multiProblem(field: Extract<FormField, { kind: "multiselect" }>, value: readonly unknown[]): string | undefined {
  const seen = new Set<string>();
  const options = values(field.options);
  for (const item of value) {
    if (typeof item !== "string") return "must be an array of strings";
    if (!options.includes(item)) return `has ${JSON.stringify(item)}, which is not one of ${listOptions(options)}`;
    if (seen.has(item)) return `has ${JSON.stringify(item)} twice`;
    seen.add(item);
  }
  if (field.minItems !== undefined && value.length < field.minItems) return `must have at least ${field.minItems} items, got ${value.length}`;
  if (field.maxItems !== undefined && value.length > field.maxItems) return `must have at most ${field.maxItems} items, got ${value.length}`;
  return undefined;
}

/**
 * Why `value` does not fit `field`, as a phrase to follow the field's name
 * ("must be an integer, got 2.5"), or `undefined` when it fits.
 */
export function valueProblem(field: FormField, value: unknown): string | undefined {
  switch (field.kind) {
    case "text":
      return typeof value === "string" ? textProblem(field, value) : "must be a string";
    case "number":
    case "integer":
      if (typeof value !== "number") return field.kind === "integer" ? "must be an integer" : "must be a number";
      return numberProblem(field, value);
    case "boolean":
      return typeof value === "boolean" ? undefined : "must be true or false";
    case "select": {
      if (typeof value !== "string") return "must be a string";
      const options = values(field.options);
      return options.includes(value) ? undefined : `must be one of ${listOptions(options)}`;
    }
    case "multiselect":
      return Array.isArray(value) ? multiProblem(field, value) : "must be an array of strings";
  }
}
