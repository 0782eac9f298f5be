/**
 * The two Standard Schema interfaces a tool schema from a validation library
 * implements: Standard Schema v1 (`~standard.validate`, the inferred
 * `types`) and Standard JSON Schema v1 (`~standard.jsonSchema.input` /
 * `.output`). zod 4 classic schemas and ArkType types implement both; a
 * valibot schema does once wrapped by `toStandardJsonSchema` from
 * `@valibot/to-json-schema`, a zod/mini schema once passed through
 * `z.toJSONSchema`. Declared here from the published specification
 * (standardschema.dev), so the server depends on no library for them.
 */

/** The inferred types a Standard Schema advertises: what it accepts and what it gives back. */
export interface StandardTypes<Input = unknown, Output = Input> {
  /** The type of the values the schema accepts. */
  readonly input: Input;
  /** The type of the value it gives back once a value passes (after its transformations). */
  readonly output: Output;
}

/** One step of an issue's path: a key, or an object naming it (valibot's form). */
export type StandardPathSegment =
  | PropertyKey
  | {
      /** The key. */
      readonly key: PropertyKey;
    };

/** One problem a Standard Schema found: a message and, where it lies below the value, a path. */
export interface StandardIssue {
  /** What is wrong, in the library's words. */
  readonly message: string;
  /** Where, from the value's root; none or empty for the value itself. */
  readonly path?: ReadonlyArray<StandardPathSegment> | undefined;
}

/** What `validate` gives: the value to use, or the issues (a failure is exactly a result with `issues`). */
export type StandardResult<Output> =
  | {
      /** The value to use. */
      readonly value: Output;
      /** Absent on success. */
      readonly issues?: undefined;
    }
  | {
      /** What is wrong. */
      readonly issues: ReadonlyArray<StandardIssue>;
    };

/** The JSON Schema dialect to describe in: the spec asks libraries for draft 2020-12 and draft-07, and to throw on a target they do not support. */
export type StandardJsonSchemaTarget = "draft-2020-12" | "draft-07" | "openapi-3.0" | ({} & string);

/** What a Standard JSON Schema converter is asked. */
export interface StandardJsonSchemaOptions {
  /** The dialect of the JSON Schema wanted. */
  readonly target: StandardJsonSchemaTarget;
  /** Options of the library's own, if any. */
  readonly libraryOptions?: Record<string, unknown> | undefined;
}

/** `~standard.jsonSchema`: the schema's input side and output side as JSON Schema. Either may throw when the schema cannot be described. */
export interface StandardJsonSchemaConverter {
  /** The JSON Schema of what the schema accepts. */
  readonly input: (options: StandardJsonSchemaOptions) => Record<string, unknown>;
  /** The JSON Schema of what the schema gives back. */
  readonly output: (options: StandardJsonSchemaOptions) => Record<string, unknown>;
}

/** `~standard` of a validator that also describes itself: Standard Schema v1 and Standard JSON Schema v1 together. */
export interface StandardToolSchemaProps<Input = unknown, Output = Input> {
  /** The version of the specification: 1. */
  readonly version: 1;
  /** The library's name ("zod", "valibot", "arktype"). */
  readonly vendor: string;
  /** Checks a value; the result, or a promise of it. */
  readonly validate: (value: unknown) => StandardResult<Output> | Promise<StandardResult<Output>>;
  /** The inferred types, for TypeScript only (absent at run time). */
  readonly types?: StandardTypes<Input, Output> | undefined;
  /** The JSON Schema descriptions of its two sides. */
  readonly jsonSchema: StandardJsonSchemaConverter;
}

/**
 * A validator a tool's `inputSchema` or `outputSchema` may be: one that
 * checks values (Standard Schema) and describes itself as JSON Schema
 * (Standard JSON Schema). `Input` is what it accepts, `Output` what it gives
 * the handler.
 */
export interface StandardToolSchema<Input = unknown, Output = Input> {
  /** The Standard Schema properties. */
  readonly "~standard": StandardToolSchemaProps<Input, Output>;
}

/**
 * Whether `schema` presents itself as a Standard Schema (a `~standard`
 * property), rather than being a JSON Schema object. ArkType's types are
 * functions, so functions count too. Whether it implements all the server
 * needs is checked at registration (`SchemaChecks.describe`).
 */
export function isStandardSchema(schema: unknown): schema is StandardToolSchema {
  return (typeof schema === "object" || typeof schema === "function") && schema !== null && "~standard" in schema;
}

/** An issue as the server words it: the path joined with dots (`/` for the value itself), then the message. */
export function describeIssue(issue: StandardIssue): string {
  const path = (issue.path ?? []).map((segment) => String(typeof segment === "object" && segment !== null ? segment.key : segment)).join(".");
  return `${path || "/"}: ${issue.message}`;
}
