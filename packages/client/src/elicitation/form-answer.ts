/**
 * The client-side check of a user's form answer, run BEFORE the answer is
 * sent: it fills defaults, then refuses anything the server's schema would
 * refuse (and fields the server did not ask for), with messages written for
 * the person filling in the form.
 *
 * Decisions:
 * - A field is "left out" when its key is absent or its value is `undefined`
 *   or `null` (a cleared input); only then does its `default` apply. An empty
 *   string is a value, as in JSON Schema: a renderer that wants an empty text
 *   box to count as unanswered passes `undefined` for it.
 * - A default is checked like a typed value, so a bad default shows up as a
 *   problem on its field instead of being sent.
 * - Each field gets at most one problem, the first rule it breaks: the type,
 *   then the length or count, then the format or membership.
 * - Values are never coerced (`"5"` is not a number); arrays are copied.
 * - Lengths count Unicode code points, as JSON Schema does ("👍" is one).
 * - Formats are decided as ajv-formats ("full" mode) decides them (tests hold
 *   @mrtr/zod's format tests to it), so the client and any ajv-based server
 *   agree on what an email, URI, date or date-time is.
 */
import { codePoints, isDate, isDateTime, isEmail, isUri } from "@mrtr/zod/checks";
import type { ElicitRequestFormParams } from "@mrtr/schema";
import { propertyEntries, readField, requiredNames, type FieldDescription, type FieldFormat } from "./describe-field.js";
import { isRecord } from "@mrtr/internal";

/** A value a form answer may carry. */
export type FormValue = string | number | boolean | string[];

/** One thing wrong with a form answer. */
export interface FormProblem {
  /** The field it is about (the property name); `""` for the answer as a whole. */
  field: string;
  /** What to tell the user, e.g. "Enter a whole number between 1 and 10". */
  message: string;
}

/** The verdict on a form answer. */
export type FormAnswerCheck =
  | {
      /** The answer may be sent. */
      ok: true;
      /** The content to send: the user's values with defaults filled in, in property order. */
      content: Record<string, FormValue>;
    }
  | {
      /** The answer must not be sent as it is. */
      ok: false;
      /** Every problem found, fields in property order, then unknown keys. */
      problems: FormProblem[];
    };

/** At most this many option labels are listed in a message. */
const MAX_LISTED_OPTIONS = 10;

/** The check of each format a text field may ask for. */
const FORMAT_TESTS: Readonly<Record<FieldFormat, (value: string) => boolean>> = {
  email: isEmail,
  uri: isUri,
  date: isDate,
  "date-time": isDateTime,
};

/** What to ask for when a value does not have its format. */
const FORMAT_MESSAGES: Readonly<Record<FieldFormat, string>> = {
  email: "Enter an email address, like name@example.com",
  uri: "Enter a full web address, like https://example.com",
  date: "Enter a date as year-month-day, like 2026-07-28",
  "date-time": "Enter a date and time with a time zone, like 2026-07-28T14:30:00Z",
};

/** The number of Unicode code points in `value` (a surrogate pair counts once). */
export const codePointLength = codePoints;

/** `count word` or `count words`. */
function plural(count: number, word: string): string {
  return `${count} ${word}${count === 1 ? "" : "s"}`;
}

/** Whether `n` breaks the bounds `min`..`max` (either may be absent). */
function outside(n: number, min: number | undefined, max: number | undefined): boolean {
  return (min !== undefined && n < min) || (max !== undefined && n > max);
}

/** "between 1 and 3 options", "at least 2 options", "exactly 1 option"… for a count with bounds. */
function countPhrase(min: number | undefined, max: number | undefined, word: string): string {
  if (min !== undefined && max !== undefined)
    return min === max ? `exactly ${plural(min, word)}` : `between ${min} and ${plural(max, word)}`;
  if (min !== undefined) return `at least ${plural(min, word)}`;
  return `at most ${plural(max ?? 0, word)}`;
}

/** The message for a number field: what it needs, with its bounds. */
function numberMessage(field: FieldDescription): string {
  const noun = field.kind === "integer" ? "a whole number" : "a number";
  const { min, max } = field;
  if (min !== undefined && max !== undefined) return `Enter ${noun} between ${min} and ${max}`;
  if (min !== undefined) return `Enter ${noun} that is at least ${min}`;
  if (max !== undefined) return `Enter ${noun} that is at most ${max}`;
  return `Enter ${noun}`;
}

