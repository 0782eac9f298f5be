/**
 * A ReplayGuard on Redis: `ctx.consumeOnce()` holds across every server
 * instance that shares one Redis (or one Redis Cluster).
 *
 * A claim is one atomic command, `SET <key> 1 NX PX <ttl>` (claim-once.ts,
 * shared with the DPoP replay cache): it succeeds for the first claim of a
 * state and fails for every later one until the key expires. The TTL is
 * computed here from the state's own `expiresAt` plus the clock skew the
 * codec allows, and sent as a duration (PX), not a moment (PXAT), so Redis's
 * clock plays no part: the key lives exactly as long as this server would
 * still open the state.
 *
 * Failure policy: a claim that Redis does not answer within `timeoutMs` (down,
 * unreachable, overloaded, out of memory under `noeviction`) fails closed,
 * throwing `ReplayGuardUnavailableError`, which `consumeOnce` lets through to
 * the client and the host's `onError`. Only `onUnavailable: "fail-open"`
 * changes that. A timed-out claim that had not been sent yet is withdrawn from
 * the client's queue, so it cannot land later; one already sent may still
 * land, and then that state counts as used (at most once, never twice).
 */
import { createClient, type RedisClientOptions } from "@redis/client";
import { ReplayGuardUnavailableError, type ReplayGuard } from "@mrtr/server";
import { MemoryReplayGuard } from "@mrtr/server/request-state";
import { ClaimOnce, type RedisClaimClient } from "./claim-once.js";
import { RedisClaimTimeoutError, TooManyPendingClaimsError } from "./errors.js";
import { checkKeyPrefix, DEFAULT_KEY_PREFIX, REPLAY_CLAIMS } from "./replay-key.js";

/** Options of {@link RedisReplayGuard}: `client`, or `url` / `clientOptions` for a client of the guard's own. */
export interface RedisReplayGuardOptions {
  /**
   * A node-redis client or cluster you own (`createClient()` / `createCluster()`
   * of `redis` or `@redis/client`): you connect it, listen to its "error"
   * events and close it. For Redis Cluster, Sentinel, TLS set-ups you already have.
   */
  client?: RedisClaimClient;
  /** `redis://…` or `rediss://…`: the guard creates, connects and (on `close()`) closes its own client. */
  url?: string;
  /** node-redis options of the guard's own client (`url` above takes precedence over theirs). */
  clientOptions?: RedisClientOptions;
  /** Prefix of every key (default `mrtr:replay:`): 1 to 128 printable ASCII characters, no spaces or braces. */
  keyPrefix?: string;
  /** Longest wait for Redis per claim, in ms (default 1000, from 1 to 60 000). */
  timeoutMs?: number;
  /** Most claims waiting for Redis at once (default 10 000); a claim beyond them gets no answer at once. */
  maxPendingClaims?: number;
  /**
   * How long past the state's `expiresAt` its claim is kept, in seconds
   * (default 30): at least the codec's `clockSkewSeconds`, since it still
   * opens a state that long after expiry.
   */
  clockSkewSeconds?: number;
  /**
   * What a claim that gets no answer from Redis does. `"fail-closed"` (the
   * default): throws `ReplayGuardUnavailableError`; the request is refused.
   * `"fail-open"`: this process's memory decides alone (single use per
   * instance only, while Redis is away: a state can then be used once on each
   * instance), and the failure goes to `onError`.
   */
  onUnavailable?: "fail-closed" | "fail-open";
  /**
   * Errors of the guard's own client (connection lost, reconnect attempts) and
   * the Redis failures behind fail-open claims. Default: ignored (in
   * fail-closed mode each failed claim reaches the server's `onError` anyway).
   */
  onError?: (error: unknown) => void;
  /** Clock in ms since the epoch (default `Date.now`); for tests. */
  now?: () => number;
}

/** The guard's own client reconnects forever: quickly at first, then every second at most. */
const reconnectForever = (retries: number) => Math.min(50 * 2 ** retries, 1000) + Math.floor(Math.random() * 100);

/** A {@link ReplayGuard} whose claims live in Redis, shared by every server instance that uses it. */
export class RedisReplayGuard implements ReplayGuard {
  readonly #client: RedisClaimClient;
  /** The client the guard created, if it did (it closes only that one). */
  readonly #own: ReturnType<typeof createClient> | undefined;
  readonly #claims: ClaimOnce;

