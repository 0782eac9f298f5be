/**
 * @mrtr/redis: a Redis-backed `ReplayGuard` for `@mrtr/server`, so that
 * `ctx.consumeOnce()` holds across every instance sharing one Redis.
 *
 * @module
 */
export { RedisReplayGuard } from "./redis-replay-guard.js";
export type { RedisReplayGuardOptions } from "./redis-replay-guard.js";
export type { RedisClaimClient } from "./claim-once.js";
export { RedisClaimTimeoutError, TooManyPendingClaimsError } from "./errors.js";
export { DEFAULT_KEY_PREFIX, MAX_KEY_PREFIX_LENGTH } from "./replay-key.js";
