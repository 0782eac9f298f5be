/**
 * `protect(handler, options)`: makes a web-standard MCP handler
 * `(Request) => Promise<Response>` an OAuth 2.1 resource server as the
 * draft's authorization pages say. It serves the protected-resource metadata,
 * answers 401 (no, invalid, expired or foreign token) and 403
 * insufficient_scope with the right `WWW-Authenticate`, and attaches the
 * verified `AuthInfo` to the request it lets through, where the server reads
 * it (`ctx.auth`, the default principal, per-tool scopes).
 *
 * A DPoP-bound token (`cnf.jkt`) presented as Bearer is always refused
 * (RFC 9449 §7.2): a copy of it without the key must not work. With `dpop`,
 * it also takes DPoP-bound tokens: `Authorization: DPoP <token>` with one
 * proof in the `DPoP` header (dpop.ts); a Bearer token is refused when DPoP
 * is `required`; challenges and metadata advertise DPoP.
 */
import { attachAuthInfo, principalOf, type AuthInfo } from "./auth-info.js";
import { AUTHORIZATION_REQUIRED, bearerChallenge, challenged, dpopChallenge, insufficientScope, type ChallengeParams, type DPoPChallengeParams } from "./challenge.js";
import { DPoPGate, type DPoPOptions, type DPoPRejection } from "./dpop.js";
import { checkResource, protectedResourceMetadata, resourceMetadataPath, resourceMetadataUrl } from "./resource-metadata.js";
import { InvalidTokenError, type TokenVerifier } from "./token-verifier.js";
import { sharingCors } from "../http/cors.js";

/** Why a request was refused (for logs; never the token). */
export type RejectionReason =
  | "missing_token"
  | "malformed_header"
  | "token_too_large"
  | "invalid_token"
  | "expired"
  | "wrong_audience"
  | "insufficient_scope"
  /** A Bearer token where `dpop.required`. */
  | "dpop_required"
  /** A DPoP-bound token (`cnf.jkt`) presented as Bearer. */
  | "bearer_dpop_bound_token"
  /** The DPoP scheme with a token that is not DPoP-bound. */
  | "token_not_dpop_bound"
  | DPoPRejection;

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
  /** Accept DPoP-bound tokens (RFC 9449), or only them with `required: true`; default: Bearer only. */
  dpop?: DPoPOptions;
  /** Called with each refused request's reason (never the token). */
  onRejected?: (reason: RejectionReason, request: Request) => void;
  /** The clock, epoch ms (tests). */
  now?: () => number;
}

const CREDENTIALS = /^(Bearer|DPoP) +([A-Za-z0-9\-._~+/]+=*) *$/i;
const JSON_TYPE = /^application\/json\b/i;
const MAX_ERROR_BODY = 65_536;

/** The scheme a request presented its token with. */
type Scheme = "bearer" | "dpop";

/**
 * Wraps `handler` so that only requests with a valid token for `resource`
 * reach it. When `handler` applies CORS (`createHttpHandler(server, { cors })`
 * or `cors(handler, options)`), preflights reach it without a token and every
 * answer of `protect`'s own (401, 403, the metadata) carries the same CORS
 * headers, so a page on an allowed origin can read `WWW-Authenticate`.
 */
