/**
 * @mrtr/redis/dpop: a Redis-backed `DPoPReplayCache` for `protect` of
 * @mrtr/server/auth, so that a DPoP proof is accepted once across every
 * instance sharing one Redis.
 *
 * @module
 */
export { RedisDPoPReplayCache } from "./redis-dpop-replay-cache.js";
export type { RedisDPoPReplayCacheOptions } from "./redis-dpop-replay-cache.js";
export type { RedisClaimClient } from "../claim-once.js";
export { DPoPClaimTimeoutError, TooManyPendingDPoPClaimsError } from "./dpop-claim-errors.js";
export { DEFAULT_DPOP_KEY_PREFIX } from "./dpop-replay-key.js";
