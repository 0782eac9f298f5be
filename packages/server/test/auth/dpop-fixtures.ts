/**
 * What DPoP tests need on the client's and the authorization server's side,
 * built on jose with keys generated per run: a client key pair with its
 * RFC 7638 thumbprint, an issuer that signs access tokens (bound to a key
 * through `cnf.jkt`, or not), and proofs with any claim changed or left out.
 */
import { calculateJwkThumbprint, exportJWK, generateKeyPair, SignJWT, type JWK, type JSONWebKeySet } from "jose";
import { createHash, randomUUID } from "node:crypto";

export const RESOURCE = "https://mcp.example/mcp";
export const ISSUER = "https://as.example";

/** A client's proof key. */
export interface ProofKey {
  privateKey: CryptoKey;
  publicJwk: JWK;
  jkt: string;
  alg: string;
}

export async function proofKey(alg = "ES256"): Promise<ProofKey> {
  const { privateKey, publicKey } = await generateKeyPair(alg, { extractable: true });
  const publicJwk = await exportJWK(publicKey);
  return { privateKey, publicJwk, jkt: await calculateJwkThumbprint(publicJwk, "sha256"), alg };
}

/** An authorization server's signing key and the tokens it issues. */
export class TestIssuer {
  private constructor(
    private readonly key: CryptoKey,
    readonly jwks: JSONWebKeySet,
  ) {}

  static async create(): Promise<TestIssuer> {
    const { privateKey, publicKey } = await generateKeyPair("ES256");
    return new TestIssuer(privateKey, { keys: [{ ...(await exportJWK(publicKey)), kid: "as-1", alg: "ES256" }] });
  }

  /** An access token; `jkt` binds it to a proof key (`cnf.jkt`); `sub: null` leaves the subject out (a client-credentials token). */
  token(claims: { jkt?: string; aud?: string; sub?: string | null; clientId?: string; scope?: string; exp?: number | string } = {}): Promise<string> {
    const jwt = new SignJWT({
      scope: claims.scope ?? "mcp",
      ...(claims.jkt !== undefined && { cnf: { jkt: claims.jkt } }),
      ...(claims.clientId !== undefined && { client_id: claims.clientId }),
    })
      .setProtectedHeader({ alg: "ES256", kid: "as-1", typ: "at+jwt" })
      .setIssuer(ISSUER)
      .setAudience(claims.aud ?? RESOURCE)
      .setIssuedAt()
      .setExpirationTime(claims.exp ?? "1h");
    if (claims.sub !== null) jwt.setSubject(claims.sub ?? "alice");
    return jwt.sign(this.key);
  }
}

/** What a proof says; `undefined` members take the right value for the request, `null` ones are left out. */
export interface ProofClaims {
  htm?: string | null;
  htu?: string | null;
  /** The access token the proof is for (its `ath`), unless `ath` is given. */
  token?: string;
  ath?: string | null;
  iat?: number | null;
  jti?: string | null;
  nonce?: string;
  typ?: string;
  /** A `jwk` header other than the signing key's public one. */
  jwk?: JWK;
  extra?: Record<string, unknown>;
}

export const athOf = (token: string) => createHash("sha256").update(token, "ascii").digest("base64url");

/** A DPoP proof signed by `key`. */
export function proof(key: ProofKey, claims: ProofClaims = {}): Promise<string> {
  const payload: Record<string, unknown> = { ...claims.extra };
  const set = (name: string, value: unknown, fallback: () => unknown) => {
    if (value === null) return;
    payload[name] = value ?? fallback();
  };
  set("htm", claims.htm, () => "POST");
  set("htu", claims.htu, () => RESOURCE);
  set("iat", claims.iat, () => Math.floor(Date.now() / 1000));
  set("jti", claims.jti, () => randomUUID());
  set("ath", claims.ath, () => (claims.token === undefined ? undefined : athOf(claims.token)));
  if (payload.ath === undefined) delete payload.ath;
  if (claims.nonce !== undefined) payload.nonce = claims.nonce;
  return new SignJWT(payload).setProtectedHeader({ alg: key.alg, typ: claims.typ ?? "dpop+jwt", jwk: claims.jwk ?? key.publicJwk }).sign(key.privateKey);
}

/** A POST to `url` presenting `token` with the DPoP scheme and `proofs` (none, one, or several DPoP header fields). */
export function dpopRequest(token: string, proofs: string | readonly string[], url = RESOURCE, method = "POST"): Request {
  const headers = new Headers({ authorization: `DPoP ${token}`, "content-type": "application/json" });
  for (const p of typeof proofs === "string" ? [proofs] : proofs) headers.append("dpop", p);
  return new Request(url, { method, headers, ...(method !== "GET" && method !== "HEAD" && { body: "{}" }) });
}
