/**
 * A `RateLimitStore` on Redis: every server instance sharing one Redis (or
 * one Redis Cluster) takes from the same token buckets, so a limit holds for
 * the fleet, not per instance.
 *
 * A take is one Lua script (rate-limit-script.ts) on one key
 * (rate-limit-key.ts: the caller's key, hashed): it refills the bucket by
 * Redis's own clock (`TIME`), so instances whose clocks disagree still agree
 * on every bucket, takes the tokens or refuses with the seconds until they
 * will be there, and sets a key expiry of the time until the bucket would be
 * full again, so an idle bucket leaves nothing behind.
 *
 * Failure policy: a take that Redis does not answer within `timeoutMs` (down,
 * unreachable, paused, answering an error such as OOM), or beyond
 * `maxPendingTakes` waiting at once, rejects with
 * `RateLimitStoreUnavailableError`, and the rate limit that asked fails
 * closed. A take still queued when the time is up is withdrawn
 * (command-deadline.ts); one already sent may still land and spend its tokens
 * (the limit then errs strict, never loose). Nothing is kept in this process:
 * the store works again as soon as the client has reconnected.
 */
import type { RateLimitStore, TakeResult, TokenBucket } from "@mrtr/server/middleware";
import { RateLimitStoreUnavailableError, type RateLimitStoreUnavailableReason } from "../errors.js";
import { runWithin, type ScriptCommands } from "../lua-script.js";
import { bucketKeys, type BucketKey } from "./rate-limit-key.js";
import { TAKE } from "./rate-limit-script.js";

/**
 * The part of a node-redis client or cluster the store uses: what
 * `createClient()` and `createCluster()` of `redis` or `@redis/client` return.
 */
export interface RedisRateLimitClient {
  /** The client with per-command options (abort signal, timeout): what the store runs its script through. */
  withCommandOptions(options: { abortSignal: AbortSignal; timeout: number; typeMapping: {} }): ScriptCommands;
  /** Whether the client is connected and usable. */
  readonly isReady: boolean;
}

/** Options of {@link RedisRateLimitStore}; the defaults are {@link REDIS_RATE_LIMIT_STORE_DEFAULTS}. */
export interface RedisRateLimitStoreOptions {
  /**
   * A connected node-redis client or cluster you own (`createClient()` /
   * `createCluster()` of `redis` or `@redis/client`): you connect it, listen
   * to its "error" events and close it.
   */
  client: RedisRateLimitClient;
  /**
   * Prefix of every key (default `mrtr:rate:`): 1 to 128 printable ASCII
   * characters, no spaces or braces. Stores on one prefix share their buckets;
   * give limits that must count apart prefixes (or keys) of their own.
   */
  keyPrefix?: string;
  /** Longest wait for Redis per take, in ms (default 1000, from 1 to 60 000); every request a rate limit guards waits this long at most while Redis is away. */
  timeoutMs?: number;
  /** Most takes waiting for Redis at once (default 10 000); a take beyond them rejects at once, so an outage cannot pile up requests. */
  maxPendingTakes?: number;
}

/** The defaults of {@link RedisRateLimitStoreOptions}. */
export const REDIS_RATE_LIMIT_STORE_DEFAULTS = {
  keyPrefix: "mrtr:rate:",
  timeoutMs: 1000,
  maxPendingTakes: 10_000,
} as const satisfies Required<Omit<RedisRateLimitStoreOptions, "client">>;

/** A {@link RateLimitStore} whose token buckets live in Redis, shared by every server instance that uses it. */
export class RedisRateLimitStore implements RateLimitStore {
  readonly #client: RedisRateLimitClient;
  readonly #key: BucketKey;
  readonly #limits: { timeoutMs: number; maxPendingTakes: number };
  #pending = 0;

