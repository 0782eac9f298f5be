/**
 * The client: an ordinary `createClient` with the `tasksClient()` plugin.
 * `callTool` is unchanged: when the server answers with a task handle, the
 * plugin follows the task to its end (by the `notifications/tasks` this
 * server offers on a listen stream, else polling `tasks/get` at the pace the
 * task suggests), answers its questions with the same `elicitation` handler
 * as any other question, and resolves with the final result. Aborting the
 * call's signal sends `tasks/cancel`. `onTask` sees each state the client
 * learns, which `TaskLog` keeps as each task's sequence of statuses.
 */
import { createClient, type McpClient } from "@mrtr/client";
import { inProcessTransport, type McpServer } from "@mrtr/server";
import { getTask, tasksClient } from "@mrtr/tasks/client";

/** Each task's statuses in the order the client saw them (a status seen several times in a row is kept once). */
export class TaskLog {
  readonly statuses = new Map<string, string[]>();
  #waiting: ((taskId: string) => void)[] = [];

  /** Records one state of a task; the first state of a new task resolves `nextTask()`. */
  record(task: { taskId: string; status: string }): void {
    const seen = this.statuses.get(task.taskId);
    if (!seen) {
      this.statuses.set(task.taskId, [task.status]);
      for (const resolve of this.#waiting.splice(0)) resolve(task.taskId);
    } else if (seen.at(-1) !== task.status) seen.push(task.status);
  }

  /** Resolves with the id of the next task the client is handed. */
  nextTask(): Promise<string> {
    return new Promise((resolve) => this.#waiting.push(resolve));
  }
}

/** A client of `server` (in process) whose user confirms deployments when `confirm` says so. */
export function createCiClient(server: McpServer, log: TaskLog, confirm = true): McpClient {
  return createClient({
    name: "ci-agent",
    version: "1.0.0",
    transport: inProcessTransport(server),
    // The same handler answers a multi round-trip question and a task's question.
    elicitation: { form: async () => ({ action: "accept", content: { confirm } }) },
    // onTask sees the handle, then every state heard or polled: an application persists taskId here to resumeTask after a crash.
    extensions: [tasksClient({ onTask: (task) => log.record(task) })],
  });
}

/** The first text block of a tool result. */
export function textOf(result: { content: { type: string; text?: string }[] }): string {
  return result.content.find((block) => block.type === "text")?.text ?? "";
}

/** Calls `export_logs`, cancels it as soon as it is a task, and reports how the call ended and how the task did. */
export async function exportThenCancel(client: McpClient, log: TaskLog): Promise<{ taskId: string; error: unknown; status: string }> {
  const cancel = new AbortController(); // a host's Cancel button
  const handed = log.nextTask().then((taskId) => {
    cancel.abort();
    return taskId;
  });
  // The abort sends tasks/cancel (the server marks the task cancelled at once), then the call rejects.
  const error = await client.callTool("export_logs", {}, { signal: cancel.signal }).then(
    () => undefined,
    (e: unknown) => e,
  );
  const taskId = await handed;
  const task = await getTask(client, taskId); // one tasks/get, by hand
  log.record(task);
  return { taskId, error, status: task.status };
}
