/**
 * The Tasks extension of the Model Context Protocol draft
 * (`io.modelcontextprotocol/tasks`, SEP-2663): a server answers a supported
 * request with a durable task handle instead of its result, and the client
 * follows the task with `tasks/get`, answers its input requests with
 * `tasks/update`, and may ask to stop it with `tasks/cancel`. Hand-written,
 * like schema/schema.ts and schema/legacy/2025-11-25.ts, and the third source
 * of `npm run generate`: from it come `packages/tasks/schema.json`, the
 * TypeScript types, the zod-free checks and the zod validators of
 * `@mrtr/tasks`.
 *
 * Line references (tasks.md:N) are to the extension's text,
 * extensions/tasks/tasks.md of the upstream repository.
 *
 * Conventions of this file (those of schema/schema.ts, plus three):
 * - Every exported declaration and field has a doc comment; `@category` names
 *   the method or area it belongs to.
 * - Every core declaration the extension refers to, and every one those refer
 *   to, is imported from schema/schema.ts and re-exported unchanged: the
 *   generator requires each to have the core schema's definition, and the
 *   checks and validators of this extension call the core's for them. The
 *   deprecated ones (sampling and roots, reachable from `InputRequests`) keep
 *   their deprecation here too: like the core, this extension's checks accept
 *   only what the draft does not deprecate.
 * - Shapes upstream writes as intersections (`Result & Task`) are written as
 *   intersections here, so the JSON Schema has their `allOf` form.
 * - Integer fields carry upstream's bounds, the safe-integer range, so every
 *   accepted value is exact as a JavaScript number.
 * - `@nullable` marks a field whose `| null` the JSON Schema must keep (the
 *   generator compiles without strictNullChecks, which would drop it).
 */
import type {
  Annotations,
  AudioContent,
  BlobResourceContents,
  BooleanSchema,
  ContentBlock,
  CreateMessageRequest,
  CreateMessageRequestParams,
  CreateMessageResult,
  ElicitRequest,
  ElicitRequestFormParams,
  ElicitRequestParams,
  ElicitRequestURLParams,
  ElicitResult,
  EmbeddedResource,
  Error,
  Icon,
  ImageContent,
  Implementation,
  InputRequest,
  InputRequests,
  InputResponse,
  InputResponses,
  JSONObject,
  JSONRPCNotification,
  JSONRPCRequest,
  JSONValue,
  LegacyTitledEnumSchema,
  ListRootsRequest,
  ListRootsResult,
  MetaObject,
  ModelHint,
  ModelPreferences,
  NotificationMetaObject,
  NotificationParams,
  NumberSchema,
  PrimitiveSchemaDefinition,
  RequestId,
  ResourceLink,
  Result,
  ResultMetaObject,
  Role,
  Root,
  SamplingMessage,
  SamplingMessageContentBlock,
  StringSchema,
  TextContent,
  TextResourceContents,
  TitledMultiSelectEnumSchema,
  TitledSingleSelectEnumSchema,
  Tool,
  ToolAnnotations,
  ToolChoice,
  ToolResultContent,
  ToolUseContent,
  UntitledMultiSelectEnumSchema,
  UntitledSingleSelectEnumSchema,
} from "../schema.js";

export type {
  Annotations,
  AudioContent,
  BlobResourceContents,
  BooleanSchema,
  ContentBlock,
  CreateMessageRequest,
  CreateMessageRequestParams,
  CreateMessageResult,
  ElicitRequest,
  ElicitRequestFormParams,
  ElicitRequestParams,
  ElicitRequestURLParams,
  ElicitResult,
  EmbeddedResource,
  Error,
  Icon,
  ImageContent,
  Implementation,
  InputRequest,
  InputRequests,
  InputResponse,
  InputResponses,
  JSONObject,
  JSONRPCNotification,
  JSONRPCRequest,
  JSONValue,
  LegacyTitledEnumSchema,
  ListRootsRequest,
  ListRootsResult,
  MetaObject,
  ModelHint,
  ModelPreferences,
  NotificationMetaObject,
  NotificationParams,
  NumberSchema,
  PrimitiveSchemaDefinition,
  RequestId,
  ResourceLink,
  Result,
  ResultMetaObject,
  Role,
  Root,
  SamplingMessage,
  SamplingMessageContentBlock,
  StringSchema,
  TextContent,
  TextResourceContents,
  TitledMultiSelectEnumSchema,
  TitledSingleSelectEnumSchema,
  Tool,
  ToolAnnotations,
  ToolChoice,
  ToolResultContent,
  ToolUseContent,
  UntitledMultiSelectEnumSchema,
  UntitledSingleSelectEnumSchema,
};

/**
 * The extension's identifier: the key under which a client declares it in a
 * request's per-request capabilities, and a server in its `server/discover`
 * capabilities (tasks.md:21-55). The name is reserved for this extension
 * (tasks.md:898).
 * @category Tasks
 */
