/**
 * Read, change, write back only if no one wrote in between: every change to
 * a task goes through here, so writers on different instances never lose
 * each other's changes.
 */
import { ServerBusyError } from "@mrtr/server";
import type { TaskRecord, TaskStore } from "./task-store.js";

/** -32603 with its message: a write the store refused because it does not fit the store's memory budget (the owner's share, or all of it). */
export class TaskStoreFullError extends ServerBusyError {
  constructor() {
    super("The task store's memory for this caller's tasks (or for all tasks) is full; let earlier tasks expire, then try again.");
    this.name = "TaskStoreFullError";
  }
}

const ATTEMPTS = 16;

/**
 * Applies `change` to the stored task until the write lands. `change` returns
 * the new record, or undefined to leave the task as it is. Resolves to the
 * record as it now is (undefined when the task is gone). Rejects with
 * `TaskStoreFullError` when the store has no room for the new record.
 */
export async function mutateTask(store: TaskStore, taskId: string, change: (current: TaskRecord) => TaskRecord | undefined): Promise<TaskRecord | undefined> {
  for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
    const current = await store.get(taskId);
    if (!current) return undefined;
    const next = change(structuredClone(current));
    if (!next) return current;
    next.version = current.version + 1;
    const written = await store.update(next);
    if (written === "full") throw new TaskStoreFullError();
    if (written) return next;
  }
  throw new Error(`Task ${taskId.slice(0, 6)}… changed ${ATTEMPTS} times while being written; the store is under heavy contention.`);
}
