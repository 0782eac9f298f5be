/**
 * The string formats a form field may request, checked by ajv-formats' own
 * ("full" mode) functions, so the server agrees with every JSON Schema
 * validator built on ajv about what an email, URI, date or date-time is.
 */
import { fullFormats } from "ajv-formats/dist/formats.js";

/** The formats a form string field may carry. */
export const FORM_FORMATS = ["email", "uri", "date", "date-time"] as const;

/** One of {@link FORM_FORMATS}. */
export type FormFormat = (typeof FORM_FORMATS)[number];

/** Whether `value` is one of {@link FORM_FORMATS}. */
export function isFormFormat(value: unknown): value is FormFormat {
  return typeof value === "string" && (FORM_FORMATS as readonly string[]).includes(value);
}

/** Turns one ajv-formats definition (a RegExp, a function, or `{ validate }` holding either) into a test. */
function toTest(definition: unknown): (value: string) => boolean {
  const inner = typeof definition === "object" && definition !== null && "validate" in definition ? definition.validate : definition;
  if (inner instanceof RegExp) return (value) => inner.test(value);
  if (typeof inner === "function") return (value) => Boolean(inner(value));
  throw new Error("ajv-formats gave no usable check for a form format");
}

/** The check for each form format, built once. */
const TESTS: Readonly<Record<FormFormat, (value: string) => boolean>> = {
  email: toTest(fullFormats.email),
  uri: toTest(fullFormats.uri),
  date: toTest(fullFormats.date),
  "date-time": toTest(fullFormats["date-time"]),
};

/** Whether `value` is written in `format`. */
export function matchesFormat(format: FormFormat, value: string): boolean {
  return TESTS[format](value);
}
