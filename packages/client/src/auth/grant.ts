/**
 * A grant that obtains tokens without a user (client credentials, JWT bearer,
 * enterprise-managed authorization): what the session hands it, and what it
 * returns. The session finds the resource and its authorization server
 * first, exactly as for the interactive flow.
 */
import type * as oauth from "oauth4webapi";
import type { DPoPBinding } from "./dpop.js";
import type { StoredTokens } from "./store.js";

/** The name of a grant without a user, as in events. */
export type GrantName = "client_credentials" | "jwt_bearer" | "enterprise_managed";

/** What a grant needs for one token request. */
export interface GrantContext {
  /** The validated metadata of the resource's authorization server. */
  as: oauth.AuthorizationServer;
  /** The resource identifier, exactly as the protected-resource metadata publishes it (sent as `resource`). */
  resource: string;
  scope: string | undefined;
  /** oauth4webapi options for a request to `url`: the bounded fetch, http where allowed, and the DPoP handle when `dpop` is on. */
  requestOptions: (url: string, dpop: boolean) => Promise<oauth.TokenEndpointRequestOptions>;
  dpop: DPoPBinding | undefined;
  /** Finds an authorization server's metadata (the enterprise IdP's, for one). */
  discover: (issuer: string) => Promise<oauth.AuthorizationServer>;
  now: () => number;
}

/** A grant without a user. */
export interface TokenGrant {
  readonly name: GrantName;
  /** Scopes configured for it; when absent, the challenge's or the resource's are asked for. */
  readonly scope: string | undefined;
  obtain(ctx: GrantContext): Promise<StoredTokens>;
}
