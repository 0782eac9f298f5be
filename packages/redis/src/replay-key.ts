/**
 * Redis keys of claimed states: `<prefix><base64url(SHA-256(label || id))>`
 * (claim-once.ts). The state id never reaches Redis as it is (only its hash),
 * and the prefix keeps the guard's keys apart from everything else in a
 * shared Redis.
 *
 * Redis Cluster: each claim is one command on one key, so any key is valid in
 * a cluster and claims spread over every slot. A prefix with a hash tag
 * (`{…}`) would pin every claim to one slot, so prefixes may not contain
 * braces.
 */
import { checkClaimPrefix, claimKey, type ClaimKind } from "./claim-once.js";

export { MAX_KEY_PREFIX_LENGTH } from "./hashed-key.js";

/** The prefix unless told otherwise. */
export const DEFAULT_KEY_PREFIX = "mrtr:replay:";

/** The replay guard's claims: a state's id, hashed under a label of their own. */
export const REPLAY_CLAIMS: ClaimKind = { label: "mrtr/replay-guard/v1\0", owner: "RedisReplayGuard", noun: "claim" };

/** Throws `RangeError` unless `prefix` is 1 to 128 printable ASCII characters without spaces or braces. */
export function checkKeyPrefix(prefix: unknown): string {
  return checkClaimPrefix(REPLAY_CLAIMS, prefix);
}

/** The key under which the state `id` is claimed. */
export function replayKey(prefix: string, id: string): string {
  return claimKey(REPLAY_CLAIMS, prefix, id);
}
