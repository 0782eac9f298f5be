/**
 * The authorization server of the cross-origin mode: a small OAuth 2.1
 * server that issues DPoP-bound access tokens (RFC 9449) to browser pages.
 * The terminal client's development authorization server issues Bearer
 * tokens only, and a client that asks for DPoP refuses those; this one
 * binds every token to the key of the proof on its token request.
 *
 * Like that one it approves every sign-in at once (there is no user to ask),
 * so it is for loopback development only. What it checks is real: registered
 * public clients (`none`) and their redirect URIs, PKCE S256, the
 * `resource` parameter (the token's audience), single-use codes, and on the
 * token request exactly one DPoP proof: `typ` `dpop+jwt`, ES256 with a
 * public P-256 key in its header, a valid signature, `htm` POST, `htu` the
 * token endpoint, a fresh `iat`, a `jti` not seen before. The access token
 * is an ES256 JWT (its JWKS verifies it) whose `cnf.jkt` is the thumbprint
 * of the proof's key (RFC 7638), answered with `token_type` `DPoP`. No
 * refresh tokens. Browser origins listed in `corsOrigins` may call it with
 * fetch, the `DPoP` header included. Every request is recorded for tests.
 * Node's WebCrypto only, no JOSE library.
 */
import { createHash, randomBytes, webcrypto } from "node:crypto";
import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import { createNodeServer } from "@mrtr/server/node";
import type { RecordedRequest } from "@mrtr/example-terminal-client/dev-authorization-server";

/** Options of {@link startDPoPAuthorizationServer}. */
export interface DPoPAuthorizationServerOptions {
  /** `scopes_supported` of the metadata. */
  scopesSupported?: string[];
  /** Browser origins allowed to call it with fetch (CORS). Default none. */
  corsOrigins?: string[];
  /** Access token lifetime in seconds (default 3600). */
  accessTokenSeconds?: number;
  /** Port on 127.0.0.1 (default 0: a free one). */
  port?: number;
}

/** A running DPoP authorization server. */
export interface DPoPAuthorizationServer {
  issuer: string;
  jwksUrl: string;
  /** Every request received, in order (headers included: the `DPoP` proofs). */
  requests: RecordedRequest[];
  close(): Promise<void>;
}

/** How old (or how far ahead) a proof's `iat` may be, in seconds. */
const PROOF_WINDOW_SECONDS = 60;

const subtle = webcrypto.subtle;
const ES256 = { name: "ECDSA", namedCurve: "P-256" } as const;
const SIGN = { name: "ECDSA", hash: "SHA-256" } as const;
const utf8 = new TextEncoder();

const b64url = (bytes: Uint8Array | ArrayBuffer): string => Buffer.from(bytes instanceof ArrayBuffer ? new Uint8Array(bytes) : bytes).toString("base64url");
const b64json = (value: unknown): string => Buffer.from(JSON.stringify(value)).toString("base64url");

/** A compact JWS of `header` and `payload`, signed ES256 with `key`. */
async function signJwt(header: Record<string, unknown>, payload: Record<string, unknown>, key: webcrypto.CryptoKey): Promise<string> {
  const input = `${b64json(header)}.${b64json(payload)}`;
  return `${input}.${b64url(await subtle.sign(SIGN, key, utf8.encode(input)))}`;
}

