/**
 * The form guard: refuses, before anything is sent, a form elicitation that
 * leaves the restricted schema subset or looks like it asks for a secret.
 *
 * Secrets are screened first, on whatever fields can be read, so that a field
 * such as `{ type: "string", format: "password" }` is reported as the secret
 * it is rather than as an unknown format. Only fields the user types into are
 * screened (text and numbers): a boolean or an enum can only return values the
 * server itself offered, so a field named `remember_password` with
 * `type: "boolean"` is fine.
 */
import type { ElicitRequestFormParams } from "@mrtr/schema";
import { checkElicitRequestFormParams, firstIssueOf } from "@mrtr/zod/checks";
import { FormSchemaError, FormSecretError } from "./errors.js";
import { classifyField, valueProblem } from "./field-value.js";
import { isRecord } from "@mrtr/internal";
import { FORM_FORMATS } from "@mrtr/internal";
import { findSecret } from "./secret-words.js";

/** Options of {@link assertSafeForm}. */
export interface SafeFormOptions {
  /**
   * Fields known not to be secrets although their wording looks like one
   * (a false positive of the secret screen). Only the secret screen skips
   * them; their schema is still checked.
   */
  allowFields?: string[];
}

/** What a form field may be, appended to every schema error. */
const ALLOWED =
  "Form fields may only be: string (title, description, minLength, maxLength, format email|uri|date|date-time, default); " +
  "number or integer (title, description, minimum, maximum, default); boolean (title, description, default); " +
  'single-select enum (type "string" with enum [+ enumNames], or oneOf [{const, title}], default); ' +
  'multi-select (type "array" with items {type: "string", enum} or {anyOf: [{const, title}]}, minItems, maxItems, default). ' +
  "No nested objects, arrays of objects, references or other keywords.";

/** Keys every field kind may carry. */
const COMMON = ["type", "title", "description", "default"];

/** The keys allowed at the top of `requestedSchema`. */
const TOP_KEYS = ["$schema", "type", "properties", "required", "additionalProperties"];

/** Whether `value` is a whole number of zero or more. */
function isCount(value: unknown): boolean {
  return typeof value === "number" && Number.isInteger(value) && value >= 0;
}

/** The first key of `object` not in `allowed`, described, if any. */
function extraKey(object: Record<string, unknown>, allowed: readonly string[]): string | undefined {
  const key = Object.keys(object).find((k) => !allowed.includes(k));
  if (key === undefined) return undefined;
  if (key === "properties") return 'has "properties": nested objects are not allowed, a form is one flat level of fields';
  return `has "${key}", which is not allowed here (allowed: ${allowed.join(", ")})`;
}

/** Problem with a pair of lower/upper bounds, if any. */
function boundsProblem(field: Record<string, unknown>, low: string, high: string, isValid: (v: unknown) => boolean, what: string): string | undefined {
  for (const key of [low, high]) {
    if (field[key] !== undefined && !isValid(field[key])) return `"${key}" must be ${what}`;
  }
  const min = field[low];
  const max = field[high];
  if (typeof min === "number" && typeof max === "number" && min > max) return `"${low}" (${min}) is greater than "${high}" (${max})`;
  return undefined;
}

/** Problem with a list of option values, if any. */
function optionsProblem(options: readonly unknown[], key: string): string | undefined {
  if (options.length === 0) return `"${key}" must list at least one option`;
  const seen = new Set<unknown>();
  for (const option of options) {
    if (seen.has(option)) return `"${key}" lists ${JSON.stringify(option)} twice`;
    seen.add(option);
  }
  return undefined;
}

/** Problem with `oneOf` / `anyOf` options of `{ const, title }`, if any. */
function titledOptionsProblem(list: unknown, key: string): string | undefined {
  if (!Array.isArray(list)) return `"${key}" must be an array of {const, title}`;
  for (const option of list) {
    if (!isRecord(option) || typeof option.const !== "string" || typeof option.title !== "string") {
      return `each "${key}" option must be {const: string, title: string}`;
    }
    const extra = extraKey(option, ["const", "title"]);
    if (extra !== undefined) return `a "${key}" option ${extra}`;
  }
  return optionsProblem(list.map((o: { const: string }) => o.const), key);
}

