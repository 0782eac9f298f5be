/**
 * `@mrtr/server/middleware`: middlewares for `server.use(...)` — rate
 * limits, concurrency limits, time limits and an audit trail — and the
 * stores rate limits keep their buckets in and concurrency limits their
 * slots.
 *
 * @module
 */
export { audit, AUDIT_DEFAULTS } from "./audit.js";
export type { AuditEvent, AuditOptions } from "./audit.js";
export { concurrencyLimit, CONCURRENCY_LIMIT_DEFAULTS } from "./concurrency-limit.js";
export type { ConcurrencyLimitOptions } from "./concurrency-limit.js";
export type { AcquireResult, ConcurrencySlots, ConcurrencyStore } from "./concurrency-store.js";
export { ConcurrencyUnavailableError } from "./concurrency-unavailable-error.js";
export { MemoryConcurrencyStore } from "./memory-concurrency-store.js";
export type { MemoryConcurrencyStoreOptions } from "./memory-concurrency-store.js";
export { MemoryRateLimitStore, MEMORY_RATE_LIMIT_STORE_DEFAULTS } from "./memory-rate-limit-store.js";
export type { MemoryRateLimitStoreOptions } from "./memory-rate-limit-store.js";
export { rateLimit, RATE_LIMIT_DEFAULTS, RateLimitUnavailableError } from "./rate-limit.js";
export type { RateLimitOptions } from "./rate-limit.js";
export type { RateLimitStore, TakeResult, TokenBucket } from "./rate-limit-store.js";
export { timeLimit, TIME_LIMIT_DEFAULTS, TimeLimitError } from "./time-limit.js";
export type { TimeLimitOptions } from "./time-limit.js";
