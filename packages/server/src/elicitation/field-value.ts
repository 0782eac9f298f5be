/**
 * Whether one value fits one form field. Shared by the answer check (the
 * user's submitted content) and the form guard (each field's `default`).
 */
import { isFormFormat, matchesFormat, type FormFormat } from "./formats.js";
import { codePoints } from "@mrtr/zod/runtime";
import { isRecord } from "../is-record.js";

/** A form field reduced to what constrains its value. */
export type FieldKind =
  | {
      /** Free text. */
      kind: "text";
      /** Fewest code points. */
      minLength?: number;
      /** Most code points. */
      maxLength?: number;
      /** Required format. */
      format?: FormFormat;
    }
  | {
      /** A number. */
      kind: "number";
      /** Whether only whole numbers are allowed. */
      integer: boolean;
      /** Smallest allowed value. */
      minimum?: number;
      /** Largest allowed value. */
      maximum?: number;
    }
  | {
      /** Yes or no. */
      kind: "boolean";
    }
  | {
      /** Exactly one of `options`. */
      kind: "choice";
      /** The allowed values. */
      options: string[];
    }
  | {
      /** Any number of distinct `options`. */
      kind: "multi";
      /** The allowed values of each item. */
      options: string[];
      /** Fewest items. */
      minItems?: number;
      /** Most items. */
      maxItems?: number;
    };


/** `value` if it is a number, else `undefined`. */
function num(value: unknown): number | undefined {
  return typeof value === "number" ? value : undefined;
}

/** The `const` of every `{ const: string }` in `list`, or `undefined` if any is not one. */
function consts(list: unknown): string[] | undefined {
  if (!Array.isArray(list)) return undefined;
  const values = list.map((option: unknown) => (isRecord(option) && typeof option.const === "string" ? option.const : undefined));
  return values.every((v): v is string => v !== undefined) ? values : undefined;
}

/** `list` if it is an array of strings, else `undefined`. */
function strings(list: unknown): string[] | undefined {
  return Array.isArray(list) && list.every((v): v is string => typeof v === "string") ? list : undefined;
}

/**
 * Reads a field schema as one of the form field kinds, or `undefined` when it
 * is none of them. Lenient about extra keys; the form guard is the strict one.
 */
export function classifyField(schema: unknown): FieldKind | undefined {
  if (!isRecord(schema)) return undefined;
  switch (schema.type) {
    case "string": {
      if (schema.enum !== undefined) {
        const options = strings(schema.enum);
        return options && { kind: "choice", options };
      }
      if (schema.oneOf !== undefined) {
        const options = consts(schema.oneOf);
        return options && { kind: "choice", options };
      }
      if (schema.format !== undefined && !isFormFormat(schema.format)) return undefined;
      return { kind: "text", minLength: num(schema.minLength), maxLength: num(schema.maxLength), format: schema.format };
    }
    case "number":
    case "integer":
      return { kind: "number", integer: schema.type === "integer", minimum: num(schema.minimum), maximum: num(schema.maximum) };
    case "boolean":
      return { kind: "boolean" };
    case "array": {
      const items = schema.items;
      if (!isRecord(items)) return undefined;
      const options = items.enum !== undefined ? (items.type === "string" ? strings(items.enum) : undefined) : consts(items.anyOf);
      return options && { kind: "multi", options, minItems: num(schema.minItems), maxItems: num(schema.maxItems) };
    }
    default:
      return undefined;
  }
}

/** Number of code points in `text`: the unit of JSON Schema's `minLength` / `maxLength`. */
export const codePointLength = codePoints;

/** Options quoted for a message, at most ten of them. */
function listOptions(options: readonly string[]): string {
  const shown = options.slice(0, 10).map((o) => JSON.stringify(o)).join(", ");
  return options.length > 10 ? `${shown}, ... (${options.length} in all)` : shown;
}

/** Why a text value does not fit, if it does not. */
function textProblem(field: Extract<FieldKind, { kind: "text" }>, value: string): string | undefined {
  const length = codePointLength(value);
  if (field.minLength !== undefined && length < field.minLength) return `must be at least ${field.minLength} characters long, got ${length}`;
  if (field.maxLength !== undefined && length > field.maxLength) return `must be at most ${field.maxLength} characters long, got ${length}`;
  if (field.format !== undefined && !matchesFormat(field.format, value)) return `must be a valid ${field.format}`;
  return undefined;
}

/** Why a number does not fit, if it does not. */
function numberProblem(field: Extract<FieldKind, { kind: "number" }>, value: number): string | undefined {
  if (!Number.isFinite(value)) return "must be a finite number";
  if (field.integer && !Number.isInteger(value)) return `must be an integer, got ${value}`;
  if (field.minimum !== undefined && value < field.minimum) return `must be at least ${field.minimum}, got ${value}`;
  if (field.maximum !== undefined && value > field.maximum) return `must be at most ${field.maximum}, got ${value}`;
  return undefined;
}

/** Why a multi-select value does not fit, if it does not. */
function multiProblem(field: Extract<FieldKind, { kind: "multi" }>, value: readonly unknown[]): string | undefined {
  const seen = new Set<string>();
  for (const item of value) {
    if (typeof item !== "string") return "must be an array of strings";
    if (!field.options.includes(item)) return `has ${JSON.stringify(item)}, which is not one of ${listOptions(field.options)}`;
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
export function valueProblem(field: FieldKind, value: unknown): string | undefined {
  switch (field.kind) {
    case "text":
      return typeof value === "string" ? textProblem(field, value) : "must be a string";
    case "number":
      if (typeof value !== "number") return field.integer ? "must be an integer" : "must be a number";
      return numberProblem(field, value);
    case "boolean":
      return typeof value === "boolean" ? undefined : "must be true or false";
    case "choice":
      if (typeof value !== "string") return "must be a string";
      return field.options.includes(value) ? undefined : `must be one of ${listOptions(field.options)}`;
    case "multi":
      return Array.isArray(value) ? multiProblem(field, value) : "must be an array of strings";
  }
}