/** A JSON object decoded from base64url, or undefined. */
function decodeObject(part: string): Record<string, unknown> | undefined {
  try {
    const value: unknown = JSON.parse(Buffer.from(part, "base64url").toString("utf8"));
    return typeof value === "object" && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
}

/** The RFC 7638 thumbprint of a P-256 public JWK. */
function thumbprint(jwk: { crv: string; kty: string; x: string; y: string }): string {
  return createHash("sha256").update(JSON.stringify({ crv: jwk.crv, kty: jwk.kty, x: jwk.x, y: jwk.y })).digest("base64url");
}

/**
 * Checks the DPoP proof of a token request to `tokenEndpoint`: the key's
 * thumbprint, or why it is refused. `seen` holds the `jti`s of accepted
 * proofs.
 */
async function checkProof(proofs: string | null, tokenEndpoint: string, seen: Set<string>): Promise<{ jkt: string } | { refused: string }> {
  if (proofs === null) return { refused: "A DPoP proof is required: this server issues DPoP-bound tokens only." };
  if (proofs.includes(",")) return { refused: "Exactly one DPoP proof, please." };
  const parts = proofs.trim().split(".");
  if (parts.length !== 3) return { refused: "The DPoP proof is not a compact JWS." };
  const [h, p, s] = parts as [string, string, string];
  const header = decodeObject(h);
  const payload = decodeObject(p);
  if (!header || !payload) return { refused: "The DPoP proof's header or payload is not JSON." };
  const jwk = header.jwk as Record<string, unknown> | undefined;
  if (header.typ !== "dpop+jwt" || header.alg !== "ES256") return { refused: "The DPoP proof must be typ dpop+jwt, alg ES256." };
  if (!jwk || jwk.kty !== "EC" || jwk.crv !== "P-256" || typeof jwk.x !== "string" || typeof jwk.y !== "string" || "d" in jwk) return { refused: "The DPoP proof must carry a public P-256 key." };
  const publicJwk = { kty: "EC", crv: "P-256", x: jwk.x, y: jwk.y };
  let valid = false;
  try {
    const key = await subtle.importKey("jwk", publicJwk, ES256, false, ["verify"]);
    valid = await subtle.verify(SIGN, key, Buffer.from(s, "base64url"), utf8.encode(`${h}.${p}`));
  } catch {
    valid = false;
  }
  if (!valid) return { refused: "The DPoP proof's signature does not verify." };
  if (payload.htm !== "POST") return { refused: "The DPoP proof's htm is not POST." };
  if (typeof payload.htu !== "string" || payload.htu.split(/[?#]/)[0] !== tokenEndpoint) return { refused: "The DPoP proof's htu is not this token endpoint." };
  if (typeof payload.iat !== "number" || Math.abs(Date.now() / 1000 - payload.iat) > PROOF_WINDOW_SECONDS) return { refused: "The DPoP proof is too old or from the future." };
  if (typeof payload.jti !== "string" || payload.jti === "" || payload.jti.length > 256) return { refused: "The DPoP proof has no jti." };
  if (seen.has(payload.jti)) return { refused: "The DPoP proof was used before." };
  seen.add(payload.jti);
  return { jkt: thumbprint(publicJwk) };
}

/** What one server holds: its keys, clients, codes and the proofs it accepted. */
interface ServerState {
  options: DPoPAuthorizationServerOptions;
  issuer: string;
  privateKey: webcrypto.CryptoKey;
  jwk: webcrypto.JsonWebKey & { kid: string };
  /** Registered redirect URIs by client id. */
  clients: Map<string, string[]>;
  codes: Map<string, { clientId: string; redirectUri: string; challenge: string; resource?: string; scope?: string }>;
  /** The `jti`s of accepted proofs. */
  proofIds: Set<string>;
}

const json = (status: number, body: unknown, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json", "cache-control": "no-store", ...headers } });

/** The metadata (RFC 8414), with `dpop_signing_alg_values_supported`. */
function metadata(state: ServerState): Record<string, unknown> {
  const { issuer, options } = state;
  return {
    issuer,
    authorization_endpoint: `${issuer}/authorize`,
    token_endpoint: `${issuer}/token`,
    jwks_uri: `${issuer}/jwks`,
    registration_endpoint: `${issuer}/register`,
    response_types_supported: ["code"],
    grant_types_supported: ["authorization_code"],
    token_endpoint_auth_methods_supported: ["none"],
    code_challenge_methods_supported: ["S256"],
    authorization_response_iss_parameter_supported: true,
    dpop_signing_alg_values_supported: ["ES256"],
    ...(options.scopesSupported && { scopes_supported: options.scopesSupported }),
  };
}

/** Dynamic registration (RFC 7591) of a public client: a page keeps no secret. */
function register(state: ServerState, raw: string, record: RecordedRequest): Response {
  let meta: Record<string, unknown>;
  try {
    meta = JSON.parse(raw) as Record<string, unknown>;
  } catch {
    return json(400, { error: "invalid_client_metadata" });
  }
  record.body = Object.fromEntries(Object.entries(meta).map(([k, v]) => [k, JSON.stringify(v)]));
  const uris = meta.redirect_uris;
  if (!Array.isArray(uris) || uris.length === 0 || !uris.every((u) => typeof u === "string")) return json(400, { error: "invalid_redirect_uri" });
  const clientId = `client-${b64url(randomBytes(6))}`;
  state.clients.set(clientId, uris as string[]);
  return json(201, { client_id: clientId, token_endpoint_auth_method: "none", redirect_uris: uris });
}

/** The authorization endpoint: approves at once, redirecting with a code, the state and `iss`. */
function authorize(state: ServerState, q: URLSearchParams): Response {
  const clientId = q.get("client_id") ?? "";
  const redirectUri = q.get("redirect_uri") ?? "";
  const registered = state.clients.get(clientId);
  if (!registered) return json(400, { error: "invalid_client" });
  if (!registered.includes(redirectUri)) return json(400, { error: "invalid_request", error_description: "unregistered redirect_uri" });
  if (q.get("response_type") !== "code" || q.get("code_challenge_method") !== "S256" || !q.get("code_challenge")) return json(400, { error: "invalid_request" });
  const code = b64url(randomBytes(18));
  const resource = q.get("resource") ?? undefined;
  const scope = q.get("scope") ?? undefined;
  state.codes.set(code, { clientId, redirectUri, challenge: q.get("code_challenge")!, ...(resource !== undefined && { resource }), ...(scope !== undefined && { scope }) });
  const back = new URL(redirectUri);
  back.searchParams.set("code", code);
  if (q.get("state") !== null) back.searchParams.set("state", q.get("state")!);
  back.searchParams.set("iss", state.issuer);
  return new Response(null, { status: 302, headers: { location: back.href } });
}

/** The token endpoint: a code for a token bound to the key of the request's DPoP proof. */
async function token(state: ServerState, request: Request, form: URLSearchParams): Promise<Response> {
  if (form.get("grant_type") !== "authorization_code") return json(400, { error: "unsupported_grant_type" });
  const clientId = form.get("client_id") ?? "";
  if (!state.clients.has(clientId) || request.headers.has("authorization")) return json(401, { error: "invalid_client" });
  const proof = await checkProof(request.headers.get("dpop"), `${state.issuer}/token`, state.proofIds);
  if ("refused" in proof) return json(400, { error: "invalid_dpop_proof", error_description: proof.refused });
  const entry = state.codes.get(form.get("code") ?? "");
  state.codes.delete(form.get("code") ?? "");
  if (!entry || entry.clientId !== clientId || entry.redirectUri !== form.get("redirect_uri")) return json(400, { error: "invalid_grant" });
  if (createHash("sha256").update(form.get("code_verifier") ?? "").digest("base64url") !== entry.challenge) return json(400, { error: "invalid_grant", error_description: "PKCE verification failed" });
  if ((form.get("resource") ?? undefined) !== entry.resource) return json(400, { error: "invalid_target" });
  const ttl = state.options.accessTokenSeconds ?? 3600;
  const now = Math.floor(Date.now() / 1000);
  const accessToken = await signJwt(
    { alg: "ES256", kid: state.jwk.kid, typ: "at+jwt" },
    { iss: state.issuer, sub: "user-1", aud: entry.resource ?? state.issuer, iat: now, exp: now + ttl, jti: b64url(randomBytes(12)), client_id: clientId, scope: entry.scope ?? "", cnf: { jkt: proof.jkt } },
    state.privateKey,
  );
  return json(200, { access_token: accessToken, token_type: "DPoP", expires_in: ttl, ...(entry.scope && { scope: entry.scope }) });
}

/** Routes one request (its body already read into `raw`). */
async function answer(state: ServerState, request: Request, url: URL, raw: string, record: RecordedRequest): Promise<Response> {
  switch (url.pathname) {
    case "/.well-known/oauth-authorization-server":
      return json(200, metadata(state));
    case "/jwks":
      return json(200, { keys: [state.jwk] });
    case "/register":
      return request.method === "POST" ? register(state, raw, record) : json(405, { error: "invalid_request" });
    case "/authorize":
      return authorize(state, url.searchParams);
    case "/token":
      return request.method === "POST" ? token(state, request, new URLSearchParams(raw)) : json(405, { error: "invalid_request" });
    default:
      return json(404, { error: "not_found" });
  }
}

/** Starts the server on 127.0.0.1. */
export async function startDPoPAuthorizationServer(options: DPoPAuthorizationServerOptions = {}): Promise<DPoPAuthorizationServer> {
  const keys = (await subtle.generateKey(ES256, true, ["sign", "verify"])) as webcrypto.CryptoKeyPair;
  const state: ServerState = {
    options,
    issuer: "",
    privateKey: keys.privateKey,
    jwk: { ...(await subtle.exportKey("jwk", keys.publicKey)), kid: "dpop-dev-1", alg: "ES256", use: "sig" },
    clients: new Map(),
    codes: new Map(),
    proofIds: new Set(),
  };
  const requests: RecordedRequest[] = [];
  const server: Server = createNodeServer(async (request) => {
    const url = new URL(request.url);
    const raw = request.method === "POST" ? await request.text() : "";
    const isJson = request.headers.get("content-type")?.includes("application/json") ?? false;
    const record: RecordedRequest = {
      method: request.method,
      path: url.pathname,
      query: Object.fromEntries(url.searchParams),
      body: Object.fromEntries(new URLSearchParams(isJson ? "" : raw)),
      headers: Object.fromEntries(request.headers),
    };
    requests.push(record);
    const origin = request.headers.get("origin");
    const cors = origin !== null && (options.corsOrigins ?? []).includes(origin) ? { "access-control-allow-origin": origin, vary: "origin" } : undefined;
    if (cors && request.method === "OPTIONS") {
      // The preflight of a JSON registration, or of a token request with its DPoP proof.
      return new Response(null, { status: 204, headers: { ...cors, "access-control-allow-methods": "GET, POST", "access-control-allow-headers": "content-type, dpop", "access-control-max-age": "600" } });
    }
    const response = await answer(state, request, url, raw, record);
    if (!cors) return response;
    const headers = new Headers(response.headers);
    for (const [name, value] of Object.entries(cors)) headers.set(name, value);
    return new Response(response.body, { status: response.status, headers });
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, "127.0.0.1", resolve));
  state.issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    issuer: state.issuer,
    jwksUrl: `${state.issuer}/jwks`,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
