/**
 * Where a concurrency limit keeps its slots: each request served holds one
 * slot under its caller's key, counted against the caller's share and the
 * total at once. A slot is a lease: it ends when released, or by itself
 * `leaseMs` after it was taken or last renewed, so the slots of an instance
 * that dies mid-request are free again within one lease. `concurrencyLimit`
 * renews a running request's lease every third of it and releases it when the
 * request ends. In memory (`MemoryConcurrencyStore`) for one instance;
 * `RedisConcurrencyStore` from `@mrtr/redis/concurrency-limit` shares the
 * slots of a fleet. A store that cannot answer rejects: the limit then fails
 * closed.
 */

/** The limits of one acquire, and how long its lease lasts unrenewed. */
export interface ConcurrencySlots {
  /** Most leases one key holds at once (at least 1, less than `total`). */
  readonly perCaller: number;
  /** Most leases all keys hold at once. */
  readonly total: number;
  /** How long a lease lasts without a renewal, in ms. */
  readonly leaseMs: number;
}

/** What asking for a slot came to. */
export type AcquireResult =
  | {
      /** A slot is held. */
      readonly ok: true;
      /** The lease's id, for `renew` and `release`. */
      readonly lease: string;
    }
  | {
      /** No slot: nothing is held. */
      readonly ok: false;
      /** `share`: the key holds `perCaller` already (HTTP 429); `total`: all keys hold `total` (HTTP 503). */
      readonly scope: "share" | "total";
    };

/** The slots of a concurrency limit, as leases. */
export interface ConcurrencyStore {
  /**
   * Takes a slot for `key` when the key holds fewer than `perCaller` live
   * leases and all keys fewer than `total` (leases past their expiry are not
   * counted), both checked and taken atomically; or takes none and says
   * which limit was reached. Nothing waits. Rejects when the store cannot
   * answer (the limit fails closed).
   */
  acquire(key: string, slots: ConcurrencySlots): Promise<AcquireResult>;
  /**
   * Makes the lease last `leaseMs` from now. A lease already gone (expired,
   * or lost with the store's data) is recorded again: the request it belongs
   * to still runs. Rejects when the store cannot answer.
   */
  renew(key: string, lease: string, leaseMs: number): Promise<void>;
  /** Frees the lease's slot (a lease already gone: nothing happens). Rejects when the store cannot answer; the lease then ends by itself. */
  release(key: string, lease: string): Promise<void>;
}
