/**
 * Where a `RedisConcurrencyStore` keeps its leases, all under one prefix
 * (default `mrtr:conc:`):
 *
 * - `<prefix>{slots}:c:<H(key)>`: one caller's leases, a sorted set of lease
 *   ids scored by when each expires (ms, Redis's clock);
 * - `<prefix>{slots}:total`: every lease of the store, scored the same way.
 *
 * `H` is base64url(SHA-256("mrtr/concurrency/v1\0" ‖ key)) (hashed-key.ts):
 * whatever key a caller chooses, it never reaches Redis as it is, and the
 * Redis key is always the same length.
 *
 * Redis Cluster: an acquire counts the caller's set and the total in one
 * script, so both must share a slot, and every acquire touches the total. The
 * hash tag `{slots}` puts every key of the store in one slot: the store works
 * on a Cluster, on the one shard that owns that slot (leases do not spread
 * over shards; at most `total` live leases are kept). The prefix may not hold
 * braces, which would replace the tag.
 */
import { checkPrefix, labelledHash } from "../hashed-key.js";

/** The prefix unless told otherwise. */
export const DEFAULT_CONCURRENCY_KEY_PREFIX = "mrtr:conc:";

/** The hash tag every key carries after the prefix: one Redis Cluster slot for the whole store. */
export const CONCURRENCY_SLOT_TAG = "{slots}";

const CALLER_LABEL = "mrtr/concurrency/v1\0";

/** The two keys of one caller's acquire: its own set, then the total's. */
export type LeaseKeys = (key: string) => [caller: string, total: string];

/** The keys under `prefix`; throws `RangeError` for a prefix that is not 1 to 128 printable ASCII characters without spaces or braces. */
export function leaseKeys(prefix: unknown): LeaseKeys {
  const checked = checkPrefix(prefix, "RedisConcurrencyStore: keyPrefix", `the store adds the hash tag ${CONCURRENCY_SLOT_TAG} itself, and one in the prefix would replace it`);
  const base = checked + CONCURRENCY_SLOT_TAG;
  const total = `${base}:total`;
  return (key) => [`${base}:c:${labelledHash(CALLER_LABEL, key)}`, total];
}
