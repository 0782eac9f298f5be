/**
 * What every grant does with the token endpoint's answer: refusals become
 * `TokenRequestError`s with the server's error code and a hint of what to do
 * (never an oauth4webapi error, whose `cause` may hold the response body),
 * and a successful answer becomes `StoredTokens` with its token type checked
 * against the DPoP setting.
 */
import * as oauth from "oauth4webapi";
import { acceptedTokenType, type DPoPBinding } from "./dpop.js";
import { AuthorizationError, TokenRequestError } from "./errors.js";
import type { StoredTokens } from "./store.js";

/** What to do about the OAuth errors a token endpoint commonly answers. */
const HINTS: Readonly<Record<string, string>> = {
  invalid_client: "Check the client credentials (client id, secret or key) registered with that server.",
  invalid_grant: "The grant or assertion was refused (expired, for another audience, or not trusted there); obtain a new one.",
  invalid_scope: "Ask for scopes that this authorization server allows for this client.",
  unauthorized_client: "This client may not use this grant type there; ask the authorization server's operator.",
  unsupported_grant_type: "The authorization server does not offer this grant; use another method of withAuth.",
};

/** A `TokenRequestError` for a failed token request (authorization errors of ours pass through). */
export function tokenError(error: unknown, what: string, issuer: string): AuthorizationError {
  if (error instanceof AuthorizationError) return error;
  if (error instanceof oauth.ResponseBodyError) {
    const description = error.error_description ? `: ${error.error_description}` : "";
    const hint = HINTS[error.error] ? ` ${HINTS[error.error]}` : "";
    return new TokenRequestError(`The token endpoint of ${issuer} refused the ${what} (HTTP ${error.status}, ${error.error}${description}).${hint}`, error.error, error.status);
  }
  if (error instanceof oauth.WWWAuthenticateChallengeError) {
    return new TokenRequestError(`The token endpoint of ${issuer} refused the ${what} (HTTP ${error.status}, client authentication failed). ${HINTS.invalid_client}`, "invalid_client", error.status);
  }
  const message = error instanceof Error ? error.message : "unknown failure";
  return new TokenRequestError(`The ${what} at ${issuer} failed: ${message}`);
}

/** What the stored tokens are for, besides the token response. */
export interface TokenContext {
  issuer: string;
  resource: string;
  clientId: string;
  scope: string | undefined;
  /** Kept when a refresh returns no new refresh token. */
  previousRefresh?: string;
  dpop?: DPoPBinding | undefined;
}

/** The token response as `StoredTokens`. */
export function storedTokens(result: oauth.TokenEndpointResponse, base: TokenContext, now: number): StoredTokens {
  const tokenType = acceptedTokenType(result.token_type, base.dpop, base.issuer);
  const refresh = result.refresh_token ?? base.previousRefresh;
  return {
    accessToken: result.access_token,
    ...(tokenType === "DPoP" && { tokenType }),
    ...(refresh !== undefined && { refreshToken: refresh }),
    ...(typeof result.expires_in === "number" && { expiresAt: now + result.expires_in * 1000 }),
    ...(base.scope !== undefined && { scope: base.scope }),
    issuer: base.issuer,
    resource: base.resource,
    clientId: base.clientId,
  };
}
