/**
 * @mrtr/cli: the `mrtr` command line (validate, lint-trace, models) and the
 * same checks as functions, for builds that would rather call them.
 *
 * @module
 */
export { main } from "./main.js";
export type { CommandContext } from "./context.js";
export type { Stdin } from "./io/input.js";
export type { Output } from "./report/reporter.js";
export { EXIT_INVALID, EXIT_OK, EXIT_USAGE, UsageError } from "./exit-codes.js";
export type { ExitCode } from "./exit-codes.js";
export type { Finding, Severity, Summary } from "./report/finding.js";
export { checkAsType, checkMessage } from "./validate/check-message.js";
export type { CheckOptions, MessageCheck } from "./validate/check-message.js";
export { findDeprecated } from "./validate/deprecations.js";
export type { DeprecatedFeature, DeprecatedUse } from "./validate/deprecations.js";
export { TraceLinter } from "./lint/lint-trace.js";
export type { LintOptions } from "./lint/lint-trace.js";
export { RULES } from "./lint/rules/catalogue.js";
export type { RuleId, RuleInfo } from "./lint/rules/catalogue.js";
export { readTraceRecord } from "./lint/trace-record.js";
export type { RecordRead } from "./lint/trace-record.js";
export type { TraceDirection, TraceRecord } from "@mrtr/schema/http";
export { generateModels } from "./models/generate.js";
export type { GenerateOptions, GeneratedFile, GeneratedModels } from "./models/generate.js";
export type { SchemaDocument, SchemaNode } from "./validate/schema-json.js";
export { LANGUAGES } from "./models/languages.js";
export type { Language } from "./models/languages.js";
