/**
 * A stored task as the wire shows it: the `Task` fields of a
 * `CreateTaskResult`, and the `DetailedTask` of `tasks/get` and
 * `notifications/tasks`, which inlines what its status carries (the
 * outstanding questions, the result, the error) and nothing else.
 */
import type { CreateTaskResult, DetailedTask, Task } from "../schema/types.gen.js";
import type { TaskRecord } from "./task-store.js";

const iso = (ms: number) => new Date(ms).toISOString();

/** The task's common fields. */
export function wireTask(record: TaskRecord): Task {
  return {
    taskId: record.taskId,
    status: record.status,
    ...(record.statusMessage !== undefined && { statusMessage: record.statusMessage }),
    createdAt: iso(record.createdAt),
    lastUpdatedAt: iso(record.lastUpdatedAt),
    ttlMs: record.ttlMs,
    pollIntervalMs: record.pollIntervalMs,
  };
}

/** What tasks/get answers (and notifications/tasks carries) for the task now. */
export function detailedTask(record: TaskRecord): DetailedTask {
  const task = wireTask(record);
  switch (record.status) {
    case "input_required":
      return { ...task, status: "input_required", inputRequests: record.inputRequests };
    case "completed":
      return { ...task, status: "completed", result: record.result ?? {} };
    case "failed":
      return { ...task, status: "failed", error: (record.error ?? { code: -32603, message: "Internal error" }) as never };
    default:
      return task as DetailedTask;
  }
}

/** The answer to the tools/call that created the task. */
export function createTaskResult(record: TaskRecord): CreateTaskResult {
  return { ...wireTask(record), resultType: "task" } as CreateTaskResult;
}
