/**
 * What the client receives of the extension, checked with the generated,
 * zod-free checks before it is used: the task handle, each `tasks/get`
 * result (of the task asked about), and the acknowledgements. A message
 * that does not fit is a ProtocolViolationError, as in the core.
 */
import { ProtocolViolationError } from "@mrtr/client";
import { firstIssueOf, type Check } from "@mrtr/zod/checks";
import { checkCreateTaskResult, resultChecks } from "../schema/check-tables.gen.js";
import type { CancelTaskResult, CreateTaskResult, GetTaskResult, UpdateTaskResult } from "../schema/types.gen.js";

function checked<T>(check: Check, value: unknown, what: string): T {
  const issue = firstIssueOf(check, value);
  if (issue) throw new ProtocolViolationError(`The server's ${what} is malformed: ${issue.path.join(".") || "result"} ${issue.message}`, value);
  return value as T;
}

/** A `resultType: "task"` result, as a CreateTaskResult. */
export function checkedHandle(result: unknown): CreateTaskResult {
  return checked<CreateTaskResult>(checkCreateTaskResult, result, "task handle (CreateTaskResult)");
}

/** A tasks/get result, which must be about `taskId`. */
export function checkedTask(result: unknown, taskId: string): GetTaskResult {
  const task = checked<GetTaskResult>(resultChecks["tasks/get"], result, "tasks/get result");
  if (task.taskId !== taskId) throw new ProtocolViolationError(`The server answered tasks/get for task ${JSON.stringify(taskId)} with task ${JSON.stringify(task.taskId)}.`, result);
  return task;
}

/** The acknowledgement of tasks/update or tasks/cancel. */
export function checkedAck<M extends "tasks/update" | "tasks/cancel">(method: M, result: unknown): M extends "tasks/update" ? UpdateTaskResult : CancelTaskResult {
  return checked(resultChecks[method], result, `${method} acknowledgement`);
}
