/**
 * The errors of @mrtr/redis. The replay guard's say why a claim got no answer
 * from Redis, beyond the client's own errors: each reaches the host as the
 * `cause` of the server's `ReplayGuardUnavailableError` (through `onError`),
 * or through the guard's `onError` in fail-open mode. The task store's, the
 * rate-limit store's and the concurrency store's reject their calls, and each
 * says what to do.
 */

/** Redis did not answer a claim within `timeoutMs`. */
export class RedisClaimTimeoutError extends Error {
  constructor(
    /** The limit it waited, in ms. */
    readonly timeoutMs: number,
  ) {
    super(`Redis did not answer a single-use claim within ${timeoutMs} ms (RedisReplayGuard timeoutMs); is Redis reachable and not overloaded?`);
    this.name = "RedisClaimTimeoutError";
  }
}

/** `maxPendingClaims` claims were already waiting for Redis; this one was not sent. */
export class TooManyPendingClaimsError extends Error {
  constructor(
    /** The limit of claims waiting at once. */
    readonly maxPendingClaims: number,
  ) {
    super(`${maxPendingClaims} single-use claims are already waiting for Redis (RedisReplayGuard maxPendingClaims); this one was not sent.`);
    this.name = "TooManyPendingClaimsError";
  }
}

/** What a `RedisTaskStore` call was doing when it failed. */
export type TaskStoreOperation = "create" | "get" | "update";

/**
 * Redis gave a `RedisTaskStore` call no answer within `timeoutMs` (`cause`
 * undefined), or answered with an error (`cause`: the client's error). A
 * write that was sent before the deadline may still have landed.
 */
export class TaskStoreUnavailableError extends Error {
  constructor(
    /** The call that failed. */
    readonly operation: TaskStoreOperation,
    /** The limit it waited, in ms. */
    readonly timeoutMs: number,
    options?: { cause: unknown },
  ) {
    const what =
      options === undefined
        ? `Redis did not answer within ${timeoutMs} ms (RedisTaskStore timeoutMs)`
        : `Redis failed: ${options.cause instanceof Error ? options.cause.message : String(options.cause)}`;
    const landed = operation === "get" ? "" : " A write sent before the failure may still have landed: read the task again before retrying.";
    super(
      `RedisTaskStore ${operation}: ${what}. Check that Redis is reachable, not overloaded and not out of memory; ` +
        `the client reconnects on its own, so retry later.${landed}`,
      options,
    );
    this.name = "TaskStoreUnavailableError";
  }
}

/**
 * A task record whose JSON is larger than `maxRecordBytes`: refused on write
 * (nothing is stored), or found in Redis on read and left unread (written by
 * a store with a larger limit).
 */
export class TaskRecordTooLargeError extends Error {
  constructor(
    /** The call that refused it. */
    readonly operation: TaskStoreOperation,
    /** The record's size, in bytes of JSON. */
    readonly bytes: number,
    /** The limit, in bytes. */
    readonly maxRecordBytes: number,
  ) {
    super(
      operation === "get"
        ? `RedisTaskStore get: the stored task record is ${bytes} bytes, more than maxRecordBytes (${maxRecordBytes}), so it was not read; ` +
            "it was written by a store with a larger maxRecordBytes: give every instance the same limit."
        : `RedisTaskStore ${operation}: the task record is ${bytes} bytes of JSON, more than maxRecordBytes (${maxRecordBytes}); nothing was stored. ` +
            "Keep results and answers smaller (tasks() maxResultBytes) or raise maxRecordBytes on every instance alike.",
    );
    this.name = "TaskRecordTooLargeError";
  }
}

/** Why a `RedisRateLimitStore` take got no answer: Redis was too slow, too many takes were waiting, or Redis answered an error. */
export type RateLimitStoreUnavailableReason = "timeout" | "too-many-pending" | "error";

/**
 * A `RedisRateLimitStore` take got no answer from Redis, so the store cannot
 * say whether the tokens are there: the rate limit fails closed and the
 * request is refused. `reason` says why; `cause` holds the client's error
 * when Redis (or the connection) answered one.
 */
