/**
 * @mrtr/redis/rate-limit: a Redis-backed `RateLimitStore` for the rate limits
 * of @mrtr/server/middleware, so that a limit holds across every instance
 * sharing one Redis.
 *
 * @module
 */
export { REDIS_RATE_LIMIT_STORE_DEFAULTS, RedisRateLimitStore } from "./redis-rate-limit-store.js";
export type { RedisRateLimitClient, RedisRateLimitStoreOptions } from "./redis-rate-limit-store.js";
export type { ScriptCommands } from "../lua-script.js";
export { RateLimitStoreUnavailableError } from "../errors.js";
export type { RateLimitStoreUnavailableReason } from "../errors.js";