/** The message for a select field whose value is not one of its options. */
function selectMessage(field: FieldDescription): string {
  const options = field.options ?? [];
  if (options.length === 0) return "This question has no options to choose from";
  if (options.length > MAX_LISTED_OPTIONS) return "Choose one of the listed options";
  return `Choose one of: ${options.map((option) => option.label).join(", ")}`;
}

/** The value if it fits the field, else the message for the user. */
type Verdict = { value: FormValue } | { message: string };

/** Checks one present value against its field. */
function checkValue(field: FieldDescription, value: unknown): Verdict {
  switch (field.kind) {
    case "text": {
      if (typeof value !== "string") return { message: field.format ? FORMAT_MESSAGES[field.format] : "Enter text" };
      if (outside(codePointLength(value), field.minLength, field.maxLength)) {
        return { message: `Enter ${countPhrase(field.minLength, field.maxLength, "character")}` };
      }
      if (field.format && !FORMAT_TESTS[field.format](value)) return { message: FORMAT_MESSAGES[field.format] };
      return { value };
    }
    case "number":
    case "integer": {
      const fits =
        typeof value === "number" &&
        Number.isFinite(value) &&
        (field.kind === "number" || Number.isInteger(value)) &&
        !outside(value, field.min, field.max);
      return fits ? { value } : { message: numberMessage(field) };
    }
    case "boolean":
      return typeof value === "boolean" ? { value } : { message: "Choose yes or no" };
    case "select": {
      const fits = typeof value === "string" && (field.options ?? []).some((option) => option.value === value);
      return fits ? { value } : { message: selectMessage(field) };
    }
    case "multiselect": {
      if (!Array.isArray(value) || !value.every((item): item is string => typeof item === "string")) {
        return { message: "Choose from the listed options" };
      }
      if (outside(value.length, field.minItems, field.maxItems)) {
        return { message: `Choose ${countPhrase(field.minItems, field.maxItems, "option")}` };
      }
      const allowed = new Set((field.options ?? []).map((option) => option.value));
      if (!value.every((item) => allowed.has(item))) return { message: "Choose only from the listed options" };
      if (new Set(value).size !== value.length) return { message: "Choose each option only once" };
      return { value: [...value] };
    }
  }
}

/** Whether a field counts as left out (see the module's decisions). */
function isLeftOut(value: unknown): value is null | undefined {
  return value === undefined || value === null;
}

/**
 * Checks a user's answer to a form-mode elicitation before it is sent, and
 * fills defaults. `content` is the user's values by field name (`undefined`
 * when they filled in nothing). On success, `content` is what to send as the
 * `ElicitResult`'s content; otherwise every problem is listed by field, for
 * the form to show. Never throws.
 */
export function checkFormAnswer(
  requestedSchema: ElicitRequestFormParams["requestedSchema"],
  content: Record<string, unknown> | undefined,
): FormAnswerCheck {
  if (content !== undefined && !isRecord(content)) {
    return { ok: false, problems: [{ field: "", message: "The answer is not a set of form fields" }] };
  }
  const given: Record<string, unknown> = content ?? {};
  const required = requiredNames(requestedSchema);
  const entries = propertyEntries(requestedSchema);
  const known = new Set(entries.map(([name]) => name));
  const problems: FormProblem[] = [];
  const answer: Array<[string, FormValue]> = [];
  const problem = (field: string, message: string): void => {
    problems.push({ field, message });
  };

  for (const [name, schema] of entries) {
    const field = readField(name, schema, required.has(name));
    let value = Object.hasOwn(given, name) ? given[name] : undefined;
    if (!field) {
      if (!isLeftOut(value) || required.has(name)) problem(name, "This field cannot be filled in: its type is not supported");
      continue;
    }
    if (isLeftOut(value)) value = field.default;
    if (isLeftOut(value)) {
      if (field.required) problem(name, "This field is required");
      continue;
    }
    const verdict = checkValue(field, value);
    if ("message" in verdict) problem(name, verdict.message);
    else answer.push([name, verdict.value]);
  }
  for (const name of required) {
    if (!known.has(name)) problem(name, "The form requires this field but does not ask for it, so it cannot be completed");
  }
  for (const name of Object.keys(given)) {
    if (!known.has(name) && !isLeftOut(given[name])) problem(name, "This field is not part of the form");
  }
  return problems.length > 0 ? { ok: false, problems } : { ok: true, content: Object.fromEntries(answer) };
}
