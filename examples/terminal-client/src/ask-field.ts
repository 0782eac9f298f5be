/**
 * Asks the user for one form field with the prompt that fits its kind: text
 * (with its format and length checked as the user types), number and integer
 * (typed, then range-checked), yes/no, single choice and multiple choice
 * (with option titles). Every value is checked with the client's own
 * `checkFormAnswer` against the field's schema, so what the prompt accepts is
 * exactly what the client will send.
 */
import { confirm, log, multiselect, select, text } from "@clack/prompts";
import { checkFormAnswer, type FieldDescription } from "@mrtr/client/elicitation";
import type { RequestedSchema } from "./argument-fields.js";
import { answered } from "./prompt-cancel.js";
import { oneLine, plain } from "./sanitize.js";
import { accent, danger, dim, textPromptMessage } from "./style.js";

/** A value of a form answer. */
export type FieldValue = string | number | boolean | string[];

export type { RequestedSchema } from "./argument-fields.js";

/** The answer left out: the field is optional and the user gave none. */
export const OMITTED = Symbol("omitted");

const FORMAT_HINTS: Record<NonNullable<FieldDescription["format"]>, { what: string; placeholder: string }> = {
  email: { what: "an email address", placeholder: "name@example.com" },
  uri: { what: "a URL", placeholder: "https://…" },
  date: { what: "a date", placeholder: "YYYY-MM-DD" },
  "date-time": { what: "a date and time", placeholder: "YYYY-MM-DDThh:mm:ssZ" },
};

const range = (min: number | undefined, max: number | undefined, unit = "") =>
  min !== undefined && max !== undefined
    ? `${min} to ${max}${unit}`
    : min !== undefined
      ? `at least ${min}${unit}`
      : max !== undefined
        ? `at most ${max}${unit}`
        : undefined;

/** What the field expects, in words ("a whole number, 0 to 7"), or undefined when it says nothing beyond its kind. */
export function constraintHint(field: FieldDescription): string | undefined {
  const parts: string[] = [];
  switch (field.kind) {
    case "text": {
      if (field.format) parts.push(FORMAT_HINTS[field.format].what);
      const length = range(field.minLength, field.maxLength, " characters");
      if (length) parts.push(length);
      break;
    }
    case "number":
    case "integer": {
      parts.push(field.kind === "integer" ? "a whole number" : "a number");
      const r = range(field.min, field.max);
      if (r) parts.push(r);
      break;
    }
    case "multiselect": {
      const r = range(field.minItems, field.maxItems);
      parts.push(r ? `pick ${r}` : "pick any");
      break;
    }
    default:
      return undefined;
  }
  return parts.join(", ");
}

/** The prompt's heading: label, required mark, description and what is expected. */
export function fieldHeading(field: FieldDescription): string {
  const mark = field.required ? danger(" *") : dim(" (optional)");
  const lines = [`${accent(oneLine(field.label))}${mark}`];
  if (field.description) lines.push(dim(plain(field.description)));
  const hint = constraintHint(field);
  if (hint) lines.push(dim(hint));
  return lines.join("\n");
}

/** The problems of `value` as an answer to this one field, in words; undefined when it is fine. */
export function checkField(field: FieldDescription, schema: RequestedSchema, value: FieldValue | typeof OMITTED): string | undefined {
  const property = schema.properties[field.name];
  if (property === undefined) return undefined;
  const one: RequestedSchema = { type: "object", properties: { [field.name]: property }, ...(field.required && { required: [field.name] }) };
  const checked = checkFormAnswer(one, value === OMITTED ? {} : { [field.name]: value });
  return checked.ok ? undefined : checked.problems.map((p) => p.message).join("; ");
}

/** The current value of a field as text to pre-fill. */
function prefill(value: FieldValue | typeof OMITTED | undefined): string | undefined {
  if (value === undefined || value === OMITTED) return undefined;
  return String(value);
}

/**
 * Asks one field. `current` is the value to pre-fill (a previous answer or the
 * default). Returns the value, or {@link OMITTED} for an optional field left
 * empty. Throws `PromptCancelled` on Ctrl+C.
 */
export async function askField(field: FieldDescription, schema: RequestedSchema, current?: FieldValue | typeof OMITTED): Promise<FieldValue | typeof OMITTED> {
  const start = current ?? field.default;
  const message = fieldHeading(field);
  switch (field.kind) {
    case "text": {
      const format = field.format ? FORMAT_HINTS[field.format] : undefined;
      const initial = prefill(start);
      const value = answered(
        await text({
          message: textPromptMessage(message),
          ...(initial !== undefined && { initialValue: initial }),
          ...(format && { placeholder: format.placeholder }),
          validate: (raw) => checkField(field, schema, raw === undefined || raw === "" ? OMITTED : raw),
        }),
      );
      return value === undefined || value === "" ? OMITTED : value;
    }
    case "number":
    case "integer": {
      const initial = prefill(start);
      const parse = (raw: string | undefined): number | typeof OMITTED | undefined => {
        const t = (raw ?? "").trim();
        if (t === "") return OMITTED;
        const n = Number(t);
        return Number.isFinite(n) ? n : undefined;
      };
      const value = answered(
        await text({
          message: textPromptMessage(message),
          ...(initial !== undefined && { initialValue: initial }),
          placeholder: field.kind === "integer" ? "a whole number" : "a number",
          validate: (raw) => {
            const n = parse(raw);
            return n === undefined ? "Enter a number, such as 12 or 4.5." : checkField(field, schema, n);
          },
        }),
      );
      return parse(value) ?? OMITTED;
    }
    case "boolean": {
      const initial = typeof start === "boolean" ? start : false;
      return answered(await confirm({ message, initialValue: initial }));
    }
    case "select": {
      const NONE = "\u0000none";
      const options = (field.options ?? []).map((o) => ({
        value: o.value,
        label: oneLine(o.label),
        ...(o.label !== o.value && { hint: oneLine(o.value) }),
      }));
      // "No answer" to a field with a default would just send the default: not offered then.
      if (!field.required && field.default === undefined) options.push({ value: NONE, label: dim("(no answer)") });
      const initial = typeof start === "string" && options.some((o) => o.value === start) ? start : field.required ? undefined : NONE;
      const value = answered(await select<string>({ message, options, ...(initial !== undefined && { initialValue: initial }) }));
      return value === NONE ? OMITTED : value;
    }
    case "multiselect": {
      const options = (field.options ?? []).map((o) => ({
        value: o.value,
        label: oneLine(o.label),
        ...(o.label !== o.value && { hint: oneLine(o.value) }),
      }));
      let picked = Array.isArray(start) ? start.filter((v) => options.some((o) => o.value === v)) : [];
      for (;;) {
        picked = answered(
          await multiselect<string>({ message, options, initialValues: picked, required: field.required && (field.minItems ?? 0) > 0 }),
        );
        // An optional field left empty whose schema wants items is left out rather than sent empty.
        const value: FieldValue | typeof OMITTED = picked.length === 0 && !field.required && (field.minItems ?? 0) > 0 ? OMITTED : picked;
        const problem = checkField(field, schema, value);
        if (!problem) return value;
        log.error(`${oneLine(field.label)}: ${plain(problem)}`);
      }
    }
  }
}
