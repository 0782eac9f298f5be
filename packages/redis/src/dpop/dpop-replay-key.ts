/**
 * Redis keys of DPoP proofs seen: `<prefix><base64url(SHA-256(label ‖ id))>`
 * (claim-once.ts), where the id is the proof key's thumbprint and the proof's
 * `jti`. Neither reaches Redis as it is, the label keeps these hashes apart
 * from the replay guard's, and one key per command keeps every claim valid on
 * a Redis Cluster, spread over all slots (so a prefix may not hold braces).
 */
import { checkClaimPrefix, claimKey, type ClaimKind } from "../claim-once.js";

/** The prefix unless told otherwise. */
export const DEFAULT_DPOP_KEY_PREFIX = "mrtr:dpop:";

/** The DPoP replay cache's claims: a proof's id, hashed under a label of their own. */
export const DPOP_CLAIMS: ClaimKind = { label: "mrtr/dpop-replay/v1\0", owner: "RedisDPoPReplayCache", noun: "proof" };

/** Throws `RangeError` unless `prefix` is 1 to 128 printable ASCII characters without spaces or braces. */
export function checkDPoPKeyPrefix(prefix: unknown): string {
  return checkClaimPrefix(DPOP_CLAIMS, prefix);
}

/** The key under which the proof `id` is claimed. */
export function dpopReplayKey(prefix: string, id: string): string {
  return claimKey(DPOP_CLAIMS, prefix, id);
}