export const TASKS_EXTENSION_ID = "io.modelcontextprotocol/tasks";

/**
 * The settings a peer declares for the extension under `extensions`.
 * None are defined yet: an empty object declares support (tasks.md:57). A
 * server MUST NOT answer with a `CreateTaskResult` a request whose
 * capabilities lack this declaration (tasks.md:61). Open to settings a later
 * revision may define.
 * @category Tasks
 */
export interface TasksExtensionCapability {
  /** A setting of a later revision of the extension; none is defined yet. */
  [setting: string]: JSONValue;
}

/**
 * Where a task stands.
 * `working`: being processed. `input_required`: waiting
 * for answers to its `inputRequests`. `completed`: finished with a result
 * (including a tool result with `isError: true`). `failed`: ended by a
 * JSON-RPC error, and by nothing else (tasks.md:158). `cancelled`: stopped
 * before completing. A task moves between `working` and `input_required`
 * until it reaches one of the three terminal states (tasks.md:153-252).
 * @category Tasks
 */
export type TaskStatus = "working" | "input_required" | "completed" | "failed" | "cancelled";

/**
 * What every view of a task carries: its id, status and timing (tasks.md:106-148).
 * @category Tasks
 */
export interface Task {
  /**
   * The server-chosen id that names the task in every later `tasks/*` request.
   * Servers MUST make it unguessable (tasks.md:902).
   */
  taskId: string;
  /** The task's current status. */
  status: TaskStatus;
  /** A human-readable note on the current status, which MAY be shown to the user or model (tasks.md:116-126). */
  statusMessage?: string;
  /** When the task was created, as an ISO 8601 timestamp. */
  createdAt: string;
  /** When the task last changed, as an ISO 8601 timestamp. */
  lastUpdatedAt: string;
  /**
   * How long after `createdAt` the server keeps the task, in milliseconds, or
   * null for no limit. It MAY change while the task lives (tasks.md:340).
   * @minimum -9007199254740991
   * @maximum 9007199254740991
   * @nullable
   */
  ttlMs: number | null;
  /**
   * How often the client should poll, in milliseconds; clients SHOULD keep to
   * it and it MAY change (tasks.md:308).
   * @minimum -9007199254740991
   * @maximum 9007199254740991
   */
  pollIntervalMs?: number;
}

/**
 * A task still being processed (tasks.md:168-170).
 * @category Tasks
 */
export interface WorkingTask extends Task {
  /** Always `"working"`. */
  status: "working";
}

/**
 * A task waiting for the client (tasks.md:176-183).
 * The client MUST treat each input request as it would the same request sent
 * on its own (tasks.md:348).
 * @category Tasks
 */
export interface InputRequiredTask extends Task {
  /** Always `"input_required"`. */
  status: "input_required";
  /**
   * Every request the task is waiting on, under keys the server MUST NOT reuse
   * for another request during the task's life (tasks.md:329, tasks.md:350).
   */
  inputRequests: InputRequests;
}

/**
 * A task that finished with a result (tasks.md:189-197).
 * @category Tasks
 */
export interface CompletedTask extends Task {
  /** Always `"completed"`. */
  status: "completed";
  /**
   * What the original request would have returned (a `CallToolResult` for
   * `tools/call`), tool errors included (tasks.md:892).
   */
  result: {
    /** A member of that result. */
    [key: string]: unknown;
  };
}

/**
 * A task ended by a JSON-RPC error (tasks.md:203-209).
 * Its `statusMessage` SHOULD say what went wrong (tasks.md:835).
 * @category Tasks
 */
export interface FailedTask extends Task {
  /** Always `"failed"`. */
  status: "failed";
  /** The JSON-RPC error the original request ended with; it MUST be present (tasks.md:835, tasks.md:891). */
  error: Error;
}

/**
 * A task that was stopped before it completed (tasks.md:215-217).
 * @category Tasks
 */
export interface CancelledTask extends Task {
  /** Always `"cancelled"`. */
  status: "cancelled";
}

/**
 * A task with what its status brings along (tasks.md:224-229).
 * That is its pending input requests, its result or its error. Both
 * `tasks/get` and `notifications/tasks` carry one.
 * @category Tasks
 */
export type DetailedTask = WorkingTask | InputRequiredTask | CompletedTask | FailedTask | CancelledTask;

/**
 * The answer a server MAY give a supported request to run it as a task.
 * It stands in place of the request's usual result (tasks.md:59,
 * tasks.md:256-260); today only `tools/call` supports it (tasks.md:89). The server MUST NOT send it before a
 * `tasks/get` for the task would succeed (tasks.md:300), nor to a client that
 * did not declare the extension on the request (tasks.md:61).
 * @category Tasks
 */
