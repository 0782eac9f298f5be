/**
 * The stand-in authorization server's check of the DPoP proof on a token
 * request (RFC 9449 §4.3), on jose. What it gives back is the thumbprint of
 * the key that signed the proof (RFC 7638): the access token carries it as
 * `cnf.jkt`, which binds the token to that key. The MCP server's side of
 * DPoP is not here: `protect` checks the proofs sent to it.
 */
import { calculateJwkThumbprint, EmbeddedJWK, jwtVerify } from "jose";

/** The proof algorithms this stand-in accepts (its metadata's `dpop_signing_alg_values_supported`). */
export const PROOF_ALGORITHMS = ["ES256"];

/** A token request's DPoP proof that cannot be accepted: answered 400 `invalid_dpop_proof`. */
export class InvalidProofError extends Error {}

/**
 * Checks the `DPoP` header of a POST to `tokenEndpoint`; the thumbprint of
 * the proof's key. `seen` holds the `jti` of every proof accepted so far,
 * so a proof is accepted once.
 */
export async function proofKeyThumbprint(header: string | null, tokenEndpoint: string, seen: Set<string>): Promise<string> {
  // Several DPoP headers arrive joined with ", ", and a JWT has no comma.
  if (header === null || header.includes(",")) throw new InvalidProofError("Send exactly one DPoP proof: this server issues DPoP-bound tokens only.");
  let verified;
  try {
    // EmbeddedJWK verifies with the public key in the proof's own `jwk` header; maxTokenAge requires a recent `iat`.
    verified = await jwtVerify(header, EmbeddedJWK, { typ: "dpop+jwt", algorithms: PROOF_ALGORITHMS, maxTokenAge: 60, clockTolerance: 5 });
  } catch (error) {
    throw new InvalidProofError(`The DPoP proof does not verify: ${(error as Error).message}`);
  }
  const { payload, protectedHeader } = verified;
  const htu = typeof payload.htu === "string" && URL.canParse(payload.htu) ? new URL(payload.htu) : undefined;
  if (htu) htu.search = htu.hash = "";
  if (payload.htm !== "POST" || htu?.href !== new URL(tokenEndpoint).href) throw new InvalidProofError("The DPoP proof was made for another request (htm, htu).");
  if (typeof payload.jti !== "string" || payload.jti === "" || seen.has(payload.jti)) throw new InvalidProofError("The DPoP proof has no jti, or was used before.");
  seen.add(payload.jti);
  return calculateJwkThumbprint(protectedHeader.jwk!, "sha256");
}