  /** Throws `RangeError` for a missing client or options out of range. */
  constructor(options: RedisRateLimitStoreOptions) {
    const {
      client,
      keyPrefix = REDIS_RATE_LIMIT_STORE_DEFAULTS.keyPrefix,
      timeoutMs = REDIS_RATE_LIMIT_STORE_DEFAULTS.timeoutMs,
      maxPendingTakes = REDIS_RATE_LIMIT_STORE_DEFAULTS.maxPendingTakes,
    } = options ?? {};
    if (typeof client !== "object" || client === null || typeof client.withCommandOptions !== "function") {
      throw new RangeError("RedisRateLimitStore: `client` must be a connected node-redis client or cluster (createClient() / createCluster() of `redis` or `@redis/client`).");
    }
    if (!Number.isSafeInteger(timeoutMs) || timeoutMs < 1 || timeoutMs > 60_000) throw new RangeError("RedisRateLimitStore: timeoutMs must be a whole number of ms from 1 to 60000.");
    if (!Number.isSafeInteger(maxPendingTakes) || maxPendingTakes < 1) throw new RangeError("RedisRateLimitStore: maxPendingTakes must be a positive whole number.");
    this.#client = client;
    this.#key = bucketKeys(keyPrefix);
    this.#limits = { timeoutMs, maxPendingTakes };
  }

  /** Whether the client is connected to Redis right now (for health checks; takes do not wait for it). */
  get ready(): boolean {
    return this.#client.isReady;
  }

  /**
   * Takes `cost` tokens from the bucket under `key` (a full bucket when the
   * key is new or its bucket has refilled), atomically across every store on
   * this Redis and prefix, or takes none and says when it could. A cost above
   * the capacity is always refused. Rejects with `RangeError` for a bucket or
   * cost that is not a finite number (capacity and refill above 0, cost at
   * least 0), and with `RateLimitStoreUnavailableError` when Redis gives no
   * answer in time (the limit fails closed).
   */
  async take(key: string, bucket: TokenBucket, cost: number): Promise<TakeResult> {
    checkTake(key, bucket, cost);
    if (this.#pending >= this.#limits.maxPendingTakes) throw this.#unavailable("too-many-pending");
    this.#pending++;
    let reply: unknown;
    try {
      reply = await runWithin(this.#client, this.#limits.timeoutMs, TAKE, [this.#key(key)], [String(bucket.capacity), String(bucket.refillPerSecond), String(cost)], (reason, cause) =>
        this.#unavailable(reason, cause),
      );
    } finally {
      this.#pending--;
    }
    if (reply === 1) return { ok: true };
    const retryAfterSeconds = typeof reply === "string" ? Number(reply) : Number.NaN;
    if (!(retryAfterSeconds >= 0)) throw this.#unavailable("error", new Error(`the take script answered ${JSON.stringify(reply)}, neither 1 nor a number of seconds`));
    return { ok: false, retryAfterSeconds };
  }

  #unavailable(reason: RateLimitStoreUnavailableReason, cause?: unknown): RateLimitStoreUnavailableError {
    return new RateLimitStoreUnavailableError(reason, this.#limits, reason === "error" ? { cause } : undefined);
  }
}

/** Throws `RangeError` unless `key` is a string, the bucket's capacity and refill are finite and above 0, and `cost` is finite and at least 0. */
function checkTake(key: unknown, bucket: TokenBucket, cost: unknown): void {
  if (typeof key !== "string") throw new RangeError("RedisRateLimitStore take: key must be a string.");
  const { capacity, refillPerSecond } = (bucket ?? {}) as Partial<TokenBucket>;
  if (typeof capacity !== "number" || !Number.isFinite(capacity) || capacity <= 0) throw new RangeError(`RedisRateLimitStore take: bucket.capacity must be a finite number above 0 (got ${String(capacity)}).`);
  if (typeof refillPerSecond !== "number" || !Number.isFinite(refillPerSecond) || refillPerSecond <= 0) {
    throw new RangeError(`RedisRateLimitStore take: bucket.refillPerSecond must be a finite number above 0 (got ${String(refillPerSecond)}).`);
  }
  if (typeof cost !== "number" || !Number.isFinite(cost) || cost < 0) throw new RangeError(`RedisRateLimitStore take: cost must be a finite number of at least 0 (got ${String(cost)}).`);
}
