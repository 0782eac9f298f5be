/**
 * `tasksClient()`: the client plugin of the Tasks extension. Pass it to
 * `createClient({ extensions: [tasksClient()] })`: every request then
 * declares the extension, and a `tools/call` the server answers with a task
 * handle is followed to its end, so `callTool` resolves with the final
 * result as before (heard on a listen stream when the server offers task
 * notifications, polled otherwise). The manual functions (`startTool`, `resumeTask`, …) find
 * the plugin of the client they are given here.
 */
import type { McpClient } from "@mrtr/client";
import { defineClientExtension, type ClientExtension, type ClientExtensionHost } from "@mrtr/client/plugin";
import { TASKS_EXTENSION_ID } from "../schema/types.gen.js";
import { followTask, seen } from "./follow-task.js";
import { tasksClientSettings, type TasksClientOptions, type TasksClientSettings } from "./options.js";
import { checkedHandle } from "./task-checks.js";
import { TasksNotEnabledError } from "./task-errors.js";
import { TaskStream } from "./task-stream.js";

/** What the plugin holds for each client it was given to. */
export interface TasksOfClient {
  host: ClientExtensionHost;
  settings: TasksClientSettings;
  /** The client's listen stream of the tasks it follows. */
  stream: TaskStream;
}

const CLIENTS = new WeakMap<McpClient, TasksOfClient>();

/** The plugin of `client`, for a function named `what`; TasksNotEnabledError without it. */
export function tasksOf(client: McpClient, what: string): TasksOfClient {
  const found = CLIENTS.get(client);
  if (!found) throw new TasksNotEnabledError(what);
  return found;
}

/** The Tasks extension for a client. */
export function tasksClient(options: TasksClientOptions = {}): ClientExtension {
  const settings = tasksClientSettings(options);
  return defineClientExtension({
    id: TASKS_EXTENSION_ID,
    settings: {},
    // tasks.md "Supported Methods": only tools/call may be answered with a task; "task" on any other method stays invalid.
    results: { "tools/call": ["task"] },
    // tasks.md "Streamable HTTP: Routing Headers".
    namedParams: { "tasks/get": "taskId", "tasks/update": "taskId", "tasks/cancel": "taskId" },
    // tasks.md "Task Status Notifications": pushed on a listen stream asking for taskIds.
    listenNotifications: ["notifications/tasks"],
    attach(host) {
      CLIENTS.set(host.client, { host, settings, stream: new TaskStream(host, settings) });
    },
    async continue(result, call, host) {
      const handle = checkedHandle(result);
      seen(settings, handle);
      return followTask(call, handle.taskId, settings, handle, CLIENTS.get(host.client)?.stream);
    },
  });
}
