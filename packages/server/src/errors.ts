/**
 * Errors. `McpError` and its subclasses are protocol errors: a handler may
 * throw one and the client receives it as a JSON-RPC error with that code.
 * `ServerDefinitionError`s are programming mistakes in the server itself: the
 * client gets a bare -32603, the details go to the `onError` hook.
 */
import {
  HEADER_MISMATCH,
  INTERNAL_ERROR,
  INVALID_PARAMS,
  INVALID_REQUEST,
  METHOD_NOT_FOUND,
  MISSING_REQUIRED_CLIENT_CAPABILITY,
  UNSUPPORTED_PROTOCOL_VERSION,
} from "@mrtr/schema";
import type { ClientCapabilities } from "@mrtr/schema";
import { refusalData } from "@mrtr/internal";

/** A JSON-RPC error to send to the client: code, message, optional data. */
export class McpError extends Error {
  constructor(
    /** The JSON-RPC error code the client receives. */
    readonly code: number,
    message: string,
    /** The error's `data`, sent with it when set. */
    readonly data?: unknown,
  ) {
    super(message);
    this.name = "McpError";
  }
}

/** -32600: the message is not a valid JSON-RPC request. */
export class McpInvalidRequestError extends McpError {
  constructor(message: string, data?: unknown) {
    super(INVALID_REQUEST, message, data);
    this.name = "McpInvalidRequestError";
  }
}

/** -32601: the method does not exist here, or the draft removed it. */
export class McpMethodNotFoundError extends McpError {
  constructor(method: string) {
    super(METHOD_NOT_FOUND, `Method not found: ${method}`);
    this.name = "McpMethodNotFoundError";
  }
}

/** -32602: the params are invalid. */
export class McpInvalidParamsError extends McpError {
  constructor(message: string, data?: unknown) {
    super(INVALID_PARAMS, message, data);
    this.name = "McpInvalidParamsError";
  }
}

/** The one message every requestState failure gets: no detail reaches the client. */
export const INVALID_REQUEST_STATE_MESSAGE = "invalid or expired requestState";

/** -32602 for any requestState that fails verification; the reason goes to the server's hook only. */
export class InvalidRequestStateError extends McpError {
  constructor() {
    super(INVALID_PARAMS, INVALID_REQUEST_STATE_MESSAGE);
    this.name = "InvalidRequestStateError";
  }
}

/** -32603: the server failed; the client learns nothing more. */
export class McpInternalError extends McpError {
  constructor(message = "Internal error") {
    super(INTERNAL_ERROR, message);
    this.name = "McpInternalError";
  }
}

/** -32021: serving the request needs a client capability this request did not declare. */
export class MissingCapabilityError extends McpError {
  constructor(
    /** The capabilities the request needs and did not declare (also `data.requiredCapabilities`). */
    readonly requiredCapabilities: ClientCapabilities,
  ) {
    super(
      MISSING_REQUIRED_CLIENT_CAPABILITY,
      `This request needs client capabilities it did not declare: ${JSON.stringify(requiredCapabilities)}`,
      { requiredCapabilities },
    );
    this.name = "MissingCapabilityError";
  }
}

/** -32022: the requested protocol version is not one this server speaks. */
export class UnsupportedVersionError extends McpError {
  constructor(requested: string, supported: readonly string[]) {
    super(
      UNSUPPORTED_PROTOCOL_VERSION,
      `Unsupported protocol version ${JSON.stringify(requested)}; this server supports ${supported.join(", ")}`,
      { supported: [...supported], requested },
    );
    this.name = "UnsupportedVersionError";
  }
}

/**
 * -32020: an HTTP header disagrees with the body, or a required one is missing
 * or malformed (HTTP 400). Servers that read the body must check
 * `MCP-Protocol-Version`, `Mcp-Method`, `Mcp-Name` and the `Mcp-Param-*`
 * headers of annotated tool parameters.
 */
export class McpHeaderMismatchError extends McpError {
  constructor(message: string) {
    super(HEADER_MISMATCH, message);
    this.name = "McpHeaderMismatchError";
  }
}

/** A mistake in the server's own code or configuration (not the client's). */
export class ServerDefinitionError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "ServerDefinitionError";
  }
}

/**
 * The caller's access token lacks scopes this request needs (a tool's
 * `scopes`). Sent as -32600 with `data.requiredScopes`; over HTTP, `protect`
 * answers it with 403 and a `WWW-Authenticate` insufficient_scope challenge.
 */
