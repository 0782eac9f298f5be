/**
 * Discovery: the protected-resource metadata of an MCP server (RFC 9728), in
 * the draft's order (authorization-server-discovery.mdx, "Protected Resource
 * Metadata Discovery Requirements"), then the metadata of its authorization
 * server (RFC 8414 / OpenID Connect Discovery), in the draft's order
 * ("Authorization Server Metadata Discovery"), with the exact issuer check.
 */
import * as oauth from "oauth4webapi";
import { AuthorizationLimitError, DiscoveryError, IssuerMismatchError, PkceUnsupportedError, ResourceMismatchError } from "./errors.js";
import { checkEndpoint, parseHttpUrl, resourceCovers, type InsecureHttpPolicy } from "./url-policy.js";
import type { BearerChallenge } from "./www-authenticate.js";

/** What discovery needs: a bounded fetch and the http policy. */
export interface DiscoveryContext {
  fetch: (url: string, init?: RequestInit) => Promise<Response>;
  insecureHttp: InsecureHttpPolicy;
}

/** A validated protected-resource metadata document. */
export interface ResourceMetadata {
  /** The resource identifier, exactly as published: sent as `resource` (RFC 8707). */
  resource: string;
  authorizationServers: string[];
  scopesSupported?: string[];
  /** Where it was read. */
  url: string;
}

/**
 * The protected-resource metadata URLs to try for `serverUrl`: the
 * `resource_metadata` of the challenge alone when present; otherwise the
 * path-based well-known URL (when the endpoint has a path), then the root one.
 */
export function resourceMetadataUrls(serverUrl: URL, challenge?: BearerChallenge): string[] {
  if (challenge?.resourceMetadata !== undefined) return [challenge.resourceMetadata];
  const path = serverUrl.pathname === "/" ? "" : serverUrl.pathname.replace(/\/$/, "");
  const root = `${serverUrl.origin}/.well-known/oauth-protected-resource`;
  return path ? [`${root}${path}`, root] : [root];
}

/**
 * The metadata URLs of an issuer, in the draft's order: with a path, OAuth
 * path insertion, OpenID path insertion, OpenID path appending; without, OAuth
 * then OpenID.
 */
export function authorizationServerMetadataUrls(issuer: URL): string[] {
  const path = issuer.pathname === "/" ? "" : issuer.pathname.replace(/\/$/, "");
  const o = issuer.origin;
  return path
    ? [`${o}/.well-known/oauth-authorization-server${path}`, `${o}/.well-known/openid-configuration${path}`, `${o}${path}/.well-known/openid-configuration`]
    : [`${o}/.well-known/oauth-authorization-server`, `${o}/.well-known/openid-configuration`];
}

function stringArray(value: unknown): string[] | undefined {
  return Array.isArray(value) && value.every((v) => typeof v === "string") ? (value as string[]) : undefined;
}

async function getJson(ctx: DiscoveryContext, url: string): Promise<{ status: number; body?: unknown; response: Response }> {
  const response = await ctx.fetch(url, { method: "GET", headers: { accept: "application/json" } });
  if (response.status !== 200) return { status: response.status, response };
  const text = await response.clone().text();
  try {
    return { status: 200, body: JSON.parse(text), response };
  } catch {
    return { status: 200, response };
  }
}

