/**
 * The gateway's JSON configuration file: its checks against
 * `config.schema.json`, secrets from the environment, and the errors that
 * list every problem with a JSON Pointer.
 */
export { GatewayConfigError } from "./config-error.js";
export type { ConfigIssue } from "./config-error.js";
export type { GatewayFileConfig, GatewayFileOptions, GatewayFront, GatewayFrontAuth, GatewayFrontCors } from "./file-config.js";
export type { EnvReference } from "./env-references.js";
export { parseGatewayConfig } from "./parse-config.js";
export type { ParseGatewayConfigOptions } from "./parse-config.js";
export { loadGatewayConfig } from "./load-config.js";
export type { LoadGatewayConfigOptions } from "./load-config.js";
export { gatewayConfigSchema } from "./schema-check.js";
export { policyFromRules } from "../policy-rules.js";
