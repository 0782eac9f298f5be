/**
 * `runAsTask(ctx)`: inside the handler of a tool declared with
 * `task: { start: "handler" }`, makes the call a task from here on. The
 * questions asked before it were ordinary multi round-trips (resolved before
 * the task handle leaves, as tasks.md:302 recommends); those asked after it
 * park the task in `input_required` until `tasks/update` answers.
 */
import type { InputContext } from "@mrtr/server";
import { callOf } from "./task-call.js";

/**
 * Resolves true once the call is a task (the client has its handle and the
 * handler goes on as the task), or false when it cannot become one: the
 * client did not declare the extension, or the tool declares no `task`. Then
 * the handler simply goes on as an ordinary call. Rejects with
 * `TaskLimitError` when a task limit is reached.
 */
export function runAsTask(ctx: InputContext, options: { statusMessage?: string } = {}): Promise<boolean> {
  const call = callOf(ctx);
  return call ? call.becomeTask(options.statusMessage) : Promise.resolve(false);
}
