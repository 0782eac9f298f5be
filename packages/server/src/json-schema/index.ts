/**
 * `@mrtr/server/json-schema`: the validators for tool schemas given as JSON
 * Schema. `ajvValidator()` is the default; pass `interpretedValidator()` as
 * `createServer({ jsonSchemaValidator })` on hosts without run-time code generation.
 *
 * @module
 */
export { ajvValidator } from "./ajv.js";
export { interpretedValidator } from "./interpreted.js";
export type { JsonSchemaValidator, SchemaVerdict } from "./validator.js";
