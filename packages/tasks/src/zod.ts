/**
 * @mrtr/tasks/zod: zod 4 validators of the Tasks extension's own types,
 * generated from its JSON Schema and exactly as strict (the same verdict as
 * ajv, valid data returned unchanged); the core types they use are
 * @mrtr/zod's. By type (`schemas`), by method (`requestSchemas`,
 * `resultSchemas`, `notificationSchemas`), and each alone.
 *
 * @module
 */
export { notificationSchemas, rawSchemas, requestSchemas, resultSchemas, schemas } from "./schema/validators.gen.js";
export {
  CancelledTaskSchema,
  CancelTaskRequestSchema,
  CancelTaskResultSchema,
  CompletedTaskSchema,
  CreateTaskResultSchema,
  DetailedTaskSchema,
  FailedTaskSchema,
  GetTaskRequestSchema,
  GetTaskResultSchema,
  InputRequiredTaskSchema,
  TaskSchema,
  TasksExtensionCapabilitySchema,
  TaskStatusNotificationParamsSchema,
  TaskStatusNotificationSchema,
  TaskStatusSchema,
  TaskSubscriptionAcknowledgedNotificationsSchema,
  TaskSubscriptionNotificationsSchema,
  UpdateTaskRequestSchema,
  UpdateTaskResultSchema,
  WorkingTaskSchema,
} from "./schema/validators.gen.js";
