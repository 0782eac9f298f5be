/**
 * Why `RedisDPoPReplayCache` got no answer from Redis, beyond the client's own
 * errors: each reaches the host as the `cause` of the
 * `DPoPReplayCacheUnavailableError` that refuses the request (503), or through
 * the cache's `onError` in fail-open mode.
 */

/** Redis did not answer a proof's claim within `timeoutMs`. */
export class DPoPClaimTimeoutError extends Error {
  constructor(
    /** The limit it waited, in ms. */
    readonly timeoutMs: number,
  ) {
    super(`Redis did not answer a DPoP proof's replay check within ${timeoutMs} ms (RedisDPoPReplayCache timeoutMs); is Redis reachable and not overloaded?`);
    this.name = "DPoPClaimTimeoutError";
  }
}

/** `maxPendingClaims` claims were already waiting for Redis; this one was not sent. */
export class TooManyPendingDPoPClaimsError extends Error {
  constructor(
    /** The limit of claims waiting at once. */
    readonly maxPendingClaims: number,
  ) {
    super(`${maxPendingClaims} DPoP replay checks are already waiting for Redis (RedisDPoPReplayCache maxPendingClaims); this one was not sent.`);
    this.name = "TooManyPendingDPoPClaimsError";
  }
}
