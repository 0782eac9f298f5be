/**
 * Protected-resource metadata (RFC 9728) of an MCP endpoint, and the
 * well-known URLs it is served at: path-based (`/.well-known/oauth-protected-resource/mcp`
 * for `https://h/mcp`), and the root one that clients fall back to.
 */

/** The fields `protect` publishes. */
export interface ResourceMetadataOptions {
  /** The resource identifier: the MCP endpoint's canonical URL, e.g. "https://mcp.example.com/mcp". */
  resource: string;
  /** Issuer identifiers of the authorization servers that issue tokens for it (at least one). */
  authorizationServers: readonly string[];
  /** `scopes_supported`: the scopes for basic use (not offline_access). */
  scopesSupported?: readonly string[];
  /** DPoP (RFC 9728 §2): `dpop_signing_alg_values_supported` and `dpop_bound_access_tokens_required`. */
  dpop?: {
    /** The JWS algorithms accepted for proofs. */
    algorithms: readonly string[];
    /** Whether every access token must be DPoP-bound. */
    required: boolean;
  };
  /** Further fields (resource_name, resource_documentation, …). */
  extra?: Readonly<Record<string, unknown>>;
}

/** Checks a resource identifier: absolute http(s), no fragment, no query. */
export function checkResource(resource: string): URL {
  let u: URL;
  try {
    u = new URL(resource);
  } catch {
    throw new TypeError(`resource must be an absolute URL (got ${JSON.stringify(resource)}).`);
  }
  if ((u.protocol !== "https:" && u.protocol !== "http:") || u.hash || resource.includes("#") || u.search) {
    throw new TypeError(`resource must be an http(s) URL without query or fragment (got ${JSON.stringify(resource)}).`);
  }
  return u;
}

/** The metadata document. */
export function protectedResourceMetadata(options: ResourceMetadataOptions): Record<string, unknown> {
  checkResource(options.resource);
  if (options.authorizationServers.length === 0) throw new TypeError("authorizationServers needs at least one issuer.");
  return {
    ...options.extra,
    resource: options.resource,
    authorization_servers: [...options.authorizationServers],
    bearer_methods_supported: ["header"],
    ...(options.scopesSupported && options.scopesSupported.length > 0 && { scopes_supported: [...options.scopesSupported] }),
    ...(options.dpop && { dpop_signing_alg_values_supported: [...options.dpop.algorithms], dpop_bound_access_tokens_required: options.dpop.required }),
  };
}

/** The path-based metadata path of a resource: `/.well-known/oauth-protected-resource` plus its path. */
export function resourceMetadataPath(resource: string): string {
  const u = checkResource(resource);
  const path = u.pathname === "/" ? "" : u.pathname.replace(/\/$/, "");
  return `/.well-known/oauth-protected-resource${path}`;
}

/** The full URL of the path-based metadata document: what `resource_metadata` in challenges points at. */
export function resourceMetadataUrl(resource: string): string {
  return `${checkResource(resource).origin}${resourceMetadataPath(resource)}`;
}
