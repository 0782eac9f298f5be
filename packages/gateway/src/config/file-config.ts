/**
 * What a gateway configuration file describes, once read: the options of
 * `createGateway` (with the policy as rules, since a file cannot hold a
 * function) and how to serve the front endpoint, which only the command
 * line needs.
 */
import type { GatewayOptions, PolicyRule } from "../options.js";

/** `createGateway`'s options as a file gives them: everything but functions; secrets already read from the environment. */
export type GatewayFileOptions = Omit<GatewayOptions, "policy" | "onWarning"> & {
  /** The policy, as rules (`policyFromRules` turns them into a function). */
  policy?: readonly PolicyRule[];
};

/** Protecting the front endpoint with OAuth: `protect` and `jwtVerifier` from `@mrtr/server/auth`. */
export interface GatewayFrontAuth {
  /** The authorization server's issuer, exactly as in the tokens' `iss`. */
  issuer: string;
  /** The front's resource URL (its public MCP endpoint): tokens must name it in their audience. */
  audience: string;
  /** The authorization server's JWKS URL; absent: its `jwks_uri`, from the issuer's metadata. */
  jwksUri?: string;
  /** Scopes every request needs. */
  scopes?: readonly string[];
}

/** CORS of the front endpoint (`createHttpHandler`'s `cors`). */
export interface GatewayFrontCors {
  /** The origins allowed, or `["*"]`. */
  origins: readonly string[];
  /** Let pages send cookies or HTTP authentication. */
  credentials?: boolean;
  /** How long a browser may reuse a preflight's answer, in seconds. */
  maxAgeSeconds?: number;
  /** Request headers a page may send beyond those MCP uses. */
  allowHeaders?: readonly string[];
  /** Response headers a page may read beyond those MCP clients read. */
  exposeHeaders?: readonly string[];
}

/** How the front endpoint is served (the file's `front`). */
export interface GatewayFront {
  /** OAuth protection of the endpoint; absent: none. */
  auth?: GatewayFrontAuth;
  /** The variable the requestState secret was read from (already read into `gateway.server.requestState.secrets`). */
  stateSecretEnv?: string;
  /** The Host names the endpoint answers to, or `"loopback"`. */
  allowedHosts?: "loopback" | readonly string[];
  /** CORS for browser pages on other origins. */
  cors?: GatewayFrontCors;
}

/** A configuration file, read and checked: the gateway's options and how to serve its front. */
export interface GatewayFileConfig {
  /** The options of `createGateway`. */
  gateway: GatewayFileOptions;
  /** How to serve the front endpoint. */
  front: GatewayFront;
}