/** Finds and validates the protected-resource metadata of `serverUrl`. */
export async function discoverResource(ctx: DiscoveryContext, serverUrl: URL, challenge?: BearerChallenge): Promise<ResourceMetadata> {
  const urls = resourceMetadataUrls(serverUrl, challenge);
  const problems: string[] = [];
  for (const url of urls) {
    const parsed = parseHttpUrl(url);
    if (!parsed) {
      problems.push(`${JSON.stringify(url)} is not an http(s) URL`);
      continue;
    }
    checkEndpoint(parsed, ctx.insecureHttp);
    let got;
    try {
      got = await getJson(ctx, parsed.href);
    } catch (error) {
      if (error instanceof DiscoveryError || error instanceof AuthorizationLimitError) throw error;
      problems.push(`${parsed.href}: ${(error as Error).message}`);
      continue;
    }
    if (got.status !== 200) {
      problems.push(`${parsed.href}: HTTP ${got.status}`);
      continue;
    }
    const doc = got.body as Record<string, unknown> | undefined;
    if (!doc || typeof doc !== "object" || Array.isArray(doc)) {
      problems.push(`${parsed.href}: not a JSON object`);
      continue;
    }
    const servers = stringArray(doc.authorization_servers);
    if (typeof doc.resource !== "string" || !servers || servers.length === 0) {
      problems.push(`${parsed.href}: needs a "resource" string and a non-empty "authorization_servers" list`);
      continue;
    }
    if (!resourceCovers(doc.resource, serverUrl)) throw new ResourceMismatchError(serverUrl.href, doc.resource);
    const scopes = stringArray(doc.scopes_supported);
    return { resource: doc.resource, authorizationServers: servers, ...(scopes && { scopesSupported: scopes }), url: parsed.href };
  }
  throw new DiscoveryError(
    `No protected-resource metadata found for ${serverUrl.href} (${problems.join("; ")}). The server answered 401 but does not say where to log in; tell its operator.`,
    urls,
  );
}

/**
 * Finds the metadata of the authorization server `issuer` and checks it: its
 * `issuer` must be the very string it was fetched for, and it must offer PKCE
 * with S256 (security-considerations.mdx, "Authorization Code Protection").
 */
export async function discoverAuthorizationServer(ctx: DiscoveryContext, issuer: string, options: { requirePkce?: boolean } = {}): Promise<oauth.AuthorizationServer> {
  const issuerUrl = parseHttpUrl(issuer);
  if (!issuerUrl || issuerUrl.search || issuerUrl.hash || issuer.includes("#")) {
    throw new DiscoveryError(`The authorization server ${JSON.stringify(issuer)} named by the protected-resource metadata is not a valid issuer URL (https, no query or fragment); tell the server's operator.`);
  }
  checkEndpoint(issuerUrl, ctx.insecureHttp);
  const urls = authorizationServerMetadataUrls(issuerUrl);
  const problems: string[] = [];
  let mismatch: IssuerMismatchError | undefined;
  for (const url of urls) {
    let response: Response;
    try {
      response = await ctx.fetch(url, { method: "GET", headers: { accept: "application/json" } });
    } catch (error) {
      if (error instanceof AuthorizationLimitError) throw error;
      problems.push(`${url}: ${(error as Error).message}`);
      continue;
    }
    if (response.status !== 200) {
      problems.push(`${url}: HTTP ${response.status}`);
      continue;
    }
    let metadata: oauth.AuthorizationServer;
    try {
      metadata = await oauth.processDiscoveryResponse(issuerUrl, response.clone());
    } catch (error) {
      const received = await response
        .json()
        .then((b: { issuer?: unknown }) => b?.issuer)
        .catch(() => undefined);
      if (typeof received === "string" && received !== issuer) mismatch ??= new IssuerMismatchError(issuer, received);
      else problems.push(`${url}: ${(error as Error).message}`);
      continue;
    }
    // oauth4webapi compares URL forms; the draft wants the identical string.
    if (metadata.issuer !== issuer) {
      mismatch ??= new IssuerMismatchError(issuer, metadata.issuer);
      continue;
    }
    for (const endpoint of ["authorization_endpoint", "token_endpoint", "registration_endpoint"] as const) {
      const value = metadata[endpoint];
      if (value !== undefined) {
        const u = parseHttpUrl(value);
        if (!u) throw new DiscoveryError(`The ${endpoint} of ${issuer} is not an http(s) URL; tell the authorization server's operator.`);
        checkEndpoint(u, ctx.insecureHttp);
      }
    }
    // PKCE protects the authorization code; grants without one (client credentials, JWT bearer) do not need it.
    if (options.requirePkce !== false && !metadata.code_challenge_methods_supported?.includes("S256")) throw new PkceUnsupportedError(issuer);
    return metadata;
  }
  if (mismatch) throw mismatch;
  throw new DiscoveryError(`No authorization server metadata found for ${issuer} (${problems.join("; ")}); tell the server's operator.`, urls);
}
