/**
 * `@mrtr/gateway`: many MCP servers behind one stateless 2026-07-28
 * endpoint. Upstreams over HTTP or launched and supervised over stdio,
 * either protocol era; their tools and prompts namespaced, their lists kept
 * current; multi round-trip requests carried through sealed state (and the
 * questions of initialize-based upstreams turned into rounds); who sees what
 * decided per caller, for lists and calls alike.
 *
 * @module
 */
export { createGateway } from "./create-gateway.js";
export type { Gateway, UpstreamStatus } from "./gateway.js";
export type {
  GatewayCaller,
  GatewayItem,
  GatewayItemKind,
  GatewayLimits,
  GatewayOptions,
  GatewayPolicy,
  GatewayWarning,
  HttpUpstreamConfig,
  PolicyRule,
  StdioUpstreamConfig,
  UpstreamAuth,
  UpstreamCommon,
  UpstreamConfig,
  UpstreamEra,
} from "./options.js";
export { GATEWAY_LIMITS } from "./limits.js";
export { HeldElsewhereError, HoldExpiredError, UpstreamError } from "./errors.js";
export { UpstreamDownError } from "./upstream/errors.js";
export type { UpstreamDownReason } from "./upstream/errors.js";
export { exposedName, isValidName } from "./namespace.js";
export { GatewayConfigError, gatewayConfigSchema, loadGatewayConfig, parseGatewayConfig, policyFromRules } from "./config/index.js";
export type { ConfigIssue, EnvReference, GatewayFileConfig, GatewayFileOptions, GatewayFront, GatewayFrontAuth, GatewayFrontCors, LoadGatewayConfigOptions, ParseGatewayConfigOptions } from "./config/index.js";