/** Problem with a string field (plain, `enum` or `oneOf`), if any. */
function stringProblem(field: Record<string, unknown>): string | undefined {
  if (field.enum !== undefined && field.oneOf !== undefined) return 'use either "enum" or "oneOf", not both';
  if (field.enum !== undefined) {
    if (!Array.isArray(field.enum) || !field.enum.every((v) => typeof v === "string")) return '"enum" must be an array of strings';
    const names = field.enumNames;
    if (names !== undefined && (!Array.isArray(names) || !names.every((v) => typeof v === "string") || names.length !== field.enum.length)) {
      return '"enumNames" must be an array of strings as long as "enum"';
    }
    return extraKey(field, [...COMMON, "enum", "enumNames"]) ?? optionsProblem(field.enum, "enum");
  }
  if (field.oneOf !== undefined) return extraKey(field, [...COMMON, "oneOf"]) ?? titledOptionsProblem(field.oneOf, "oneOf");
  if (field.format !== undefined && !(FORM_FORMATS as readonly unknown[]).includes(field.format)) {
    return `"format" ${JSON.stringify(field.format)} is not allowed (allowed: ${FORM_FORMATS.join(", ")})`;
  }
  return (
    extraKey(field, [...COMMON, "minLength", "maxLength", "format"]) ??
    boundsProblem(field, "minLength", "maxLength", isCount, "a whole number of zero or more")
  );
}

/** Problem with a multi-select field, if any. */
function arrayProblem(field: Record<string, unknown>): string | undefined {
  const items = field.items;
  if (!isRecord(items)) return '"items" must be {type: "string", enum: [...]} or {anyOf: [{const, title}]}';
  if (items.type === "object" || items.properties !== undefined) return "arrays of objects are not allowed";
  let options: unknown[];
  if (items.enum !== undefined) {
    if (items.type !== "string" || !Array.isArray(items.enum) || !items.enum.every((v) => typeof v === "string")) {
      return '"items" must be {type: "string", enum: [strings]}';
    }
    const extra = extraKey(items, ["type", "enum"]);
    if (extra !== undefined) return `"items" ${extra}`;
    const problem = optionsProblem(items.enum, "items.enum");
    if (problem !== undefined) return problem;
    options = items.enum;
  } else if (items.anyOf !== undefined) {
    if (items.type !== undefined && items.type !== "string") return '"items.type" may only be "string"';
    const extra = extraKey(items, ["type", "anyOf"]);
    if (extra !== undefined) return `"items" ${extra}`;
    const problem = titledOptionsProblem(items.anyOf, "items.anyOf");
    if (problem !== undefined) return problem;
    options = items.anyOf as unknown[];
  } else {
    return '"items" must be {type: "string", enum: [...]} or {anyOf: [{const, title}]}';
  }
  const problem =
    extraKey(field, [...COMMON, "items", "minItems", "maxItems"]) ??
    boundsProblem(field, "minItems", "maxItems", isCount, "a whole number of zero or more");
  if (problem !== undefined) return problem;
  if (typeof field.minItems === "number" && field.minItems > options.length) {
    return `"minItems" (${field.minItems}) asks for more picks than there are options (${options.length})`;
  }
  return undefined;
}

/** Problem with the shape of one form field, ignoring its `default`, if any. */
function shapeProblem(field: unknown): string | undefined {
  if (!isRecord(field)) return "must be a schema object";
  for (const key of ["title", "description"]) {
    if (field[key] !== undefined && typeof field[key] !== "string") return `"${key}" must be a string`;
  }
  switch (field.type) {
    case "string":
      return stringProblem(field);
    case "number":
    case "integer":
      return extraKey(field, [...COMMON, "minimum", "maximum"]) ?? boundsProblem(field, "minimum", "maximum", Number.isFinite, "a finite number");
    case "boolean":
      return extraKey(field, COMMON);
    case "array":
      return arrayProblem(field);
    case "object":
      return 'has type "object": nested objects are not allowed, a form is one flat level of fields';
    default:
      return `has type ${JSON.stringify(field.type)}; "type" must be "string", "number", "integer", "boolean" or "array" (multi-select)`;
  }
}

/** Problem with one form field, its `default` included, if any. */
export function fieldProblem(field: unknown): string | undefined {
  const shape = shapeProblem(field);
  if (shape !== undefined || !isRecord(field) || field.default === undefined) return shape;
  const kind = classifyField(field);
  const problem = kind && valueProblem(kind, field.default);
  return problem === undefined ? undefined : `"default" ${problem}`;
}

/** Whether a field can only return values the server offered (boolean or enum), so it cannot carry a secret. */
function isChoiceField(field: Record<string, unknown>): boolean {
  if (field.type === "boolean") return true;
  if (field.type === "array") return isRecord(field.items) && (Array.isArray(field.items.enum) || Array.isArray(field.items.anyOf));
  return Array.isArray(field.enum) || Array.isArray(field.oneOf);
}

