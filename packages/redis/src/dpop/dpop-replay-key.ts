/**
 * Redis keys of DPoP proofs seen: `<prefix><base64url(SHA-256(label ‖ id))>`,
 * where the id is the proof key's thumbprint and the proof's `jti`. Neither
 * reaches Redis as it is, the label keeps these hashes apart from the replay
 * guard's, and one key per command keeps every claim valid on a Redis
 * Cluster, spread over all slots (so a prefix may not hold braces).
 */
import { checkPrefix, labelledHash } from "../hashed-key.js";

/** The prefix unless told otherwise. */
export const DEFAULT_DPOP_KEY_PREFIX = "mrtr:dpop:";

const LABEL = "mrtr/dpop-replay/v1\0";

/** Throws `RangeError` unless `prefix` is 1 to 128 printable ASCII characters without spaces or braces. */
export function checkDPoPKeyPrefix(prefix: unknown): string {
  return checkPrefix(prefix, "RedisDPoPReplayCache: keyPrefix", "braces would make a Redis Cluster hash tag and put every proof in one slot");
}

/** The key under which the proof `id` is claimed. */
export function dpopReplayKey(prefix: string, id: string): string {
  return prefix + labelledHash(LABEL, id);
}