  /** Throws `RangeError` for options out of range, or for both or neither of `client` and `url`/`clientOptions`. */
  constructor(options: RedisReplayGuardOptions) {
    const {
      client,
      url,
      clientOptions,
      keyPrefix = DEFAULT_KEY_PREFIX,
      timeoutMs = 1000,
      maxPendingClaims = 10_000,
      clockSkewSeconds = 30,
      onUnavailable = "fail-closed",
      onError,
      now = Date.now,
    } = options ?? {};
    const owned = url !== undefined || clientOptions !== undefined;
    if ((client === undefined) === !owned) {
      throw new RangeError("RedisReplayGuard: pass either `client` (a node-redis client or cluster you connect) or `url`/`clientOptions` (the guard connects its own), not both or neither.");
    }
    if (client !== undefined && (typeof client !== "object" || typeof client.withCommandOptions !== "function")) {
      throw new RangeError("RedisReplayGuard: `client` must be a node-redis client or cluster (createClient() / createCluster() of `redis` or `@redis/client`).");
    }
    if (url !== undefined && (typeof url !== "string" || !/^rediss?:\/\//.test(url))) {
      throw new RangeError(`RedisReplayGuard: url must start with redis:// or rediss:// (got ${JSON.stringify(url)}).`);
    }
    if (!Number.isSafeInteger(timeoutMs) || timeoutMs < 1 || timeoutMs > 60_000) throw new RangeError("RedisReplayGuard: timeoutMs must be a whole number of ms from 1 to 60000.");
    if (!Number.isSafeInteger(maxPendingClaims) || maxPendingClaims < 1) throw new RangeError("RedisReplayGuard: maxPendingClaims must be a positive whole number.");
    if (typeof clockSkewSeconds !== "number" || !Number.isFinite(clockSkewSeconds) || clockSkewSeconds < 0) throw new RangeError("RedisReplayGuard: clockSkewSeconds must be a finite number >= 0.");
    if (onUnavailable !== "fail-closed" && onUnavailable !== "fail-open") throw new RangeError('RedisReplayGuard: onUnavailable must be "fail-closed" or "fail-open".');
    if (onError !== undefined && typeof onError !== "function") throw new RangeError("RedisReplayGuard: onError must be a function.");
    if (typeof now !== "function") throw new RangeError("RedisReplayGuard: now must be a function returning ms since the epoch.");

    const prefix = checkKeyPrefix(keyPrefix);
    const fallback = onUnavailable === "fail-open" ? new MemoryReplayGuard({ clockSkewSeconds, now }) : undefined;
    const report = (error: unknown) => {
      try {
        onError?.(error);
      } catch {
        // a failing hook must not change the guard's answer
      }
    };

    if (client !== undefined) {
      this.#client = client;
      this.#own = undefined;
    } else {
      const own = createClient({
        ...clientOptions,
        ...(url !== undefined && { url }),
        socket: { reconnectStrategy: reconnectForever, ...clientOptions?.socket },
      } as RedisClientOptions);
      // Without a listener, an "error" event (Redis going away) would end the process.
      own.on("error", report);
      own.connect().catch(report);
      this.#own = own;
      this.#client = own as unknown as RedisClaimClient;
    }
    this.#claims = new ClaimOnce({
      client: this.#client,
      kind: REPLAY_CLAIMS,
      prefix,
      timeoutMs,
      maxPendingClaims,
      graceMs: clockSkewSeconds * 1000,
      now,
      fallback,
      onError: report,
      unavailable: (cause) => new ReplayGuardUnavailableError({ cause }),
      timedOut: () => new RedisClaimTimeoutError(timeoutMs),
      tooManyPending: () => new TooManyPendingClaimsError(maxPendingClaims),
    });
  }

  /** Whether the client is connected to Redis right now (for health checks; claims do not wait for it). */
  get ready(): boolean {
    return this.#client.isReady;
  }

  /**
   * `true` the first time `id` is claimed while its state can be opened,
   * `false` after. Throws `ReplayGuardUnavailableError` when Redis gives no
   * answer in time (unless fail-open).
   */
  claim(id: string, expiresAt: number, owner?: string): Promise<boolean> {
    return this.#claims.claim(id, expiresAt, owner);
  }

  /** Closes the client the guard created (waiting for claims in flight when connected); a client passed as `client` is left to its owner. */
  async close(): Promise<void> {
    const own = this.#own;
    if (!own || !own.isOpen) return;
    if (own.isReady) await own.close();
    else own.destroy();
  }
}
