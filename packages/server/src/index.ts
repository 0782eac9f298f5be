/**
 * @mrtr/server: a stateless Multi Round-Trip Request server for the Model
 * Context Protocol draft (2026-07-28). Handlers ask for input by returning
 * `inputRequired(...)` or, replay style, with `await ctx.elicit(...)`; state
 * between rounds is sealed with AES-256-GCM, bound to principal, audience and
 * request, so any instance sharing the secrets serves any retry.
 */
export { createServer } from "./server.js";
export type { McpServer, ServerOptions, ServerResponse } from "./server.js";
export { inputRequired, isInputRequired } from "./input-required.js";
export type { InputRequiredReturn } from "./input-required.js";
export type { ElicitOptions, ElicitUrlOptions, InputContext, RequestContext } from "./context.js";
export type {
  JsonSchemaObject,
  PromptDefinition,
  ResourceDefinition,
  ResourceTemplateDefinition,
  ToolDefinition,
} from "./registry.js";
export { declaresForm, declaresUrl, elicitationKind } from "./input-kinds.js";
export type { AnswerCheck, InputKind } from "./input-kinds.js";
export { ChangedQuestionError } from "./round.js";
export {
  InternalError,
  InvalidParamsError,
  InvalidRequestError,
  InvalidRequestStateError,
  INVALID_REQUEST_STATE_MESSAGE,
  McpError,
  MethodNotFoundError,
  MissingCapabilityError,
  ServerDefinitionError,
  UnsupportedVersionError,
} from "./errors.js";
export { inProcessTransport } from "./in-process.js";
export type { InProcessTransport } from "./in-process.js";
export {
  CanonicalJsonError,
  canonicalJson,
  MemoryReplayGuard,
  paramsDigest,
  RequestStateCodec,
  StateTooLargeError,
  WeakSecretError,
} from "./request-state/index.js";
export type {
  MemoryReplayGuardOptions,
  OpenedState,
  OpenResult,
  RejectReason,
  ReplayGuard,
  RequestStateOptions,
  SecretInput,
  StateBinding,
} from "./request-state/index.js";
export {
  assertSafeForm,
  checkElicitResponse,
  ConnectLinks,
  ElicitationDefinitionError,
  FormSchemaError,
  FormSecretError,
} from "./elicitation/index.js";
export type { ConnectBinding, ConnectLinkOptions } from "./elicitation/index.js";
export { createHttpHandler } from "./http/handler.js";
export type { HttpHandlerOptions } from "./http/handler.js";
export { httpStatusOf } from "./http/status.js";
export { toNodeListener } from "./http/node.js";
export type { NodeListenerOptions } from "./http/node.js";
export { traceHandler } from "./http/trace.js";
export type { TraceDirection, TraceOptions, TraceRecord, TraceSink } from "./http/trace.js";
