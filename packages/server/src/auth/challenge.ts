/**
 * `WWW-Authenticate: Bearer …` challenges (RFC 6750 §3, RFC 9728 §5.1) and
 * the 401 / 403 answers of a protected MCP endpoint (index.mdx, "Error
 * Handling" and "Scope Challenge Handling").
 */

/** The parameters of a Bearer challenge. */
export interface ChallengeParams {
  /** The protected-resource metadata URL. */
  resourceMetadata?: string;
  /** Scopes needed for the request. */
  scopes?: readonly string[];
  /** "invalid_token", "insufficient_scope" or "invalid_request". */
  error?: "invalid_token" | "insufficient_scope" | "invalid_request";
  errorDescription?: string;
}

/** A quoted-string: backslash-escapes `"` and `\`, drops control characters. */
function quote(value: string): string {
  return `"${value.replace(/[\u0000-\u001f\u007f]/g, "").replace(/["\\]/g, (c) => `\\${c}`)}"`;
}

/** The value of a `WWW-Authenticate` header for a Bearer challenge. */
export function bearerChallenge(params: ChallengeParams): string {
  const parts: string[] = [];
  if (params.error) parts.push(`error=${quote(params.error)}`);
  if (params.scopes && params.scopes.length > 0) parts.push(`scope=${quote(params.scopes.join(" "))}`);
  if (params.resourceMetadata) parts.push(`resource_metadata=${quote(params.resourceMetadata)}`);
  if (params.errorDescription) parts.push(`error_description=${quote(params.errorDescription)}`);
  return parts.length > 0 ? `Bearer ${parts.join(", ")}` : "Bearer";
}

/** A JSON-RPC error body with a null id (the request was not read). */
function body(message: string, data?: unknown): string {
  return JSON.stringify({ jsonrpc: "2.0", id: null, error: { code: -32600, message, ...(data !== undefined && { data }) } });
}

/** 401: no token, or a token that is invalid, expired or not for this server. */
export function unauthorized(params: ChallengeParams, message = "Authorization required: send an access token for this server (see WWW-Authenticate)."): Response {
  return new Response(body(message), { status: 401, headers: { "content-type": "application/json", "www-authenticate": bearerChallenge(params), "cache-control": "no-store" } });
}

/** 403 insufficient_scope: the token lacks scopes this request needs. */
export function insufficientScope(params: Omit<ChallengeParams, "error"> & { scopes: readonly string[] }, message?: string): Response {
  const text = message ?? `Insufficient scope: this request needs ${params.scopes.join(" ")}.`;
  return new Response(body(text, { requiredScopes: params.scopes }), {
    status: 403,
    headers: { "content-type": "application/json", "www-authenticate": bearerChallenge({ ...params, error: "insufficient_scope" }), "cache-control": "no-store" },
  });
}
