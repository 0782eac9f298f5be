/**
 * Single use for sealed states. A sealed state is bound to its principal,
 * request and expiry, but within those bounds it can be sent again; where a
 * state must be consumed at most once (a payment, a deletion), the server
 * claims its id after opening it and refuses the retry when the claim fails.
 *
 * What the in-memory guard remembers is held fairly (docs/architecture.md,
 * "Fair shares"): each claim names its owner (the caller's principal, or its
 * peer), and one owner may hold at most `maxEntriesPerOwner` live ids, less
 * than `maxEntries`. A live id is never forgotten early (that would let its
 * state be used twice), so past a share or the limit claims fail closed: the
 * owner past its share gets a `ShareExceededError`, everyone a `false` when
 * the guard is full.
 */
import { defaultShare } from "@mrtr/internal";
import { ShareExceededError } from "../errors.js";

/** Remembers which state ids have been used. */
export interface ReplayGuard {
  /**
   * `true` the first time `id` is claimed, `false` for every later claim
   * while the state can still be opened. `expiresAt` (ms since the epoch, the
   * opened state's `expiresAt`) says how long the id must be remembered.
   * A guard that cannot answer (its store is down or slow) throws, preferably a
   * `ReplayGuardUnavailableError`; `consumeOnce` then fails closed. `owner`
   * (the caller's fair-share owner: `principal:…`, `peer:…`) lets a guard
   * hold each caller to a share; a `ShareExceededError` thrown for it reaches
   * the caller as it is (HTTP 429).
   */
  claim(id: string, expiresAt: number, owner?: string): boolean | Promise<boolean>;
}

/** Options of {@link MemoryReplayGuard}. */
export interface MemoryReplayGuardOptions {
  /** Most ids remembered at once (default 100 000, a few MB). When full of live ids, claims fail (see {@link MemoryReplayGuard}). */
  maxEntries?: number;
  /** Most live ids one owner's claims hold at once (default 10 000, less than `maxEntries`); past it that owner's claims throw `ShareExceededError`. */
  maxEntriesPerOwner?: number;
  /** Clock in ms since the epoch (default `Date.now`); for tests. */
  now?: () => number;
  /**
   * How long past `expiresAt` an id is still remembered, in seconds (default
   * 30). Must be at least the codec's `clockSkewSeconds`, since the codec
   * still opens a state that long after its expiry.
   */
  clockSkewSeconds?: number;
}

/**
 * A {@link ReplayGuard} in this process's memory. It forgets an id once the
 * state it belongs to can no longer be opened (`expiresAt` plus the clock
 * skew), so memory follows the number of live states, and it never holds more
 * than `maxEntries` ids. When that many live ids are held it fails closed:
 * claims return `false` until some expire, because forgetting a live id would
 * let its state be used twice. Size it above the peak number of states
 * claimed per TTL.
 *
 * One process only: with several server instances behind a load balancer,
 * use a {@link ReplayGuard} over a store they share (`@mrtr/redis`, or your
 * own over an atomic "set if absent, with expiry").
 */
export class MemoryReplayGuard implements ReplayGuard {
  /** id -> moment (ms) after which it is forgotten, and its owner; Map order is claim order. */
  readonly #seen = new Map<string, { forgetAt: number; owner: string }>();
  /** Live ids per owner. */
  readonly #owned = new Map<string, number>();
  readonly #maxEntries: number;
  readonly #maxPerOwner: number;
  readonly #now: () => number;
  readonly #skewMs: number;
  /** No id is forgotten before this moment, so a full sweep before it finds nothing. */
  #nothingExpiresBefore = 0;

