/**
 * What `tasks()` takes, with every limit's default. Each limit is one number
 * in one place; the README's table is this file in words.
 */
import { ServerDefinitionError } from "@mrtr/server";
import { defaultShare, definedOnly } from "@mrtr/internal";
import type { TaskStore } from "./task-store.js";

/** Options of `tasks()` (the server plugin). */
export interface TasksOptions {
  /** Where tasks live (default: a `MemoryTaskStore` of this process; `RedisTaskStore` from @mrtr/redis/tasks for a fleet). */
  store?: TaskStore;
  /** How long a task is kept after it is created, when its tool does not say (default 1 h). */
  defaultTtlMs?: number;
  /** The longest `ttlMs` a tool may ask for; longer ones are cut to it (default 24 h). */
  maxTtlMs?: number;
  /** The polling interval suggested to clients when the tool does not say (default 1 000 ms). */
  defaultPollIntervalMs?: number;
  /** Unexpired tasks one principal may hold, terminal ones included; past it a call is refused (default 1 000). */
  maxTasksPerPrincipal?: number;
  /**
   * Tasks whose handlers may run on this instance at once (default 1 000).
   * When all run, the task used longest ago that only waits for its
   * client's input, of the caller running the most, is failed to make room
   * (saying so); with none waiting, a call is refused (-32603; HTTP 503).
   */
  maxRunning?: number;
  /**
   * Tasks one caller (a principal, or a peer without one) may run on this
   * instance at once (default 100, less than `maxRunning`); past it a call is
   * refused (-32603; HTTP 429, `Retry-After`).
   */
  maxRunningPerPrincipal?: number;
  /** Largest final result kept, in UTF-8 bytes of its JSON; a larger one fails the task (default 1 MiB). */
  maxResultBytes?: number;
  /** Questions one task may ask over its life (default 100). */
  maxInputRequests?: number;
  /**
   * How long a running task's instance vouches for it (default 30 s), renewed
   * every third of it. A task whose lease lapses (its instance died) is failed
   * by whichever instance reads it next.
   */
  leaseMs?: number;
  /** Task ids one subscriptions/listen stream may follow (`notifications.taskIds`, default 100); more is -32602. */
  maxListenTaskIds?: number;
  /** At most one status-message write per this interval, from `ctx.progress` (default 250 ms). */
  statusIntervalMs?: number;
  /** The clock (default `Date.now`). */
  now?: () => number;
}

/** The options with every default filled. */
export type TasksSettings = Required<Omit<TasksOptions, "store">> & { store: TaskStore | undefined };

/** The defaults of `tasks()`'s options (time to live, polling, limits). */
export const TASKS_DEFAULTS = {
  defaultTtlMs: 3_600_000,
  maxTtlMs: 86_400_000,
  defaultPollIntervalMs: 1_000,
  maxTasksPerPrincipal: 1_000,
  maxRunning: 1_000,
  maxRunningPerPrincipal: 100,
  maxResultBytes: 1_048_576,
  maxInputRequests: 100,
  leaseMs: 30_000,
  maxListenTaskIds: 100,
  statusIntervalMs: 250,
} as const;

export function tasksSettings(options: TasksOptions): TasksSettings {
  const settings = { ...TASKS_DEFAULTS, now: Date.now, store: undefined, ...definedOnly(options) } as TasksSettings;
  // A smaller maxRunning lowers the default share with it, so setting maxRunning alone stays valid.
  if (options.maxRunningPerPrincipal === undefined && options.maxRunning !== undefined) {
    settings.maxRunningPerPrincipal = defaultShare(options.maxRunning, TASKS_DEFAULTS.maxRunningPerPrincipal);
  }
  for (const key of Object.keys(TASKS_DEFAULTS) as (keyof typeof TASKS_DEFAULTS)[]) {
    const value = settings[key];
    if (!Number.isSafeInteger(value) || value < 1) throw new ServerDefinitionError(`tasks(): ${key} must be a whole number of at least 1 (got ${String(value)}).`);
  }
  if (settings.defaultTtlMs > settings.maxTtlMs) throw new ServerDefinitionError("tasks(): defaultTtlMs must not exceed maxTtlMs.");
  return settings;
}
