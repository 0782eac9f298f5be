/**
 * Where a rate limit keeps its buckets (token buckets: each key holds at
 * most `capacity` tokens, refilled at `refillPerSecond`; a request takes
 * `cost` of them or is refused with the time until it could). In memory by
 * default (`MemoryRateLimitStore`); `RedisRateLimitStore` from
 * `@mrtr/redis/rate-limit` shares the buckets of a fleet. A store that
 * cannot answer rejects: the rate limit then fails closed.
 */

/** One bucket's shape. */
export interface TokenBucket {
  /** Most tokens the bucket holds (the burst). */
  readonly capacity: number;
  /** Tokens added per second, up to `capacity`. */
  readonly refillPerSecond: number;
}

/** What taking tokens came to. */
export type TakeResult =
  | {
      /** The tokens were taken. */
      readonly ok: true;
    }
  | {
      /** Not enough tokens: nothing was taken. */
      readonly ok: false;
      /** Seconds until `cost` tokens will be there (at least 0). */
      readonly retryAfterSeconds: number;
    };

/** The buckets of a rate limit. */
export interface RateLimitStore {
  /**
   * Takes `cost` tokens from the bucket under `key` (a full bucket when the
   * key is new), atomically, or takes none and says when it could. Rejects
   * when the store cannot answer (the limit fails closed).
   */
  take(key: string, bucket: TokenBucket, cost: number): Promise<TakeResult>;
}
