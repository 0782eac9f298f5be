/**
 * A real authorization server, enterprise IdP and protected resource for the
 * tests of the grants without a user and of DPoP, in one web-standard handler
 * on loopback: RFC 8414 and RFC 9728 metadata, a token endpoint whose answer
 * each test decides, an RFC 8693 token exchange at /idp/token, and /mcp,
 * which accepts the tokens issued here, as Bearer or, checked with jose as
 * RFC 9449 §4.3 says, as DPoP with a proof (and optionally a nonce).
 */
import { calculateJwkThumbprint, decodeProtectedHeader, importJWK, jwtVerify, type JWK } from "jose";
import { afterEach } from "vitest";
import { serve } from "../../../../test/helpers/auth.js";

/** One request the server received. */
export interface Seen {
  path: string;
  headers: Record<string, string>;
  body: Record<string, string>;
}

/** What the token endpoint answers: a JSON body (and status, headers), or nothing (`hang`). */
export interface TokenAnswer {
  status?: number;
  body?: unknown;
  headers?: Record<string, string>;
  hang?: boolean;
  raw?: string;
}

export interface GrantServerOptions {
  /** Extra or replaced AS metadata. */
  metadata?: Record<string, unknown>;
  /** Metadata served as this raw text instead (hostile cases). */
  rawMetadata?: string;
  /** Decides the token endpoint's answer; default: issue a token. `issue(type)` issues one. */
  token?: (seen: Seen, issue: (tokenType?: string, extra?: Record<string, unknown>) => TokenAnswer, index: number) => TokenAnswer | Promise<TokenAnswer>;
  /** The resource asks for this DPoP nonce (RFC 9449 §9) before it accepts a proof. */
  resourceNonce?: string | (() => string);
  /** The resource always refuses issued tokens (401 invalid_token). */
  rejectTokens?: boolean;
  scopesSupported?: string[];
}

/** A verified DPoP proof. */
export interface Proof {
  header: { typ?: string; alg?: string; jwk?: JWK };
  payload: Record<string, unknown>;
  jkt: string;
}

export async function verifyProof(proof: string | undefined, htm: string, htu: string): Promise<Proof> {
  if (!proof) throw new Error("no DPoP header");
  const header = decodeProtectedHeader(proof) as Proof["header"];
  if (header.typ !== "dpop+jwt") throw new Error(`typ ${header.typ}`);
  if (!header.jwk || "d" in header.jwk) throw new Error("jwk missing or private");
  const { payload } = await jwtVerify(proof, await importJWK(header.jwk, header.alg), { typ: "dpop+jwt" });
  if (payload.htm !== htm) throw new Error(`htm ${String(payload.htm)}`);
  if (payload.htu !== htu) throw new Error(`htu ${String(payload.htu)}`);
  if (typeof payload.jti !== "string" || typeof payload.iat !== "number") throw new Error("jti/iat");
  return { header, payload: payload as Record<string, unknown>, jkt: await calculateJwkThumbprint(header.jwk) };
}

async function sha256(text: string): Promise<string> {
  return Buffer.from(await crypto.subtle.digest("SHA-256", new TextEncoder().encode(text))).toString("base64url");
}

