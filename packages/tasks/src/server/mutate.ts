/**
 * Read, change, write back only if no one wrote in between: every change to
 * a task goes through here, so writers on different instances never lose
 * each other's changes.
 */
import type { TaskRecord, TaskStore } from "./task-store.js";

const ATTEMPTS = 16;

/**
 * Applies `change` to the stored task until the write lands. `change` returns
 * the new record, or undefined to leave the task as it is. Resolves to the
 * record as it now is (undefined when the task is gone).
 */
export async function mutateTask(store: TaskStore, taskId: string, change: (current: TaskRecord) => TaskRecord | undefined): Promise<TaskRecord | undefined> {
  for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
    const current = await store.get(taskId);
    if (!current) return undefined;
    const next = change(structuredClone(current));
    if (!next) return current;
    next.version = current.version + 1;
    if (await store.update(next)) return next;
  }
  throw new Error(`Task ${taskId.slice(0, 6)}… changed ${ATTEMPTS} times while being written; the store is under heavy contention.`);
}
