/**
 * Concurrency slots in this process's memory, for one server instance: a
 * lease per request held, by key. What it keeps is bounded by the limits it
 * is asked for: an acquire past `total` live leases is refused, and a key
 * with no lease left is forgotten.
 *
 * Leases are kept in the order they were taken or last renewed, so the
 * expired ones are found at the front. When one store is given leases of
 * different lengths, a longer lease at the front holds back the dropping of
 * expired ones behind it until it expires too: the limit then errs strict,
 * never loose.
 */
import type { AcquireResult, ConcurrencySlots, ConcurrencyStore } from "./concurrency-store.js";

/** Options of {@link MemoryConcurrencyStore}. */
export interface MemoryConcurrencyStoreOptions {
  /** The clock, in ms (default `Date.now`). */
  now?: () => number;
}

interface Lease {
  readonly key: string;
  readonly expires: number;
}

/** Concurrency slots in memory (one instance; use `@mrtr/redis/concurrency-limit` for a fleet). */
export class MemoryConcurrencyStore implements ConcurrencyStore {
  /** By lease id, oldest taken or renewed first. */
  readonly #leases = new Map<string, Lease>();
  readonly #byKey = new Map<string, Set<string>>();
  readonly #now: () => number;
  #next = 0;

  constructor(options: MemoryConcurrencyStoreOptions = {}) {
    this.#now = options.now ?? Date.now;
  }

  async acquire(key: string, slots: ConcurrencySlots): Promise<AcquireResult> {
    const now = this.#now();
    this.#dropExpired(now);
    if ((this.#byKey.get(key)?.size ?? 0) >= slots.perCaller) return { ok: false, scope: "share" };
    if (this.#leases.size >= slots.total) return { ok: false, scope: "total" };
    const lease = String(++this.#next);
    this.#record(lease, key, now + slots.leaseMs);
    return { ok: true, lease };
  }

  async renew(key: string, lease: string, leaseMs: number): Promise<void> {
    this.#drop(lease);
    this.#record(lease, key, this.#now() + leaseMs);
  }

  async release(_key: string, lease: string): Promise<void> {
    this.#drop(lease);
  }

  #record(lease: string, key: string, expires: number): void {
    this.#leases.set(lease, { key, expires });
    let mine = this.#byKey.get(key);
    if (!mine) this.#byKey.set(key, (mine = new Set()));
    mine.add(lease);
  }

  #drop(lease: string): void {
    const held = this.#leases.get(lease);
    if (!held) return;
    this.#leases.delete(lease);
    const mine = this.#byKey.get(held.key)!;
    mine.delete(lease);
    if (mine.size === 0) this.#byKey.delete(held.key);
  }

  #dropExpired(now: number): void {
    for (const [lease, held] of this.#leases) {
      if (held.expires > now) return;
      this.#drop(lease);
    }
  }
}
