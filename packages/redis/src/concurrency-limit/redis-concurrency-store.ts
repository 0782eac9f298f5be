/**
 * A `ConcurrencyStore` on Redis: every server instance sharing one Redis (or
 * one Redis Cluster) holds its requests' slots in the same sets, so a
 * caller's share and the total of `concurrencyLimit` hold for the fleet, not
 * per instance.
 *
 * A slot is a lease in two sorted sets (concurrency-keys.ts: the caller's,
 * keyed by its hashed key, and the total's), scored by when it expires by
 * Redis's own clock (`TIME`). An acquire is one Lua script
 * (concurrency-scripts.ts): it drops the expired leases of both sets, checks
 * the caller's count and the total's, and records the lease in both, or
 * refuses naming the limit. A renewal moves the lease's expiry (recording it
 * again if it was lost); a release removes it. The slots of an instance that
 * dies are free again once their leases expire.
 *
 * Failure policy: an acquire that Redis does not answer within `timeoutMs`
 * (down, unreachable, paused, answering an error such as OOM), or beyond
 * `maxPendingAcquires` waiting at once, rejects with
 * `ConcurrencyStoreUnavailableError`, and the concurrency limit that asked
 * fails closed. An acquire still queued when the time is up is withdrawn
 * (command-deadline.ts); one already sent may still land and hold its slot
 * until its lease ends (the limit then errs strict, never loose). Renewals and
 * releases have the same deadline; they are not counted against
 * `maxPendingAcquires` (there is at most one of each per request running).
 * Nothing is kept in this process: the store works again as soon as the
 * client has reconnected.
 */
import { randomUUID } from "node:crypto";
import type { AcquireResult, ConcurrencySlots, ConcurrencyStore } from "@mrtr/server/middleware";
import { ConcurrencyStoreUnavailableError, type ConcurrencyStoreOperation, type ConcurrencyStoreUnavailableReason } from "../errors.js";
import { runWithin, type LuaScript, type ScriptCommands } from "../lua-script.js";
import { DEFAULT_CONCURRENCY_KEY_PREFIX, leaseKeys, type LeaseKeys } from "./concurrency-keys.js";
import { ACQUIRE, RELEASE, RENEW } from "./concurrency-scripts.js";

/**
 * The part of a node-redis client or cluster the store uses: what
 * `createClient()` and `createCluster()` of `redis` or `@redis/client` return.
 */
export interface RedisConcurrencyClient {
  /** The client with per-command options (abort signal, timeout): what the store runs its scripts through. */
  withCommandOptions(options: { abortSignal: AbortSignal; timeout: number; typeMapping: {} }): ScriptCommands;
  /** Whether the client is connected and usable. */
  readonly isReady: boolean;
}

/** Options of {@link RedisConcurrencyStore}; the defaults are {@link REDIS_CONCURRENCY_STORE_DEFAULTS}. */
export interface RedisConcurrencyStoreOptions {
  /**
   * A connected node-redis client or cluster you own (`createClient()` /
   * `createCluster()` of `redis` or `@redis/client`): you connect it, listen
   * to its "error" events and close it.
   */
  client: RedisConcurrencyClient;
  /**
   * Prefix of every key (default `mrtr:conc:`): 1 to 128 printable ASCII
   * characters, no spaces or braces. Stores on one prefix share their slots
   * and their total; give limits that must count apart prefixes of their own.
   */
  keyPrefix?: string;
  /** Longest wait for Redis per call, in ms (default 1000, from 1 to 60 000); every request a concurrency limit guards waits this long at most while Redis is away. */
  timeoutMs?: number;
  /** Most acquires waiting for Redis at once (default 10 000); an acquire beyond them rejects at once, so an outage cannot pile up requests. */
  maxPendingAcquires?: number;
}

/** The defaults of {@link RedisConcurrencyStoreOptions}. */
export const REDIS_CONCURRENCY_STORE_DEFAULTS = {
  keyPrefix: DEFAULT_CONCURRENCY_KEY_PREFIX,
  timeoutMs: 1000,
  maxPendingAcquires: 10_000,
} as const satisfies Required<Omit<RedisConcurrencyStoreOptions, "client">>;

/** A {@link ConcurrencyStore} whose leases live in Redis, shared by every server instance that uses it. */
export class RedisConcurrencyStore implements ConcurrencyStore {
  readonly #client: RedisConcurrencyClient;
  readonly #keys: LeaseKeys;
  readonly #limits: { timeoutMs: number; maxPendingAcquires: number };
  #pending = 0;

