/**
 * Why a claim got no answer from Redis, beyond the client's own errors. Each
 * reaches the host as the `cause` of the server's `ReplayGuardUnavailableError`
 * (through `onError`), or through the guard's `onError` in fail-open mode.
 */

/** Redis did not answer a claim within `timeoutMs`. */
export class RedisClaimTimeoutError extends Error {
  constructor(readonly timeoutMs: number) {
    super(`Redis did not answer a single-use claim within ${timeoutMs} ms (RedisReplayGuard timeoutMs); is Redis reachable and not overloaded?`);
    this.name = "RedisClaimTimeoutError";
  }
}

/** `maxPendingClaims` claims were already waiting for Redis; this one was not sent. */
export class TooManyPendingClaimsError extends Error {
  constructor(readonly maxPendingClaims: number) {
    super(`${maxPendingClaims} single-use claims are already waiting for Redis (RedisReplayGuard maxPendingClaims); this one was not sent.`);
    this.name = "TooManyPendingClaimsError";
  }
}
