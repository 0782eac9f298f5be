/**
 * @mrtr/legacy: the initialize-based revisions of the Model Context
 * Protocol (2025-11-25, and 2025-06-18, which it only widened) for @mrtr
 * packages. This entry point holds their wire shapes: the types generated
 * from schema/legacy/2025-11-25.ts, the exact zod-free checks, and
 * `parseLegacyMessage` / `checkLegacyResult` on top of them. The server
 * plugin that serves legacy clients is `@mrtr/legacy/server`.
 */
export { LEGACY_PROTOCOL_VERSIONS } from "./schema/versions.js";
export type { LegacyProtocolVersion } from "./schema/versions.js";
export { checkLegacyResult, parseLegacyMessage } from "./schema/parse.js";
export type { LegacyIssue, LegacyMessageKind, LegacyServerRequestMethod, ParseLegacyMessageOptions, ParsedLegacyMessage } from "./schema/parse.js";
export { checks, notificationChecks, requestChecks, resultChecks } from "./schema/check-tables.gen.js";
export type { LegacyTypeName } from "./schema/check-tables.gen.js";
export { LEGACY_LATEST_PROTOCOL_VERSION, URL_ELICITATION_REQUIRED } from "./schema/types.gen.js";
export type {
  CallToolRequest,
  CallToolResult,
  CancelledNotification,
  ClientCapabilities,
  ClientNotification,
  ClientRequest,
  ClientResult,
  CompleteRequest,
  CompleteResult,
  ContentBlock,
  CreateMessageRequest,
  CreateMessageRequestParams,
  CreateMessageResult,
  ElicitationCompleteNotification,
  ElicitRequest,
  ElicitRequestFormParams,
  ElicitRequestParams,
  ElicitRequestURLParams,
  ElicitResult,
  EmptyResult,
  GetPromptRequest,
  GetPromptResult,
  Implementation,
  InitializedNotification,
  InitializeRequest,
  InitializeRequestParams,
  InitializeResult,
  JSONRPCErrorResponse,
  JSONRPCMessage,
  JSONRPCNotification,
  JSONRPCRequest,
  JSONRPCResponse,
  JSONRPCResultResponse,
  ListPromptsRequest,
  ListPromptsResult,
  ListResourcesRequest,
  ListResourcesResult,
  ListResourceTemplatesRequest,
  ListResourceTemplatesResult,
  ListRootsRequest,
  ListRootsResult,
  ListToolsRequest,
  ListToolsResult,
  LoggingLevel,
  LoggingMessageNotification,
  LoggingMessageNotificationParams,
  PingRequest,
  ProgressNotification,
  Prompt,
  ReadResourceRequest,
  ReadResourceResult,
  RequestId,
  Resource,
  ResourceTemplate,
  ResourceUpdatedNotification,
  Result,
  Root,
  RootsListChangedNotification,
  ServerCapabilities,
  ServerNotification,
  ServerRequest,
  ServerResult,
  SetLevelRequest,
  SetLevelRequestParams,
  SubscribeRequest,
  Tool,
  UnsubscribeRequest,
  URLElicitationRequiredError,
} from "./schema/types.gen.js";
