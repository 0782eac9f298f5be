/**
 * The JWT bearer grant (RFC 7523 §2.1): a JWT asserted by someone the
 * authorization server trusts is presented as
 * `grant_type=urn:ietf:params:oauth:grant-type:jwt-bearer` with `assertion`.
 * Workload identity federation (SEP-1933) presents a platform-issued JWT this
 * way; enterprise-managed authorization presents its ID-JAG. A refusal
 * (invalid_grant, invalid_scope, unauthorized_client, …) is surfaced as it is:
 * not retried, and no other grant is tried.
 */
import * as oauth from "oauth4webapi";
import { ClientAuthenticator, checkClientCredentials, type ClientCredentials } from "./client-auth.js";
import { withTokenNonceRetry } from "./dpop.js";
import { AssertionUnavailableError } from "./errors.js";
import type { GrantContext, TokenGrant } from "./grant.js";
import type { StoredTokens } from "./store.js";
import { storedTokens, tokenError } from "./token-response.js";

export const JWT_BEARER_GRANT = "urn:ietf:params:oauth:grant-type:jwt-bearer";

/**
 * Where an assertion comes from: the string itself, or a function called for
 * each token request (so it can hand out a renewed one). `assertionFromFile`
 * of `@mrtr/client/auth/node` reads a file the platform keeps up to date.
 */
export type AssertionSource = string | (() => string | Promise<string>);

/** `withAuth`'s `jwtBearer` option (workload identity federation). */
export interface JwtBearerOptions {
  /** The JWT to present (e.g. the platform's workload identity token). */
  assertion: AssertionSource;
  /** The client at the authorization server; `{ clientId }` alone authenticates with none. */
  client: ClientCredentials;
  /** Space-separated scopes (default: the challenge's, else the resource's scopes_supported, else none). */
  scope?: string;
}

/** Reads an assertion from its source; `what` names it in errors. */
export async function readAssertion(source: AssertionSource, what: string): Promise<string> {
  let value: unknown;
  try {
    value = typeof source === "function" ? await source() : source;
  } catch (error) {
    throw new AssertionUnavailableError(`The ${what} could not be obtained: ${error instanceof Error ? error.message : "unknown failure"}. Check the source configured for it.`);
  }
  if (typeof value !== "string" || value.trim() === "") throw new AssertionUnavailableError(`The ${what} source gave no token (an empty or non-string value). Check the source configured for it.`);
  return value.trim();
}

/** One JWT bearer token request at the resource's authorization server. */
export async function jwtBearerRequest(ctx: GrantContext, authenticator: ClientAuthenticator, assertion: string, what: string): Promise<StoredTokens> {
  const { as, resource, scope } = ctx;
  try {
    const auth = await authenticator.auth(as);
    const requestOptions = await ctx.requestOptions(as.token_endpoint!, true);
    const parameters: Record<string, string> = { assertion, resource, ...(scope !== undefined && { scope }) };
    const result = await withTokenNonceRetry(ctx.dpop, as.issuer, async () => {
      const response = await oauth.genericTokenEndpointRequest(as, authenticator.client, auth, JWT_BEARER_GRANT, parameters, requestOptions);
      return oauth.processGenericTokenEndpointResponse(as, authenticator.client, response);
    });
    return storedTokens(result, { issuer: as.issuer, resource, clientId: authenticator.credentials.clientId, scope, dpop: ctx.dpop }, ctx.now());
  } catch (error) {
    throw tokenError(error, what, as.issuer);
  }
}

export function jwtBearerGrant(options: JwtBearerOptions): TokenGrant {
  if (options.assertion === undefined) throw new TypeError("jwtBearer.assertion is required (the JWT, or a function returning it).");
  checkClientCredentials("jwtBearer.client", options.client);
  const authenticator = new ClientAuthenticator(options.client);
  return {
    name: "jwt_bearer",
    scope: options.scope,
    async obtain(ctx) {
      const assertion = await readAssertion(options.assertion, "JWT bearer assertion");
      return jwtBearerRequest(ctx, authenticator, assertion, "JWT bearer grant");
    },
  };
}
