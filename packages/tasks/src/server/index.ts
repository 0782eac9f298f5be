/**
 * @mrtr/tasks/server: the Tasks extension for @mrtr/server. `tasks()` is the
 * plugin (`createServer({ extensions: [tasks()] })`); a tool opts in with
 * `task: { ... }` on its definition, and its ordinary handler runs as a
 * durable, pollable task.
 *
 * @module
 */
import "./tool-task.js";

export { tasks } from "./tasks-extension.js";
export { runAsTask } from "./run-as-task.js";
export { TASKS_DEFAULTS } from "./options.js";
export type { TasksOptions } from "./options.js";
export type { ToolTaskOptions } from "./tool-task.js";
export { MEMORY_TASK_STORE_DEFAULTS, MemoryTaskStore } from "./memory-task-store.js";
export type { MemoryTaskStoreOptions } from "./memory-task-store.js";
export { isTerminal } from "./task-store.js";
export type { TaskError, TaskRecord, TaskStore } from "./task-store.js";
export { TaskLimitError, TaskNotFoundError } from "./task-errors.js";
export { TaskStoppedError } from "./task-runner.js";
export { TaskStoreFullError } from "./mutate.js";
