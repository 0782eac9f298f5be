/**
 * @mrtr/redis/tasks: a Redis-backed `TaskStore` for `tasks()` of
 * @mrtr/tasks/server, so that tasks live across every instance sharing one
 * Redis.
 *
 * @module
 */
export { DEFAULT_MAX_RECORD_BYTES, RedisTaskStore } from "./redis-task-store.js";
export type { RedisTaskClient, RedisTaskStoreOptions } from "./redis-task-store.js";
export type { RedisSubscriberClient } from "./task-announcements.js";
export type { ScriptCommands } from "../lua-script.js";
export { DEFAULT_TASK_KEY_PREFIX } from "./task-keys.js";
export { TaskRecordTooLargeError, TaskStoreUnavailableError } from "../errors.js";
export type { TaskStoreOperation } from "../errors.js";
