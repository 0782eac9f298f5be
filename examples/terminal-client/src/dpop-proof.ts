/**
 * The DPoP proof check (RFC 9449 §4.3) of the development authorization
 * server's token endpoint, on jose: exactly one `DPoP` header, a JWT of `typ`
 * `dpop+jwt` signed (an algorithm of `DPOP_ALGORITHMS`) by the public key in
 * its own `jwk` header, `htm` POST, `htu` the token endpoint (query and
 * fragment ignored), an `iat` within `PROOF_WINDOW_SECONDS` of now, and a
 * `jti` no accepted proof had. What it answers is the key's RFC 7638
 * thumbprint, which the access token carries as `cnf.jkt`.
 */
import { calculateJwkThumbprint, EmbeddedJWK, jwtVerify, type JWTPayload } from "jose";

/** The proof algorithms accepted, as `dpop_signing_alg_values_supported` says. */
export const DPOP_ALGORITHMS = ["ES256"];

/** How old (or how far ahead) a proof's `iat` may be, in seconds. */
export const PROOF_WINDOW_SECONDS = 60;

/** An accepted proof (`jkt`: its key's thumbprint) or why it was refused. */
export type ProofCheck = { jkt: string } | { refused: string };

/** The proof's signature, `typ` and algorithm checked: its header key and claims, or why not. */
async function verified(proof: string): Promise<{ payload: JWTPayload; jwk: Parameters<typeof calculateJwkThumbprint>[0] } | { refused: string }> {
  try {
    // EmbeddedJWK verifies with the header's `jwk` and refuses a private key there.
    const { payload, protectedHeader } = await jwtVerify(proof, EmbeddedJWK, { typ: "dpop+jwt", algorithms: DPOP_ALGORITHMS });
    return { payload, jwk: protectedHeader.jwk! };
  } catch (error) {
    return { refused: `The DPoP proof does not verify (typ dpop+jwt, ${DPOP_ALGORITHMS.join(" or ")}, signed by the public key in its jwk header): ${(error as Error).message}` };
  }
}

/** `htu` without its query and fragment, or undefined when it is no URL. */
function withoutQuery(htu: unknown): string | undefined {
  if (typeof htu !== "string" || !URL.canParse(htu)) return undefined;
  const url = new URL(htu);
  url.search = "";
  url.hash = "";
  return url.href;
}

/**
 * Checks the `DPoP` header of a token request to `tokenEndpoint`. `seen`
 * holds the `jti`s of the proofs accepted so far; an accepted proof's is
 * added.
 */
export async function checkDPoPProof(header: string | string[] | undefined, tokenEndpoint: string, seen: Set<string>, now = Date.now()): Promise<ProofCheck> {
  if (header === undefined) return { refused: "A DPoP proof is required: this server issues DPoP-bound tokens only." };
  // Node joins repeated headers it does not know with ", ": a comma means more than one proof.
  if (Array.isArray(header) || header.includes(",")) return { refused: "Exactly one DPoP proof, please." };
  const result = await verified(header.trim());
  if ("refused" in result) return result;
  const { payload, jwk } = result;
  if (payload.htm !== "POST") return { refused: "The DPoP proof's htm is not POST." };
  if (withoutQuery(payload.htu) !== new URL(tokenEndpoint).href) return { refused: "The DPoP proof's htu is not this token endpoint." };
  if (typeof payload.iat !== "number" || Math.abs(now / 1000 - payload.iat) > PROOF_WINDOW_SECONDS) return { refused: "The DPoP proof is too old or from the future (its iat)." };
  if (typeof payload.jti !== "string" || payload.jti === "" || payload.jti.length > 256) return { refused: "The DPoP proof has no jti." };
  if (seen.has(payload.jti)) return { refused: "The DPoP proof was used before (its jti)." };
  seen.add(payload.jti);
  return { jkt: await calculateJwkThumbprint(jwk, "sha256") };
}
