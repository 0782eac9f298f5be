/**
 * @mrtr/tasks/client: the Tasks extension for @mrtr/client. `tasksClient()`
 * is the plugin (`createClient({ extensions: [tasksClient()] })`): a tool
 * call the server turns into a task is followed to its result, with the same
 * handlers, so `callTool` needs no change. `startTool`, `resumeTask`,
 * `getTask`, `updateTask` and `cancelTask` drive tasks by hand.
 *
 * @module
 */
export { tasksClient } from "./tasks-client.js";
export { cancelTask, getTask, resumeTask, startTool, updateTask } from "./manual-tasks.js";
export type { StartedTool } from "./manual-tasks.js";
export { TASKS_CLIENT_DEFAULTS } from "./options.js";
export type { TasksClientOptions } from "./options.js";
export { TaskCancelledError, TaskInputLimitError, TaskPollFailedError, TaskPollTimeoutError, TasksNotEnabledError } from "./task-errors.js";