export async function startGrantServer(options: GrantServerOptions = {}) {
  const seen: Seen[] = [];
  const proofs: Proof[] = [];
  const resourceRequests: { authorization?: string; proof?: Proof; error?: string }[] = [];
  /** Issued access token → the thumbprint it is bound to ("" for Bearer). */
  const issued = new Map<string, string>();
  let origin = "";
  let tokenCount = 0;
  let idpCount = 0;

  const json = (body: unknown, status = 200, headers: Record<string, string> = {}) => new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json", ...headers } });

  const handler = async (request: Request): Promise<Response> => {
    const url = new URL(request.url);
    const record = async (): Promise<Seen> => {
      const text = request.method === "POST" ? await request.text() : "";
      const s: Seen = { path: url.pathname, headers: Object.fromEntries(request.headers), body: Object.fromEntries(new URLSearchParams(text)) };
      seen.push(s);
      return s;
    };
    if (url.pathname === "/.well-known/oauth-protected-resource/mcp") {
      return json({ resource: `${origin}/mcp`, authorization_servers: [origin], ...(options.scopesSupported && { scopes_supported: options.scopesSupported }) });
    }
    if (url.pathname === "/.well-known/oauth-authorization-server") {
      if (options.rawMetadata !== undefined) return new Response(options.rawMetadata, { headers: { "content-type": "application/json" } });
      return json({
        issuer: origin,
        token_endpoint: `${origin}/token`,
        grant_types_supported: ["client_credentials", "urn:ietf:params:oauth:grant-type:jwt-bearer"],
        token_endpoint_auth_methods_supported: ["client_secret_basic", "client_secret_post", "private_key_jwt", "none"],
        dpop_signing_alg_values_supported: ["ES256"],
        ...options.metadata,
      });
    }
    if (url.pathname === "/token") {
      const s = await record();
      const index = tokenCount++;
      let jkt = "";
      if (s.headers.dpop) {
        const proof = await verifyProof(s.headers.dpop, "POST", `${origin}/token`);
        proofs.push(proof);
        jkt = proof.jkt;
      }
      const issue = (tokenType = jkt ? "DPoP" : "Bearer", extra: Record<string, unknown> = {}): TokenAnswer => {
        const token = `at-${index}-${crypto.randomUUID()}`;
        issued.set(token, tokenType === "DPoP" ? jkt : "");
        return { body: { access_token: token, token_type: tokenType, expires_in: 3600, ...extra } };
      };
      const answer = options.token ? await options.token(s, issue, index) : issue();
      if (answer.hang) return new Promise<Response>(() => undefined);
      if (answer.raw !== undefined) return new Response(answer.raw, { status: answer.status ?? 200, headers: { "content-type": "application/json", ...answer.headers } });
      return json(answer.body, answer.status ?? 200, { "cache-control": "no-store", ...answer.headers });
    }
    if (url.pathname === "/idp/token") {
      const s = await record();
      idpCount++;
      return json({ access_token: `id-jag-for-${s.body.audience}`, issued_token_type: "urn:ietf:params:oauth:token-type:id-jag", token_type: "N_A", expires_in: 300 });
    }
    if (url.pathname === "/mcp") {
      const authorization = request.headers.get("authorization") ?? undefined;
      const entry: (typeof resourceRequests)[number] = { ...(authorization !== undefined && { authorization }) };
      resourceRequests.push(entry);
      const challenge = (scheme: string, extra = "") => `${scheme} resource_metadata="${origin}/.well-known/oauth-protected-resource/mcp"${extra}`;
      const [scheme, token] = (authorization ?? "").split(" ");
      if (!token || !issued.has(token) || options.rejectTokens) return json({ error: "invalid_token" }, 401, { "www-authenticate": challenge(issued.get(token ?? "") ? "DPoP" : "Bearer", token ? ', error="invalid_token"' : "") });
      const bound = issued.get(token)!;
      if (bound) {
        if (scheme !== "DPoP") return json({ error: "invalid_token" }, 401, { "www-authenticate": challenge("DPoP", ', error="invalid_token"') });
        try {
          const proof = await verifyProof(request.headers.get("dpop") ?? undefined, request.method, `${origin}/mcp`);
          entry.proof = proof;
          if (proof.jkt !== bound) throw new Error("cnf.jkt");
          if (proof.payload.ath !== (await sha256(token))) throw new Error("ath");
          const nonce = typeof options.resourceNonce === "function" ? options.resourceNonce() : options.resourceNonce;
          if (nonce !== undefined && proof.payload.nonce !== nonce) {
            return json({ error: "use_dpop_nonce" }, 401, { "www-authenticate": 'DPoP error="use_dpop_nonce"', "dpop-nonce": nonce });
          }
        } catch (error) {
          entry.error = (error as Error).message;
          return json({ error: "invalid_dpop_proof" }, 401, { "www-authenticate": challenge("DPoP", ', error="invalid_dpop_proof"') });
        }
      } else if (scheme !== "Bearer") {
        return json({ error: "invalid_token" }, 401, { "www-authenticate": challenge("Bearer", ', error="invalid_token"') });
      }
      return json({ ok: true, body: request.method === "POST" ? await request.text() : null });
    }
    return new Response("not found", { status: 404 });
  };

  const running = await serve(handler);
  origin = running.origin;
  return {
    origin,
    issuer: origin,
    mcp: `${origin}/mcp`,
    seen,
    proofs,
    resourceRequests,
    tokenRequests: () => seen.filter((s) => s.path === "/token"),
    idpRequests: () => seen.filter((s) => s.path === "/idp/token"),
    get idpCount() {
      return idpCount;
    },
    close: running.close,
  };
}

export type GrantServer = Awaited<ReturnType<typeof startGrantServer>>;

/** The id and secret of a Basic Authorization header. */
export function basicCredentials(header: string | undefined): [string, string] | undefined {
  if (!header?.startsWith("Basic ")) return undefined;
  const [id, secret] = Buffer.from(header.slice(6), "base64").toString("utf8").split(":");
  return [decodeURIComponent(id ?? ""), decodeURIComponent(secret ?? "")];
}

/** A test file's grant servers: `setup` starts one, closed after each test with whatever else was pushed on `cleanup`. */
export function grantServerFixture() {
  const cleanup: (() => Promise<void>)[] = [];
  afterEach(async () => {
    while (cleanup.length) await cleanup.pop()!();
  });
  const setup = async (options: GrantServerOptions = {}) => {
    const server = await startGrantServer(options);
    cleanup.push(server.close);
    return server;
  };
  return { cleanup, setup };
}
