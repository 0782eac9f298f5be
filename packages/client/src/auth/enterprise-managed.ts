/**
 * Enterprise-managed authorization (SEP-990, the MCP extension
 * io.modelcontextprotocol/enterprise-managed-authorization): the user's
 * identity assertion from the enterprise IdP (an OpenID Connect ID token, or
 * a SAML assertion) is exchanged at that IdP (RFC 8693 token exchange) for an
 * Identity Assertion JWT Authorization Grant (ID-JAG) naming the MCP server's
 * authorization server as audience and the MCP server as resource; the ID-JAG
 * is then presented there as a JWT bearer grant (RFC 7523).
 */
import * as oauth from "oauth4webapi";
import { ClientAuthenticator, checkClientCredentials, type ClientCredentials } from "./client-auth.js";
import { TokenRequestError } from "./errors.js";
import type { GrantContext, TokenGrant } from "./grant.js";
import { jwtBearerRequest, readAssertion, type AssertionSource } from "./jwt-bearer.js";
import { tokenError } from "./token-response.js";

export const TOKEN_EXCHANGE_GRANT = "urn:ietf:params:oauth:grant-type:token-exchange";
export const ID_JAG_TOKEN_TYPE = "urn:ietf:params:oauth:token-type:id-jag";
export const ID_TOKEN_TYPE = "urn:ietf:params:oauth:token-type:id_token";

/** The enterprise identity provider that issues ID-JAGs. */
export interface EnterpriseIdp {
  /** The IdP's issuer; its metadata (RFC 8414, then OpenID) gives the token endpoint unless `tokenEndpoint` is set. */
  issuer?: string;
  /** The IdP's token endpoint, when known (no discovery then). */
  tokenEndpoint?: string;
  /** This client's credentials at the IdP (the client the identity assertion was issued to). */
  client: ClientCredentials;
}

/** `withAuth`'s `enterpriseManaged` option. */
export interface EnterpriseManagedOptions {
  /**
   * The user's identity assertion from the enterprise IdP, typically the ID
   * token of the single sign-on: the token itself, or a function called for
   * each exchange (so it can sign the user in again when it has expired).
   */
  identityAssertion: AssertionSource;
  /** RFC 8693 token type of the identity assertion (default `urn:ietf:params:oauth:token-type:id_token`; `…:saml2` for SAML). */
  identityAssertionType?: string;
  /** The enterprise identity provider that exchanges the assertion for an ID-JAG. */
  idp: EnterpriseIdp;
  /** This client's credentials at the MCP server's authorization server (the ID-JAG's `client_id`). */
  client: ClientCredentials;
  /** Space-separated scopes at the MCP server (default: the challenge's, else the resource's scopes_supported, else none). */
  scope?: string;
}

export function enterpriseManagedGrant(options: EnterpriseManagedOptions): TokenGrant {
  if (options.identityAssertion === undefined) throw new TypeError("enterpriseManaged.identityAssertion is required (the ID token, or a function returning it).");
  if (!options.idp || (options.idp.issuer === undefined && options.idp.tokenEndpoint === undefined)) throw new TypeError("enterpriseManaged.idp needs issuer or tokenEndpoint.");
  checkClientCredentials("enterpriseManaged.idp.client", options.idp.client);
  checkClientCredentials("enterpriseManaged.client", options.client);
  const idpClient = new ClientAuthenticator(options.idp.client);
  const client = new ClientAuthenticator(options.client);
  let idpMetadata: oauth.AuthorizationServer | undefined;

  async function idp(ctx: GrantContext): Promise<oauth.AuthorizationServer> {
    const { issuer, tokenEndpoint } = options.idp;
    if (tokenEndpoint !== undefined) return { issuer: issuer ?? new URL(tokenEndpoint).origin, token_endpoint: tokenEndpoint };
    idpMetadata ??= await ctx.discover(issuer!);
    return idpMetadata;
  }

  /** RFC 8693 token exchange at the IdP: identity assertion in, ID-JAG out. */
  async function exchange(ctx: GrantContext, subjectToken: string): Promise<string> {
    const as = await idp(ctx);
    try {
      const parameters: Record<string, string> = {
        requested_token_type: ID_JAG_TOKEN_TYPE,
        audience: ctx.as.issuer,
        resource: ctx.resource,
        subject_token: subjectToken,
        subject_token_type: options.identityAssertionType ?? ID_TOKEN_TYPE,
        ...(ctx.scope !== undefined && { scope: ctx.scope }),
      };
      // The ID-JAG is no access token: no DPoP proof, and the token type is "N_A" (RFC 8693 §2.2.1).
      const requestOptions = await ctx.requestOptions(as.token_endpoint!, false);
      const response = await oauth.genericTokenEndpointRequest(as, idpClient.client, await idpClient.auth(as), TOKEN_EXCHANGE_GRANT, parameters, requestOptions);
      const result = await oauth.processGenericTokenEndpointResponse(as, idpClient.client, response, { recognizedTokenTypes: { n_a: () => undefined } });
      if (result.issued_token_type !== ID_JAG_TOKEN_TYPE) {
        throw new TokenRequestError(`The IdP ${as.issuer} answered the token exchange with a ${JSON.stringify(result.issued_token_type ?? "missing")} token type, not an ID-JAG (${ID_JAG_TOKEN_TYPE}). Check that it supports enterprise-managed authorization for this client.`);
      }
      return result.access_token;
    } catch (error) {
      throw tokenError(error, "token exchange for an ID-JAG", as.issuer);
    }
  }

  return {
    name: "enterprise_managed",
    scope: options.scope,
    async obtain(ctx) {
      const subjectToken = await readAssertion(options.identityAssertion, "enterprise identity assertion");
      const idJag = await exchange(ctx, subjectToken);
      return jwtBearerRequest(ctx, client, idJag, "ID-JAG (JWT bearer grant)");
    },
  };
}
