/**
 * The task lifecycle by hand, for applications that keep tasks beyond one
 * call (a job list, a restart): `startTool` stops at the handle, `resumeTask`
 * follows a task from any client instance to its result, and `getTask`,
 * `updateTask`, `cancelTask` are one request each. Every function needs a
 * client created with `tasksClient()` (TasksNotEnabledError otherwise) and
 * checks what the server answers.
 */
import type { CallOptions, McpClient } from "@mrtr/client";
import type { CallToolResult } from "@mrtr/schema";
import type { CancelTaskResult, CreateTaskResult, GetTaskResult, InputRequiredTask, UpdateTaskResult } from "../schema/types.gen.js";
import { followTask, seen } from "./follow-task.js";
import { checkedAck, checkedHandle, checkedTask } from "./task-checks.js";
import { tasksOf } from "./tasks-client.js";

/** What `startTool` resolves to: the result when the server answered at once, else the task to follow. */
export type StartedTool =
  | {
      /** The server answered at once. */
      status: "complete";
      /** The tool's result. */
      result: CallToolResult;
    }
  | {
      /** The server made the call a task. */
      status: "task";
      /** The task's id, to follow, answer or cancel it. */
      taskId: string;
      /** The handle as the server sent it. */
      task: CreateTaskResult;
    };

/**
 * Calls a tool as `callTool` does (input asked before the task is created is
 * answered by the handlers), but stops at the task handle: persist `taskId`
 * and follow it with `resumeTask`, or drive it with the functions below.
 */
export async function startTool(client: McpClient, name: string, args: Record<string, unknown> = {}, options?: CallOptions): Promise<StartedTool> {
  const { host, settings } = tasksOf(client, "startTool");
  const outcome = await host.start("tools/call", { name, arguments: args }, options);
  if (outcome.status === "complete") return { status: "complete", result: outcome.result as unknown as CallToolResult };
  const task = checkedHandle(outcome.result);
  seen(settings, task);
  return { status: "task", taskId: task.taskId, task };
}

/**
 * Follows a task started earlier, by this client or another (another
 * process, after a restart), to its final result, exactly as `callTool` does
 * after a handle: notifications or polling, questions answered by this client's handlers
 * (those outstanding are asked again: this client has not seen them), the
 * same errors and limits. Aborting `options.signal` cancels the task.
 */
export function resumeTask(client: McpClient, taskId: string, options?: CallOptions): Promise<CallToolResult> {
  const { host, settings, stream } = tasksOf(client, "resumeTask");
  return host.continue("tools/call", {}, options, (call) => followTask(call, taskId, settings, undefined, stream)) as Promise<unknown> as Promise<CallToolResult>;
}

/** One `tasks/get`: the task as it is now (with its questions, result or error). */
export async function getTask(client: McpClient, taskId: string, options?: CallOptions): Promise<GetTaskResult> {
  tasksOf(client, "getTask");
  return checkedTask(await client.request("tasks/get", { taskId }, options), taskId);
}

/**
 * One `tasks/update` with answers. Given the `input_required` task from
 * `getTask`, the answers are prepared against its questions as
 * `client.resume` prepares them (checked, form defaults filled, keys not
 * asked dropped; InvalidAnswerError otherwise); given only a task id, they
 * are sent as they are and the server checks them.
 */
export async function updateTask(client: McpClient, task: string | InputRequiredTask, inputResponses: Record<string, unknown>, options?: CallOptions): Promise<UpdateTaskResult> {
  const { host } = tasksOf(client, "updateTask");
  const taskId = typeof task === "string" ? task : task.taskId;
  const answers = typeof task === "string" ? inputResponses : host.prepare(task.inputRequests, inputResponses);
  return checkedAck("tasks/update", await client.request("tasks/update", { taskId, inputResponses: answers }, options));
}

/** One `tasks/cancel`: the server acknowledges; the task may still end otherwise (cancellation is cooperative). */
export async function cancelTask(client: McpClient, taskId: string, options?: CallOptions): Promise<CancelTaskResult> {
  tasksOf(client, "cancelTask");
  return checkedAck("tasks/cancel", await client.request("tasks/cancel", { taskId }, options));
}
