/**
 * The memory of DPoP proofs already used (RFC 9449 §11.1): a proof is
 * accepted once, by its `jti` (scoped to its key), for as long as its `iat`
 * keeps it acceptable; a second use within that window is a replay. In
 * memory by default (one process); several instances behind one endpoint
 * need a shared cache, such as `RedisDPoPReplayCache` of `@mrtr/redis/dpop`.
 */
import { MemoryReplayGuard } from "../request-state/replay-guard.js";

/** Where `protect` records the proofs it accepted. */
export interface DPoPReplayCache {
  /**
   * `true` the first time `id` is claimed, `false` for every later claim
   * before `expiresAt` (ms since the epoch: when the proof's `iat` stops
   * being acceptable). A cache that cannot answer throws (preferably a
   * {@link DPoPReplayCacheUnavailableError}); `protect` then refuses the
   * request with 503: fail closed. `owner` (the token's principal) lets a
   * cache hold each caller to a share; a `ShareExceededError` thrown for it
   * is answered 429.
   */
  claim(id: string, expiresAt: number, owner?: string): boolean | Promise<boolean>;
}

/** The replay cache could not say whether a proof was used before; the request was refused (503). `cause`: the store's failure. */
export class DPoPReplayCacheUnavailableError extends Error {
  constructor(options?: { cause: unknown }) {
    super("DPoP replay check unavailable: the server could not confirm this proof was not used before, so the request was refused; retry later.", options);
    this.name = "DPoPReplayCacheUnavailableError";
  }
}

/** Options of {@link MemoryDPoPReplayCache}. */
export interface MemoryDPoPReplayCacheOptions {
  /** Most proofs remembered at once (default 100 000); when that many are all still live, further proofs are refused (fail closed). */
  maxEntries?: number;
  /**
   * Most live proofs of one caller (the token's principal) remembered at once
   * (default 10 000, less than `maxEntries`): past it that caller's requests
   * get 429 until its proofs age out, and nobody else's are refused.
   */
  maxEntriesPerOwner?: number;
  /** Clock in ms since the epoch (default `Date.now`); for tests. */
  now?: () => number;
}

/**
 * A bounded in-process {@link DPoPReplayCache}: entries are forgotten once
 * their proof's window has passed; each caller holds at most its share of
 * them (docs/architecture.md, "Fair shares").
 */
export class MemoryDPoPReplayCache implements DPoPReplayCache {
  readonly #seen: MemoryReplayGuard;

  /** Throws `RangeError` for a `maxEntries` that is not a positive integer. */
  constructor(options: MemoryDPoPReplayCacheOptions = {}) {
    const { maxEntries = 100_000, now = Date.now } = options;
    if (!Number.isSafeInteger(maxEntries) || maxEntries < 1) throw new RangeError("MemoryDPoPReplayCache: maxEntries must be a positive integer.");
    // The same bounded, expiring claim set as single-use request states, without their clock skew (the proof window includes it).
    this.#seen = new MemoryReplayGuard({ maxEntries, now, clockSkewSeconds: 0, ...(options.maxEntriesPerOwner !== undefined && { maxEntriesPerOwner: options.maxEntriesPerOwner }) });
  }

  /** Number of proofs currently remembered. */
  get size(): number {
    return this.#seen.size;
  }

  /** `true` the first time; `false` for a replay or a full cache; throws `ShareExceededError` for a caller past its share. */
  claim(id: string, expiresAt: number, owner?: string): boolean {
    return this.#seen.claim(id, expiresAt, owner);
  }
}
