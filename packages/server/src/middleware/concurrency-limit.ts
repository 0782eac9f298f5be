/**
 * `concurrencyLimit()`: how many requests are served at once, per caller
 * (keyed by `call.owner`) and in all, by the one rule for held resources
 * (docs/architecture.md, "Fair shares"): past a caller's share a request is
 * refused at once (429 over HTTP, with `Retry-After`), and past the limit in
 * all too (503). Nothing waits in a queue: a refused client sends again.
 * Subscription streams (`subscriptions/listen`) are held by their own limits
 * and pass by this one.
 */
import { FairShare, isShareRefusal, shareLimitsProblem } from "@mrtr/internal";
import { ServerDefinitionError, ShareExceededError } from "../errors.js";
import type { Middleware } from "../middleware-chain.js";

/** Options of {@link concurrencyLimit}. */
export interface ConcurrencyLimitOptions {
  /** Requests one caller may have served at once (default 16). */
  perCaller?: number;
  /** Requests served at once in all (default 256); more than `perCaller`. */
  total?: number;
  /** Seconds a refused client is told to wait (default 1). */
  retryAfterSeconds?: number;
}

/** The defaults of {@link ConcurrencyLimitOptions}. */
export const CONCURRENCY_LIMIT_DEFAULTS = { perCaller: 16, total: 256, retryAfterSeconds: 1 } as const satisfies Required<ConcurrencyLimitOptions>;

/** A middleware that bounds the requests served at once, per caller and in all. */
export function concurrencyLimit(options: ConcurrencyLimitOptions = {}): Middleware {
  const { perCaller, total, retryAfterSeconds } = { ...CONCURRENCY_LIMIT_DEFAULTS, ...options };
  const limits = {
    name: "requests served at once",
    total,
    perOwner: perCaller,
    retryAfterSeconds,
    options: { total: "concurrencyLimit({ total })", perOwner: "concurrencyLimit({ perCaller })" },
  };
  const problem = shareLimitsProblem(limits);
  if (problem) throw new ServerDefinitionError(problem);
  const share = new FairShare(limits);
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
