/**
 * A small, real OAuth 2.1 authorization server for the demo and the tests,
 * on node:http and jose. It approves every authorization at once (there is no
 * user to ask), so it is for loopback development only. What it does check is
 * real: registered clients and redirect URIs, PKCE S256, the resource
 * parameter (the token's audience), client authentication (basic, post,
 * none), code and refresh-token single use, refresh rotation. Access tokens
 * are ES256 JWTs its JWKS verifies. Every request is recorded for tests.
 * Browser origins listed in `corsOrigins` may call it with fetch.
 *
 * With `dpop`, it issues DPoP-bound tokens only (RFC 9449): every token
 * request must carry one valid proof (dpop-proof.ts), else it is refused
 * with `invalid_dpop_proof`; the access token's `cnf.jkt` is the thumbprint
 * of the proof's key, `token_type` is `DPoP`, and a refresh token is bound
 * to that key too (a refresh with another key's proof is `invalid_grant`).
 *
 * `revoke()` revokes every token issued so far, as an administrator would
 * (or a user signing out everywhere): their refresh tokens are forgotten (a
 * refresh is then `invalid_grant`) and `isRevoked(accessToken)` says true
 * for their access tokens. A JWT's signature stays valid after revocation,
 * so a resource server learns of it only by asking (what RFC 7662
 * introspection is for): tests make `isRevoked` part of their verifier.
 */
import { createHash, randomBytes } from "node:crypto";
import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { exportJWK, generateKeyPair, SignJWT, type JWK } from "jose";
import { checkDPoPProof, DPOP_ALGORITHMS } from "./dpop-proof.js";

type AuthMethod = "client_secret_basic" | "client_secret_post" | "none";

/** Options of `startAuthorizationServer`. */
export interface DevAuthorizationServerOptions {
  /** Path of the issuer URL, e.g. "/tenant1" (default none). */
  issuerPath?: string;
  /** Which discovery documents to serve (default ["oauth"]); "oidc-insert" and "oidc-append" are the two OpenID locations. */
  metadataAt?: ("oauth" | "oidc-insert" | "oidc-append")[];
  /** Override the issuer written in the metadata (tests of the issuer check). */
  metadataIssuer?: string;
  /** Advertise `client_id_metadata_document_supported` (default false). */
  clientIdMetadataDocuments?: boolean;
  /** Offer dynamic registration (default true). */
  registration?: boolean;
  /** `token_endpoint_auth_methods_supported` (default ["none", "client_secret_basic", "client_secret_post"]). */
  authMethods?: AuthMethod[];
  /** `code_challenge_methods_supported` (default ["S256"]; null leaves it out). */
  codeChallengeMethods?: string[] | null;
  /** Advertise `authorization_response_iss_parameter_supported` (default true). */
  advertiseIss?: boolean;
  /** What `iss` to put in the redirect (default "correct"). */
  issInRedirect?: "correct" | "omit" | "wrong" | "trailing-slash";
  /** `scopes_supported` of the metadata. */
  scopesSupported?: string[];
  /** Access token lifetime in seconds (default 3600). */
  accessTokenSeconds?: number;
  /** Issue refresh tokens (default true). */
  refreshTokens?: boolean;
  /** Clients known beforehand. */
  clients?: { clientId: string; clientSecret?: string; method: AuthMethod; redirectUris?: string[] }[];
  /** Subject of issued tokens (default "user-1"). */
  subject?: string;
  /** Port (default 0: a free one). */
  port?: number;
  /**
   * Browser origins allowed to call it with fetch (CORS), as a browser host's
   * OAuth client does for discovery, registration and tokens. Default none.
   */
  corsOrigins?: string[];
  /**
   * Issue DPoP-bound tokens only (RFC 9449), as a client that asks for DPoP
   * needs: a token request without one valid `DPoP` proof is refused with
   * 400 `invalid_dpop_proof`; tokens carry `cnf.jkt` and are answered with
   * `token_type` `DPoP`; the metadata names `dpop_signing_alg_values_supported`.
   * Default false (Bearer tokens; a proof sent anyway is ignored).
   */
  dpop?: boolean;
}

/** One request the server received, for tests. */
export interface RecordedRequest {
  method: string;
  path: string;
  query: Record<string, string>;
  body: Record<string, string>;
  headers: Record<string, string | string[] | undefined>;
}

