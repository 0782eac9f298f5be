/**
 * A normalized, UI-friendly description of form fields, so a renderer deals
 * with six kinds of field instead of the eight schema shapes the protocol
 * allows (three of them for single choice, two for multiple choice).
 *
 * The reader is lenient with what arrives from the wire: a constraint of the
 * wrong type (a string `minLength`, an unknown `format`, a `default` that is
 * not of the field's type) is left out rather than trusted. Only a field
 * whose `type` is not a form type at all cannot be described.
 */
import type { ElicitRequestFormParams, PrimitiveSchemaDefinition } from "@mrtr/schema";
import { isRecord, readFormField, type FormFormat } from "@mrtr/internal";

/** The kinds of input a renderer has to provide. */
export type FieldKind = "text" | "number" | "integer" | "boolean" | "select" | "multiselect";

/** The string formats a text field may ask for. */
export type FieldFormat = FormFormat;

/** One choice of a select or multiselect field. */
export interface FieldOption {
  /** The value sent to the server when this option is picked. */
  value: string;
  /** The text shown for this option. */
  label: string;
}

/** One form field, described for a renderer. */
export interface FieldDescription {
  /** The property name: the key of the answer. */
  name: string;
  /** What to show as the field's label: the schema's `title`, or the name when it has none (or an empty one). */
  label: string;
  /** Help text for the field. */
  description?: string;
  /** Whether the user must answer (after defaults are applied). */
  required: boolean;
  /** Which input to render. */
  kind: FieldKind;
  /** For text: the format the value must have. */
  format?: FieldFormat;
  /** For number and integer: the smallest allowed value. */
  min?: number;
  /** For number and integer: the largest allowed value. */
  max?: number;
  /** For text: fewest characters (Unicode code points). */
  minLength?: number;
  /** For text: most characters (Unicode code points). */
  maxLength?: number;
  /** For multiselect: fewest options to pick. */
  minItems?: number;
  /** For multiselect: most options to pick. */
  maxItems?: number;
  /** For select and multiselect: the choices, in display order. */
  options?: FieldOption[];
  /** The value to pre-fill; also what the answer gets when the user leaves the field out. */
  default?: string | number | boolean | string[];
}

/** A whole form, described for a renderer. */
export interface FormDescription {
  /** The server's explanation of what is asked and why. */
  message: string;
  /** The fields, in the order of the schema's properties. */
  fields: FieldDescription[];
}

/** `value` if it is a non-empty string, else `undefined`. */
function text(value: unknown): string | undefined {
  return typeof value === "string" && value !== "" ? value : undefined;
}

/**
 * Describes one field, or `undefined` when its schema is not a form field
 * (not an object, or a `type` other than string, number, integer, boolean or
 * array). Read with the one form-field model (@mrtr/internal), leniently:
 * what does not fit the form schema is left out rather than trusted.
 */
export function readField(name: string, schema: unknown, required: boolean): FieldDescription | undefined {
  const reading = readFormField(schema);
  if (!reading || !isRecord(schema)) return undefined;
  const field: FieldDescription = { name, label: text(schema.title) ?? name, required, ...reading.field };
  if (typeof schema.description === "string") field.description = schema.description;
  return field;
}

/**
 * Describes one form field for a renderer: its label, kind, limits, options
 * and default. Throws a `TypeError` when the schema is not a form field at
 * all (validate the request with `@mrtr/zod` first and this cannot happen).
 */
export function describeField(name: string, schema: PrimitiveSchemaDefinition, required: boolean): FieldDescription {
  const field = readField(name, schema, required);
  if (!field) throw new TypeError(`Field "${name}" is not a form field (string, number, integer, boolean or array)`);
  return field;
}

/** The names the form requires, read leniently (non-strings ignored). */
export function requiredNames(requestedSchema: unknown): Set<string> {
  const list = isRecord(requestedSchema) && Array.isArray(requestedSchema.required) ? (requestedSchema.required as unknown[]) : [];
  return new Set(list.filter((name): name is string => typeof name === "string"));
}

/** The form's properties as `[name, schema]` pairs in order (own keys only; none when malformed). */
export function propertyEntries(requestedSchema: unknown): Array<[string, unknown]> {
  const properties = isRecord(requestedSchema) ? requestedSchema.properties : undefined;
  return isRecord(properties) ? Object.entries(properties) : [];
}

/** Describes a whole form: the server's message and every field, in property order. */
export function describeForm(params: ElicitRequestFormParams): FormDescription {
  const required = requiredNames(params.requestedSchema);
  return {
    message: params.message,
    fields: propertyEntries(params.requestedSchema).map(([name, schema]) =>
      describeField(name, schema as PrimitiveSchemaDefinition, required.has(name)),
    ),
  };
}
