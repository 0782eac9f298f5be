/**
 * What `tasksClient()` takes, with every limit's default. Each limit is one
 * number in one place; the README's table is this file in words.
 */
import { McpClientError } from "@mrtr/client";
import type { CreateTaskResult, DetailedTask } from "../schema/types.gen.js";

/** Options of `tasksClient()` (the client plugin). */
export interface TasksClientOptions {
  /** Shortest wait between two polls of a task, whatever `pollIntervalMs` the server suggests (default 100 ms). */
  minPollMs?: number;
  /** Longest wait between two polls, whatever the server suggests (default 30 s). */
  maxPollMs?: number;
  /** The first wait when the task suggests no `pollIntervalMs`; each later one is 1.5 times longer, up to `maxPollMs` (default 500 ms). */
  initialPollMs?: number;
  /**
   * Longest a call follows one task, in ms, from its first poll; the task's
   * own `ttlMs` shortens it (default 1 h). Past it the call fails with
   * TaskPollTimeoutError (and the task is cancelled, as `onGiveUp` says).
   */
  maxPollDurationMs?: number;
  /** Polls of one task that bring questions not seen before (default 10); one more fails with TaskInputLimitError. */
  maxInputRounds?: number;
  /**
   * Failures in a row of one tasks/get or tasks/update that may pass (the
   * server unreachable, a time-out, -32603), each retried after a growing
   * wait (default 5); one more fails with TaskPollFailedError.
   */
  maxPollFailures?: number;
  /** How long the `tasks/cancel` sent when a call's signal aborts (or it gives up) may take before the call rejects anyway (default 5 s). */
  cancelTimeoutMs?: number;
  /**
   * What becomes of a task a `callTool` started when the client gives up on
   * it before it ends: a limit of this client (`maxPollDurationMs`,
   * `maxInputRounds`, `maxPollFailures`, the client's own input limits), a
   * handler that threw, or an answer that broke the protocol. `"cancel"`
   * (the default) sends `tasks/cancel`, so no work nobody waits for goes on
   * running; `"leave"` leaves it running, for an application that persists
   * `taskId` (`onTask`) and follows it again with `resumeTask`. Tasks
   * followed with `resumeTask` are never cancelled on giving up, only when
   * the call's signal aborts.
   */
  onGiveUp?: "cancel" | "leave";
  /**
   * How the client learns a task's new states. `"notifications"` (the
   * default): when the server offers them, from `notifications/tasks` on one
   * `subscriptions/listen` stream per client covering the tasks it follows,
   * with a safety `tasks/get` every `maxPollMs`; tasks the server does not
   * agree to report on, and every task while the stream is down, are polled.
   * `"poll"`: `tasks/get` only, no listen stream.
   */
  follow?: "notifications" | "poll";
  /**
   * Most tasks one listen stream names (default 100, the server package's
   * own default limit); further tasks are polled until there is room. A
   * server that refuses that many (-32602) is asked for half as many.
   */
  maxListenTaskIds?: number;
  /**
   * Receives each state of a task the client sees: the handle, then every
   * `tasks/get` result. Persist `taskId` here to resume after a crash
   * (`resumeTask`). Errors it throws are ignored.
   */
  onTask?: (task: CreateTaskResult | DetailedTask) => void;
}

/** The options with every default filled. */
export type TasksClientSettings = Required<Omit<TasksClientOptions, "onTask">> & Pick<TasksClientOptions, "onTask">;

/** How `tasksClient` learns a task's states by default (`follow`). */
const FOLLOW_DEFAULT = "notifications";

/** Whether `tasksClient` cancels a task its call gives up on (`onGiveUp`) by default. */
const ON_GIVE_UP_DEFAULT = "cancel";

/** The defaults of `tasksClient`'s options (polling bounds, input rounds, failures, limits, tasks per listen stream). */
export const TASKS_CLIENT_DEFAULTS = {
  minPollMs: 100,
  maxPollMs: 30_000,
  initialPollMs: 500,
  maxPollDurationMs: 3_600_000,
  maxInputRounds: 10,
  maxPollFailures: 5,
  cancelTimeoutMs: 5_000,
  maxListenTaskIds: 100,
} as const;

export function tasksClientSettings(options: TasksClientOptions): TasksClientSettings {
  const settings = { ...TASKS_CLIENT_DEFAULTS, onGiveUp: ON_GIVE_UP_DEFAULT, follow: FOLLOW_DEFAULT } as TasksClientSettings;
  for (const key of Object.keys(TASKS_CLIENT_DEFAULTS) as (keyof typeof TASKS_CLIENT_DEFAULTS)[]) {
    const value = options[key];
    if (value === undefined) continue;
    if (!Number.isSafeInteger(value) || value < (key === "maxPollFailures" ? 0 : 1)) {
      throw new McpClientError(`tasksClient(): ${key} must be a whole number of at least ${key === "maxPollFailures" ? 0 : 1} (got ${String(value)}).`);
    }
    settings[key] = value;
  }
  if (settings.minPollMs > settings.maxPollMs) throw new McpClientError("tasksClient(): minPollMs must not exceed maxPollMs.");
  if (options.onGiveUp !== undefined) {
    if (options.onGiveUp !== "cancel" && options.onGiveUp !== "leave") throw new McpClientError(`tasksClient(): onGiveUp must be "cancel" or "leave" (got ${String(options.onGiveUp)}).`);
    settings.onGiveUp = options.onGiveUp;
  }
  if (options.follow !== undefined) {
    if (options.follow !== "notifications" && options.follow !== "poll") throw new McpClientError(`tasksClient(): follow must be "notifications" or "poll" (got ${String(options.follow)}).`);
    settings.follow = options.follow;
  }
  if (options.onTask) settings.onTask = options.onTask;
  return settings;
}
