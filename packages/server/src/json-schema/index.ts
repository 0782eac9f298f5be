/**
 * `@mrtr/server/json-schema`: the validators for tool schemas given as JSON
 * Schema. Without `createServer({ jsonSchemaValidator })` a server uses
 * `ajvValidator()` where the host allows run-time code generation and
 * `interpretedValidator()` where it does not (asked once, at the first schema
 * compiled); pass either to choose for yourself.
 *
 * @module
 */
export { ajvValidator } from "./ajv.js";
export { interpretedValidator } from "./interpreted.js";
export type { JsonSchemaValidator, SchemaVerdict } from "./validator.js";
