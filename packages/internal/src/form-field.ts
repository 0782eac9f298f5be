/**
 * One model of an elicitation form field (client/elicitation.mdx, "Requested
 * Schema"): the eight property shapes a form allows, read as six kinds —
 * text, number, integer, boolean, one choice, several choices — with their limits,
 * options and default. The server checks answers and defaults against it,
 * the client describes fields for renderers and checks answers before they
 * leave; each side words its own messages.
 *
 * The reader is lenient: what does not fit the form schema (an option that
 * is not a string, an unknown format, a limit or default of the wrong type)
 * is left out and listed in `dropped`, so a strict reader can refuse the
 * field and a lenient one can show what remains.
 */
import { isRecord } from "./record.js";

/** The string formats a text field may ask for. */
export const FORM_FORMATS = ["email", "uri", "date", "date-time"] as const;
export type FormFormat = (typeof FORM_FORMATS)[number];

/** Whether `value` names one of {@link FORM_FORMATS}. */
export function isFormFormat(value: unknown): value is FormFormat {
  return typeof value === "string" && (FORM_FORMATS as readonly string[]).includes(value);
}

/** One choice of a select or multiselect field. */
export interface FormOption {
  /** The value an answer carries. */
  value: string;
  /** Its title (`oneOf`/`anyOf` titles, legacy `enumNames`), or the value. */
  label: string;
}

/** One form field: what constrains its value, and its default (the names a renderer's description uses). */
export type FormField =
  | { kind: "text"; format?: FormFormat; minLength?: number; maxLength?: number; default?: string }
  | { kind: "number" | "integer"; min?: number; max?: number; default?: number }
  | { kind: "boolean"; default?: boolean }
  | { kind: "select"; options: FormOption[]; default?: string }
  | { kind: "multiselect"; options: FormOption[]; minItems?: number; maxItems?: number; default?: string[] };

/** A field as read, with what was left out of it. */
export interface FieldReading {
  field: FormField;
  /** The keywords left out because their values do not fit the form schema ("enum", "format", "minLength", …). */
  dropped: string[];
}

/**
 * Reads one property schema of a form, or undefined when it is no form field
 * at all (not an object, or a `type` other than string, number, integer,
 * boolean or array).
 */
export function readFormField(schema: unknown): FieldReading | undefined {
  if (!isRecord(schema)) return undefined;
  const dropped: string[] = [];
  /** `schema[key]` when it is a finite number; noted as dropped when present otherwise. */
  const number = (from: Record<string, unknown>, key: string): number | undefined => {
    const value = from[key];
    if (typeof value === "number" && Number.isFinite(value)) return value;
    if (value !== undefined) dropped.push(key);
    return undefined;
  };
  const fallback = <T>(ok: (value: unknown) => value is T): T | undefined => {
    if (ok(schema.default)) return schema.default;
    if (schema.default !== undefined) dropped.push("default");
    return undefined;
  };
  const isString = (v: unknown): v is string => typeof v === "string";
  switch (schema.type) {
    case "string": {
      // One choice: `enum` (labels from legacy `enumNames`), else `oneOf` of `{ const, title }`.
      if (schema.enum !== undefined) return { field: defined({ kind: "select", options: enumOptions(schema.enum, schema.enumNames, dropped), default: fallback(isString) }), dropped };
      if (schema.oneOf !== undefined) return { field: defined({ kind: "select", options: constOptions(schema.oneOf, "oneOf", dropped), default: fallback(isString) }), dropped };
      let format: FormFormat | undefined;
      if (isFormFormat(schema.format)) format = schema.format;
      else if (schema.format !== undefined) dropped.push("format");
      return { field: defined({ kind: "text", format, minLength: number(schema, "minLength"), maxLength: number(schema, "maxLength"), default: fallback(isString) }), dropped };
    }
    case "number":
    case "integer": {
      const isNumber = (v: unknown): v is number => typeof v === "number" && Number.isFinite(v);
      return { field: defined({ kind: schema.type, min: number(schema, "minimum"), max: number(schema, "maximum"), default: fallback(isNumber) }), dropped };
    }
    case "boolean":
      return { field: defined({ kind: "boolean", default: fallback((v): v is boolean => typeof v === "boolean") }), dropped };
    case "array": {
      // Several choices: `items.enum` of strings, else `items.anyOf` of `{ const, title }`.
      const items = isRecord(schema.items) ? schema.items : undefined;
      if (!items) dropped.push("items");
      const options = !items ? [] : items.enum !== undefined ? enumOptions(items.enum, undefined, dropped) : constOptions(items.anyOf, "anyOf", dropped);
      if (items && items.enum !== undefined && items.type !== "string") dropped.push("items.type");
      const isStrings = (v: unknown): v is string[] => Array.isArray(v) && v.every(isString);
      const chosen = fallback(isStrings);
      return { field: defined({ kind: "multiselect", options, minItems: number(schema, "minItems"), maxItems: number(schema, "maxItems"), default: chosen && [...chosen] }), dropped };
    }
    default:
      return undefined;
  }
}

/** The options of an `enum` list, labelled by a parallel `enumNames`; non-strings left out. */
function enumOptions(values: unknown, names: unknown, dropped: string[]): FormOption[] {
  if (!Array.isArray(values)) return (dropped.push("enum"), []);
  const labels: unknown[] = Array.isArray(names) ? names : [];
  const options: FormOption[] = [];
  values.forEach((value: unknown, i) => {
    if (typeof value !== "string") return void dropped.push("enum");
    const label = labels[i];
    options.push({ value, label: typeof label === "string" && label !== "" ? label : value });
  });
  return options;
}

/** The options of a `oneOf` / `anyOf` list of `{ const, title }`; entries without a string `const` left out. */
function constOptions(list: unknown, keyword: string, dropped: string[]): FormOption[] {
  if (!Array.isArray(list)) return (dropped.push(keyword), []);
  const options: FormOption[] = [];
  for (const entry of list as unknown[]) {
    if (!isRecord(entry) || typeof entry.const !== "string") {
      dropped.push(keyword);
      continue;
    }
    options.push({ value: entry.const, label: typeof entry.title === "string" && entry.title !== "" ? entry.title : entry.const });
  }
  return options;
}

/** `field` without its undefined properties. */
function defined<T extends FormField>(field: T): T {
  for (const key of Object.keys(field) as (keyof T)[]) if (field[key] === undefined) delete field[key];
  return field;
}
