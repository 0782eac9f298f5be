/**
 * @mrtr/client: a Multi Round-Trip Request client for the Model Context
 * Protocol draft (2026-07-28). Automatic mode answers `input_required` through
 * registered handlers and retries with a new id and the byte-exact
 * requestState; manual mode (`start`/`resume`) hands each round to the
 * application as plain JSON.
 *
 * Subpaths: `/elicitation` (form descriptions, answer checks and URL
 * inspection for elicitation UIs), `/plugin` (for input-kind plugins such as
 * @mrtr/deprecated), `/stdio` (Node: launch a server and talk over its
 * standard streams), `/auth`, `/auth/node`.
 *
 * @module
 */
export { createClient } from "./client.js";
export type { CallOptions, ClientMethod, ClientOptions, FlowPolicy, ListAllOptions, ListenEvent, ListenFilter, ListenOptions, ManualStep, McpClient, ParamsOf, PendingInput } from "./types.js";
export type { ExchangeOptions, TransportResponse } from "./exchange.js";
export type { Transport } from "./transport.js";
export { CACHE_DEFAULTS } from "./cache.js";
export type { CacheOptions } from "./cache.js";
export { LIST_DEFAULTS } from "./list-all.js";
export { LISTEN_DEFAULTS } from "./listen.js";
export type { Progress, ProgressListener } from "./progress.js";
export { HTTP_TRANSPORT_DEFAULTS, httpTransport } from "./http-transport.js";
export type { HttpTransportOptions } from "./http-transport.js";
export type { FormHandler, InputInfo, UrlHandler } from "./input-kinds.js";
export { traceFetch } from "./trace.js";
export type { TraceFetchOptions } from "./trace.js";
export type { TraceDirection, TraceRecord, TraceSink } from "@mrtr/schema/http";
export { isPendingInput } from "./manual.js";
export type { RoundEvent, RoundListener } from "./round-events.js";
export type { ClientMiddleware, ClientMiddlewareHooks, ClientSessionInfo, ClientSessionObserver, InboundCall, InboundMiddleware, SendOptions, SentCall } from "./middleware.js";
export type { ClientWarning, WarningListener } from "./tool-headers.js";
export { FLOW_LIMIT_DEFAULTS } from "./policy.js";
export {
  FlowAbortedError,
  InvalidAnswerError,
  JsonLimitError,
  JsonRpcError,
  LegacyServerError,
  LimitExceededError,
  MaxRoundsError,
  McpClientError,
  ProtocolViolationError,
  QueueFullError,
  RequestStateTooLargeError,
  RequestTimeoutError,
  ResponseTooLargeError,
  TooManyInputRequestsError,
  TooManyPagesError,
  TransportError,
  UndeclaredCapabilityError,
} from "./errors.js";
