/**
 * Following one task to its end, for a call that got a task handle
 * (transparently) or for `resumeTask`: take the states the server pushes
 * while the client's listen stream covers the task (`task-stream.ts`),
 * polling `tasks/get` then only every `maxPollMs` as a safety net; poll at
 * the pace the server suggests, within bounds, otherwise; ask the client's handlers each question
 * once (keys are deduplicated over the task's life, tasks.md "Task Update
 * Requests") while polling goes on, and send each answer with `tasks/update`
 * as soon as its handler finishes; end with the completed result, the
 * task's JSON-RPC error, or TaskCancelledError. Every loop is bounded: the
 * poll time, the polls that bring new questions, the failures in a row.
 * When the call's signal aborts, or the client gives up on a task its call
 * started before the task ended (`onGiveUp: "cancel"`, the default),
 * `tasks/cancel` is sent (within `cancelTimeoutMs`, its failure ignored)
 * before the call rejects.
 */
import { JsonRpcError, RequestTimeoutError, TransportError } from "@mrtr/client";
import type { ExtensionCall } from "@mrtr/client/plugin";
import type { InputRequests } from "@mrtr/schema";
import type { CreateTaskResult, DetailedTask, Task } from "../schema/types.gen.js";
import type { TasksClientSettings } from "./options.js";
import { pollDelay, retryDelay, wait } from "./poll-delay.js";
import { checkedAck, checkedTask } from "./task-checks.js";
import type { TaskStream } from "./task-stream.js";
import { TaskCancelledError, TaskInputLimitError, TaskPollFailedError, TaskPollTimeoutError } from "./task-errors.js";

/** Hands a task state to the application's `onTask`, which must not break the call. */
export function seen(s: TasksClientSettings, task: CreateTaskResult | DetailedTask): void {
  try {
    s.onTask?.(task);
  } catch {
    // ignored, as documented
  }
}

/** A failure that may pass: the server unreachable or slow, or an internal error. */
function transient(error: unknown): boolean {
  return error instanceof TransportError || error instanceof RequestTimeoutError || (error instanceof JsonRpcError && error.code === -32603);
}

/** `send`, retried after transient failures, at most `maxPollFailures` times in a row. */
async function retrying<T>(send: () => Promise<T>, taskId: string, s: TasksClientSettings, signal: AbortSignal, left: boolean): Promise<T> {
  for (let failures = 0; ; failures++) {
    try {
      return await send();
    } catch (error) {
      if (signal.aborted || !transient(error)) throw error;
      if (failures >= s.maxPollFailures) throw new TaskPollFailedError(taskId, s.maxPollFailures, error, left);
      await wait(retryDelay(failures, s), signal);
    }
  }
}

/**
 * Follows task `taskId` to its end and resolves to its result (the client
 * checks it as the call's method's result). `seed` is the state already
 * known (the handle of a task this call started); without one (`resumeTask`)
 * the first poll is sent at once. `stream` is the client's listen stream of
 * its tasks (absent: polling only).
 */
export async function followTask(call: ExtensionCall, taskId: string, s: TasksClientSettings, seed?: Task, stream?: TaskStream): Promise<Record<string, unknown>> {
  const started = Date.now();
  // Keys handed to a handler over the task's life: none is asked twice. At most maxInputRounds × maxInputRequests.
  const asked = new Set<string>();
  // Ends the handlers still asking when the call ends.
  const ended = new AbortController();
  const handlerSignal = AbortSignal.any([call.signal, ended.signal]);
  let task: Task | undefined = seed;
  // Set once the task is seen in a final state: from then on there is nothing to cancel.
  let over = false;
  // Whether giving up leaves the task running: only a task this call started is cancelled (onGiveUp).
  const left = seed === undefined || s.onGiveUp === "leave";
  let rounds = 0;
  let unsuggested = 0;
  let failure: { error: unknown } | undefined;
  const rethrow = () => {
    if (failure) throw failure.error;
  };
  let wake: (() => void) | undefined;
  const send = (method: string, params: Record<string, unknown>) => retrying(() => call.request(method, params), taskId, s, call.signal, left);
  // A pushed state, or the stream losing this task, ends the wait at once.
  const feed = stream?.follow(taskId, () => wake?.());

  const answer = async (key: string, response: unknown) => {
    if (ended.signal.aborted) return;
    checkedAck("tasks/update", await send("tasks/update", { taskId, inputResponses: { [key]: response } }));
    // The server has something new: look at once, unless it will push it.
    if (!feed?.covered()) wake?.();
  };

  try {
    for (;;) {
      rethrow();
      let current = feed?.take();
      if (task && !current) {
        const limit = Math.min(s.maxPollDurationMs, typeof task.ttlMs === "number" ? Math.max(1, task.ttlMs) : Infinity);
        const remaining = started + limit - Date.now();
        if (remaining <= 0) throw new TaskPollTimeoutError(taskId, limit, left);
        // Heard on the stream: a poll only every maxPollMs, in case a notification is lost.
        const delay = feed?.covered() ? s.maxPollMs : pollDelay(task, unsuggested, s);
        if (task.pollIntervalMs === undefined && !feed?.covered()) unsuggested++;
        await wait(Math.min(delay, remaining), call.signal, (w) => (wake = w));
        wake = undefined;
        rethrow();
        current = feed?.take();
      }
      current ??= checkedTask(await send("tasks/get", { taskId }), taskId);
      task = current;
      seen(s, current);
      over = current.status === "completed" || current.status === "failed" || current.status === "cancelled";
      switch (current.status) {
        case "completed":
          return current.result;
        case "failed":
          throw new JsonRpcError(current.error.code, current.error.message, current.error.data);
        case "cancelled":
          throw new TaskCancelledError(taskId, current.statusMessage);
        case "input_required": {
          const fresh = Object.keys(current.inputRequests).filter((key) => !asked.has(key));
          if (fresh.length === 0) break;
          if (++rounds > s.maxInputRounds) throw new TaskInputLimitError(taskId, s.maxInputRounds);
          const requests: InputRequests = {};
          for (const key of fresh) {
            asked.add(key);
            requests[key] = current.inputRequests[key]!;
          }
          // Asked while polling goes on; a handler's failure (or a refused question) ends the call at the next look.
          call.answer(requests, answer, { signal: handlerSignal }).catch((error: unknown) => {
            failure ??= { error };
            wake?.();
          });
        }
      }
    }
  } catch (error) {
    // The call aborted, or it gives up on a task it started (a limit, a handler that threw, a broken answer): the
    // server learns the result is not wanted (tasks.md "Task Cancellation"). Best effort and bounded.
    const givenUp = !over && !left;
    if (call.signal.aborted || givenUp) {
      await call.request("tasks/cancel", { taskId }, { signal: AbortSignal.timeout(s.cancelTimeoutMs) }).catch(() => undefined);
    }
    throw error;
  } finally {
    feed?.release();
    ended.abort();
  }
}