export function protect(handler: (request: Request) => Promise<Response>, options: ProtectOptions): (request: Request) => Promise<Response> {
  // Long because what the options fix once (metadata, audiences, scopes, the DPoP gate)
  // is computed here and read by the small functions of each request below.
  checkResource(options.resource);
  const now = options.now ?? Date.now;
  const toleranceSeconds = options.clockToleranceSeconds ?? 30;
  const dpop = options.dpop === undefined ? undefined : new DPoPGate(options.dpop, { toleranceSeconds, now });
  const metadataBody = JSON.stringify(
    protectedResourceMetadata({
      resource: options.resource,
      authorizationServers: options.authorizationServers,
      ...((options.scopesSupported ?? options.requiredScopes) && { scopesSupported: options.scopesSupported ?? options.requiredScopes! }),
      ...(dpop && { dpop: { algorithms: dpop.algorithms, required: dpop.required } }),
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
  const tolerance = toleranceSeconds * 1000;
  const bearerAccepted = !dpop?.required;

  /**
   * The `WWW-Authenticate` value: the challenge of the scheme the request
   * used, with the error; without a scheme (no token, unreadable header),
   * every accepted one. A Bearer refusal on a server that also takes DPoP
   * offers `DPoP algs=…` beside it.
   */
  const wwwAuthenticate = (scheme: Scheme | undefined, error?: DPoPChallengeParams["error"], errorDescription?: string, scopes: readonly string[] = required): string => {
    const base = { resourceMetadata, scopes, ...(error !== undefined && { error }), ...(errorDescription !== undefined && { errorDescription }) };
    const challenges: string[] = [];
    if (bearerAccepted && scheme !== "dpop") challenges.push(bearerChallenge({ ...base, error: error as ChallengeParams["error"] }));
    if (dpop) challenges.push(dpopChallenge(scheme === "bearer" && bearerAccepted ? { resourceMetadata, scopes, algorithms: dpop.algorithms } : { ...base, algorithms: dpop.algorithms }));
    return challenges.join(", ");
  };

  const refuse = (reason: RejectionReason, request: Request, response: Response): Response => {
    try {
      options.onRejected?.(reason, request);
    } catch {
      // a logging hook must not change the answer
    }
    return response;
  };
  const invalid = (reason: RejectionReason, request: Request, scheme: Scheme | undefined, description: string, error: DPoPChallengeParams["error"] = "invalid_token", headers?: Record<string, string>) =>
    refuse(reason, request, challenged(401, wwwAuthenticate(scheme, error, description), `Unauthorized: ${description}`, headers && { headers }));

  return sharingCors(handler, async (request) => {
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
    if (header === null) {
      return refuse("missing_token", request, challenged(401, wwwAuthenticate(undefined), AUTHORIZATION_REQUIRED));
    }
    const match = CREDENTIALS.exec(header);
    const scheme = match?.[1]!.toLowerCase() as Scheme | undefined;
    if (!match || (scheme === "dpop" && !dpop)) {
      const how = dpop ? (bearerAccepted ? "DPoP <token> (with a DPoP proof) or Bearer <token>" : "DPoP <token>, with a DPoP proof") : "Bearer <token>";
      return refuse("malformed_header", request, challenged(401, wwwAuthenticate(undefined, "invalid_request", `Send the token as Authorization: ${how}.`), AUTHORIZATION_REQUIRED));
    }
    if (scheme === "bearer" && !bearerAccepted) return invalid("dpop_required", request, scheme, "This server takes DPoP-bound tokens only: send Authorization: DPoP <token> with a DPoP proof.");
    const token = match[2]!;
    if (token.length > maxTokenBytes) return invalid("token_too_large", request, scheme, "The access token is too large.");
    let info: AuthInfo | undefined;
    try {
      info = await options.verify(token, request);
    } catch (error) {
      if (!(error instanceof InvalidTokenError)) throw error;
    }
    if (!info) return invalid("invalid_token", request, scheme, "The access token is invalid or expired.");
    if (info.expiresAt !== undefined && now() > info.expiresAt + tolerance) return invalid("expired", request, scheme, "The access token has expired.");
    if (!(info.audience ?? []).some((a) => audiences.has(a))) return invalid("wrong_audience", request, scheme, "The access token was not issued for this server.");
    let nonce: string | undefined;
    const jkt = info.confirmation?.jkt;
    // A key-bound token is never a bearer one (RFC 9449 §7.2), whether or not this server takes DPoP: whoever holds a copy lacks the key.
    if (scheme === "bearer" && jkt !== undefined) {
      const how = dpop ? "send it as Authorization: DPoP <token> with a DPoP proof" : "this server does not take DPoP (protect's `dpop` option turns it on); ask the authorization server for an unbound token";
      return invalid("bearer_dpop_bound_token", request, scheme, `This access token is DPoP-bound: ${how}.`);
    }
    if (dpop) {
      if (scheme === "dpop") {
        if (jkt === undefined) return invalid("token_not_dpop_bound", request, scheme, "This access token is not DPoP-bound: the DPoP scheme needs a token bound to the proof's key.");
        const outcome = await dpop.check(request, token, jkt, principalOf(info) ?? `key:${jkt}`);
        if (!outcome.ok) {
          if (outcome.status === 429) {
            const data = { limit: "DPoP proofs remembered", scope: "share", retryAfterSeconds: outcome.retryAfterSeconds ?? 30 };
            return refuse(outcome.reason, request, Response.json({ jsonrpc: "2.0", error: { code: -32603, message: outcome.description, data } }, { status: 429, headers: { "retry-after": String(data.retryAfterSeconds), "cache-control": "no-store" } }));
          }
          if (outcome.status === 503) {
            return refuse(outcome.reason, request, Response.json({ jsonrpc: "2.0", id: null, error: { code: -32603, message: outcome.description } }, { status: 503, headers: { "retry-after": "1", "cache-control": "no-store" } }));
          }
          return invalid(outcome.reason, request, scheme, outcome.description, outcome.error, outcome.nonce === undefined ? undefined : { "dpop-nonce": outcome.nonce });
        }
        nonce = outcome.nonce;
      }
    }
    const scopeChallenge = (scopes: readonly string[]) => wwwAuthenticate(scheme, "insufficient_scope", undefined, scopes);
    const missing = required.filter((s) => !hasScope(info.scopes, s));
    if (missing.length > 0) {
      const forbidden = insufficientScope({ resourceMetadata, scopes: required });
      forbidden.headers.set("www-authenticate", scopeChallenge(required));
      return refuse("insufficient_scope", request, forbidden);
    }
    attachAuthInfo(request, info);
    const answered = await handler(request);
    const response = await toolScopeChallenge(answered, scopeChallenge);
    // A tool's own scopes refused the call: a refusal like the rest, reported as such.
    if (response !== answered) refuse("insufficient_scope", request, response);
    return nonce === undefined ? response : withHeader(response, "dpop-nonce", nonce);
  });
}

/** `response` with one more header (its own headers may be immutable); the body passes through unread. */
function withHeader(response: Response, name: string, value: string): Response {
  const headers = new Headers(response.headers);
  headers.set(name, value);
  return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
}

/**
 * A tool's own required scopes (`ToolDefinition.scopes`) surface as a
 * JSON-RPC error with `data.requiredScopes`; over HTTP that becomes 403
 * insufficient_scope with the challenge, so clients can step up.
 */
async function toolScopeChallenge(response: Response, challenge: (scopes: readonly string[]) => string): Promise<Response> {
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
  const headers = new Headers(response.headers);
  headers.set("www-authenticate", challenge(scopes));
  return new Response(text, { status: 403, headers });
}
