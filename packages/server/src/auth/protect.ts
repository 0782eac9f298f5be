/**
 * `protect(handler, options)`: makes a web-standard MCP handler
 * `(Request) => Promise<Response>` an OAuth 2.1 resource server as the
 * draft's authorization pages say. It serves the protected-resource metadata,
 * answers 401 (no, invalid, expired or foreign token) and 403
 * insufficient_scope with the right `WWW-Authenticate`, and attaches the
 * verified `AuthInfo` to the request it lets through, where the server reads
 * it (`ctx.auth`, the default principal, per-tool scopes).
 */
import { attachAuthInfo, type AuthInfo } from "./auth-info.js";
import { insufficientScope, unauthorized } from "./challenge.js";
import { checkResource, protectedResourceMetadata, resourceMetadataPath, resourceMetadataUrl } from "./resource-metadata.js";
import { InvalidTokenError, type TokenVerifier } from "./token-verifier.js";

/** Why a request was refused (for logs; never the token). */
export type RejectionReason = "missing_token" | "malformed_header" | "token_too_large" | "invalid_token" | "expired" | "wrong_audience" | "insufficient_scope";

/** Options of `protect`. */
export interface ProtectOptions {
  /** The resource identifier: the MCP endpoint's canonical URL, e.g. "https://mcp.example.com/mcp". Tokens must name it in their audience. */
  resource: string;
  /** Issuers of the authorization servers that issue tokens for this resource (published in the metadata). */
  authorizationServers: readonly string[];
  /** Verifies a token: `jwtVerifier(...)`, or your own (introspection); must report the token's audience. */
  verify: TokenVerifier;
  /** Scopes every request needs; sent in 401 challenges and checked (403 insufficient_scope). */
  requiredScopes?: readonly string[];
  /** `scopes_supported` of the metadata (default `requiredScopes`). */
  scopesSupported?: readonly string[];
  /** Further metadata fields (resource_name, resource_documentation, …). */
  metadata?: Readonly<Record<string, unknown>>;
  /** Further accepted audiences besides `resource` (e.g. its other spellings). */
  audiences?: readonly string[];
  /** Also serve the metadata at the root well-known URL (default true). */
  serveRootMetadata?: boolean;
  /** Whether the granted scopes satisfy a required one (default: exact membership); for scope hierarchies. */
  hasScope?: (granted: readonly string[], required: string) => boolean;
  /** Longest accepted token, in bytes (default 8 192); longer gets 401 without verification. */
  maxTokenBytes?: number;
  /** Tolerance for `expiresAt`, in seconds (default 30). */
  clockToleranceSeconds?: number;
  /** Called with each refused request's reason (never the token). */
  onRejected?: (reason: RejectionReason, request: Request) => void;
  /** The clock, epoch ms (tests). */
  now?: () => number;
}

const BEARER = /^Bearer +([A-Za-z0-9\-._~+/]+=*) *$/i;
const JSON_TYPE = /^application\/json\b/i;
const MAX_ERROR_BODY = 65_536;

