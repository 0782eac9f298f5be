/**
 * @mrtr/zod: zod 4 validators of the core Model Context Protocol draft
 * (2026-07-28), generated from its JSON Schema and exactly as strict: the same
 * verdict as ajv, and valid data comes back unchanged. Each is a Standard
 * Schema, usable wherever one is accepted.
 *
 * Subpaths: `/mini` (the same validators on zod/mini, for small bundles),
 * `/checks` (the generated checks behind both, with no zod at all: tables
 * by type and by method, first-issue descriptions, format tests, JSON
 * limits); for generated code only, `/runtime` (the pieces generated
 * validators are made of) and `/check-runtime` (what generated checks of
 * other schemas run on).
 *
 * @module
 */
export { parseMessage } from "./parse-message.js";
export type { MessageKind, ParsedMessage, ParseMessageOptions, ValidationIssue } from "./parse-message.js";
export { checkJsonLimits, DEFAULT_JSON_LIMITS } from "./json-limits.js";
export type { JsonLimitHit, JsonLimits } from "./json-limits.js";
export { describeIssue, firstIssueOf } from "./first-issue.js";
export type { FirstIssue } from "./first-issue.js";
export { FAILED, MAX_VALIDATION_DEPTH } from "./check-runtime.js";
export type { Check, CheckIssue, Verdict } from "./check-runtime.js";
export { checks, predicates } from "./check-tables.gen.js";
// Every validator (`<Type>Schema`), the tables by type and by method, and
// `SchemaName`: all that the generated module exports, as `@mrtr/zod/mini`
// exports its own, so the two faces cannot list different validators
// (test/faces.test.ts holds them equal).
export * from "./validators.gen.js";
