/**
 * @mrtr/server: a stateless Multi Round-Trip Request server for the Model
 * Context Protocol draft (2026-07-28). Handlers ask for input by returning
 * `inputRequired(...)` or, re-run style, with `await ctx.elicit(...)`; state
 * between rounds is sealed with AES-256-GCM, bound to principal, audience and
 * request, so any instance sharing the secrets serves any retry.
 *
 * Subpaths: `/node` (Node's http), `/stdio` (Node: serving over standard
 * streams), `/request-state` (the codec and replay
 * guards), `/elicitation` (form guard, answer check, connect links),
 * `/json-schema` (validators of JSON-Schema tool schemas), `/plugin` (for
 * input-kind plugins such as @mrtr/deprecated).
 *
 * @module
 */
export { createServer } from "./server.js";
export type { ChangeNotifier, HandleOptions, McpServer, PrecheckFacts, ServerOptions } from "./server.js";
export { RequestAbort, type Abortable, type AbortLink } from "./request-abort.js";
export type { PrincipalInfo, PrincipalOf } from "./identify.js";
export { StreamBackedUpError } from "./backpressure.js";
export { PROGRESS_DEFAULTS } from "./progress.js";
export type { ProgressOptions } from "./progress.js";
export { CancelledError } from "./in-flight.js";
export type { CacheOptions } from "./cache-hints.js";
export { MAX_COMPLETION_VALUES } from "./completion.js";
export type { Completer, Completers, CompletionContext, CompletionValues } from "./completion.js";
export { memoryChangeBus } from "./subscriptions/change-bus.js";
export type { ChangeBus, ChangeEvent } from "./subscriptions/change-bus.js";
export { SUBSCRIPTION_DEFAULTS } from "./subscriptions/options.js";
export type { SubscriptionOptions } from "./subscriptions/options.js";
export { inputRequired, isInputRequired } from "./input-required.js";
export type { InputRequiredReturn } from "./input-required.js";
export type { ElicitOptions, ElicitUrlOptions, InputContext, RequestContext } from "./context.js";
export type { AuthInfo } from "./auth/auth-info.js";
export type { Cacheable, HandlerResult, InputHandling, MaybePromise, PromptDefinition, ResourceDefinition, ResourceTemplateDefinition, ToolDefinition } from "./registry.js";
export type { JsonSchemaObject, ToolSchema } from "./schema-check.js";
export type {
  StandardIssue,
  StandardJsonSchemaConverter,
  StandardJsonSchemaOptions,
  StandardJsonSchemaTarget,
  StandardPathSegment,
  StandardResult,
  StandardToolSchema,
  StandardToolSchemaProps,
  StandardTypes,
} from "./standard-schema.js";
export { ToolSchemaError } from "./tool-schema-error.js";
export type { ToolSchemaRole } from "./tool-schema-error.js";
export type { JsonSchemaValidator } from "./json-schema/validator.js";
export type { FailureInfo, HostHookOptions, ServerWarning } from "./hooks.js";
export { REPLAY_GUARD_UNAVAILABLE_MESSAGE, ReplayGuardUnavailableError, secretsFromEnv } from "./request-state/index.js";
export type { RejectReason, ReplayGuard, SecretInput, SecretsFromEnvOptions } from "./request-state/index.js";
export { ChangedQuestionError } from "./round-asks.js";
export type { CallResult, FlowPosition, Middleware, ServedCall } from "./middleware-chain.js";
export type { MiddlewareHooks, OutgoingCall, OutgoingMiddleware, ServerMiddleware, SessionEnd, SessionInfo, SessionObserver } from "./middleware-hooks.js";
export {
  InsufficientScopeError,
  INVALID_REQUEST_STATE_MESSAGE,
  InvalidRequestStateError,
  LIMIT_STORE_UNAVAILABLE,
  LimitStoreUnavailableError,
  McpError,
  McpHeaderMismatchError,
  McpInternalError,
  McpInvalidParamsError,
  McpInvalidRequestError,
  McpMethodNotFoundError,
  MissingCapabilityError,
  ServerBusyError,
  ServerDefinitionError,
  ShareExceededError,
  UnsupportedVersionError,
} from "./errors.js";
export type { LimitStoreUnavailableData, ShareExceededData } from "./errors.js";
export { attachPeer, peerOf } from "./shares/peer-address.js";
export type { AnonymousShares } from "./shares/share-owner.js";
export { createHttpHandler } from "./http/handler.js";
export type { HttpHandlerOptions } from "./http/handler.js";
export { cors } from "./http/cors.js";
export { CORS_EXPOSED_HEADERS, CORS_LIMITS, CORS_REQUEST_HEADERS } from "./http/cors-policy.js";
export type { CorsOptions } from "./http/cors-policy.js";
export { SSE_DEFAULTS } from "@mrtr/internal";
export { inProcessTransport } from "./in-process.js";
export type { InProcessOptions, InProcessTransport } from "./in-process.js";
export { traceHandler } from "./http/trace.js";
export type { TraceHandlerOptions } from "./http/trace.js";
export type { TraceDirection, TraceRecord, TraceSink } from "@mrtr/schema/http";
