/**
 * Elicitation helpers for clients: checking a form answer before it is sent,
 * describing form fields for renderers, and inspecting the URL of a URL-mode
 * elicitation (full URL, highlighted host, lookalike warnings) before the
 * user decides whether to open it.
 *
 * @module
 */
export { checkFormAnswer } from "./form-answer.js";
export type { FormAnswerCheck, FormProblem, FormValue } from "./form-answer.js";
export { describeField, describeForm } from "./describe-field.js";
export type { FieldDescription, FieldFormat, FieldKind, FieldOption, FormDescription } from "./describe-field.js";
export { formatUrlForDisplay, inspectUrl } from "./inspect-url.js";
export type { UrlDisplayParts, UrlInspection, UrlWarning, UrlWarningCode } from "./inspect-url.js";
