/**
 * Tool schemas, input and output alike: given as zod or as JSON Schema, each
 * is described on the wire as JSON Schema and checks values (arguments
 * against `inputSchema`, `structuredContent` against `outputSchema`).
 */
import * as z from "zod";
import { ServerDefinitionError } from "./errors.js";
import type { JsonSchemaValidator, SchemaVerdict } from "./json-schema/validator.js";

/** A JSON Schema object (draft 2020-12) of a tool's input or output: `type: "object"`. */
export type JsonSchemaObject = { type: "object"; [key: string]: unknown };

/** A tool schema: a zod object schema or a JSON Schema object. */
export type ToolSchema<T = unknown> = JsonSchemaObject | z.ZodType<T, Record<string, unknown>>;

/** The outcome of a check: the value to use (zod may have transformed it) or what is wrong. */
export type SchemaCheck = { ok: true; value: unknown } | { ok: false; problems: string[] };

/** Whether `schema` is a zod (Standard Schema) validator rather than a JSON Schema. */
export function isZod(schema: unknown): schema is z.ZodType {
  return typeof schema === "object" && schema !== null && "~standard" in schema && "safeParse" in schema;
}

/** Checks and describes tool schemas, with one JSON Schema validator for the server. */
export class SchemaChecks {
  readonly #validator: JsonSchemaValidator;
  readonly #compiled = new WeakMap<object, Promise<(value: unknown) => SchemaVerdict>>();
  readonly #described = new WeakMap<object, JsonSchemaObject>();

  constructor(validator: JsonSchemaValidator) {
    this.#validator = validator;
  }

  /**
   * The JSON Schema of a tool schema, as tools/list shows it. `what` names the
   * schema in errors: a schema that does not describe an object is a server
   * mistake, refused when the tool is registered.
   */
  describe(schema: ToolSchema, what: string): JsonSchemaObject {
    const known = this.#described.get(schema);
    if (known) return known;
    const json = (isZod(schema) ? z.toJSONSchema(schema, { target: "draft-2020-12", io: "input" }) : schema) as Record<string, unknown>;
    if (json.type !== "object") throw new ServerDefinitionError(`${what} must describe an object (JSON Schema type "object", or a zod object schema).`);
    this.#described.set(schema, json as JsonSchemaObject);
    return json as JsonSchemaObject;
  }

  /** Checks `value` against `schema`. */
  async check(schema: ToolSchema, value: unknown): Promise<SchemaCheck> {
    if (isZod(schema)) {
      const r = schema.safeParse(value);
      return r.success ? { ok: true, value: r.data } : { ok: false, problems: r.error.issues.map((i) => `${i.path.join(".") || "/"}: ${i.message}`) };
    }
    let compiled = this.#compiled.get(schema);
    if (!compiled) {
      compiled = Promise.resolve(this.#validator.compile(schema));
      this.#compiled.set(schema, compiled);
    }
    const verdict = (await compiled)(value);
    return verdict.valid ? { ok: true, value } : { ok: false, problems: verdict.problems };
  }
}