/** Wraps `handler` so that only requests with a valid token for `resource` reach it. */
export function protect(handler: (request: Request) => Promise<Response>, options: ProtectOptions): (request: Request) => Promise<Response> {
  checkResource(options.resource);
  const metadataBody = JSON.stringify(
    protectedResourceMetadata({
      resource: options.resource,
      authorizationServers: options.authorizationServers,
      ...((options.scopesSupported ?? options.requiredScopes) && { scopesSupported: options.scopesSupported ?? options.requiredScopes! }),
      ...(options.metadata && { extra: options.metadata }),
    }),
  );
  const metadataPaths = new Set([resourceMetadataPath(options.resource)]);
  if (options.serveRootMetadata !== false) metadataPaths.add("/.well-known/oauth-protected-resource");
  const resourceMetadata = resourceMetadataUrl(options.resource);
  const audiences = new Set([options.resource, ...(options.audiences ?? [])]);
  const required = [...(options.requiredScopes ?? [])];
  const hasScope = options.hasScope ?? ((granted, scope) => granted.includes(scope));
  const maxTokenBytes = options.maxTokenBytes ?? 8192;
  const tolerance = (options.clockToleranceSeconds ?? 30) * 1000;
  const now = options.now ?? Date.now;

  const refuse = (reason: RejectionReason, request: Request, response: Response): Response => {
    try {
      options.onRejected?.(reason, request);
    } catch {
      // a logging hook must not change the answer
    }
    return response;
  };
  const invalid = (reason: RejectionReason, request: Request, description: string) =>
    refuse(reason, request, unauthorized({ resourceMetadata, scopes: required, error: "invalid_token", errorDescription: description }, `Unauthorized: ${description}`));

  return async (request) => {
    const url = new URL(request.url);
    if (metadataPaths.has(url.pathname)) {
      if (request.method !== "GET" && request.method !== "HEAD") return new Response(null, { status: 405, headers: { allow: "GET, HEAD" } });
      return new Response(request.method === "HEAD" ? null : metadataBody, {
        status: 200,
        headers: { "content-type": "application/json", "access-control-allow-origin": "*", "cache-control": "max-age=300" },
      });
    }
    // CORS preflights never carry credentials; the wrapped handler answers them.
    if (request.method === "OPTIONS") return handler(request);
    const header = request.headers.get("authorization");
    if (header === null) return refuse("missing_token", request, unauthorized({ resourceMetadata, scopes: required }));
    const match = BEARER.exec(header);
    if (!match) return refuse("malformed_header", request, unauthorized({ resourceMetadata, scopes: required, error: "invalid_request", errorDescription: "Send the token as Authorization: Bearer <token>." }));
    const token = match[1]!;
    if (token.length > maxTokenBytes) return invalid("token_too_large", request, "The access token is too large.");
    let info: AuthInfo | undefined;
    try {
      info = await options.verify(token, request);
    } catch (error) {
      if (!(error instanceof InvalidTokenError)) throw error;
    }
    if (!info) return invalid("invalid_token", request, "The access token is invalid or expired.");
    if (info.expiresAt !== undefined && now() > info.expiresAt + tolerance) return invalid("expired", request, "The access token has expired.");
    if (!(info.audience ?? []).some((a) => audiences.has(a))) return invalid("wrong_audience", request, "The access token was not issued for this server.");
    const missing = required.filter((s) => !hasScope(info.scopes, s));
    if (missing.length > 0) return refuse("insufficient_scope", request, insufficientScope({ resourceMetadata, scopes: required }));
    attachAuthInfo(request, info);
    const response = await handler(request);
    return toolScopeChallenge(response, resourceMetadata);
  };
}

/**
 * A tool's own required scopes (`ToolDefinition.scopes`) surface as a
 * JSON-RPC error with `data.requiredScopes`; over HTTP that becomes 403
 * insufficient_scope with the challenge, so clients can step up.
 */
async function toolScopeChallenge(response: Response, resourceMetadata: string): Promise<Response> {
  if (response.status !== 400 && response.status !== 403) return response;
  if (!JSON_TYPE.test(response.headers.get("content-type") ?? "")) return response;
  const text = await response.clone().text();
  if (text.length > MAX_ERROR_BODY) return response;
  let scopes: unknown;
  try {
    scopes = (JSON.parse(text) as { error?: { data?: { requiredScopes?: unknown } } })?.error?.data?.requiredScopes;
  } catch {
    return response;
  }
  if (!Array.isArray(scopes) || scopes.length === 0 || !scopes.every((s) => typeof s === "string")) return response;
  const challenged = insufficientScope({ resourceMetadata, scopes });
  const headers = new Headers(response.headers);
  headers.set("www-authenticate", challenged.headers.get("www-authenticate")!);
  return new Response(text, { status: 403, headers });
}
