/**
 * @mrtr/redis/concurrency-limit: a Redis-backed `ConcurrencyStore` for the
 * concurrency limit of @mrtr/server/middleware, so that a caller's share and
 * the total of requests served at once hold across every instance sharing
 * one Redis.
 *
 * @module
 */
export { REDIS_CONCURRENCY_STORE_DEFAULTS, RedisConcurrencyStore } from "./redis-concurrency-store.js";
export type { RedisConcurrencyClient, RedisConcurrencyStoreOptions } from "./redis-concurrency-store.js";
export type { ScriptCommands } from "../lua-script.js";
export { ConcurrencyStoreUnavailableError } from "../errors.js";
export type { ConcurrencyStoreOperation, ConcurrencyStoreUnavailableReason } from "../errors.js";
