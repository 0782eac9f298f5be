/**
 * The DPoP key of one server, kept beside its tokens. A DPoP-bound token (and
 * its refresh token) is usable only with the key it was bound to, so a key
 * made anew in each process would waste every cached token: the key pair
 * (ES256) is made once, its private JWK stored in an owner-only file of the
 * {@link FileAuthStore}, and imported at each launch with the private key
 * non-extractable.
 */
import type { FileAuthStore } from "./file-auth-store.js";

const ALGORITHM = { name: "ECDSA", namedCurve: "P-256" } as const;

/** A private P-256 JWK, as stored. */
interface PrivateJwk extends JsonWebKey {
  kty: "EC";
  crv: "P-256";
  x: string;
  y: string;
  d: string;
}

function isPrivateJwk(value: unknown): value is PrivateJwk {
  const k = value as Record<string, unknown> | null;
  return typeof k === "object" && k !== null && k.kty === "EC" && k.crv === "P-256" && [k.x, k.y, k.d].every((v) => typeof v === "string");
}

/** The key pair of a stored private JWK: the private key non-extractable, the public key extractable (it goes into each proof). */
async function importPair(jwk: PrivateJwk): Promise<CryptoKeyPair> {
  const { kty, crv, x, y, d } = jwk;
  const privateKey = await crypto.subtle.importKey("jwk", { kty, crv, x, y, d }, ALGORITHM, false, ["sign"]);
  const publicKey = await crypto.subtle.importKey("jwk", { kty, crv, x, y }, ALGORITHM, true, ["verify"]);
  return { privateKey, publicKey };
}

/** The DPoP key pair for the MCP server `serverUrl`: the stored one, or a new one, stored first. */
export async function persistentDPoPKeyPair(store: FileAuthStore, serverUrl: string): Promise<CryptoKeyPair> {
  const stored = await store.read("dpop-key", serverUrl, isPrivateJwk);
  if (stored) return importPair(stored);
  const fresh = await crypto.subtle.generateKey(ALGORITHM, true, ["sign", "verify"]);
  const jwk = (await crypto.subtle.exportKey("jwk", fresh.privateKey)) as PrivateJwk;
  await store.write("dpop-key", serverUrl, { kty: jwk.kty, crv: jwk.crv, x: jwk.x, y: jwk.y, d: jwk.d });
  return importPair(jwk);
}
