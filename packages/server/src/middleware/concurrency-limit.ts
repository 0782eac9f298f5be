/**
 * `concurrencyLimit()`: how many requests are served at once, per caller
 * (keyed by `call.owner`) and in all, by the one rule for held resources
 * (docs/architecture.md, "Fair shares"): past a caller's share a request is
 * refused at once (429 over HTTP, with `Retry-After`), and past the limit in
 * all too (503). Nothing waits in a queue: a refused client sends again.
 * Subscription streams (`subscriptions/listen`) are held by their own limits
 * and pass by this one.
 *
 * Without a `store` the count is this process's own (a `FairShare`, taken and
 * let go synchronously). With one (`RedisConcurrencyStore` from
 * `@mrtr/redis/concurrency-limit` for a fleet) each request holds a lease on
 * it, renewed while it runs (leased-concurrency.ts); a store that cannot
 * answer fails the call closed (503, `ConcurrencyUnavailableError`).
 */
import { FairShare, isShareRefusal, shareLimitsProblem } from "@mrtr/internal";
import { ServerDefinitionError, ShareExceededError } from "../errors.js";
import type { Middleware } from "../middleware-chain.js";
import type { ConcurrencyStore } from "./concurrency-store.js";
import { leasedConcurrency } from "./leased-concurrency.js";

/** Options of {@link concurrencyLimit}. */
export interface ConcurrencyLimitOptions {
  /** Requests one caller may have served at once (default 16). */
  perCaller?: number;
  /** Requests served at once in all (default 256); more than `perCaller`. */
  total?: number;
  /** Seconds a refused client is told to wait (default 1). */
  retryAfterSeconds?: number;
  /**
   * Where the slots are kept (default: this middleware's own count in this
   * process). `RedisConcurrencyStore` from `@mrtr/redis/concurrency-limit`
   * holds the limits across every instance sharing one Redis.
   */
  store?: ConcurrencyStore;
  /**
   * With a `store`: how long a request's slot is held without a renewal, in
   * ms (default 30 000, at least 30). A running request renews it every third
   * of that; the slots of an instance that dies are free again within it.
   */
  leaseMs?: number;
}

/** The defaults of {@link ConcurrencyLimitOptions}. */
export const CONCURRENCY_LIMIT_DEFAULTS = { perCaller: 16, total: 256, retryAfterSeconds: 1, leaseMs: 30_000 } as const satisfies Required<Omit<ConcurrencyLimitOptions, "store">>;

/** Longest lease: a renewal timer of a third of it must fit in a timer's 32-bit delay. */
const MAX_LEASE_MS = 2 ** 31 - 1;

/** A middleware that bounds the requests served at once, per caller and in all. */
export function concurrencyLimit(options: ConcurrencyLimitOptions = {}): Middleware {
  const { perCaller, total, retryAfterSeconds, leaseMs, store } = { ...CONCURRENCY_LIMIT_DEFAULTS, ...options };
  const limits = {
    name: "requests served at once",
    total,
    perOwner: perCaller,
    retryAfterSeconds,
    options: { total: "concurrencyLimit({ total })", perOwner: "concurrencyLimit({ perCaller })" },
  };
  const problem = shareLimitsProblem(limits);
  if (problem) throw new ServerDefinitionError(problem);
  if (!Number.isSafeInteger(leaseMs) || leaseMs < 30 || leaseMs > MAX_LEASE_MS) {
    throw new ServerDefinitionError(`concurrencyLimit({ leaseMs }) must be a whole number of ms from 30 to ${MAX_LEASE_MS} (got ${String(leaseMs)}).`);
  }
  return store ? leasedConcurrency(store, { perCaller, total, leaseMs, retryAfterSeconds }) : inProcess(new FairShare(limits));
}

/** The count of this process: a hold on `share` while a request runs. */
function inProcess(share: FairShare): Middleware {
  // Work running for someone is never let go to make room.
  const running = { idle: () => false, evict: () => undefined };
  return async (call, next) => {
    if (call.method === "subscriptions/listen") return next();
    const hold = share.acquire(call.owner, running);
    if (isShareRefusal(hold)) throw new ShareExceededError(hold);
    try {
      return await next();
    } finally {
      hold.release();
    }
  };
}
