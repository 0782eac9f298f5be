/**
 * @mrtr/deprecated: the parts of the Model Context Protocol draft
 * (2026-07-28) that SEP-2577 deprecates (sampling, roots, logging), as an
 * opt-in package. Earliest removal: the first protocol revision released on
 * or after 2027-07-28.
 *
 * This entry point holds the types and the input-request builders only; it
 * pulls no server or client code. Importing it (even `import type`) extends
 * the core types by declaration merging: `sampling/createMessage` and
 * `roots/list` join `InputRequest`/`InputResponse` (and so `InputRequests`,
 * `InputRequiredResult` and the retry params), and `ClientCapabilities`
 * regains `sampling` and `roots`.
 *
 * - `@mrtr/deprecated/server`: `samplingKind()`, `rootsKind()`, `ctx.sample`, `ctx.listRoots`.
 * - `@mrtr/deprecated/client`: `sampling(handler)`, `roots(list)`.
 * - `@mrtr/deprecated/zod`: validators of the full protocol.
 *
 * @module
 */
export type {
  LoggingLevel,
  LoggingMessageNotification,
  LoggingMessageNotificationParams,
  CreateMessageRequest,
  CreateMessageRequestParams,
  CreateMessageResult,
  SamplingMessage,
  SamplingMessageContentBlock,
  ModelPreferences,
  ModelHint,
  ToolChoice,
  ToolUseContent,
  ToolResultContent,
  ListRootsRequest,
  ListRootsResult,
  Root,
  ServerNotificationWithDeprecated,
} from "./types.gen.js";
export { createMessage, listRoots } from "./builders.js";
