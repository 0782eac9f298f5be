/**
 * The authorization code flow with PKCE (S256 only) on oauth4webapi: the
 * authorization request with `resource` (RFC 8707), the checks of the
 * redirect (RFC 9207 issuer, state, error), and the token requests (code and
 * refresh) with `resource`. Errors never carry the code, the verifier or a
 * token, and no oauth4webapi error (whose `cause` may hold a response body)
 * is passed on.
 */
import * as oauth from "oauth4webapi";
import { withTokenNonceRetry, type DPoPBinding } from "./dpop.js";
import { AuthorizationResponseError } from "./errors.js";
import type { StoredTokens } from "./store.js";
import { storedTokens, tokenError } from "./token-response.js";

/** One authorization in progress: what the redirect is checked against. */
export interface PendingAuthorization {
  url: URL;
  state: string;
  codeVerifier: string;
  /** The issuer recorded from the validated metadata before redirecting (index.mdx, "Authorization Response Validation"). */
  issuer: string;
  redirectUri: string;
}

/** Builds the authorization request. */
export async function authorizationRequest(
  as: oauth.AuthorizationServer,
  clientId: string,
  redirectUri: string,
  resource: string,
  scope: string | undefined,
): Promise<PendingAuthorization> {
  const codeVerifier = oauth.generateRandomCodeVerifier();
  const state = oauth.generateRandomState();
  const url = new URL(as.authorization_endpoint!);
  url.searchParams.set("response_type", "code");
  url.searchParams.set("client_id", clientId);
  url.searchParams.set("redirect_uri", redirectUri);
  url.searchParams.set("code_challenge", await oauth.calculatePKCECodeChallenge(codeVerifier));
  url.searchParams.set("code_challenge_method", "S256");
  url.searchParams.set("state", state);
  url.searchParams.set("resource", resource);
  if (scope) url.searchParams.set("scope", scope);
  return { url, state, codeVerifier, issuer: as.issuer, redirectUri };
}

function withoutQuery(u: URL): string {
  return `${u.protocol}//${u.host}${u.pathname}`;
}

/**
 * Checks the redirect before the code goes anywhere. The issuer check follows
 * the draft's table: a present `iss` must equal the recorded issuer as a plain
 * string (no normalisation), advertised or not; an absent `iss` is refused
 * when the server advertises `authorization_response_iss_parameter_supported`.
 * On a mismatch nothing of the response (error, description) is shown.
 */
export function checkAuthorizationResponse(as: oauth.AuthorizationServer, clientId: string, pending: PendingAuthorization, redirectedTo: URL): URLSearchParams {
  const expected = new URL(pending.redirectUri);
  if (withoutQuery(redirectedTo) !== withoutQuery(expected)) {
    throw new AuthorizationResponseError("invalid", `The user agent returned a redirect to ${withoutQuery(redirectedTo)}, not the redirect URI ${withoutQuery(expected)}; the response was discarded. Check the user agent's redirect handling.`);
  }
  const params = redirectedTo.searchParams;
  const iss = params.getAll("iss");
  if (iss.length > 1) throw new AuthorizationResponseError("iss_mismatch", "The authorization response carries more than one iss parameter; it was discarded.");
  if (iss.length === 1 && iss[0] !== pending.issuer) {
    throw new AuthorizationResponseError(
      "iss_mismatch",
      `The authorization response names the issuer ${JSON.stringify(iss[0])}, not ${JSON.stringify(pending.issuer)} that the request went to; it was discarded (a possible mix-up attack). Try again; if it persists, tell the server's operator.`,
    );
  }
  if (iss.length === 0 && as.authorization_response_iss_parameter_supported === true) {
    throw new AuthorizationResponseError(
      "iss_missing",
      `The authorization server ${pending.issuer} advertises the iss response parameter but its response has none; it was discarded. Tell the authorization server's operator.`,
    );
  }
  try {
    return oauth.validateAuthResponse(as, { client_id: clientId }, params, pending.state);
  } catch (error) {
    if (error instanceof oauth.AuthorizationResponseError) {
      const description = error.error_description ? `: ${error.error_description}` : "";
      throw new AuthorizationResponseError("error", `The authorization server refused the authorization (${error.error}${description}).`, error.error);
    }
    const message = (error as Error).message ?? "";
    if (/state/.test(message)) {
      throw new AuthorizationResponseError("state_mismatch", "The authorization response's state does not match the request's; it was discarded (a stale or forged redirect). Start the login again.");
    }
    throw new AuthorizationResponseError("invalid", `The authorization response was refused: ${message}`);
  }
}

/** Exchanges the code (with the verifier and `resource`) for tokens. */
export async function exchangeCode(
  as: oauth.AuthorizationServer,
  client: oauth.Client,
  auth: oauth.ClientAuth,
  params: URLSearchParams,
  pending: PendingAuthorization,
  resource: string,
  scope: string | undefined,
  options: oauth.TokenEndpointRequestOptions,
  now: number,
  dpop?: DPoPBinding,
): Promise<StoredTokens> {
  try {
    const result = await withTokenNonceRetry(dpop, as.issuer, async () => {
      const response = await oauth.authorizationCodeGrantRequest(as, client, auth, params, pending.redirectUri, pending.codeVerifier, {
        ...options,
        additionalParameters: { resource },
      });
      return oauth.processAuthorizationCodeResponse(as, client, response);
    });
    return storedTokens(result, { issuer: as.issuer, resource, clientId: client.client_id, scope, dpop }, now);
  } catch (error) {
    throw tokenError(error, "authorization code", as.issuer);
  }
}

/** Uses the refresh token (with `resource`, and the `scope` the tokens were obtained with); keeps the old refresh token when none is returned. */
export async function refreshTokens(
  as: oauth.AuthorizationServer,
  client: oauth.Client,
  auth: oauth.ClientAuth,
  tokens: StoredTokens,
  options: oauth.TokenEndpointRequestOptions,
  now: number,
  dpop?: DPoPBinding,
): Promise<StoredTokens> {
  try {
    const result = await withTokenNonceRetry(dpop, as.issuer, async () => {
      const response = await oauth.refreshTokenGrantRequest(as, client, auth, tokens.refreshToken!, {
        ...options,
        // The scope the tokens were obtained with: some authorization servers require it on refresh (RFC 6749 §6 allows it).
        additionalParameters: { resource: tokens.resource, ...(tokens.scope !== undefined && tokens.scope !== "" && { scope: tokens.scope }) },
      });
      return oauth.processRefreshTokenResponse(as, client, response);
    });
    const base = { issuer: as.issuer, resource: tokens.resource, clientId: client.client_id, scope: tokens.scope, dpop };
    return storedTokens(result, { ...base, ...(tokens.refreshToken !== undefined && { previousRefresh: tokens.refreshToken }) }, now);
  } catch (error) {
    throw tokenError(error, "refresh", as.issuer);
  }
}