export class RateLimitStoreUnavailableError extends Error {
  /** The store's `timeoutMs`. */
  readonly timeoutMs: number;
  /** The store's `maxPendingTakes`. */
  readonly maxPendingTakes: number;

  constructor(
    /** Why the take got no answer. */
    readonly reason: RateLimitStoreUnavailableReason,
    limits: { timeoutMs: number; maxPendingTakes: number },
    options?: { cause: unknown },
  ) {
    const { timeoutMs, maxPendingTakes } = limits;
    const what =
      reason === "timeout"
        ? `Redis did not answer within ${timeoutMs} ms (RedisRateLimitStore timeoutMs); a take already sent may still land and spend its tokens`
        : reason === "too-many-pending"
          ? `${maxPendingTakes} takes were already waiting for Redis (RedisRateLimitStore maxPendingTakes), so this one was not sent`
          : `Redis failed: ${options?.cause instanceof Error ? options.cause.message : String(options?.cause)}`;
    super(
      `RedisRateLimitStore take: ${what}. The rate limit fails closed: this request is refused, not let through. ` +
        "Check that Redis is reachable, not overloaded and not out of memory (under maxmemory-policy noeviction a full Redis answers writes with an error); " +
        "the client reconnects on its own, so requests are served again as soon as Redis answers.",
      options,
    );
    this.name = "RateLimitStoreUnavailableError";
    this.timeoutMs = timeoutMs;
    this.maxPendingTakes = maxPendingTakes;
  }
}

/** What a `RedisConcurrencyStore` call was doing when it got no answer. */
export type ConcurrencyStoreOperation = "acquire" | "renew" | "release";

/** Why a `RedisConcurrencyStore` call got no answer: Redis was too slow, too many acquires were waiting, or Redis answered an error. */
export type ConcurrencyStoreUnavailableReason = "timeout" | "too-many-pending" | "error";

/**
 * A `RedisConcurrencyStore` call got no answer from Redis. For an acquire the
 * store cannot say whether a slot is free: the concurrency limit fails closed
 * and the request is refused. A renewal or release that fails is let go: the
 * lease ends by itself within its `leaseMs`. `reason` says why; `cause`
 * holds the client's error when Redis (or the connection) answered one.
 */
export class ConcurrencyStoreUnavailableError extends Error {
  /** The store's `timeoutMs`. */
  readonly timeoutMs: number;
  /** The store's `maxPendingAcquires`. */
  readonly maxPendingAcquires: number;

  constructor(
    /** The call that got no answer. */
    readonly operation: ConcurrencyStoreOperation,
    /** Why it got no answer. */
    readonly reason: ConcurrencyStoreUnavailableReason,
    limits: { timeoutMs: number; maxPendingAcquires: number },
    options?: { cause: unknown },
  ) {
    const { timeoutMs, maxPendingAcquires } = limits;
    const what =
      reason === "timeout"
        ? `Redis did not answer within ${timeoutMs} ms (RedisConcurrencyStore timeoutMs)${operation === "acquire" ? "; an acquire already sent may still land and hold its slot until its lease ends" : ""}`
        : reason === "too-many-pending"
          ? `${maxPendingAcquires} acquires were already waiting for Redis (RedisConcurrencyStore maxPendingAcquires), so this one was not sent`
          : `Redis failed: ${options?.cause instanceof Error ? options.cause.message : String(options?.cause)}`;
    const outcome =
      operation === "acquire" ? "The concurrency limit fails closed: this request is refused, not let through." : "The lease ends by itself once its leaseMs has passed.";
    super(
      `RedisConcurrencyStore ${operation}: ${what}. ${outcome} ` +
        "Check that Redis is reachable, not overloaded and not out of memory (under maxmemory-policy noeviction a full Redis answers writes with an error); " +
        "the client reconnects on its own, so requests are served again as soon as Redis answers.",
      options,
    );
    this.name = "ConcurrencyStoreUnavailableError";
    this.timeoutMs = timeoutMs;
    this.maxPendingAcquires = maxPendingAcquires;
  }
}
