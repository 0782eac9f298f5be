/**
 * The client credentials grant (RFC 6749 §4.4; the MCP extension
 * io.modelcontextprotocol/oauth-client-credentials): a machine client
 * authenticates with its secret or its private key (RFC 7523 client
 * assertion) and receives a token for the resource.
 */
import * as oauth from "oauth4webapi";
import { ClientAuthenticator, checkClientCredentials, type ClientCredentials } from "./client-auth.js";
import { withTokenNonceRetry } from "./dpop.js";
import type { GrantContext, TokenGrant } from "./grant.js";
import type { StoredTokens } from "./store.js";
import { storedTokens, tokenError } from "./token-response.js";

/** `withAuth`'s `clientCredentials` option: the client's credentials and, optionally, the scopes to ask for. */
export interface ClientCredentialsOptions extends ClientCredentials {
  /** Space-separated scopes (default: the challenge's, else the resource's scopes_supported, else none). */
  scope?: string;
}

export function clientCredentialsGrant(options: ClientCredentialsOptions): TokenGrant {
  checkClientCredentials("clientCredentials", options);
  const authenticator = new ClientAuthenticator(options);
  return {
    name: "client_credentials",
    scope: options.scope,
    async obtain(ctx: GrantContext): Promise<StoredTokens> {
      const { as, resource, scope } = ctx;
      try {
        const auth = await authenticator.auth(as);
        const requestOptions = await ctx.requestOptions(as.token_endpoint!, true);
        const parameters: Record<string, string> = { resource, ...(scope !== undefined && { scope }) };
        const result = await withTokenNonceRetry(ctx.dpop, as.issuer, async () => {
          const response = await oauth.clientCredentialsGrantRequest(as, authenticator.client, auth, parameters, requestOptions);
          return oauth.processClientCredentialsResponse(as, authenticator.client, response);
        });
        return storedTokens(result, { issuer: as.issuer, resource, clientId: options.clientId, scope, dpop: ctx.dpop }, ctx.now());
      } catch (error) {
        throw tokenError(error, "client credentials request", as.issuer);
      }
    },
  };
}
