/**
 * The errors of the task methods. An unknown, expired and someone else's
 * task are the same -32602, so a task id reveals nothing to a principal who
 * does not own it.
 */
import { McpInvalidParamsError, ServerBusyError } from "@mrtr/server";

/** -32602: no task of that id for this principal (unknown, expired, or another principal's). */
export class TaskNotFoundError extends McpInvalidParamsError {
  constructor() {
    super("Failed to retrieve task: Task not found (it may have expired, or belong to another principal). Call the tool again to start a new one.");
    this.name = "TaskNotFoundError";
  }
}

/** -32603 with its message: a task limit is reached; the call may succeed later. */
export class TaskLimitError extends ServerBusyError {
  constructor(what: string) {
    super(`Too many tasks: ${what}. Wait for running tasks to finish, or cancel some, then call again.`);
    this.name = "TaskLimitError";
  }
}
