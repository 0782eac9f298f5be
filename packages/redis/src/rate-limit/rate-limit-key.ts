/**
 * Where a `RedisRateLimitStore` keeps a bucket: one hash per key, at
 * `<prefix><base64url(SHA-256("mrtr/rate-limit/v1\0" ‖ key))>` (hashed-key.ts).
 * Whatever key a caller chooses (a principal, an address, a tool name, as
 * long as it likes), the Redis key is the prefix plus 43 characters: the key
 * never reaches Redis as it is, two keys never share a bucket, and the label
 * keeps these hashes apart from every other kind of @mrtr/redis.
 *
 * Redis Cluster: a take is one script on one key, so any key is valid in a
 * cluster and buckets spread over every slot. A prefix with a hash tag
 * (`{…}`) would pin every bucket to one slot, so prefixes may not hold braces.
 */
import { checkPrefix, labelledHash } from "../hashed-key.js";

const BUCKET_LABEL = "mrtr/rate-limit/v1\0";

/** The Redis key of the bucket under `key`, for one checked prefix. */
export type BucketKey = (key: string) => string;

/** The keys under `prefix`; throws `RangeError` for a prefix that is not 1 to 128 printable ASCII characters without spaces or braces. */
export function bucketKeys(prefix: unknown): BucketKey {
  const checked = checkPrefix(prefix, "RedisRateLimitStore: keyPrefix", "braces would make a Redis Cluster hash tag and put every bucket in one slot");
  return (key) => checked + labelledHash(BUCKET_LABEL, key);
}
