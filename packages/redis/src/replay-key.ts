/**
 * Redis keys of claimed states: `<prefix><base64url(SHA-256(label || id))>`.
 * The state id never reaches Redis as it is (only its hash), and the prefix
 * keeps the guard's keys apart from everything else in a shared Redis.
 *
 * Redis Cluster: each claim is one command on one key, so any key is valid in
 * a cluster and claims spread over every slot. A prefix with a hash tag
 * (`{…}`) would pin every claim to one slot, so prefixes may not contain
 * braces.
 */
import { checkPrefix, labelledHash } from "./hashed-key.js";

export { MAX_KEY_PREFIX_LENGTH } from "./hashed-key.js";

/** The prefix unless told otherwise. */
export const DEFAULT_KEY_PREFIX = "mrtr:replay:";

const LABEL = "mrtr/replay-guard/v1\0";

/** Throws `RangeError` unless `prefix` is 1 to 128 printable ASCII characters without spaces or braces. */
export function checkKeyPrefix(prefix: unknown): string {
  return checkPrefix(prefix, "RedisReplayGuard: keyPrefix", "braces would make a Redis Cluster hash tag and put every claim in one slot");
}

/** The key under which the state `id` is claimed. */
export function replayKey(prefix: string, id: string): string {
  return prefix + labelledHash(LABEL, id);
}