/** Throws {@link FormSecretError} for the first free-entry field that looks like a secret, unless allowed. */
function screenSecrets(properties: Record<string, unknown>, allowed: ReadonlySet<string>): void {
  for (const [name, field] of Object.entries(properties)) {
    if (allowed.has(name) || (isRecord(field) && isChoiceField(field))) continue;
    const wording = isRecord(field) ? { name, title: field.title, description: field.description, format: field.format } : { name };
    const match = findSecret(wording);
    if (match === undefined) continue;
    throw new FormSecretError(
      `Form field "${name}" looks like it asks for a secret ("${match.term}" in its ${match.location}). ` +
        "Servers must not ask for passwords, API keys, access tokens, payment credentials or similar secrets in form mode, " +
        "where the value passes through the client. Use URL mode instead: ctx.elicitUrl(...), or an elicitation with " +
        'mode "url" that sends the user to your own page (see ConnectLinks). If this field is not a secret, allow it ' +
        `explicitly with allowFields: ["${name}"].`,
      name,
      match.term,
      match.location,
    );
  }
}

/** A {@link FormSchemaError} naming `field` (when known) and saying what is allowed. */
function schemaError(problem: string, field?: string): FormSchemaError {
  const where = field === undefined ? "Form schema" : `Form field "${field}"`;
  return new FormSchemaError(`${where}: ${problem}. ${ALLOWED}`, field);
}

/** Problem with the top of `requestedSchema` (not its fields), if any. */
function topProblem(schema: Record<string, unknown>): string | undefined {
  if (schema.type !== "object") return 'requestedSchema must have type "object"';
  if (!isRecord(schema.properties)) return "requestedSchema.properties must be an object of fields";
  const extra = extraKey(schema, TOP_KEYS);
  if (extra !== undefined) return `requestedSchema ${extra}`;
  if (schema.additionalProperties !== undefined && schema.additionalProperties !== false) {
    return "requestedSchema.additionalProperties may only be false";
  }
  return undefined;
}

/** Problem with `required`, if any. */
function requiredProblem(required: unknown, properties: Record<string, unknown>): { problem: string; field?: string } | undefined {
  if (required === undefined) return undefined;
  if (!Array.isArray(required)) return { problem: "requestedSchema.required must be an array of field names" };
  const seen = new Set<unknown>();
  for (const name of required) {
    if (typeof name !== "string") return { problem: "requestedSchema.required must be an array of field names" };
    if (!Object.hasOwn(properties, name)) return { problem: `"required" names "${name}", which is not a field of the form`, field: name };
    if (seen.has(name)) return { problem: `"required" names "${name}" twice`, field: name };
    seen.add(name);
  }
  return undefined;
}

/** The first problem the strict subset checks find in `requestedSchema`, if any. */
function strictProblem(schema: unknown): { problem: string; field?: string } | undefined {
  if (!isRecord(schema)) return { problem: "requestedSchema must be an object" };
  const top = topProblem(schema);
  if (top !== undefined) return { problem: top };
  const properties = schema.properties as Record<string, unknown>;
  for (const [name, field] of Object.entries(properties)) {
    if (name === "" || name === "__proto__") return { problem: `the field name ${JSON.stringify(name)} is not allowed`, field: name };
    const problem = fieldProblem(field);
    if (problem !== undefined) return { problem, field: name };
  }
  return requiredProblem(schema.required, properties);
}

/**
 * Throws when a form elicitation must not be sent as written:
 * {@link FormSecretError} if a field the user types into looks like a secret
 * (use URL mode), {@link FormSchemaError} if the requested schema leaves the
 * restricted subset. Returns nothing when the form is fine.
 *
 * @param params The form-mode params about to go into an `elicitation/create` input request.
 * @param options `allowFields` overrides the secret screen for named fields.
 */
export function assertSafeForm(params: ElicitRequestFormParams, options: SafeFormOptions = {}): void {
  const schema: unknown = isRecord(params) ? params.requestedSchema : undefined;
  const properties = isRecord(schema) && isRecord(schema.properties) ? schema.properties : undefined;
  if (properties !== undefined) screenSecrets(properties, new Set(options.allowFields ?? []));

  // The generated check gives the verdict of the protocol schema; the stricter checks below
  // refuse more (unknown keywords, nesting, bad defaults) and, when the check
  // refuses too, name the field more precisely than its union issues can.
  const issue = firstIssueOf(checkElicitRequestFormParams, params);
  const strict = strictProblem(schema);
  if (strict !== undefined) throw schemaError(strict.problem, strict.field);
  if (issue) {
    const path = issue.path.map(String).join(".");
    throw schemaError(`invalid elicitation params${path === "" ? "" : ` at ${path}`}: ${issue.message}`);
  }
}
