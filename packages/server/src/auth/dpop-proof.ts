/**
 * Checking one DPoP proof for a protected-resource request (RFC 9449 §4.3,
 * §7.1), with jose: a JWT of `typ` `dpop+jwt`, signed with an accepted
 * asymmetric algorithm by the public key in its `jwk` header, whose `htm` is
 * the request method, `htu` the request URI (dpop-htu.ts), `iat` within the
 * window, `ath` the access token's SHA-256, and whose key's RFC 7638
 * thumbprint is the token's `cnf.jkt`. Replay (`jti`) and nonces are the
 * caller's: they need state or secrets.
 */
import { calculateJwkThumbprint, decodeProtectedHeader, EmbeddedJWK, jwtVerify, type JWK, type JWTPayload, type ProtectedHeaderParameters } from "jose";
import { encodeBase64Url } from "../base64url.js";
import { normalizedHtu } from "./dpop-htu.js";

/** Why a proof was refused (for `onRejected`). */
export type ProofRejection = "dpop_proof_too_large" | "dpop_proof_invalid" | "dpop_method_mismatch" | "dpop_url_mismatch" | "dpop_proof_stale" | "dpop_ath_mismatch" | "dpop_key_mismatch";

/** What the proof is checked against. */
export interface ProofExpectations {
  method: string;
  /** The request URI, normalized (`normalizedHtu`). */
  htu: string;
  accessToken: string;
  /** `cnf.jkt` of the verified access token. */
  jkt: string;
  algorithms: readonly string[];
  maxProofBytes: number;
  maxAgeSeconds: number;
  toleranceSeconds: number;
  /** ms since the epoch. */
  now: number;
}

/** An accepted proof's facts. */
export interface AcceptedProof {
  ok: true;
  jti: string;
  /** Seconds since the epoch. */
  iat: number;
  nonce?: unknown;
}

/** A refused proof: the reason, and a description safe to send to the client. */
export interface RefusedProof {
  ok: false;
  reason: ProofRejection;
  description: string;
}

/** Largest `jwk` header accepted, in characters of its JSON (an RSA key of 8192 bits fits). */
const MAX_JWK_CHARS = 2048;
/** Largest `jti` accepted. */
const MAX_JTI_CHARS = 256;
/** JWK members that only private or symmetric keys have. */
const SECRET_MEMBERS = ["d", "p", "q", "dp", "dq", "qi", "oth", "k"];

const utf8 = new TextEncoder();
const refused = (reason: ProofRejection, description: string): RefusedProof => ({ ok: false, reason, description });

/** base64url(SHA-256(ASCII access token)): the `ath` a proof for that token carries. */
export async function accessTokenHash(token: string): Promise<string> {
  return encodeBase64Url(new Uint8Array(await crypto.subtle.digest("SHA-256", utf8.encode(token))));
}

/** The header's `jwk` when it is a public key of a kind proofs use, not too large. */
function publicJwk(header: ProtectedHeaderParameters): JWK | undefined {
  const jwk = header.jwk as unknown;
  if (jwk === null || typeof jwk !== "object" || Array.isArray(jwk)) return undefined;
  if (JSON.stringify(jwk).length > MAX_JWK_CHARS) return undefined;
  const { kty } = jwk as { kty?: unknown };
  if (kty !== "EC" && kty !== "RSA" && kty !== "OKP") return undefined;
  if (SECRET_MEMBERS.some((member) => member in jwk)) return undefined;
  return jwk as JWK;
}

/** Checks `proof` (the `DPoP` header's value) against the request and its verified token. */
export async function checkProof(proof: string, expected: ProofExpectations): Promise<AcceptedProof | RefusedProof> {
  if (proof.length > expected.maxProofBytes) return refused("dpop_proof_too_large", "The DPoP proof is too large.");
  let header: ProtectedHeaderParameters;
  try {
    header = decodeProtectedHeader(proof);
  } catch {
    return refused("dpop_proof_invalid", "The DPoP proof is not a JWT.");
  }
  if (header.typ !== "dpop+jwt") return refused("dpop_proof_invalid", 'The DPoP proof\'s typ must be "dpop+jwt".');
  if (typeof header.alg !== "string" || !expected.algorithms.includes(header.alg)) return refused("dpop_proof_invalid", `The DPoP proof's alg must be one of ${expected.algorithms.join(", ")}.`);
  const jwk = publicJwk(header);
  if (!jwk) return refused("dpop_proof_invalid", "The DPoP proof's jwk header must hold one public EC, RSA or OKP key.");
  let payload: JWTPayload;
  try {
    ({ payload } = await jwtVerify(proof, EmbeddedJWK, {
      algorithms: [...expected.algorithms],
      typ: "dpop+jwt",
      requiredClaims: ["jti", "htm", "htu", "iat"],
      currentDate: new Date(expected.now),
      clockTolerance: expected.toleranceSeconds,
    }));
  } catch {
    return refused("dpop_proof_invalid", "The DPoP proof's signature or claims are invalid.");
  }
  const { jti, htm, htu, iat, ath } = payload as JWTPayload & { htm?: unknown; htu?: unknown; ath?: unknown };
  if (typeof jti !== "string" || jti.length === 0 || jti.length > MAX_JTI_CHARS) return refused("dpop_proof_invalid", `The DPoP proof's jti must be a string of 1 to ${MAX_JTI_CHARS} characters.`);
  if (htm !== expected.method) return refused("dpop_method_mismatch", "The DPoP proof was made for another HTTP method (htm).");
  if (typeof htu !== "string" || normalizedHtu(htu) !== expected.htu) return refused("dpop_url_mismatch", "The DPoP proof was made for another URL (htu).");
  const nowSeconds = expected.now / 1000;
  if (typeof iat !== "number" || iat > nowSeconds + expected.toleranceSeconds || iat < nowSeconds - expected.maxAgeSeconds - expected.toleranceSeconds) {
    return refused("dpop_proof_stale", "The DPoP proof's iat is too old or in the future: make a fresh proof (and check the clock).");
  }
  if (typeof ath !== "string" || ath !== (await accessTokenHash(expected.accessToken))) return refused("dpop_ath_mismatch", "The DPoP proof's ath does not match the access token.");
  if ((await calculateJwkThumbprint(jwk, "sha256")) !== expected.jkt) return refused("dpop_key_mismatch", "The DPoP proof was not signed by the key the access token is bound to.");
  return { ok: true, jti, iat, ...(payload.nonce !== undefined && { nonce: payload.nonce }) };
}
