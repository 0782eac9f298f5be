/**
 * `concurrencyLimit({ store })`: each request holds a lease on the store
 * under its caller's key (`call.owner`) while it runs. The lease is taken
 * before the request is served (past the caller's share or the total the
 * request is refused at once, 429 or 503 with `Retry-After`; a store that
 * cannot answer refuses it too, `ConcurrencyUnavailableError`), renewed
 * every third of `leaseMs` while it runs, and released when it ends, before
 * its answer goes out. A renewal or release the store does not answer is let
 * go: the lease then ends by itself within `leaseMs`.
 */
import { ShareExceededError } from "../errors.js";
import type { Middleware } from "../middleware-chain.js";
import { ConcurrencyUnavailableError } from "./concurrency-unavailable-error.js";
import type { ConcurrencySlots, ConcurrencyStore } from "./concurrency-store.js";

/** The limits of a store-backed concurrency limit. */
export interface LeasedLimits extends ConcurrencySlots {
  /** Seconds a refused client is told to wait. */
  readonly retryAfterSeconds: number;
}

/** What {@link ShareExceededError}s of this limit name as the thing held. */
const HELD = "requests served at once";

/** A middleware that holds a lease on `store` for each request it serves. */
export function leasedConcurrency(store: ConcurrencyStore, limits: LeasedLimits): Middleware {
  const slots: ConcurrencySlots = { perCaller: limits.perCaller, total: limits.total, leaseMs: limits.leaseMs };
  return async (call, next) => {
    if (call.method === "subscriptions/listen") return next();
    const key = call.owner;
    const lease = await acquire(store, key, slots, limits.retryAfterSeconds);
    const renewal = renewEvery(store, key, lease, limits.leaseMs);
    try {
      return await next();
    } finally {
      await renewal.stop();
      await store.release(key, lease).catch(() => undefined);
    }
  };
}

/** The lease's id, or the error the request is refused with. */
async function acquire(store: ConcurrencyStore, key: string, slots: ConcurrencySlots, retryAfterSeconds: number): Promise<string> {
  let taken;
  try {
    taken = await store.acquire(key, slots);
  } catch (error) {
    throw new ConcurrencyUnavailableError(error, retryAfterSeconds);
  }
  if (taken.ok) return taken.lease;
  const message =
    taken.scope === "share"
      ? `Too many ${HELD} for one caller (its share: ${slots.perCaller} by concurrencyLimit({ perCaller })). Let some finish, then send it again.`
      : `Too many ${HELD} in all (${slots.total} by concurrencyLimit({ total })). Try again in ${retryAfterSeconds} s.`;
  throw new ShareExceededError({ scope: taken.scope, limit: HELD, message, retryAfterSeconds });
}

/** Renews the lease every third of `leaseMs` until stopped; `stop` waits for renewals still on their way, so none lands after the release. */
function renewEvery(store: ConcurrencyStore, key: string, lease: string, leaseMs: number): { stop(): Promise<unknown> } {
  const sent = new Set<Promise<void>>();
  const timer = setInterval(() => {
    const renewal = store.renew(key, lease, leaseMs).catch(() => undefined);
    sent.add(renewal);
    void renewal.then(() => sent.delete(renewal));
  }, Math.max(1, Math.floor(leaseMs / 3)));
  return {
    stop() {
      clearInterval(timer);
      return Promise.all(sent);
    },
  };
}