export type CreateTaskResult = Result &
  Task & {
    /** Always `"task"`, a value no other result may carry (tasks.md:102). */
    resultType: "task";
  };

/**
 * A client's request for a task's current state (tasks.md:315-321).
 * @category tasks/get
 */
export type GetTaskRequest = JSONRPCRequest & {
  /** Always `"tasks/get"`. */
  method: "tasks/get";
  /** Which task. */
  params: {
    /** The id from the `CreateTaskResult`. */
    taskId: string;
  };
};

/**
 * The task as it stands, with the fields its status requires (tasks.md:326-338).
 * An unknown or expired task is answered with error -32602 instead (tasks.md:793-794).
 * @category tasks/get
 */
export type GetTaskResult = Result &
  DetailedTask & {
    /** Always `"complete"` (tasks.md:338). */
    resultType: "complete";
  };

/**
 * A client's answers to a task's outstanding input requests (tasks.md:355-368).
 * It may answer some of them only (tasks.md:379).
 * @category tasks/update
 */
export type UpdateTaskRequest = JSONRPCRequest & {
  /** Always `"tasks/update"`. */
  method: "tasks/update";
  /** Which task, and the answers. */
  params: {
    /** The id from the `CreateTaskResult`. */
    taskId: string;
    /**
     * Answers under the keys of the `inputRequests` they answer; each key MUST
     * name a request still outstanding, and servers SHOULD ignore the others
     * (tasks.md:363-365, tasks.md:379).
     */
    inputResponses: InputResponses;
  };
};

/**
 * The server's empty acknowledgement of `tasks/update` (tasks.md:374-381).
 * It MAY come before the task reflects the answers (tasks.md:377).
 * @category tasks/update
 */
export type UpdateTaskResult = Result & {
  /** Always `"complete"` (tasks.md:381). */
  resultType: "complete";
};

/**
 * A client's request to stop a task (tasks.md:390-395).
 * Task cancellation MUST use this, never `notifications/cancelled` (tasks.md:385).
 * @category tasks/cancel
 */
export type CancelTaskRequest = JSONRPCRequest & {
  /** Always `"tasks/cancel"`. */
  method: "tasks/cancel";
  /** Which task. */
  params: {
    /** The id from the `CreateTaskResult`. */
    taskId: string;
  };
};

/**
 * The server's empty acknowledgement of `tasks/cancel` (tasks.md:401-410).
 * The task MAY still end in another terminal status: cancellation is a
 * request, not a guarantee (tasks.md:404-406).
 * @category tasks/cancel
 */
export type CancelTaskResult = Result & {
  /** Always `"complete"` (tasks.md:410). */
  resultType: "complete";
};

/**
 * The params of `notifications/tasks`: the whole task (tasks.md:417).
 * It is what `tasks/get` would return at that moment (tasks.md:477).
 * @category notifications/tasks
 */
export type TaskStatusNotificationParams = NotificationParams & DetailedTask;

/**
 * A task's state, pushed by the server (tasks.md:414-422).
 * A server MAY send it besides answering polls, on the `subscriptions/listen`
 * stream of a client that asked for the task (tasks.md:425, tasks.md:505).
 * @category notifications/tasks
 */
export type TaskStatusNotification = JSONRPCNotification & {
  /** Always `"notifications/tasks"`. */
  method: "notifications/tasks";
  /** The task. */
  params: TaskStatusNotificationParams;
};

/**
 * What the extension adds to a `subscriptions/listen` request's `notifications`.
 * See tasks.md:425-438. A server MUST refuse it with -32021 when the client
 * has not declared the extension (tasks.md:457).
 * @category notifications/tasks
 */
export interface TaskSubscriptionNotifications {
  /** The tasks whose `notifications/tasks` the client wants. */
  taskIds?: string[];
}

/**
 * What the extension adds to the `notifications` of the subscription's acknowledgement.
 * The server lists there the tasks it agreed to report on (tasks.md:440-454).
 * @category notifications/tasks
 */
export interface TaskSubscriptionAcknowledgedNotifications {
  /** The tasks the server agreed to send `notifications/tasks` for. */
  taskIds?: string[];
}

/**
 * The extension's requests, by method, with the result that answers each: the
 * types behind `requestChecks` and `resultChecks`.
 * @typesOnly
 * @category Tasks
 */
export interface TasksMethodMap {
  /** Reading a task. */
  "tasks/get": {
    /** The request. */
    request: GetTaskRequest;
    /** Its result. */
    result: GetTaskResult;
  };
  /** Answering a task's input requests. */
  "tasks/update": {
    /** The request. */
    request: UpdateTaskRequest;
    /** Its result. */
    result: UpdateTaskResult;
  };
  /** Asking to stop a task. */
  "tasks/cancel": {
    /** The request. */
    request: CancelTaskRequest;
    /** Its result. */
    result: CancelTaskResult;
  };
}
