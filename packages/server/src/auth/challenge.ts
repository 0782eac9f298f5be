/**
 * `WWW-Authenticate` challenges: Bearer (RFC 6750 §3, RFC 9728 §5.1) and
 * DPoP (RFC 9449 §7.1, with `algs`), and the 401 / 403 answers of a
 * protected MCP endpoint (index.mdx, "Error Handling" and "Scope Challenge
 * Handling").
 */

/** The parameters of a Bearer challenge. */
export interface ChallengeParams {
  /** The protected-resource metadata URL. */
  resourceMetadata?: string;
  /** Scopes needed for the request. */
  scopes?: readonly string[];
  /** "invalid_token", "insufficient_scope" or "invalid_request". */
  error?: "invalid_token" | "insufficient_scope" | "invalid_request";
  /** Words for a person about the error (`error_description`). */
  errorDescription?: string;
}

/** The parameters of a DPoP challenge: a Bearer challenge's, the DPoP errors (RFC 9449 §12.2), and the accepted proof algorithms. */
export interface DPoPChallengeParams extends Omit<ChallengeParams, "error"> {
  /** The error code (`error`): a Bearer one, or a DPoP one (RFC 9449 §12.2). */
  error?: ChallengeParams["error"] | "invalid_dpop_proof" | "use_dpop_nonce";
  /** The JWS algorithms accepted for proofs (`algs`). */
  algorithms: readonly string[];
}

/** A quoted-string: backslash-escapes `"` and `\`, drops control characters. */
function quote(value: string): string {
  return `"${value.replace(/[\u0000-\u001f\u007f]/g, "").replace(/["\\]/g, (c) => `\\${c}`)}"`;
}

/** `scheme` followed by the parameters that are set, in a fixed order. */
function challenge(scheme: string, params: Omit<DPoPChallengeParams, "algorithms"> & { algorithms?: readonly string[] }): string {
  const parts: string[] = [];
  if (params.error) parts.push(`error=${quote(params.error)}`);
  if (params.scopes && params.scopes.length > 0) parts.push(`scope=${quote(params.scopes.join(" "))}`);
  if (params.resourceMetadata) parts.push(`resource_metadata=${quote(params.resourceMetadata)}`);
  if (params.algorithms && params.algorithms.length > 0) parts.push(`algs=${quote(params.algorithms.join(" "))}`);
  if (params.errorDescription) parts.push(`error_description=${quote(params.errorDescription)}`);
  return parts.length > 0 ? `${scheme} ${parts.join(", ")}` : scheme;
}

/** The value of a `WWW-Authenticate` header for a Bearer challenge. */
export function bearerChallenge(params: ChallengeParams): string {
  return challenge("Bearer", params);
}

/** A DPoP challenge (RFC 9449 §7.1): as a Bearer one, plus `algs`. */
export function dpopChallenge(params: DPoPChallengeParams): string {
  return challenge("DPoP", params);
}

/** The message of a 401 that asks for a token. */
export const AUTHORIZATION_REQUIRED = "Authorization required: send an access token for this server (see WWW-Authenticate).";

/** A JSON-RPC error body with a null id (the request was not read). */
function body(message: string, data?: unknown): string {
  return JSON.stringify({ jsonrpc: "2.0", id: null, error: { code: -32600, message, ...(data !== undefined && { data }) } });
}

/** An answer carrying `wwwAuthenticate` (one or more challenges) and a JSON-RPC error; `headers` adds to it (e.g. `DPoP-Nonce`). */
export function challenged(status: 401 | 403, wwwAuthenticate: string, message: string, options: { data?: unknown; headers?: Record<string, string> } = {}): Response {
  return new Response(body(message, options.data), {
    status,
    headers: { ...options.headers, "content-type": "application/json", "www-authenticate": wwwAuthenticate, "cache-control": "no-store" },
  });
}

/** 401: no token, or a token that is invalid, expired or not for this server. */
export function unauthorized(params: ChallengeParams, message = AUTHORIZATION_REQUIRED): Response {
  return challenged(401, bearerChallenge(params), message);
}

/** 403 insufficient_scope: the token lacks scopes this request needs. */
export function insufficientScope(params: Omit<ChallengeParams, "error"> & { scopes: readonly string[] }, message?: string): Response {
  const text = message ?? `Insufficient scope: this request needs ${params.scopes.join(" ")}.`;
  return challenged(403, bearerChallenge({ ...params, error: "insufficient_scope" }), text, { data: { requiredScopes: params.scopes } });
}
