/**
 * The typed failures of following a task. Each says what happened and what
 * to do; the task's id is on each, so the application can resume or cancel it.
 */
import { LimitExceededError, McpClientError } from "@mrtr/client";

/** The task ended `cancelled` (by this client, another, or the server). */
export class TaskCancelledError extends McpClientError {
  constructor(
    /** The task, to resume or cancel it. */
    readonly taskId: string,
    /** The task's last status message, if it had one. */
    readonly statusMessage?: string,
  ) {
    super(`Task ${taskId} was cancelled${statusMessage ? `: ${statusMessage}` : "."} Call the tool again if its result is still needed.`);
  }
}

/** The task did not end within the time the client follows it. */
export class TaskPollTimeoutError extends LimitExceededError {
  constructor(
    /** The task, to resume or cancel it. */
    readonly taskId: string,
    limitMs: number,
    /** Whether the task was left running (`onGiveUp: "leave"`, or a task followed with `resumeTask`) rather than cancelled. */
    left = true,
  ) {
    super(
      "tasksClient({ maxPollDurationMs }) (the task's ttlMs also bounds it)",
      limitMs,
      `Task ${taskId} did not end within ${limitMs} ms of polling; ${left ? `it may still run: follow it again with resumeTask(client, "${taskId}"), or cancel it with cancelTask.` : 'it was cancelled (tasksClient({ onGiveUp: "leave" }) leaves such a task running for resumeTask).'}`,
    );
  }
}

/** The task kept asking new questions. */
export class TaskInputLimitError extends LimitExceededError {
  constructor(
    /** The task, to resume or cancel it. */
    readonly taskId: string,
    limit: number,
  ) {
    super("tasksClient({ maxInputRounds })", limit, `Task ${taskId} asked new questions in more than ${limit} polls.`);
  }
}

/** tasks/get or tasks/update failed too many times in a row; `cause` is the last failure. */
export class TaskPollFailedError extends LimitExceededError {
  constructor(
    /** The task, to resume or cancel it. */
    readonly taskId: string,
    limit: number,
    /** The last failure. */
    readonly cause: unknown,
    /** Whether the task was left running rather than cancelled (as for TaskPollTimeoutError). */
    left = true,
  ) {
    super(
      "tasksClient({ maxPollFailures })",
      limit,
      `Reaching task ${taskId} failed ${limit + 1} times in a row (last: ${(cause as Error)?.message ?? String(cause)}); ${left ? `it may still run: resumeTask(client, "${taskId}") follows it again.` : "a tasks/cancel was sent, in case it still runs."}`,
    );
  }
}

/** A task function was given a client without the plugin. */
export class TasksNotEnabledError extends McpClientError {
  constructor(what: string) {
    super(`${what} needs a client created with createClient({ extensions: [tasksClient()] }) (tasksClient from @mrtr/tasks/client).`);
  }
}