  /** Throws `RangeError` for a missing client or options out of range. */
  constructor(options: RedisConcurrencyStoreOptions) {
    const {
      client,
      keyPrefix = REDIS_CONCURRENCY_STORE_DEFAULTS.keyPrefix,
      timeoutMs = REDIS_CONCURRENCY_STORE_DEFAULTS.timeoutMs,
      maxPendingAcquires = REDIS_CONCURRENCY_STORE_DEFAULTS.maxPendingAcquires,
    } = options ?? {};
    if (typeof client !== "object" || client === null || typeof client.withCommandOptions !== "function") {
      throw new RangeError("RedisConcurrencyStore: `client` must be a connected node-redis client or cluster (createClient() / createCluster() of `redis` or `@redis/client`).");
    }
    if (!Number.isSafeInteger(timeoutMs) || timeoutMs < 1 || timeoutMs > 60_000) throw new RangeError("RedisConcurrencyStore: timeoutMs must be a whole number of ms from 1 to 60000.");
    if (!Number.isSafeInteger(maxPendingAcquires) || maxPendingAcquires < 1) throw new RangeError("RedisConcurrencyStore: maxPendingAcquires must be a positive whole number.");
    this.#client = client;
    this.#keys = leaseKeys(keyPrefix);
    this.#limits = { timeoutMs, maxPendingAcquires };
  }

  /** Whether the client is connected to Redis right now (for health checks; calls do not wait for it). */
  get ready(): boolean {
    return this.#client.isReady;
  }

  /**
   * Takes a slot for `key` within `perCaller` and `total` live leases,
   * atomically across every store on this Redis and prefix, or takes none
   * and names the limit reached. Rejects with `RangeError` for a key or
   * limits out of range (whole numbers of at least 1), and with
   * `ConcurrencyStoreUnavailableError` when Redis gives no answer in time
   * (the limit fails closed).
   */
  async acquire(key: string, slots: ConcurrencySlots): Promise<AcquireResult> {
    checkAcquire(key, slots);
    if (this.#pending >= this.#limits.maxPendingAcquires) throw this.#unavailable("acquire", "too-many-pending");
    this.#pending++;
    const lease = randomUUID();
    let reply: unknown;
    try {
      reply = await this.#run("acquire", ACQUIRE, key, [String(slots.perCaller), String(slots.total), String(slots.leaseMs), lease]);
    } finally {
      this.#pending--;
    }
    if (reply === 1) return { ok: true, lease };
    if (reply === "share" || reply === "total") return { ok: false, scope: reply };
    throw this.#unavailable("acquire", "error", new Error(`the acquire script answered ${JSON.stringify(reply)}, neither 1, "share" nor "total"`));
  }

  /** Makes the lease expire `leaseMs` from now (recording it again if it was gone). Rejects with `RangeError` for arguments out of range, `ConcurrencyStoreUnavailableError` when Redis gives no answer in time. */
  async renew(key: string, lease: string, leaseMs: number): Promise<void> {
    checkLease(key, lease);
    checkWhole("leaseMs", leaseMs);
    await this.#run("renew", RENEW, key, [String(leaseMs), lease]);
  }

  /** Frees the lease's slot. Rejects with `RangeError` for arguments out of range, `ConcurrencyStoreUnavailableError` when Redis gives no answer in time (the lease then ends by itself). */
  async release(key: string, lease: string): Promise<void> {
    checkLease(key, lease);
    await this.#run("release", RELEASE, key, [lease]);
  }

  /** Runs one script on the caller's and the total's keys within `timeoutMs`. */
  async #run(operation: ConcurrencyStoreOperation, script: LuaScript, key: string, args: string[]): Promise<unknown> {
    return runWithin(this.#client, this.#limits.timeoutMs, script, this.#keys(key), args, (reason, cause) => this.#unavailable(operation, reason, cause));
  }

  #unavailable(operation: ConcurrencyStoreOperation, reason: ConcurrencyStoreUnavailableReason, cause?: unknown): ConcurrencyStoreUnavailableError {
    return new ConcurrencyStoreUnavailableError(operation, reason, this.#limits, reason === "error" ? { cause } : undefined);
  }
}

/** Throws `RangeError` unless `key` is a string and the limits and lease are whole numbers of at least 1. */
function checkAcquire(key: unknown, slots: ConcurrencySlots): void {
  if (typeof key !== "string") throw new RangeError("RedisConcurrencyStore acquire: key must be a string.");
  const { perCaller, total, leaseMs } = (slots ?? {}) as Partial<ConcurrencySlots>;
  checkWhole("perCaller", perCaller);
  checkWhole("total", total);
  checkWhole("leaseMs", leaseMs);
}

/** Throws `RangeError` unless `key` and `lease` are strings (a lease: not empty). */
function checkLease(key: unknown, lease: unknown): void {
  if (typeof key !== "string") throw new RangeError("RedisConcurrencyStore: key must be a string.");
  if (typeof lease !== "string" || lease === "") throw new RangeError("RedisConcurrencyStore: lease must be the id an acquire gave.");
}

/** Throws `RangeError` naming `name` unless `value` is a whole number of at least 1. */
function checkWhole(name: string, value: unknown): void {
  if (typeof value !== "number" || !Number.isSafeInteger(value) || value < 1) throw new RangeError(`RedisConcurrencyStore: ${name} must be a whole number of at least 1 (got ${String(value)}).`);
}