/** A running development authorization server. */
export interface DevAuthorizationServer {
  issuer: string;
  jwksUrl: string;
  requests: RecordedRequest[];
  /** Registered clients by id. */
  clients: Map<string, { clientSecret?: string; method: AuthMethod; redirectUris: string[] }>;
  /** Revokes every access and refresh token issued so far; tokens issued later are not affected. */
  revoke(): void;
  /** Whether `accessToken` was revoked by `revoke()` (what introspection would tell a resource server). */
  isRevoked(accessToken: string): boolean;
  close(): Promise<void>;
}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    let size = 0;
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => {
      size += c.length;
      if (size > 65_536) req.destroy(new Error("body too large"));
      else chunks.push(c);
    });
    req.on("end", () => resolve(Buffer.concat(chunks).toString("utf8")));
    req.on("error", reject);
  });
}

const b64url = (b: Buffer) => b.toString("base64url");

/** Starts the server on 127.0.0.1. */
export async function startAuthorizationServer(options: DevAuthorizationServerOptions = {}): Promise<DevAuthorizationServer> {
  // Long because this is a test double: every endpoint of one authorization server reads the same
  // keys, clients, codes and recorded requests, and a reader checks a grant against one page.
  const { privateKey, publicKey } = await generateKeyPair("ES256");
  const jwk: JWK = { ...(await exportJWK(publicKey)), kid: "dev-1", alg: "ES256", use: "sig" };
  const requests: RecordedRequest[] = [];
  const clients: DevAuthorizationServer["clients"] = new Map();
  for (const c of options.clients ?? []) clients.set(c.clientId, { ...(c.clientSecret !== undefined && { clientSecret: c.clientSecret }), method: c.method, redirectUris: c.redirectUris ?? [] });
  const codes = new Map<string, { clientId: string; redirectUri: string; challenge: string; resource?: string; scope?: string }>();
  const refreshes = new Map<string, { clientId: string; resource?: string; scope?: string; jkt?: string }>();
  /** The `jti`s of the DPoP proofs accepted. */
  const proofIds = new Set<string>();
  /** Access tokens issued and not revoked, and those revoked. */
  const issued = new Set<string>();
  const revoked = new Set<string>();
  const path = options.issuerPath ?? "";
  let issuer = "";
  const methods = options.authMethods ?? ["none", "client_secret_basic", "client_secret_post"];

  const metadata = () => ({
    issuer: options.metadataIssuer ?? issuer,
    authorization_endpoint: `${issuer}/authorize`,
    token_endpoint: `${issuer}/token`,
    jwks_uri: `${issuer}/jwks`,
    ...(options.registration !== false && { registration_endpoint: `${issuer}/register` }),
    response_types_supported: ["code"],
    grant_types_supported: ["authorization_code", "refresh_token"],
    token_endpoint_auth_methods_supported: methods,
    ...(options.codeChallengeMethods !== null && { code_challenge_methods_supported: options.codeChallengeMethods ?? ["S256"] }),
    ...(options.advertiseIss !== false && { authorization_response_iss_parameter_supported: true }),
    ...(options.clientIdMetadataDocuments && { client_id_metadata_document_supported: true }),
    ...(options.scopesSupported && { scopes_supported: options.scopesSupported }),
    ...(options.dpop && { dpop_signing_alg_values_supported: DPOP_ALGORITHMS }),
  });

  /** The token response; `jkt`, the DPoP key's thumbprint, binds the tokens to that key. */
  const issue = async (clientId: string, resource: string | undefined, scope: string | undefined, jkt: string | undefined) => {
    const ttl = options.accessTokenSeconds ?? 3600;
    const accessToken = await new SignJWT({ scope: scope ?? "", client_id: clientId, ...(jkt !== undefined && { cnf: { jkt } }) })
      .setProtectedHeader({ alg: "ES256", kid: "dev-1", typ: "at+jwt" })
      .setIssuer(issuer)
      .setSubject(options.subject ?? "user-1")
      .setAudience(resource ?? issuer)
      .setIssuedAt()
      .setExpirationTime(`${ttl}s`)
      .setJti(b64url(randomBytes(12)))
      .sign(privateKey);
    issued.add(accessToken);
    const body: Record<string, unknown> = { access_token: accessToken, token_type: jkt === undefined ? "Bearer" : "DPoP", expires_in: ttl, ...(scope && { scope }) };
    if (options.refreshTokens !== false) {
      const refresh = b64url(randomBytes(24));
      refreshes.set(refresh, { clientId, ...(resource !== undefined && { resource }), ...(scope !== undefined && { scope }), ...(jkt !== undefined && { jkt }) });
      body.refresh_token = refresh;
    }
    return body;
  };

  /** The authenticated client of a token request, or an error string. */
  const authenticate = (req: IncomingMessage, form: URLSearchParams): string | { error: string } => {
    const header = req.headers.authorization;
    let id: string | undefined;
    let secret: string | undefined;
    let used: AuthMethod = "none";
    if (header?.startsWith("Basic ")) {
      const [u, p] = Buffer.from(header.slice(6), "base64").toString("utf8").split(":");
      id = decodeURIComponent(u ?? "");
      secret = decodeURIComponent(p ?? "");
      used = "client_secret_basic";
    } else if (form.get("client_secret") !== null) {
      id = form.get("client_id") ?? undefined;
      secret = form.get("client_secret") ?? undefined;
      used = "client_secret_post";
    } else id = form.get("client_id") ?? undefined;
    if (!id) return { error: "invalid_client" };
    const client = clients.get(id);
    if (!client) return id.startsWith("https://") && options.clientIdMetadataDocuments && used === "none" ? id : { error: "invalid_client" };
    if (client.method !== used || (used !== "none" && client.clientSecret !== secret)) return { error: "invalid_client" };
    return id;
  };

  const server: Server = createServer((req, res) => {
    // Long because each endpoint is a few lines in one routing table, read top to bottom as the flows run.
    void (async () => {
      const url = new URL(req.url ?? "/", issuer || "http://127.0.0.1");
      const raw = req.method === "POST" ? await readBody(req) : "";
      const form = new URLSearchParams(req.headers["content-type"]?.includes("application/json") ? "" : raw);
      const record: RecordedRequest = { method: req.method ?? "GET", path: url.pathname, query: Object.fromEntries(url.searchParams), body: Object.fromEntries(form), headers: { ...req.headers } };
      requests.push(record);
      const origin = req.headers.origin;
      if (origin !== undefined && options.corsOrigins?.includes(origin)) {
        res.setHeader("access-control-allow-origin", origin);
        res.setHeader("vary", "origin");
        if (req.method === "OPTIONS") {
          // The preflight of a JSON registration or of a token request with DPoP or Basic authentication.
          res.writeHead(204, { "access-control-allow-methods": "GET, POST", "access-control-allow-headers": "authorization, content-type, dpop", "access-control-max-age": "600" });
          return res.end();
        }
      }
      const json = (status: number, body: unknown, extra: Record<string, string> = {}) => {
        res.writeHead(status, { "content-type": "application/json", "cache-control": "no-store", ...extra });
        res.end(JSON.stringify(body));
      };
      const at = options.metadataAt ?? ["oauth"];
      const wellKnown = new Map<string, boolean>([
        [`/.well-known/oauth-authorization-server${path}`, at.includes("oauth")],
        [`/.well-known/openid-configuration${path}`, at.includes("oidc-insert")],
        [`${path}/.well-known/openid-configuration`, at.includes("oidc-append")],
      ]);
      if (wellKnown.get(url.pathname)) return json(200, metadata());
      switch (url.pathname) {
        case `${path}/jwks`:
          return json(200, { keys: [jwk] });
        case `${path}/register`: {
          if (options.registration === false || req.method !== "POST") return json(404, { error: "not_found" });
          let meta: Record<string, unknown>;
          try {
            meta = JSON.parse(raw) as Record<string, unknown>;
          } catch {
            return json(400, { error: "invalid_client_metadata" });
          }
          record.body = Object.fromEntries(Object.entries(meta).map(([k, v]) => [k, JSON.stringify(v)]));
          const uris = meta.redirect_uris;
          if (!Array.isArray(uris) || uris.length === 0 || !uris.every((u) => typeof u === "string")) return json(400, { error: "invalid_redirect_uri" });
          const wanted = (meta.token_endpoint_auth_method as AuthMethod | undefined) ?? "client_secret_basic";
          const method = methods.includes(wanted) ? wanted : methods[0]!;
          const clientId = `client-${b64url(randomBytes(6))}`;
          const secret = method === "none" ? undefined : b64url(randomBytes(18));
          clients.set(clientId, { ...(secret !== undefined && { clientSecret: secret }), method, redirectUris: uris as string[] });
          return json(201, { client_id: clientId, ...(secret !== undefined && { client_secret: secret, client_secret_expires_at: 0 }), token_endpoint_auth_method: method, redirect_uris: uris });
        }
        case `${path}/authorize`: {
          const q = url.searchParams;
          const clientId = q.get("client_id") ?? "";
          const redirectUri = q.get("redirect_uri") ?? "";
          const known = clients.get(clientId);
          const cimd = clientId.startsWith("https://") && options.clientIdMetadataDocuments;
          if (!known && !cimd) return json(400, { error: "invalid_client" });
          // Without a fetched metadata document, a CIMD client may use loopback redirect URIs only.
          const redirectOk = known ? known.redirectUris.length === 0 || known.redirectUris.includes(redirectUri) : /^http:\/\/(127\.0\.0\.1|localhost)(:\d+)?\//.test(redirectUri);
          if (!redirectOk) return json(400, { error: "invalid_request", error_description: "unregistered redirect_uri" });
          if (q.get("response_type") !== "code" || q.get("code_challenge_method") !== "S256" || !q.get("code_challenge")) return json(400, { error: "invalid_request" });
          const code = b64url(randomBytes(18));
          const resource = q.get("resource") ?? undefined;
          const scope = q.get("scope") ?? undefined;
          codes.set(code, { clientId, redirectUri, challenge: q.get("code_challenge")!, ...(resource !== undefined && { resource }), ...(scope !== undefined && { scope }) });
          const back = new URL(redirectUri);
          back.searchParams.set("code", code);
          if (q.get("state") !== null) back.searchParams.set("state", q.get("state")!);
          const mode = options.issInRedirect ?? "correct";
          if (mode === "correct") back.searchParams.set("iss", issuer);
          else if (mode === "wrong") back.searchParams.set("iss", "https://evil.example");
          else if (mode === "trailing-slash") back.searchParams.set("iss", `${issuer}/`);
          res.writeHead(302, { location: back.href });
          return res.end();
        }
        case `${path}/token`: {
          if (req.method !== "POST") return json(405, { error: "invalid_request" });
          const client = authenticate(req, form);
          if (typeof client !== "string") return json(401, client, { "www-authenticate": 'Basic realm="token"' });
          const proof = options.dpop ? await checkDPoPProof(req.headers.dpop, `${issuer}/token`, proofIds) : undefined;
          if (proof && "refused" in proof) return json(400, { error: "invalid_dpop_proof", error_description: proof.refused });
          const jkt = proof?.jkt;
          const grant = form.get("grant_type");
          if (grant === "authorization_code") {
            const entry = codes.get(form.get("code") ?? "");
            codes.delete(form.get("code") ?? "");
            if (!entry || entry.clientId !== client || entry.redirectUri !== form.get("redirect_uri")) return json(400, { error: "invalid_grant" });
            const verifier = form.get("code_verifier") ?? "";
            if (b64url(createHash("sha256").update(verifier).digest()) !== entry.challenge) return json(400, { error: "invalid_grant", error_description: "PKCE verification failed" });
            if ((form.get("resource") ?? undefined) !== entry.resource) return json(400, { error: "invalid_target" });
            return json(200, await issue(client, entry.resource, entry.scope, jkt));
          }
          if (grant === "refresh_token") {
            const entry = refreshes.get(form.get("refresh_token") ?? "");
            refreshes.delete(form.get("refresh_token") ?? "");
            if (!entry || entry.clientId !== client || entry.jkt !== jkt) return json(400, { error: "invalid_grant" });
            const resource = form.get("resource") ?? entry.resource;
            if (resource !== entry.resource) return json(400, { error: "invalid_target" });
            return json(200, await issue(client, resource, entry.scope, jkt));
          }
          return json(400, { error: "unsupported_grant_type" });
        }
        default:
          return json(404, { error: "not_found" });
      }
    })().catch(() => {
      if (!res.headersSent) res.writeHead(500);
      res.end();
    });
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, "127.0.0.1", resolve));
  issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}${path}`;
  return {
    issuer,
    jwksUrl: `${issuer}/jwks`,
    requests,
    clients,
    revoke: () => {
      for (const token of issued) revoked.add(token);
      issued.clear();
      refreshes.clear();
    },
    isRevoked: (accessToken) => revoked.has(accessToken),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