export class InsufficientScopeError extends McpError {
  constructor(
    /** The scopes the request needs that the token lacks (also `data.requiredScopes`). */
    readonly requiredScopes: readonly string[],
  ) {
    super(INVALID_REQUEST, `Insufficient scope: this request needs ${requiredScopes.join(" ")}. Authorize again with these scopes.`, { requiredScopes: [...requiredScopes] });
    this.name = "InsufficientScopeError";
  }
}

/**
 * -32603 with a message the client sees: a limit of the server's own (such
 * as its open subscription streams) is reached; the request may succeed later.
 */
export class ServerBusyError extends McpError {
  constructor(message: string, data?: unknown) {
    super(INTERNAL_ERROR, message, data);
    this.name = "ServerBusyError";
  }
}

/** What {@link ShareExceededError} says in its `data`. */
export interface ShareExceededData {
  /** The resource, in words ("subscription streams"). */
  readonly limit: string;
  /** `share`: the caller holds its share already (HTTP 429); `total`: the limit in all is reached with nothing idle to let go (HTTP 503). */
  readonly scope: "share" | "total";
  /** How long to wait before trying again, in seconds (HTTP `Retry-After`). */
  readonly retryAfterSeconds: number;
}

/**
 * -32603 with its message and a `data` naming the limit: the caller holds its
 * share of something the server keeps across requests (open streams, legacy
 * sessions, running tasks, single-use claims), or the limit in all is reached
 * and nothing idle could be let go (docs/architecture.md, "Fair shares").
 * Over HTTP it is answered with 429 (a share) or 503 (the limit in all) and
 * `Retry-After`.
 */
export class ShareExceededError extends ServerBusyError {
  /** Which limit, which scope, and when to try again. */
  declare readonly data: ShareExceededData;
  constructor(refusal: { readonly scope: "share" | "total"; readonly limit: string; readonly message: string; readonly retryAfterSeconds: number }) {
    super(refusal.message, refusalData(refusal) satisfies ShareExceededData);
    this.name = "ShareExceededError";
  }
}

/** The `data.kind` of {@link LimitStoreUnavailableError}: a limit's store did not answer. */
export const LIMIT_STORE_UNAVAILABLE = "limit-store-unavailable";

/** What {@link LimitStoreUnavailableError} says in its `data`. */
export interface LimitStoreUnavailableData {
  /** Always {@link LIMIT_STORE_UNAVAILABLE}: the store the limit counts in did not answer, so the request was refused (HTTP 503). */
  readonly kind: typeof LIMIT_STORE_UNAVAILABLE;
  /** The limit that could not be checked: the middleware's name (`"rateLimit"`, `"concurrencyLimit"`). */
  readonly limit: string;
  /** How long to wait before trying again, in seconds (HTTP `Retry-After`). */
  readonly retryAfterSeconds: number;
}

/**
 * -32603 with a message and a `data` naming the limit: a limit could not be
 * checked because the store it counts in (Redis, for a fleet) did not answer
 * in time, so the request was refused rather than let through (fail closed).
 * Retryable: over HTTP it is answered with 503 and `Retry-After`; over stdio
 * `data.retryAfterSeconds` says when to send again. The store's failure is
 * the `cause`. `RateLimitUnavailableError` and `ConcurrencyUnavailableError`
 * of `@mrtr/server/middleware` are the two kinds shipped.
 */
export class LimitStoreUnavailableError extends ServerBusyError {
  /** Which limit, and when to try again. */
  declare readonly data: LimitStoreUnavailableData;
  constructor(limit: string, message: string, options: { cause?: unknown; retryAfterSeconds?: number } = {}) {
    super(message, { kind: LIMIT_STORE_UNAVAILABLE, limit, retryAfterSeconds: options.retryAfterSeconds ?? 1 } satisfies LimitStoreUnavailableData);
    this.name = "LimitStoreUnavailableError";
    if ("cause" in options) this.cause = options.cause;
  }
}

/**
 * The HTTP status and `Retry-After` of an error answer that says to come back
 * later: a share reached (429), the limit in all reached or a limit's store
 * unavailable (503); undefined for any other.
 */
export function retryableStatus(error: { code: number; data?: unknown }): { status: 429 | 503; retryAfterSeconds: number } | undefined {
  if (error.code !== INTERNAL_ERROR || typeof error.data !== "object" || error.data === null) return undefined;
  const { scope, kind, retryAfterSeconds } = error.data as { scope?: unknown; kind?: unknown; retryAfterSeconds?: unknown };
  if (typeof retryAfterSeconds !== "number" || !(retryAfterSeconds >= 0)) return undefined;
  const status = scope === "share" ? 429 : scope === "total" || kind === LIMIT_STORE_UNAVAILABLE ? 503 : undefined;
  return status === undefined ? undefined : { status, retryAfterSeconds: Math.ceil(retryAfterSeconds) };
}
