/**
 * The string formats a form field may request, checked by @mrtr/zod's format
 * tests (held to ajv-formats' "full" mode), so the server agrees with every
 * JSON Schema validator built on ajv about what an email, URI, date or
 * date-time is.
 */
import type { FormFormat } from "@mrtr/internal";
import { formatTest } from "@mrtr/zod/checks";

/** The check for each form format, built once. */
const TESTS: Readonly<Record<FormFormat, (value: string) => boolean>> = {
  email: formatTest("email"),
  uri: formatTest("uri"),
  date: formatTest("date"),
  "date-time": formatTest("date-time"),
};

/** Whether `value` is written in `format`. */
export function matchesFormat(format: FormFormat, value: string): boolean {
  return TESTS[format](value);
}
