/**
 * Tool schemas, input and output alike: given as JSON Schema or as a
 * validator of any Standard Schema library that can describe itself as JSON
 * Schema (zod 4, ArkType, valibot through `toStandardJsonSchema`). Each is
 * described on the wire as JSON Schema and checks values: arguments against
 * `inputSchema`, `structuredContent` against `outputSchema`. A validator is
 * described by its own `~standard.jsonSchema` (its input side for
 * `inputSchema`, its output side for `outputSchema`) and decides by its own
 * `~standard.validate`, whose output (after its transformations) is the
 * value used; zod is one such library, with no path of its own.
 */
import { describeIssue, isStandardSchema, type StandardJsonSchemaConverter, type StandardToolSchema } from "./standard-schema.js";
import { ToolSchemaError, type ToolSchemaRole } from "./tool-schema-error.js";
import type { JsonSchemaValidator, SchemaVerdict } from "./json-schema/validator.js";

/** A JSON Schema object (draft 2020-12) of a tool's input or output: `type: "object"`. */
export type JsonSchemaObject = {
  /** Always `"object"`: arguments and structured content are objects. */
  type: "object";
  [key: string]: unknown;
};

/**
 * A tool schema: a JSON Schema object, or an object validator of a Standard
 * Schema library that describes itself as JSON Schema. `T` is what the
 * validator gives back (the handler's arguments, for an `inputSchema`).
 */
export type ToolSchema<T = unknown> = JsonSchemaObject | StandardToolSchema<Record<string, unknown>, T>;

/** The outcome of a check: the value to use (a validator may have transformed it) or what is wrong. */
export type SchemaCheck = { ok: true; value: unknown } | { ok: false; problems: string[] };

/** The `$schema` of draft-07, named on a description that comes in that dialect (the wire's default is 2020-12). */
const DRAFT_07 = "http://json-schema.org/draft-07/schema#";

/** Checks and describes tool schemas, with one JSON Schema validator for the server. */
export class SchemaChecks {
  readonly #validator: JsonSchemaValidator;
  readonly #compiled = new WeakMap<object, Promise<(value: unknown) => SchemaVerdict>>();
  readonly #described = { inputSchema: new WeakMap<object, JsonSchemaObject>(), outputSchema: new WeakMap<object, JsonSchemaObject>() };

  constructor(validator: JsonSchemaValidator) {
    this.#validator = validator;
  }

  /**
   * The JSON Schema of a tool schema, as tools/list shows it. A schema the
   * server cannot use is a server mistake, refused when the tool is
   * registered with a {@link ToolSchemaError} saying what to pass instead.
   */
  describe(schema: ToolSchema, tool: string, role: ToolSchemaRole): JsonSchemaObject {
    const known = this.#described[role].get(schema);
    if (known) return known;
    const json: unknown = isStandardSchema(schema) ? describeValidator(schema, tool, role) : schema;
    if (typeof json !== "object" || json === null || (json as { type?: unknown }).type !== "object") {
      throw new ToolSchemaError(tool, role, `must describe an object: JSON Schema with type "object", or an object schema of a validation library.`);
    }
    this.#described[role].set(schema, json as JsonSchemaObject);
    return json as JsonSchemaObject;
  }

  /** Checks `value` against `schema`; a validator's result may be a promise, which is awaited. */
  async check(schema: ToolSchema, value: unknown): Promise<SchemaCheck> {
    if (isStandardSchema(schema)) {
      const result = await schema["~standard"].validate(value);
      return result.issues ? { ok: false, problems: result.issues.map(describeIssue) } : { ok: true, value: result.value };
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

/**
 * A validator's own JSON Schema of the side `role` shows: draft 2020-12
 * (the wire's dialect), or draft-07 from a library that does not write
 * 2020-12 (the spec's other recommended target), named by its `$schema`.
 */
function describeValidator(schema: StandardToolSchema, tool: string, role: ToolSchemaRole): unknown {
  const standard = schema["~standard"] as Partial<StandardToolSchema["~standard"]>;
  const library = typeof standard.vendor === "string" ? `${standard.vendor} ` : "";
  if (standard.version !== 1 || typeof standard.validate !== "function") {
    throw new ToolSchemaError(tool, role, `is not a Standard Schema of version 1 with a validate function; pass a validator of a Standard Schema library, or a JSON Schema object.`);
  }
  const converter = standard.jsonSchema as Partial<StandardJsonSchemaConverter> | undefined;
  const side = role === "inputSchema" ? "input" : "output";
  const describeSide = converter?.[side];
  if (typeof describeSide !== "function") {
    throw new ToolSchemaError(
      tool,
      role,
      `is a ${library}validator that cannot describe itself as JSON Schema (it lacks ~standard.jsonSchema, the Standard JSON Schema interface). ` +
        `Wrap it with its library's JSON Schema adapter (valibot: toStandardJsonSchema(schema) from @valibot/to-json-schema; zod/mini: z.toJSONSchema(schema)), or pass a JSON Schema object.`,
    );
  }
  try {
    return describeSide({ target: "draft-2020-12" });
  } catch (first) {
    try {
      const json = describeSide({ target: "draft-07" });
      return "$schema" in json ? json : { $schema: DRAFT_07, ...json };
    } catch {
      throw new ToolSchemaError(
        tool,
        role,
        `is a ${library}validator whose ${side} cannot be described as JSON Schema (${first instanceof Error ? first.message : String(first)}). ` +
          `Leave out what JSON Schema cannot express${role === "outputSchema" ? " (a transform's result, for instance)" : ""}, or pass a JSON Schema object.`,
        { cause: first },
      );
    }
  }
}
