/**
 * Token buckets in this process's memory, for one server instance. At most
 * `maxKeys` buckets are kept (default 100 000); past that, the least
 * recently used is dropped (its key starts again with a full bucket).
 */
import type { RateLimitStore, TakeResult, TokenBucket } from "./rate-limit-store.js";

/** Options of {@link MemoryRateLimitStore}. */
export interface MemoryRateLimitStoreOptions {
  /** Most buckets kept (default 100 000). */
  maxKeys?: number;
  /** The clock, in ms (default `Date.now`). */
  now?: () => number;
}

/** The defaults of {@link MemoryRateLimitStoreOptions}. */
export const MEMORY_RATE_LIMIT_STORE_DEFAULTS = { maxKeys: 100_000 } as const;

interface Bucket {
  tokens: number;
  at: number;
}

/** Token buckets in memory (one instance; use `@mrtr/redis/rate-limit` for a fleet). */
export class MemoryRateLimitStore implements RateLimitStore {
  readonly #buckets = new Map<string, Bucket>();
  readonly #maxKeys: number;
  readonly #now: () => number;

  constructor(options: MemoryRateLimitStoreOptions = {}) {
    this.#maxKeys = options.maxKeys ?? MEMORY_RATE_LIMIT_STORE_DEFAULTS.maxKeys;
    this.#now = options.now ?? Date.now;
  }

  async take(key: string, bucket: TokenBucket, cost: number): Promise<TakeResult> {
    const now = this.#now();
    const kept = this.#buckets.get(key);
    const tokens = kept ? Math.min(bucket.capacity, kept.tokens + ((now - kept.at) / 1000) * bucket.refillPerSecond) : bucket.capacity;
    const taken = tokens >= cost;
    if (kept) this.#buckets.delete(key); // re-inserted: most recently used last
    this.#buckets.set(key, { tokens: taken ? tokens - cost : tokens, at: now });
    if (this.#buckets.size > this.#maxKeys) this.#buckets.delete(this.#buckets.keys().next().value!);
    return taken ? { ok: true } : { ok: false, retryAfterSeconds: (cost - tokens) / bucket.refillPerSecond };
  }
}
