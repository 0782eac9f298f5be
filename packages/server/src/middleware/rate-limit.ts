/**
 * `rateLimit()`: token buckets per caller, inside a bucket for all callers.
 * A call takes `cost` tokens (default 1) from its caller's bucket (keyed by
 * `call.owner`: the principal, else the peer or connection) and then from
 * the total bucket; past either it is refused with `ShareExceededError`
 * (-32603 with `data.retryAfterSeconds`; over HTTP 429 for a caller's
 * bucket, 503 for the total, each with `Retry-After`). The buckets live in a
 * `RateLimitStore`: in memory by default, `RedisRateLimitStore` from
 * `@mrtr/redis/rate-limit` for a fleet. A store that cannot answer fails the
 * call closed (503, `RateLimitUnavailableError`).
 */
import { LimitStoreUnavailableError, ServerDefinitionError, ShareExceededError } from "../errors.js";
import type { Middleware, ServedCall } from "../middleware-chain.js";
import { MemoryRateLimitStore } from "./memory-rate-limit-store.js";
import type { RateLimitStore, TokenBucket } from "./rate-limit-store.js";

/** Options of {@link rateLimit}. */
export interface RateLimitOptions {
  /** Each caller's bucket (default 120 tokens, 2 per second). */
  perCaller?: TokenBucket;
  /** The bucket all callers share (default 10 000 tokens, 1 000 per second); its capacity must exceed a caller's. */
  total?: TokenBucket;
  /** Where the buckets are kept (default a `MemoryRateLimitStore` for this middleware). */
  store?: RateLimitStore;
  /** Tokens a call takes (default 1 for every request); 0 lets it through uncounted. At most the caller's capacity. */
  cost?: (call: ServedCall) => number;
  /** The key of a caller's bucket (default `call.owner`). */
  key?: (call: ServedCall) => string;
}

/** The defaults of {@link RateLimitOptions}. */
export const RATE_LIMIT_DEFAULTS = {
  perCaller: { capacity: 120, refillPerSecond: 2 },
  total: { capacity: 10_000, refillPerSecond: 1_000 },
} as const satisfies Pick<Required<RateLimitOptions>, "perCaller" | "total">;

/**
 * The rate limit's store could not answer: the call is refused (fail closed).
 * A {@link LimitStoreUnavailableError}: 503 with `Retry-After` over HTTP,
 * -32603 with `data: { kind: "limit-store-unavailable", limit: "rateLimit",
 * retryAfterSeconds }` elsewhere; the store's failure is the `cause`.
 */
export class RateLimitUnavailableError extends LimitStoreUnavailableError {
  constructor(cause: unknown) {
    super("rateLimit", "The rate limit could not be checked (its store did not answer), so the request was refused; send it again in 1 s. Server operators: check the store (Redis) that rateLimit uses.", { cause });
    this.name = "RateLimitUnavailableError";
  }
}

/** A middleware that limits the rate of requests per caller, inside a rate for all. */
export function rateLimit(options: RateLimitOptions = {}): Middleware {
  const perCaller = options.perCaller ?? RATE_LIMIT_DEFAULTS.perCaller;
  const total = options.total ?? RATE_LIMIT_DEFAULTS.total;
  checkBucket(perCaller, "perCaller");
  checkBucket(total, "total");
  if (total.capacity <= perCaller.capacity) throw new ServerDefinitionError("rateLimit: total.capacity must exceed perCaller.capacity, so one caller cannot use up what others need.");
  const store = options.store ?? new MemoryRateLimitStore();
  const cost = options.cost ?? (() => 1);
  const key = options.key ?? ((call: ServedCall) => call.owner);
  return async (call, next) => {
    const tokens = cost(call);
    if (tokens === 0) return next();
    if (!(tokens > 0) || tokens > perCaller.capacity) throw new ServerDefinitionError(`rateLimit: cost(call) gave ${tokens} for ${call.method}; it must be a number from 0 to perCaller.capacity (${perCaller.capacity}).`);
    await take(store, `caller:${key(call)}`, perCaller, tokens, "share");
    await take(store, "total", total, tokens, "total");
    return next();
  };
}

async function take(store: RateLimitStore, key: string, bucket: TokenBucket, tokens: number, scope: "share" | "total"): Promise<void> {
  let taken;
  try {
    taken = await store.take(key, bucket, tokens);
  } catch (error) {
    throw new RateLimitUnavailableError(error);
  }
  if (taken.ok) return;
  const who = scope === "share" ? "this caller" : "all callers together";
  throw new ShareExceededError({
    scope,
    limit: "rateLimit",
    retryAfterSeconds: taken.retryAfterSeconds,
    message: `Too many requests from ${who} (rateLimit ${scope === "share" ? "perCaller" : "total"}: ${bucket.capacity} at once, ${bucket.refillPerSecond} per second); send it again in ${Math.ceil(taken.retryAfterSeconds)} s.`,
  });
}

function checkBucket(bucket: TokenBucket, name: string): void {
  if (!(bucket.capacity >= 1) || !(bucket.refillPerSecond > 0) || !Number.isFinite(bucket.capacity) || !Number.isFinite(bucket.refillPerSecond)) {
    throw new ServerDefinitionError(`rateLimit: ${name} needs a capacity of at least 1 and a refillPerSecond above 0 (got ${JSON.stringify(bucket)}).`);
  }
}
