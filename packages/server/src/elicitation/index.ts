/**
 * Elicitation helpers of the server: the form guard (restricted schema, no
 * secrets in form mode), the answer check (an `ElicitResult` that fits the
 * form asked for), and connect links (URL mode bound to the right person).
 *
 * @module
 */
export { ElicitationDefinitionError, FormSchemaError, FormSecretError } from "./errors.js";
export type { SecretLocation } from "./errors.js";
export { assertSafeForm } from "./form-guard.js";
export { assertSafeUrl, UnsafeUrlError } from "./url-guard.js";
export type { UrlAllowance } from "./url-guard.js";
export type { SafeFormOptions } from "./form-guard.js";
export { checkElicitResponse } from "./answer-check.js";
export type { ElicitResponseCheck } from "./answer-check.js";
export { CONNECT_TOKEN_PARAM, ConnectLinks } from "./connect-links.js";
export type { ConnectBinding, ConnectLinkOptions, ConnectRefusal, ConnectVerification } from "./connect-links.js";
