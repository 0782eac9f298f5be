/**
 * A `DPoPReplayCache` on Redis: a DPoP proof accepted by one server instance
 * is refused as a replay by every instance that shares one Redis (or one
 * Redis Cluster).
 *
 * A claim is one atomic command, `SET <key> 1 NX PX <ttl>` (claim-once.ts,
 * shared with the replay guard), `OK` for the first use of a proof and nil
 * for any later one until the key expires. The TTL is what is left of the
 * proof's window (`expiresAt`, computed by `protect` from the proof's `iat`)
 * by this server's clock, sent as a duration, so Redis's clock plays no part.
 *
 * Failure policy, as the replay guard's: a claim Redis does not answer within
 * `timeoutMs`, or beyond `maxPendingClaims` waiting at once, throws
 * `DPoPReplayCacheUnavailableError` and `protect` refuses the request (503):
 * fail closed. A claim that timed out before it was sent is withdrawn from
 * the client's queue; one already sent may land, and that proof then counts
 * as used (a client makes a fresh proof per request anyway).
 * `onUnavailable: "fail-open"` lets this process's memory decide while Redis
 * is away.
 */
import { DPoPReplayCacheUnavailableError, MemoryDPoPReplayCache, type DPoPReplayCache } from "@mrtr/server/auth";
import { ClaimOnce, type RedisClaimClient } from "../claim-once.js";
import { DPoPClaimTimeoutError, TooManyPendingDPoPClaimsError } from "./dpop-claim-errors.js";
import { checkDPoPKeyPrefix, DEFAULT_DPOP_KEY_PREFIX, DPOP_CLAIMS } from "./dpop-replay-key.js";

/** Options of {@link RedisDPoPReplayCache}. */
export interface RedisDPoPReplayCacheOptions {
  /** A connected node-redis client or cluster you own (`createClient()` / `createCluster()` of `redis` or `@redis/client`): you connect it, listen to its "error" events and close it. */
  client: RedisClaimClient;
  /** Prefix of every key (default `mrtr:dpop:`): 1 to 128 printable ASCII characters, no spaces or braces. */
  keyPrefix?: string;
  /** Longest wait for Redis per claim, in ms (default 1000, from 1 to 60 000). */
  timeoutMs?: number;
  /** Most claims waiting for Redis at once (default 10 000); a claim beyond them gets no answer at once. */
  maxPendingClaims?: number;
  /**
   * What a claim that gets no answer from Redis does. `"fail-closed"` (the
   * default): throws `DPoPReplayCacheUnavailableError`; the request is
   * refused with 503. `"fail-open"`: this process's memory decides alone (a
   * proof could then be used once on each instance while Redis is away), and
   * the failure goes to `onError`.
   */
  onUnavailable?: "fail-closed" | "fail-open";
  /** The Redis failures behind fail-open claims. Default: ignored; a throwing hook is ignored. */
  onError?: (error: unknown) => void;
  /** Clock in ms since the epoch (default `Date.now`); for tests. */
  now?: () => number;
}

/** A {@link DPoPReplayCache} in Redis, shared by every server instance that uses it. */
export class RedisDPoPReplayCache implements DPoPReplayCache {
  readonly #client: RedisClaimClient;
  readonly #claims: ClaimOnce;

  /** Throws `RangeError` for a missing client or options out of range. */
  constructor(options: RedisDPoPReplayCacheOptions) {
    const { client, keyPrefix = DEFAULT_DPOP_KEY_PREFIX, timeoutMs = 1000, maxPendingClaims = 10_000, onUnavailable = "fail-closed", onError, now = Date.now } = options ?? {};
    if (typeof client !== "object" || client === null || typeof client.withCommandOptions !== "function") {
      throw new RangeError("RedisDPoPReplayCache: `client` must be a connected node-redis client or cluster (createClient() / createCluster() of `redis` or `@redis/client`).");
    }
    if (!Number.isSafeInteger(timeoutMs) || timeoutMs < 1 || timeoutMs > 60_000) throw new RangeError("RedisDPoPReplayCache: timeoutMs must be a whole number of ms from 1 to 60000.");
    if (!Number.isSafeInteger(maxPendingClaims) || maxPendingClaims < 1) throw new RangeError("RedisDPoPReplayCache: maxPendingClaims must be a positive whole number.");
    if (onUnavailable !== "fail-closed" && onUnavailable !== "fail-open") throw new RangeError('RedisDPoPReplayCache: onUnavailable must be "fail-closed" or "fail-open".');
    if (onError !== undefined && typeof onError !== "function") throw new RangeError("RedisDPoPReplayCache: onError must be a function.");
    if (typeof now !== "function") throw new RangeError("RedisDPoPReplayCache: now must be a function returning ms since the epoch.");
    this.#client = client;
    this.#claims = new ClaimOnce({
      client,
      kind: DPOP_CLAIMS,
      prefix: checkDPoPKeyPrefix(keyPrefix),
      timeoutMs,
      maxPendingClaims,
      graceMs: 0,
      now,
      fallback: onUnavailable === "fail-open" ? new MemoryDPoPReplayCache({ now }) : undefined,
      onError: (error) => {
        try {
          onError?.(error);
        } catch {
          // a failing hook must not change the answer
        }
      },
      unavailable: (cause) => new DPoPReplayCacheUnavailableError({ cause }),
      timedOut: () => new DPoPClaimTimeoutError(timeoutMs),
      tooManyPending: () => new TooManyPendingDPoPClaimsError(maxPendingClaims),
    });
  }

  /** Whether the client is connected to Redis right now (for health checks). */
  get ready(): boolean {
    return this.#client.isReady;
  }

  /**
   * `true` the first time the proof `id` is claimed within its window,
   * `false` after; a proof past its window is not remembered (`protect`
   * refuses it before asking). Throws `DPoPReplayCacheUnavailableError` when
   * Redis gives no answer in time (unless fail-open).
   */
  claim(id: string, expiresAt: number, owner?: string): Promise<boolean> {
    return this.#claims.claim(id, expiresAt, owner);
  }
}
