/**
 * Claiming an id once in Redis: what the replay guard (a state's id) and the
 * DPoP replay cache (a proof's key thumbprint and `jti`) both do, written once.
 *
 * A claim is one atomic command, `SET <key> 1 NX PX <ttl>`, on the key
 * `<prefix><base64url(SHA-256(label ‖ id))>`: `OK` for the first claim, nil
 * for any later one until the key expires. The id never reaches Redis as it
 * is, and each kind of claim hashes under a label of its own, so two kinds
 * never share a key. One key per command keeps every claim valid on a Redis
 * Cluster and spreads claims over its slots, so a prefix may not hold braces
 * (a hash tag would pin every claim to one slot). The TTL is computed here,
 * by this server's clock, and sent as a duration (PX, not PXAT), so Redis's
 * clock plays no part.
 *
 * Failure policy: a claim waits at most `timeoutMs` (command-deadline.ts: a
 * command still queued then is withdrawn and cannot land later; one already
 * sent may land, and that id then counts as used), and at most
 * `maxPendingClaims` wait at once. A claim that gets no answer throws its
 * owner's "unavailable" error (fail closed) or, given a fallback, lets this
 * process's memory decide and reports the failure (fail open).
 */
import { withinDeadline } from "./command-deadline.js";
import { checkPrefix, labelledHash } from "./hashed-key.js";

/**
 * The part of a node-redis client or cluster the replay guard and the DPoP
 * replay cache use: what `createClient()` and `createCluster()` of `redis` or
 * `@redis/client` return.
 */
export interface RedisClaimClient {
  /** The client with per-command options (abort signal, timeout): what claims are sent through. */
  withCommandOptions(options: { abortSignal: AbortSignal; timeout: number; typeMapping: {} }): {
    /** `SET key value NX PX ms`: the claim. */
    set(key: string, value: string, options: { condition: "NX"; expiration: { type: "PX"; value: number } }): Promise<unknown>;
  };
  /** Whether the client is connected and usable. */
  readonly isReady: boolean;
}

/** One kind of claim: the label its ids are hashed under, and the words its messages use. */
export interface ClaimKind {
  /** Hashed before each id, ending in NUL: `mrtr/replay-guard/v1\0`. */
  readonly label: string;
  /** The class that makes these claims, whose `keyPrefix` a refused prefix names: `RedisReplayGuard`. */
  readonly owner: string;
  /** What one claim stands for, in the words of a refused prefix: `claim`, `proof`. */
  readonly noun: string;
}

/** `prefix` when it is 1 to 128 printable ASCII characters without spaces or braces; else throws `RangeError` naming the owner's `keyPrefix`. */
export function checkClaimPrefix(kind: ClaimKind, prefix: unknown): string {
  return checkPrefix(prefix, `${kind.owner}: keyPrefix`, `braces would make a Redis Cluster hash tag and put every ${kind.noun} in one slot`);
}

/** The key under which `id` is claimed. */
export function claimKey(kind: ClaimKind, prefix: string, id: string): string {
  return prefix + labelledHash(kind.label, id);
}

/** What decides in this process's memory while Redis cannot (a `MemoryReplayGuard`, a `MemoryDPoPReplayCache`). */
export interface LocalClaims {
  /** `true` the first time `id` is claimed in this process before `expiresAt`, `false` after. */
  claim(id: string, expiresAt: number, owner?: string): boolean;
}

/** Where claims of one kind go, how long they wait, and what a claim that gets no answer does. */
export interface ClaimOnceOptions {
  /** The client the claims are sent through. */
  readonly client: RedisClaimClient;
  /** Their kind (the label of their keys). */
  readonly kind: ClaimKind;
  /** The checked prefix of their keys ({@link checkClaimPrefix}). */
  readonly prefix: string;
  /** Longest wait for Redis per claim, in ms. */
  readonly timeoutMs: number;
  /** Most claims waiting for Redis at once. */
  readonly maxPendingClaims: number;
  /** How long past its `expiresAt` a claim is kept, in ms. */
  readonly graceMs: number;
  /** Clock in ms since the epoch. */
  readonly now: () => number;
  /** Fail open: decides while Redis cannot, each failure going to `onError`. Absent: fail closed. */
  readonly fallback: LocalClaims | undefined;
  /** Hears the failures behind fail-open claims; must not throw. */
  readonly onError: (error: unknown) => void;
  /** The error a claim throws, fail closed, with Redis's failure as `cause`. */
  readonly unavailable: (cause: unknown) => Error;
  /** The failure of a claim Redis did not answer within `timeoutMs`. */
  readonly timedOut: () => Error;
  /** The failure of a claim not sent because `maxPendingClaims` were waiting. */
  readonly tooManyPending: () => Error;
}

/** Claims ids of one kind in Redis, each at most once while it is kept. */
export class ClaimOnce {
  readonly #options: ClaimOnceOptions;
  #pending = 0;

  constructor(options: ClaimOnceOptions) {
    this.#options = options;
  }

  /**
   * `true` the first time `id` is claimed while it is kept (until `expiresAt`
   * plus the grace), `false` after, and for an empty id or a time that is not
   * finite; `true` without asking Redis once that moment has passed (nothing
   * is left to remember). When Redis gives no answer: throws, or the fallback
   * decides.
   */
  async claim(id: string, expiresAt: number, owner?: string): Promise<boolean> {
    const { client, kind, prefix, timeoutMs, maxPendingClaims, graceMs, tooManyPending, timedOut } = this.#options;
    const now = this.#options.now();
    if (typeof id !== "string" || id === "" || !Number.isFinite(expiresAt) || !Number.isFinite(now)) return false;
    const ttlMs = Math.ceil(expiresAt + graceMs - now);
    if (ttlMs <= 0) return true;
    if (this.#pending >= maxPendingClaims) return this.#unavailable(id, expiresAt, owner, tooManyPending());
    this.#pending++;
    try {
      return await setOnce(client, claimKey(kind, prefix, id), ttlMs, timeoutMs, timedOut);
    } catch (error) {
      return this.#unavailable(id, expiresAt, owner, error);
    } finally {
      this.#pending--;
    }
  }

  #unavailable(id: string, expiresAt: number, owner: string | undefined, cause: unknown): boolean {
    const { fallback, onError, unavailable } = this.#options;
    if (!fallback) throw unavailable(cause);
    onError(cause);
    return fallback.claim(id, expiresAt, owner);
  }
}

/**
 * `SET <key> 1 NX PX <ttlMs>` within `timeoutMs` (withdrawn if still queued
 * then): `true` when this call set `key`, `false` when it was already set;
 * throws `timedOut()` after `timeoutMs`, the client's error, or for a reply
 * that is neither `OK` nor nil.
 */
async function setOnce(client: RedisClaimClient, key: string, ttlMs: number, timeoutMs: number, timedOut: () => Error): Promise<boolean> {
  const reply = await withinDeadline(timeoutMs, timedOut, (abortSignal) =>
    client
      // The client's own type mapping (Buffers for strings, …) must not change how "OK" reads.
      .withCommandOptions({ abortSignal, timeout: timeoutMs, typeMapping: {} })
      .set(key, "1", { condition: "NX", expiration: { type: "PX", value: ttlMs } }),
  );
  if (reply === "OK") return true;
  if (reply === null) return false;
  throw new Error(`Redis answered SET NX with ${JSON.stringify(reply)}, neither OK nor nil.`);
}