  /** Throws `RangeError` for a `maxEntries` that is not a positive integer, a share not below it, or a negative `clockSkewSeconds`. */
  constructor(options: MemoryReplayGuardOptions = {}) {
    const { maxEntries = 100_000, now = Date.now, clockSkewSeconds = 30 } = options;
    if (!Number.isSafeInteger(maxEntries) || maxEntries < 1) throw new RangeError("MemoryReplayGuard: maxEntries must be a positive integer.");
    const maxPerOwner = options.maxEntriesPerOwner ?? defaultShare(maxEntries, 10_000);
    if (!Number.isSafeInteger(maxPerOwner) || maxPerOwner < 1 || (maxEntries > 1 && maxPerOwner >= maxEntries)) {
      throw new RangeError(`MemoryReplayGuard: maxEntriesPerOwner (${String(maxPerOwner)}) must be a whole number of at least 1 and less than maxEntries (${maxEntries}).`);
    }
    this.#maxPerOwner = maxPerOwner;
    if (typeof clockSkewSeconds !== "number" || !Number.isFinite(clockSkewSeconds) || clockSkewSeconds < 0) throw new RangeError("MemoryReplayGuard: clockSkewSeconds must be a finite number >= 0.");
    if (typeof now !== "function") throw new RangeError("MemoryReplayGuard: now must be a function returning ms since the epoch.");
    this.#maxEntries = maxEntries;
    this.#now = now;
    this.#skewMs = clockSkewSeconds * 1000;
  }

  /** Number of ids currently remembered. */
  get size(): number {
    return this.#seen.size;
  }

  /** Live ids of `owner` (for tests and metrics). */
  heldBy(owner: string): number {
    return this.#owned.get(owner) ?? 0;
  }

  /**
   * `true` the first time `id` is claimed before it expires; `false` after,
   * and whenever the guard is full of live ids. Throws `ShareExceededError`
   * when `owner` holds its share of live ids already (default owner: `"anonymous"`).
   */
  claim(id: string, expiresAt: number, owner = "anonymous"): boolean {
    const now = this.#now();
    if (typeof id !== "string" || !Number.isFinite(expiresAt) || !Number.isFinite(now)) return false;
    const known = this.#seen.get(id);
    if (known !== undefined) {
      if (known.forgetAt > now) return false;
      this.#delete(id, known.owner);
    }
    const forgetAt = expiresAt + this.#skewMs;
    // Already unopenable: nothing to remember (the codec refuses the state anyway).
    if (forgetAt <= now) return true;
    this.#forgetOldest(now);
    if ((this.#owned.get(owner) ?? 0) >= this.#maxPerOwner) {
      this.#sweep(now);
      if ((this.#owned.get(owner) ?? 0) >= this.#maxPerOwner) {
        throw new ShareExceededError({
          scope: "share",
          limit: "single-use claims",
          message: `Too many single-use requests by one caller still remembered (maxEntriesPerOwner: ${this.#maxPerOwner}); try again once earlier ones expire.`,
          retryAfterSeconds: 30,
        });
      }
    }
    if (this.#seen.size >= this.#maxEntries) {
      this.#sweep(now);
      if (this.#seen.size >= this.#maxEntries) return false;
    }
    this.#seen.set(id, { forgetAt, owner });
    this.#owned.set(owner, (this.#owned.get(owner) ?? 0) + 1);
    if (forgetAt < this.#nothingExpiresBefore) this.#nothingExpiresBefore = forgetAt;
    return true;
  }

  #delete(id: string, owner: string): void {
    this.#seen.delete(id);
    const left = (this.#owned.get(owner) ?? 1) - 1;
    if (left <= 0) this.#owned.delete(owner);
    else this.#owned.set(owner, left);
  }

  /** Drops expired ids from the oldest end: cheap, and enough when every state has the same TTL. */
  #forgetOldest(now: number): void {
    for (const [id, entry] of this.#seen) {
      if (entry.forgetAt > now) return;
      this.#delete(id, entry.owner);
    }
  }

  /** Drops every expired id; skipped when none can have expired since the last sweep. */
  #sweep(now: number): void {
    if (now < this.#nothingExpiresBefore) return;
    let earliest = Infinity;
    for (const [id, entry] of this.#seen) {
      if (entry.forgetAt <= now) this.#delete(id, entry.owner);
      else if (entry.forgetAt < earliest) earliest = entry.forgetAt;
    }
    this.#nothingExpiresBefore = earliest;
  }
}
