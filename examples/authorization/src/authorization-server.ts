/**
 * A STAND-IN for a real authorization server, just enough for this example to
 * run in one process: it signs in one fixed user and approves at once (no
 * login page, no consent), and keeps clients and codes in memory. Use a real
 * OAuth 2.1 server (your identity provider) in production: login, consent,
 * token issuance and revocation are its job, not the MCP server's.
 *
 * What it does is what the MCP client and server rely on: RFC 8414 metadata,
 * dynamic client registration (RFC 7591), the authorization code flow with
 * PKCE (S256), the `resource` parameter (RFC 8707) becoming the token's
 * audience, and DPoP-bound (RFC 9449) JWT access tokens signed with a key its
 * JWKS publishes. It grants the requested scopes this user may have, and
 * leaves the others out (RFC 6749 §3.3 lets it grant less).
 */
import { createHash, randomBytes } from "node:crypto";
import type { AddressInfo } from "node:net";
import { createNodeServer } from "@mrtr/server/node";
import { exportJWK, generateKeyPair, SignJWT, type CryptoKey, type JWK } from "jose";
import { InvalidProofError, PROOF_ALGORITHMS, proofKeyThumbprint } from "./token-request-proof.js";

/** Who signs in, and what they may be granted. */
export interface StandInOptions {
  /** The user every authorization signs in (the tokens' `sub`). */
  user: string;
  /** The scopes this user may be granted; requested scopes outside them are left out of the token. */
  grantableScopes: readonly string[];
}

/** A running stand-in authorization server. */
export interface StandInAuthorizationServer {
  /** Its issuer identifier, as its metadata and tokens say. */
  issuer: string;
  /** Where it publishes its public signing keys: what the MCP server verifies tokens with. */
  jwksUrl: string;
  close(): Promise<void>;
}

/** An authorization code waiting to be exchanged. */
interface PendingCode {
  clientId: string;
  redirectUri: string;
  codeChallenge: string;
  resource: string;
  scope: string;
}

const random = () => randomBytes(16).toString("base64url");
const oauthError = (status: number, error: string, description?: string) => Response.json({ error, ...(description && { error_description: description }) }, { status, headers: { "cache-control": "no-store" } });

class StandIn {
  readonly clients = new Map<string, readonly string[]>(); // client_id → its redirect URIs
  readonly codes = new Map<string, PendingCode>();
  readonly proofIds = new Set<string>();

  constructor(
    readonly issuer: string,
    readonly options: StandInOptions,
    readonly signingKey: CryptoKey,
    readonly publicJwk: JWK,
  ) {}

  async handle(request: Request): Promise<Response> {
    const url = new URL(request.url);
    if (request.method === "GET" && url.pathname === "/.well-known/oauth-authorization-server") return Response.json(this.metadata());
    if (request.method === "GET" && url.pathname === "/jwks") return Response.json({ keys: [this.publicJwk] });
    if (request.method === "POST" && url.pathname === "/register") return this.register(request);
    if (request.method === "GET" && url.pathname === "/authorize") return this.authorize(url.searchParams);
    if (request.method === "POST" && url.pathname === "/token") return this.token(request);
    return oauthError(404, "not_found");
  }

  metadata() {
    return {
      issuer: this.issuer,
      authorization_endpoint: `${this.issuer}/authorize`,
      token_endpoint: `${this.issuer}/token`,
      registration_endpoint: `${this.issuer}/register`,
      jwks_uri: `${this.issuer}/jwks`,
      response_types_supported: ["code"],
      grant_types_supported: ["authorization_code"],
      // Public clients: PKCE, not a secret, protects the code.
      token_endpoint_auth_methods_supported: ["none"],
      code_challenge_methods_supported: ["S256"],
      authorization_response_iss_parameter_supported: true,
      dpop_signing_alg_values_supported: PROOF_ALGORITHMS,
      scopes_supported: this.options.grantableScopes,
    };
  }

  /** Dynamic client registration: a public client with the redirect URIs it names. */
  async register(request: Request): Promise<Response> {
    const metadata = (await request.json().catch(() => undefined)) as { redirect_uris?: unknown } | undefined;
    const uris = metadata?.redirect_uris;
    if (!Array.isArray(uris) || uris.length === 0 || !uris.every((u) => typeof u === "string")) return oauthError(400, "invalid_redirect_uri");
    const clientId = `client-${random()}`;
    this.clients.set(clientId, uris);
    return Response.json({ ...metadata, client_id: clientId, token_endpoint_auth_method: "none" }, { status: 201 });
  }

