/**
 * @mrtr/tasks: the Model Context Protocol's Tasks extension
 * (`io.modelcontextprotocol/tasks`) for `@mrtr` packages. This entry point
 * holds its wire shapes: the types generated from schema/extensions/tasks.ts
 * and their exact zod-free checks, by type and by method. The zod
 * validators are `@mrtr/tasks/zod`; the server and client plugins are
 * `@mrtr/tasks/server` and `@mrtr/tasks/client`.
 *
 * @module
 */
export { TASKS_EXTENSION_ID } from "./schema/types.gen.js";
export type {
  CancelledTask,
  CancelTaskRequest,
  CancelTaskResult,
  CompletedTask,
  CreateTaskResult,
  DetailedTask,
  FailedTask,
  GetTaskRequest,
  GetTaskResult,
  InputRequiredTask,
  Task,
  TasksExtensionCapability,
  TasksMethodMap,
  TaskStatus,
  TaskStatusNotification,
  TaskStatusNotificationParams,
  TaskSubscriptionAcknowledgedNotifications,
  TaskSubscriptionNotifications,
  UpdateTaskRequest,
  UpdateTaskResult,
  WorkingTask,
} from "./schema/types.gen.js";
export { checks, notificationChecks, requestChecks, resultChecks } from "./schema/check-tables.gen.js";
export type { TasksTypeName } from "./schema/check-tables.gen.js";
export {
  checkCancelledTask,
  checkCancelTaskRequest,
  checkCancelTaskResult,
  checkCompletedTask,
  checkCreateTaskResult,
  checkDetailedTask,
  checkFailedTask,
  checkGetTaskRequest,
  checkGetTaskResult,
  checkInputRequiredTask,
  checkTask,
  checkTasksExtensionCapability,
  checkTaskStatus,
  checkTaskStatusNotification,
  checkTaskStatusNotificationParams,
  checkTaskSubscriptionAcknowledgedNotifications,
  checkTaskSubscriptionNotifications,
  checkUpdateTaskRequest,
  checkUpdateTaskResult,
  checkWorkingTask,
} from "./schema/check-tables.gen.js";
