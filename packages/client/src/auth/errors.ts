/**
 * Typed errors of the authorization layer. Every one is an `McpClientError`,
 * says what went wrong and what to do, and never carries a token, a code, a
 * client secret or a PKCE verifier (nor an `error_description` an
 * authorization server sent with a response whose issuer did not check out).
 */
import { McpClientError } from "../errors.js";

/** What kind of authorization failure this is. */
export type AuthorizationErrorCode =
  | "discovery_failed"
  | "issuer_mismatch"
  | "resource_mismatch"
  | "pkce_unsupported"
  | "insecure_url"
  | "registration_failed"
  | "authorization_response"
  | "token_request_failed"
  | "insufficient_scope"
  | "limit_exceeded"
  | "user_agent_failed"
  | "token_rejected"
  | "dpop_failed"
  | "assertion_unavailable";

/** Base class of every authorization failure. */
export class AuthorizationError extends McpClientError {
  constructor(
    /** What kind of failure it is, for code that handles some kinds. */
    readonly code: AuthorizationErrorCode,
    message: string,
  ) {
    super(message);
  }
}

/** No usable protected-resource or authorization-server metadata was found. */
export class DiscoveryError extends AuthorizationError {
  constructor(
    message: string,
    /** The metadata URLs tried, in order. */
    readonly tried: readonly string[] = [],
  ) {
    super("discovery_failed", message);
  }
}

/** An authorization server's metadata names another issuer than the one it was fetched for (RFC 8414 §3.3). */
export class IssuerMismatchError extends AuthorizationError {
  constructor(
    /** The issuer the metadata was fetched for. */
    readonly expected: string,
    /** The issuer the metadata names instead. */
    readonly received: string,
  ) {
    super(
      "issuer_mismatch",
      `The authorization server metadata for ${expected} names the issuer ${JSON.stringify(received)}; it was not used. ` +
        "The server's protected-resource metadata or the authorization server is misconfigured (or impersonated): tell the server's operator.",
    );
  }
}

/** The protected-resource metadata describes another resource than the server being called (RFC 9728 §3.3). */
export class ResourceMismatchError extends AuthorizationError {
  constructor(
    /** The URL of the server being called. */
    readonly serverUrl: string,
    /** The resource its protected-resource metadata names. */
    readonly resource: string,
  ) {
    super(
      "resource_mismatch",
      `The protected-resource metadata of ${serverUrl} is for the resource ${JSON.stringify(resource)}, which does not cover that URL; no token was requested. ` +
        "Check the server URL, or tell the server's operator that its metadata names the wrong resource.",
    );
  }
}

/** The authorization server does not advertise PKCE with S256. */
export class PkceUnsupportedError extends AuthorizationError {
  constructor(
    /** The authorization server (its issuer identifier). */
    readonly issuer: string,
  ) {
    super(
      "pkce_unsupported",
      `The authorization server ${issuer} does not list S256 in code_challenge_methods_supported; authorization without PKCE is refused. Ask its operator to enable PKCE (S256).`,
    );
  }
}

/** A metadata document or endpoint uses plain http where https is required. */
export class InsecureUrlError extends AuthorizationError {
  constructor(
    /** The URL that is not https. */
    readonly url: string,
  ) {
    super(
      "insecure_url",
      `${url} is not https; authorization endpoints must use https (plain http is allowed only for loopback hosts by default, see the allowInsecureHttp option).`,
    );
  }
}

/** No client identity could be obtained (no pre-registration for this issuer, no usable Client ID Metadata Document, registration refused). */
export class ClientRegistrationError extends AuthorizationError {
  constructor(
    /** The authorization server no client identity was obtained for. */
    readonly issuer: string,
    message: string,
  ) {
    super("registration_failed", message);
  }
}

/** Why an authorization response was refused. */
export type AuthorizationResponseProblem = "iss_mismatch" | "iss_missing" | "state_mismatch" | "error" | "invalid";

/** The redirect back from the authorization server was refused (RFC 9207 issuer check, state check, or an OAuth error). */
export class AuthorizationResponseError extends AuthorizationError {
  constructor(
    /** What was wrong with the response. */
    readonly problem: AuthorizationResponseProblem,
    message: string,
    /** The OAuth `error` code, only when the response's issuer checked out. */
    readonly oauthError?: string,
  ) {
    super("authorization_response", message);
  }
}

/** The token endpoint refused the request or answered something unusable. */
export class TokenRequestError extends AuthorizationError {
  constructor(
    message: string,
    /** The OAuth `error` code the token endpoint sent, if any. */
    readonly oauthError?: string,
    /** The token endpoint's HTTP status, when it answered. */
    readonly status?: number,
  ) {
    super("token_request_failed", message);
  }
}

/** The server still answers 403 insufficient_scope after the allowed number of step-up authorizations. */
export class InsufficientScopeError extends AuthorizationError {
  constructor(
    /** The scopes the server's last challenge asked for. */
    readonly requiredScopes: readonly string[],
    /** How many step-up authorizations were tried. */
    readonly attempts: number,
  ) {
    super(
      "insufficient_scope",
      `The server still refuses the request for lack of scope (${requiredScopes.join(" ") || "unspecified"}) after ${attempts} step-up authorization(s). ` +
        "The user may have declined those scopes, or the server is misconfigured; raise limits.maxStepUps only if more attempts can help.",
    );
  }
}

/** The server rejected a token it had just been issued for it. */
export class TokenRejectedError extends AuthorizationError {
  constructor(
    /** The server that rejected the token. */
    readonly serverUrl: string,
  ) {
    super(
      "token_rejected",
      `${serverUrl} answered 401 to a freshly issued access token. The server and its authorization server disagree (audience, issuer or clock); tell the server's operator.`,
    );
  }
}

/** A response was too large, or a request or the user's login took too long. */
export class AuthorizationLimitError extends AuthorizationError {
  constructor(
    /** Which limit (an option of `limits`) was reached. */
    readonly limit: "maxResponseBytes" | "timeoutMs" | "authorizationTimeoutMs" | "maxRedirects",
    message: string,
  ) {
    super("limit_exceeded", message);
  }
}

/** The user-agent step (opening the authorization URL, receiving the redirect) failed or was cancelled. */
export class UserAgentError extends AuthorizationError {
  constructor(message: string) {
    super("user_agent_failed", message);
  }
}

/** Why a DPoP exchange was refused. */
export type DPoPProblem = "downgrade" | "unexpected_dpop" | "nonce_loop";

/**
 * DPoP (RFC 9449) failed: the authorization server issued a Bearer token
 * although a DPoP-bound one was requested (`downgrade`), a DPoP token came
 * without DPoP being configured (`unexpected_dpop`), or a server asked for a
 * new nonce again right after the retry with its nonce (`nonce_loop`).
 */
export class DPoPError extends AuthorizationError {
  constructor(
    /** What went wrong with DPoP. */
    readonly problem: DPoPProblem,
    message: string,
  ) {
    super("dpop_failed", message);
  }
}

/** The source of an assertion (a workload identity token, an enterprise identity assertion) failed or gave nothing usable. */
export class AssertionUnavailableError extends AuthorizationError {
  constructor(message: string) {
    super("assertion_unavailable", message);
  }
}