  /** The authorization endpoint: where a real server shows its login and consent pages. This one approves at once. */
  authorize(query: URLSearchParams): Response {
    const clientId = query.get("client_id") ?? "";
    const redirectUri = query.get("redirect_uri") ?? "";
    // Never redirect to a URI the client did not register: that would hand the code to anyone.
    if (!this.clients.get(clientId)?.includes(redirectUri)) return oauthError(400, "invalid_request", "unknown client or redirect_uri");
    const codeChallenge = query.get("code_challenge");
    const resource = query.get("resource");
    if (query.get("response_type") !== "code" || query.get("code_challenge_method") !== "S256" || !codeChallenge || !resource) {
      return oauthError(400, "invalid_request", "response_type code, PKCE S256 and resource are required");
    }
    const requested = (query.get("scope") ?? "").split(" ").filter(Boolean);
    const scope = requested.filter((s) => this.options.grantableScopes.includes(s)).join(" ");
    const code = random();
    this.codes.set(code, { clientId, redirectUri, codeChallenge, resource, scope });
    const back = new URL(redirectUri);
    back.searchParams.set("code", code);
    back.searchParams.set("iss", this.issuer);
    if (query.has("state")) back.searchParams.set("state", query.get("state")!);
    return new Response(null, { status: 302, headers: { location: back.href } });
  }

  /** The token endpoint: an authorization code, its PKCE verifier and a DPoP proof in; a DPoP-bound access token out. */
  async token(request: Request): Promise<Response> {
    const form = new URLSearchParams(await request.text());
    if (form.get("grant_type") !== "authorization_code") return oauthError(400, "unsupported_grant_type");
    const code = form.get("code") ?? "";
    const pending = this.codes.get(code);
    this.codes.delete(code); // a code is used once, whatever happens
    if (!pending || pending.clientId !== form.get("client_id") || pending.redirectUri !== form.get("redirect_uri")) return oauthError(400, "invalid_grant");
    const verifier = form.get("code_verifier") ?? "";
    if (createHash("sha256").update(verifier).digest("base64url") !== pending.codeChallenge) return oauthError(400, "invalid_grant", "PKCE verification failed");
    if (form.get("resource") !== pending.resource) return oauthError(400, "invalid_target");
    let jkt: string;
    try {
      jkt = await proofKeyThumbprint(request.headers.get("dpop"), `${this.issuer}/token`, this.proofIds);
    } catch (error) {
      if (error instanceof InvalidProofError) return oauthError(400, "invalid_dpop_proof", error.message);
      throw error;
    }
    const accessToken = await new SignJWT({ scope: pending.scope, client_id: pending.clientId, cnf: { jkt } })
      .setProtectedHeader({ alg: "ES256", kid: this.publicJwk.kid!, typ: "at+jwt" })
      .setIssuer(this.issuer)
      .setSubject(this.options.user)
      .setAudience(pending.resource) // the MCP server it was asked for, and no other
      .setIssuedAt()
      .setExpirationTime("1h")
      .setJti(random())
      .sign(this.signingKey);
    return Response.json({ access_token: accessToken, token_type: "DPoP", expires_in: 3600, scope: pending.scope }, { headers: { "cache-control": "no-store" } });
  }
}

/** Starts the stand-in on a free loopback port. */
export async function startAuthorizationServer(options: StandInOptions): Promise<StandInAuthorizationServer> {
  const { privateKey, publicKey } = await generateKeyPair("ES256");
  const publicJwk: JWK = { ...(await exportJWK(publicKey)), kid: "stand-in-1", alg: "ES256", use: "sig" };
  let standIn: StandIn | undefined;
  // Any (Request) => Promise<Response> handler runs on createNodeServer; the issuer names the port, known once listening.
  const http = createNodeServer((request) => standIn!.handle(request));
  await new Promise<void>((resolve) => http.listen(0, "127.0.0.1", resolve));
  const issuer = `http://127.0.0.1:${(http.address() as AddressInfo).port}`;
  standIn = new StandIn(issuer, options, privateKey, publicJwk);
  return {
    issuer,
    jwksUrl: `${issuer}/jwks`,
    close: () =>
      new Promise<void>((resolve) => {
        http.closeAllConnections();
        http.close(() => resolve());
      }),
  };
}
