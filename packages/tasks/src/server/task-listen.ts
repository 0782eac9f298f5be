/**
 * `notifications/tasks` on `subscriptions/listen` streams (tasks.md:412):
 * a stream that asks for `notifications.taskIds` gets, for each of the
 * caller's own tasks among them, the task's full `DetailedTask` whenever it
 * changes (on any instance sharing the store), as `tasks/get` would return
 * it then, starting with how it is when the stream opens. The acknowledgement names the ids agreed to; ids that are
 * unknown or someone else's are left out, as refused URIs are.
 */
import { McpInvalidParamsError } from "@mrtr/server";
import type { ListenExtension, ServingContext } from "@mrtr/server/plugin";
import type { TasksSettings } from "./options.js";
import { declaresTasks, missingTasks } from "./task-methods.js";
import { isTerminal, type TaskStore } from "./task-store.js";
import { detailedTask } from "./task-wire.js";

const owner = (ctx: ServingContext) => ctx.principal ?? "";

export function taskListen(store: () => TaskStore, settings: TasksSettings): ListenExtension {
  return {
    field: "taskIds",
    async agree(asked, ctx) {
      if (!declaresTasks(ctx.clientCapabilities)) throw missingTasks();
      if (!Array.isArray(asked) || asked.some((id) => typeof id !== "string")) throw new McpInvalidParamsError("notifications.taskIds must be an array of task ids.");
      const ids = [...new Set(asked as string[])];
      if (ids.length > settings.maxListenTaskIds) throw new McpInvalidParamsError(`Too many taskIds: ${ids.length}; this server follows at most ${settings.maxListenTaskIds} per stream.`);
      const records = await Promise.all(ids.map((id) => store().get(id)));
      return ids.filter((_, i) => records[i] !== undefined && records[i]!.owner === owner(ctx));
    },
    follow(agreed, ctx, send) {
      const ids = new Set(agreed as string[]);
      const last = new Map<string, number>();
      const deliver = async (taskId: string) => {
        const record = await store().get(taskId).catch(() => undefined);
        if (!record || record.owner !== owner(ctx)) return;
        // Each version once, in order: a notice for a write already sent is dropped.
        if ((last.get(taskId) ?? 0) >= record.version) return;
        last.set(taskId, record.version);
        send("notifications/tasks", { ...detailedTask(record) });
        if (isTerminal(record.status)) ids.delete(taskId);
      };
      const unsubscribe = store().subscribe((taskId) => {
        if (ids.has(taskId)) void deliver(taskId);
      });
      // Each task as it is now first, so a stream opened after a change (a question already waiting) misses nothing.
      for (const taskId of [...ids]) void deliver(taskId);
      return unsubscribe;
    },
  };
}
