/**
 * The Model Context Protocol, draft revision 2026-07-28: the one hand-written
 * description of the protocol in this repository. `npm run generate` turns it
 * into the JSON Schema, the TypeScript types and constants, and the zod
 * validators; nothing generated is edited by hand.
 *
 * Conventions of this file:
 * - Every exported declaration and field has a doc comment; `@category` names
 *   the method or area it belongs to.
 * - `@deprecated` marks what the draft deprecates (sampling, roots, logging).
 *   The generator keeps those out of the core packages and gives them
 *   `"deprecated": true` in the JSON Schema.
 * - `@TJS-type number` marks a field that accepts any number; without it a
 *   `number` is generated as a JSON Schema integer, as upstream does.
 * - `@numberType number` widens every integer inside a declaration or field to
 *   number, for unions where a per-field tag cannot reach.
 * - `@anyOf [...]` adds a JSON Schema `anyOf` to a declaration, to state a rule
 *   that TypeScript cannot (listed in schema/deviations.json).
 * - `@typesOnly` marks a TypeScript-only helper with no JSON Schema definition.
 */

/**
 * The protocol revision this repository implements, sent by clients in every
 * request's `_meta` and in the `MCP-Protocol-Version` HTTP header.
 * @category Constants
 */
export const LATEST_PROTOCOL_VERSION = "2026-07-28";

/**
 * The JSON-RPC version every message MUST carry in its `jsonrpc` field.
 * @category Constants
 */
export const JSONRPC_VERSION = "2.0";

/**
 * JSON-RPC error: the message is not valid JSON.
 * @category Constants
 */
export const PARSE_ERROR = -32700;

/**
 * JSON-RPC error: the JSON is not a valid JSON-RPC request.
 * @category Constants
 */
export const INVALID_REQUEST = -32600;

/**
 * JSON-RPC error: the method does not exist, is not offered, or was removed from the protocol.
 * @category Constants
 */
export const METHOD_NOT_FOUND = -32601;

/**
 * JSON-RPC error: the params are invalid, including a missing protocol version or client capabilities in `_meta`.
 * @category Constants
 */
export const INVALID_PARAMS = -32602;

/**
 * JSON-RPC error: the receiver failed while handling a valid request.
 * @category Constants
 */
export const INTERNAL_ERROR = -32603;

/**
 * MCP error: an HTTP header (such as `MCP-Protocol-Version`) disagrees with the message body.
 * @category Constants
 */
export const HEADER_MISMATCH = -32020;

/**
 * MCP error: serving the request needs a client capability the request did not declare;
 * `data.requiredCapabilities` lists what is missing.
 * @category Constants
 */
export const MISSING_REQUIRED_CLIENT_CAPABILITY = -32021;

/**
 * MCP error: the server does not support the requested protocol version;
 * `data.supported` lists the versions it does support.
 * @category Constants
 */
export const UNSUPPORTED_PROTOCOL_VERSION = -32022;

/**
 * Over Streamable HTTP, the param whose value the `Mcp-Name` header MUST carry,
 * for each method that has one (the tool or prompt name, the resource URI).
 * Every message also carries its method in the `Mcp-Method` header.
 * @category Constants
 */
export const MCP_NAME_HEADER_PARAMS = { "tools/call": "name", "prompts/get": "name", "resources/read": "uri" } as const;
/**
 * Any JSON value other than `null`: a string, a number, a boolean, an object or an array.
 *
 * @numberType number
 * @category JSON values
 */
export type JSONValue = string | number | boolean | JSONObject | JSONArray;

/**
 * A JSON object whose member values are themselves JSON values.
 *
 * @category JSON values
 */
export interface JSONObject {
  /** Any member name maps to a JSON value. */
  [key: string]: JSONValue;
}

/**
 * A JSON array of JSON values.
 *
 * @category JSON values
 */
export type JSONArray = JSONValue[];

/**
 * Identifies a request within the messages of one sender. It MUST NOT be `null` and a sender MUST NOT reuse it.
 *
 * @category JSON-RPC
 */
export type RequestId = string | number;

/**
 * An opaque value the requester chooses so that progress notifications can be tied back to its request.
 *
 * @category JSON-RPC
 */
export type ProgressToken = string | number;

/**
 * An opaque marker for a position in a paginated listing; clients pass it back unchanged.
 *
 * @category JSON-RPC
 */
export type Cursor = string;

/**
 * Free-form metadata attached to a message or object, keyed by name. Keys under the
 * `io.modelcontextprotocol/` prefix are reserved for the protocol.
 *
 * @category JSON-RPC
 */
export type MetaObject = Record<string, unknown>;

/**
 * The `_meta` of every client request. It carries what the removed handshake used to
 * negotiate, so that each request stands on its own.
 *
 * @category JSON-RPC
 */
export interface RequestMetaObject {
  /** Protocol revision this request is written for, e.g. `"2026-07-28"`. Required. */
  "io.modelcontextprotocol/protocolVersion": string;
  /** Capabilities the client offers for this request. Required; the server MUST NOT rely on any capability not listed. */
  "io.modelcontextprotocol/clientCapabilities": ClientCapabilities;
  /** Name and version of the client software; optional but expected. */
  "io.modelcontextprotocol/clientInfo"?: Implementation;
  /**
   * Lowest severity of log messages the client wants while this request is served.
   *
   * @deprecated Since 2026-07-28 (SEP-2577): protocol-level logging is being retired. Instead, use the host's own logging/observability. Earliest removal: the first revision released on or after 2027-07-28.
   */
  "io.modelcontextprotocol/logLevel"?: LoggingLevel;
  /** When present, the client asks for progress notifications carrying this token. */
  progressToken?: ProgressToken;
}

/**
 * The `_meta` of a result.
 *
 * @category JSON-RPC
 */
export interface ResultMetaObject {
  /** Name and version of the server software that produced the result. */
  "io.modelcontextprotocol/serverInfo"?: Implementation;
}

/**
 * The `_meta` of a notification.
 *
 * @category JSON-RPC
 */
export interface NotificationMetaObject {
  /** Id of the `subscriptions/listen` request whose stream carries this notification, if any. */
  "io.modelcontextprotocol/subscriptionId"?: RequestId;
}

/**
 * The shape shared by all requests: a method name and optional parameters.
 *
 * @category JSON-RPC
 */
export interface Request {
  /** Name of the operation being invoked. */
  method: string;
  /** Method-specific arguments. */
  params?: { [key: string]: any };
}

/**
 * Parameters common to every client request.
 *
 * @category JSON-RPC
 */
export interface RequestParams {
  /** Per-request protocol metadata; see {@link RequestMetaObject}. */
  _meta: RequestMetaObject;
}

/**
 * The shape shared by all notifications: a method name and optional parameters. No response is sent.
 *
 * @category JSON-RPC
 */
export interface Notification {
  /** Name of the event being signalled. */
  method: string;
  /** Method-specific details. */
  params?: { [key: string]: any };
}

/**
 * Parameters common to every notification.
 *
 * @category JSON-RPC
 */
export interface NotificationParams {
  /** Notification metadata. */
  _meta?: NotificationMetaObject;
}

/**
 * The shape shared by all results. Results MAY carry fields beyond those listed.
 *
 * @category JSON-RPC
 */
export interface Result {
  /** Result metadata. */
  _meta?: ResultMetaObject;
  /** Whether the request finished or needs input from the client; see {@link ResultType}. */
  resultType: ResultType;
  /** Further, result-specific fields. */
  [key: string]: unknown;
}

/**
 * Kind of a result: `"complete"` when the request is finished, `"input_required"` when the
 * server needs more from the client first. Extensions MAY define others that the client
 * advertises; a client MUST treat an absent value as `"complete"` and an unknown one as invalid.
 *
 * @category JSON-RPC
 */
export type ResultType = string;

/**
 * A result the client MAY cache and reuse instead of repeating the request.
 *
 * @category JSON-RPC
 */
export interface CacheableResult extends Result {
  /** `"private"`: only for the principal who asked; `"public"`: any principal MAY be served the cached copy. */
  cacheScope: "private" | "public";
  /**
   * For how many milliseconds the client MAY reuse the result.
   *
   * @minimum 0
   */
  ttlMs: number;
}

/**
 * A result that only confirms success.
 *
 * @category JSON-RPC
 */
export type EmptyResult = Result;

/**
 * A request for one page of a list.
 *
 * @category JSON-RPC
 */
export interface PaginatedRequest extends JSONRPCRequest {
  /** Paging parameters. */
  params: PaginatedRequestParams;
}

/**
 * Parameters of a paginated request.
 *
 * @category JSON-RPC
 */
export interface PaginatedRequestParams extends RequestParams {
  /** Where to resume, as returned in a previous `nextCursor`; absent for the first page. */
  cursor?: Cursor;
}

/**
 * A result holding one page of a list.
 *
 * @category JSON-RPC
 */
export interface PaginatedResult extends Result {
  /** Cursor for the next page; absent when this is the last page. */
  nextCursor?: Cursor;
}

/**
 * A JSON-RPC request, which expects a response with the same id.
 *
 * @category JSON-RPC
 */
export interface JSONRPCRequest extends Request {
  /** Always `"2.0"`. */
  jsonrpc: "2.0";
  /** Request id, echoed in the response. */
  id: RequestId;
}

/**
 * A JSON-RPC notification: a one-way message without an id.
 *
 * @category JSON-RPC
 */
export interface JSONRPCNotification extends Notification {
  /** Always `"2.0"`. */
  jsonrpc: "2.0";
}

/**
 * A successful JSON-RPC response.
 *
 * @category JSON-RPC
 */
export interface JSONRPCResultResponse {
  /** Always `"2.0"`. */
  jsonrpc: "2.0";
  /** Id of the request being answered. */
  id: RequestId;
  /** The outcome of the request. */
  result: Result;
}

/**
 * A JSON-RPC response reporting that a request failed.
 *
 * @category JSON-RPC
 */
export interface JSONRPCErrorResponse {
  /** Always `"2.0"`. */
  jsonrpc: "2.0";
  /** Id of the failed request; absent when it could not be read. */
  id?: RequestId;
  /** What went wrong. */
  error: Error;
}

/**
 * Any JSON-RPC response.
 *
 * @category JSON-RPC
 */
export type JSONRPCResponse = JSONRPCResultResponse | JSONRPCErrorResponse;

/**
 * Any message that may travel in either direction.
 *
 * @category JSON-RPC
 */
export type JSONRPCMessage = JSONRPCRequest | JSONRPCNotification | JSONRPCResultResponse | JSONRPCErrorResponse;

/**
 * The error object of a failed JSON-RPC response.
 *
 * @category Errors
 */
export interface Error {
  /** Integer identifying the kind of failure. */
  code: number;
  /** Short human-readable summary. */
  message: string;
  /** Extra details; the meaning depends on the code. */
  data?: unknown;
}

/**
 * The received bytes were not valid JSON.
 *
 * @category Errors
 */
export interface ParseError extends Error {
  /** Always -32700. */
  code: -32700;
}

/**
 * The JSON received is not a valid request object.
 *
 * @category Errors
 */
export interface InvalidRequestError extends Error {
  /** Always -32600. */
  code: -32600;
}

/**
 * The method does not exist or is not offered by the receiver.
 *
 * @category Errors
 */
export interface MethodNotFoundError extends Error {
  /** Always -32601. */
  code: -32601;
}

/**
 * The parameters are malformed or incomplete, for example a missing required `_meta` field.
 * Over HTTP it is sent with status 400.
 *
 * @category Errors
 */
export interface InvalidParamsError extends Error {
  /** Always -32602. */
  code: -32602;
}

/**
 * The receiver failed while handling an otherwise valid message.
 *
 * @category Errors
 */
export interface InternalError extends Error {
  /** Always -32603. */
  code: -32603;
}

/**
 * Serving the request needs a client capability that the request did not declare.
 * Over HTTP it is sent with status 400.
 *
 * @category Errors
 */
export interface MissingRequiredClientCapabilityError {
  /** Always `"2.0"`. */
  jsonrpc: "2.0";
  /** Id of the failed request. */
  id?: RequestId;
  /** The error, with code -32021. */
  error: Error & {
    /** Always -32021. */
    code: -32021;
    /** Which capabilities were lacking. */
    data: {
      /** The capabilities the client MUST declare for this request to succeed. */
      requiredCapabilities: ClientCapabilities;
    };
  };
}

/**
 * The server does not support the protocol revision named in the request.
 *
 * @category Errors
 */
export interface UnsupportedProtocolVersionError {
  /** Always `"2.0"`. */
  jsonrpc: "2.0";
  /** Id of the failed request. */
  id?: RequestId;
  /** The error, with code -32022. */
  error: Error & {
    /** Always -32022. */
    code: -32022;
    /** The requested and the available revisions. */
    data: {
      /** The revision the request asked for. */
      requested: string;
      /** Revisions the server accepts; the client MAY retry with one of them. */
      supported: string[];
    };
  };
}

/**
 * A transport header disagrees with the corresponding value in the message body.
 *
 * @category Errors
 */
export interface HeaderMismatchError {
  /** Always `"2.0"`. */
  jsonrpc: "2.0";
  /** Id of the failed request. */
  id?: RequestId;
  /** The error, with code -32020. */
  error: Error & {
    /** Always -32020. */
    code: -32020;
  };
}

/**
 * Fields shared by things that have a programmatic name and a display title.
 *
 * @category server/discover
 */
export interface BaseMetadata {
  /** Identifier for programs, and the fallback label when `title` is absent. */
  name: string;
  /** Label to show to people. */
  title?: string;
}

/**
 * An image that a client MAY display for an implementation, tool, prompt or resource.
 *
 * @category server/discover
 */
export interface Icon {
  /**
   * Where to fetch the image, typically an `https:` or `data:` URI.
   *
   * @format uri
   */
  src: string;
  /** Media type of the image, when the URI does not make it clear. */
  mimeType?: string;
  /** Sizes the image suits, such as `"48x48"` or `"any"`. */
  sizes?: string[];
  /** Background the icon is designed for: `"light"` or `"dark"`. */
  theme?: "light" | "dark";
}

/**
 * Something that MAY carry icons.
 *
 * @category server/discover
 */
export interface Icons {
  /** Icons in order of preference. */
  icons?: Icon[];
}

/**
 * Names a client or server program and its version.
 *
 * @category server/discover
 */
export interface Implementation extends BaseMetadata, Icons {
  /** Version of the program. */
  version: string;
  /** What the program does, in a sentence or two. */
  description?: string;
  /**
   * Home page of the program.
   *
   * @format uri
   */
  websiteUrl?: string;
}

/**
 * Features a client offers, declared anew in each request. An absent key means the feature is not offered.
 *
 * @category server/discover
 */
export interface ClientCapabilities {
  /** Non-standard features, keyed by name. */
  experimental?: { [key: string]: JSONObject };
  /** Protocol extensions the client supports, keyed by extension id, with their settings. */
  extensions?: { [key: string]: JSONObject };
  /**
   * The client can answer `roots/list` input requests.
   *
   * @deprecated Since 2026-07-28 (SEP-2577): roots are being retired from the protocol. Instead, pass directories through tool arguments, resource URIs or configuration. Earliest removal: the first revision released on or after 2027-07-28.
   */
  roots?: {};
  /**
   * The client can answer `sampling/createMessage` input requests.
   *
   * @deprecated Since 2026-07-28 (SEP-2577): sampling is being retired from the protocol. Instead, call a model provider directly from the server. Earliest removal: the first revision released on or after 2027-07-28.
   */
  sampling?: {
    /**
     * The client honours `includeContext` values other than `"none"`.
     *
     * @deprecated Since 2026-07-28 (SEP-2577): sampling is being retired from the protocol. Instead, call a model provider directly from the server. Earliest removal: the first revision released on or after 2027-07-28.
     */
    context?: JSONObject;
    /**
     * The client accepts `tools` and `toolChoice` in sampling requests.
     *
     * @deprecated Since 2026-07-28 (SEP-2577): sampling is being retired from the protocol. Instead, call a model provider directly from the server. Earliest removal: the first revision released on or after 2027-07-28.
     */
    tools?: JSONObject;
  };
  /** The client can answer `elicitation/create` input requests. An empty object means form mode only. */
  elicitation?: {
    /** Form mode is supported. */
    form?: JSONObject;
    /** URL mode is supported. */
    url?: JSONObject;
  };
}

/**
 * Features a server offers. An absent key means the feature is not offered.
 *
 * @category server/discover
 */
export interface ServerCapabilities {
  /** Non-standard features, keyed by name. */
  experimental?: { [key: string]: JSONObject };
  /** Protocol extensions the server supports, keyed by extension id, with their settings. */
  extensions?: { [key: string]: JSONObject };
  /**
   * The server can send log messages.
   *
   * @deprecated Since 2026-07-28 (SEP-2577): protocol-level logging is being retired. Instead, use the host's own logging/observability. Earliest removal: the first revision released on or after 2027-07-28.
   */
  logging?: JSONObject;
  /** The server answers `completion/complete`. */
  completions?: JSONObject;
  /** The server offers prompts. */
  prompts?: {
    /** The server sends a notification when its prompt list changes. */
    listChanged?: boolean;
  };
  /** The server offers resources. */
  resources?: {
    /** Clients can follow changes to individual resources. */
    subscribe?: boolean;
    /** The server sends a notification when its resource list changes. */
    listChanged?: boolean;
  };
  /** The server offers tools. */
  tools?: {
    /** The server sends a notification when its tool list changes. */
    listChanged?: boolean;
  };
}

/**
 * Asks the server which protocol revisions and features it supports. A client MAY send it
 * first, but no request depends on it.
 *
 * @category server/discover
 */
export interface DiscoverRequest extends JSONRPCRequest {
  /** Always `"server/discover"`. */
  method: "server/discover";
  /** Only the common request metadata. */
  params: RequestParams;
}

/**
 * What the server supports. Its `_meta` SHOULD carry `io.modelcontextprotocol/serverInfo`.
 *
 * @category server/discover
 */
export interface DiscoverResult extends CacheableResult {
  /** Protocol revisions the server accepts. */
  supportedVersions: string[];
  /** Features the server offers. */
  capabilities: ServerCapabilities;
  /** Guidance on using this server, which a client MAY pass on to its model. */
  instructions?: string;
}

/**
 * The response to a `server/discover` request.
 *
 * @category server/discover
 */
export interface DiscoverResultResponse extends JSONRPCResultResponse {
  /** The server's answer. */
  result: DiscoverResult;
}

/**
 * Says that the sender no longer wants the result of an earlier request. The receiver
 * SHOULD stop working on it and MAY leave it unanswered.
 *
 * @category Notifications
 */
export interface CancelledNotification extends JSONRPCNotification {
  /** Always `"notifications/cancelled"`. */
  method: "notifications/cancelled";
  /** Which request to drop, and why. */
  params: CancelledNotificationParams;
}

/**
 * Parameters of a cancellation.
 *
 * @category Notifications
 */
export interface CancelledNotificationParams extends NotificationParams {
  /** Id of the request being given up. */
  requestId: RequestId;
  /** Why, in words that MAY be logged or shown. */
  reason?: string;
}

/**
 * Reports how far a long-running request has got.
 *
 * @category Notifications
 */
export interface ProgressNotification extends JSONRPCNotification {
  /** Always `"notifications/progress"`. */
  method: "notifications/progress";
  /** The progress report. */
  params: ProgressNotificationParams;
}

/**
 * Parameters of a progress report.
 *
 * @category Notifications
 */
export interface ProgressNotificationParams extends NotificationParams {
  /** The token from the request's `_meta.progressToken`. */
  progressToken: ProgressToken;
  /**
   * Work done so far. It MUST grow with each report, even if the total is unknown.
   *
   * @TJS-type number
   */
  progress: number;
  /**
   * Total amount of work, when known.
   *
   * @TJS-type number
   */
  total?: number;
  /** Status text to show to people. */
  message?: string;
}

/**
 * Selects which change notifications a listener wants.
 *
 * @category subscriptions/listen
 */
export interface SubscriptionFilter {
  /** Notify when the tool list changes. */
  toolsListChanged?: boolean;
  /** Notify when the prompt list changes. */
  promptsListChanged?: boolean;
  /** Notify when the resource list changes. */
  resourcesListChanged?: boolean;
  /** URIs of resources whose updates are wanted. */
  resourceSubscriptions?: string[];
}

/**
 * Opens a long-lived stream on which the server sends the change notifications selected by the filter.
 *
 * @category subscriptions/listen
 */
export interface SubscriptionsListenRequest extends JSONRPCRequest {
  /** Always `"subscriptions/listen"`. */
  method: "subscriptions/listen";
  /** The filter and request metadata. */
  params: SubscriptionsListenRequestParams;
}

/**
 * Parameters of `subscriptions/listen`.
 *
 * @category subscriptions/listen
 */
export interface SubscriptionsListenRequestParams extends RequestParams {
  /** The notifications wanted. */
  notifications: SubscriptionFilter;
}

/**
 * Sent when the server ends a subscription stream.
 *
 * @category subscriptions/listen
 */
export interface SubscriptionsListenResult extends Result {
  /** Result metadata, naming the subscription that ended. */
  _meta: SubscriptionsListenResultMetaObject;
}

/**
 * The `_meta` of a `subscriptions/listen` result.
 *
 * @category subscriptions/listen
 */
export interface SubscriptionsListenResultMetaObject extends ResultMetaObject {
  /** Id of the `subscriptions/listen` request this result closes. */
  "io.modelcontextprotocol/subscriptionId": RequestId;
}

/**
 * The response that closes a `subscriptions/listen` stream.
 *
 * @category subscriptions/listen
 */
export interface SubscriptionsListenResultResponse extends JSONRPCResultResponse {
  /** The closing result. */
  result: SubscriptionsListenResult;
}

/**
 * Sent on a subscription stream to confirm which notifications the server will actually
 * send there, which MAY be fewer than were asked for.
 *
 * @category subscriptions/listen
 */
export interface SubscriptionsAcknowledgedNotification extends JSONRPCNotification {
  /** Always `"notifications/subscriptions/acknowledged"`. */
  method: "notifications/subscriptions/acknowledged";
  /** The accepted filter. */
  params: SubscriptionsAcknowledgedNotificationParams;
}

/**
 * Parameters of the acknowledgement.
 *
 * @category subscriptions/listen
 */
export interface SubscriptionsAcknowledgedNotificationParams extends NotificationParams {
  /** The notifications the server agreed to send. */
  notifications: SubscriptionFilter;
}

/**
 * Severity of a log message, from `debug` (lowest) to `emergency` (highest), as in syslog.
 *
 * @deprecated Since 2026-07-28 (SEP-2577): protocol-level logging is being retired. Instead, use the host's own logging/observability. Earliest removal: the first revision released on or after 2027-07-28.
 * @category Logging
 */
export type LoggingLevel = "debug" | "info" | "notice" | "warning" | "error" | "critical" | "alert" | "emergency";

/**
 * A log message from the server to the client.
 *
 * @deprecated Since 2026-07-28 (SEP-2577): protocol-level logging is being retired. Instead, use the host's own logging/observability. Earliest removal: the first revision released on or after 2027-07-28.
 * @category Logging
 */
export interface LoggingMessageNotification extends JSONRPCNotification {
  /** Always `"notifications/message"`. */
  method: "notifications/message";
  /** The log entry. */
  params: LoggingMessageNotificationParams;
}

/**
 * Parameters of a log message.
 *
 * @deprecated Since 2026-07-28 (SEP-2577): protocol-level logging is being retired. Instead, use the host's own logging/observability. Earliest removal: the first revision released on or after 2027-07-28.
 * @category Logging
 */
export interface LoggingMessageNotificationParams extends NotificationParams {
  /** Severity of the entry. */
  level: LoggingLevel;
  /** Name of the component that logged it. */
  logger?: string;
  /** The payload: a string or any JSON value. It SHOULD NOT contain credentials or other secrets. */
  data: unknown;
}

/**
 * Asks the server for suggested values of a prompt or resource-template argument while the user types.
 *
 * @category completion/complete
 */
export interface CompleteRequest extends JSONRPCRequest {
  /** Always `"completion/complete"`. */
  method: "completion/complete";
  /** What to complete. */
  params: CompleteRequestParams;
}

/**
 * Parameters of `completion/complete`.
 *
 * @category completion/complete
 */
export interface CompleteRequestParams extends RequestParams {
  /** The prompt or resource template the argument belongs to. */
  ref: PromptReference | ResourceTemplateReference;
  /** The argument being completed. */
  argument: {
    /** Argument name. */
    name: string;
    /** What the user has entered so far. */
    value: string;
  };
  /** Values already chosen, which MAY narrow the suggestions. */
  context?: {
    /** Values of other arguments, by name. */
    arguments?: { [key: string]: string };
  };
}

/**
 * Suggested values for the argument.
 *
 * @category completion/complete
 */
export interface CompleteResult extends Result {
  /** The suggestions. */
  completion: {
    /**
     * Suggestions, best first; at most 100.
     *
     * @maxItems 100
     */
    values: string[];
    /** Number of matches in all, which MAY exceed the values returned. */
    total?: number;
    /** More matches exist than were returned. */
    hasMore?: boolean;
  };
}

/**
 * The response to `completion/complete`.
 *
 * @category completion/complete
 */
export interface CompleteResultResponse extends JSONRPCResultResponse {
  /** The suggestions. */
  result: CompleteResult;
}

/**
 * Names a prompt.
 *
 * @category completion/complete
 */
export interface PromptReference extends BaseMetadata {
  /** Always `"ref/prompt"`. */
  type: "ref/prompt";
}

/**
 * Names a resource template by its URI template.
 *
 * @category completion/complete
 */
export interface ResourceTemplateReference {
  /** Always `"ref/resource"`. */
  type: "ref/resource";
  /**
   * The URI template of the resource template.
   *
   * @format uri-template
   */
  uri: string;
}

/**
 * Every request a client may send.
 *
 * @category JSON-RPC
 */
export type ClientRequest =
  | DiscoverRequest
  | ListResourcesRequest
  | ListResourceTemplatesRequest
  | ReadResourceRequest
  | SubscriptionsListenRequest
  | ListPromptsRequest
  | GetPromptRequest
  | ListToolsRequest
  | CallToolRequest
  | CompleteRequest;

/**
 * Every notification a client may send.
 *
 * @category JSON-RPC
 */
export type ClientNotification = CancelledNotification;

/**
 * Every result a client may send. Servers send no requests, so only the empty result remains.
 *
 * @category JSON-RPC
 */
export type ClientResult = EmptyResult;

/**
 * Every notification a server may send.
 *
 * @category JSON-RPC
 */
export type ServerNotification =
  | CancelledNotification
  | ProgressNotification
  | ResourceListChangedNotification
  | SubscriptionsAcknowledgedNotification
  | ResourceUpdatedNotification
  | PromptListChangedNotification
  | ToolListChangedNotification
  | LoggingMessageNotification;

/**
 * Every result a server may send.
 *
 * @category JSON-RPC
 */
export type ServerResult =
  | Result
  | InputRequiredResult
  | DiscoverResult
  | ListResourcesResult
  | ListResourceTemplatesResult
  | ReadResourceResult
  | SubscriptionsListenResult
  | ListPromptsResult
  | GetPromptResult
  | ListToolsResult
  | CallToolResult
  | CompleteResult;
/**
 * Optional hints attached to content or resources that tell the client how to
 * use or show them. Clients MAY ignore any of them.
 *
 * @category Content
 */
export interface Annotations {
  /** The parties the item is meant for; it may list both `"user"` and `"assistant"`. */
  audience?: Role[];

  /**
   * How important the item is, from 0 (can be left out) to 1 (effectively
   * required).
   *
   * @TJS-type number
   * @minimum 0
   * @maximum 1
   */
  priority?: number;

  /** When the item was last changed, as an ISO 8601 timestamp (e.g. `"2026-01-31T09:30:00Z"`). */
  lastModified?: string;
}

/**
 * The side of a conversation a message or piece of content belongs to.
 *
 * @category Content
 */
export type Role = "user" | "assistant";

/**
 * A block of plain text.
 *
 * @category Content
 */
export interface TextContent {
  /** Discriminator; always `"text"`. */
  type: "text";

  /** The text itself. */
  text: string;

  /** Optional hints for the client on how to use or show this block. */
  annotations?: Annotations;

  /** Free-form metadata; keys follow the `_meta` naming rules of the protocol. */
  _meta?: MetaObject;
}

/**
 * An image, carried inline as base64 data.
 *
 * @category Content
 */
export interface ImageContent {
  /** Discriminator; always `"image"`. */
  type: "image";

  /**
   * The image bytes, base64-encoded.
   *
   * @format byte
   */
  data: string;

  /** The MIME type of the image, e.g. `"image/png"`. */
  mimeType: string;

  /** Optional hints for the client on how to use or show this block. */
  annotations?: Annotations;

  /** Free-form metadata; keys follow the `_meta` naming rules of the protocol. */
  _meta?: MetaObject;
}

/**
 * A piece of audio, carried inline as base64 data.
 *
 * @category Content
 */
export interface AudioContent {
  /** Discriminator; always `"audio"`. */
  type: "audio";

  /**
   * The audio bytes, base64-encoded.
   *
   * @format byte
   */
  data: string;

  /** The MIME type of the audio, e.g. `"audio/wav"`. */
  mimeType: string;

  /** Optional hints for the client on how to use or show this block. */
  annotations?: Annotations;

  /** Free-form metadata; keys follow the `_meta` naming rules of the protocol. */
  _meta?: MetaObject;
}

/**
 * A pointer to a resource the client can fetch with `resources/read`, instead
 * of its contents. The linked resource need not appear in `resources/list`.
 *
 * @category Content
 */
export interface ResourceLink extends Resource {
  /** Discriminator; always `"resource_link"`. */
  type: "resource_link";
}

/**
 * The contents of a resource, placed directly in a message or tool result.
 *
 * @category Content
 */
export interface EmbeddedResource {
  /** Discriminator; always `"resource"`. */
  type: "resource";

  /** The resource's URI and its text or binary contents. */
  resource: TextResourceContents | BlobResourceContents;

  /** Optional hints for the client on how to use or show this block. */
  annotations?: Annotations;

  /** Free-form metadata; keys follow the `_meta` naming rules of the protocol. */
  _meta?: MetaObject;
}

/**
 * Any block that can appear in a prompt message or a tool result.
 *
 * @category Content
 */
export type ContentBlock =
  | TextContent
  | ImageContent
  | AudioContent
  | ResourceLink
  | EmbeddedResource;

/**
 * The fields shared by the text and binary contents of a resource.
 *
 * @category resources/read
 */
export interface ResourceContents {
  /**
   * The URI these contents belong to; it may be a sub-resource of the URI that
   * was read.
   *
   * @format uri
   */
  uri: string;

  /** The MIME type of the contents, if known. */
  mimeType?: string;

  /** Free-form metadata; keys follow the `_meta` naming rules of the protocol. */
  _meta?: MetaObject;
}

/**
 * Resource contents that are text.
 *
 * @category resources/read
 */
export interface TextResourceContents extends ResourceContents {
  /** The text. Only for contents that can be shown as text; use `blob` otherwise. */
  text: string;
}

/**
 * Resource contents that are binary data.
 *
 * @category resources/read
 */
export interface BlobResourceContents extends ResourceContents {
  /**
   * The bytes, base64-encoded.
   *
   * @format byte
   */
  blob: string;
}

/**
 * The params shared by requests that address one resource by URI.
 *
 * @category resources/read
 */
export interface ResourceRequestParams {
  /** Per-request metadata: protocol version, client capabilities and client info. */
  _meta: RequestMetaObject;

  /**
   * The URI of the resource. The server decides how to interpret it.
   *
   * @format uri
   */
  uri: string;
}

/**
 * Params of `resources/read`. On a retry after an `InputRequiredResult` they
 * also carry the client's answers and the server's opaque state.
 *
 * @category resources/read
 */
export interface ReadResourceRequestParams extends ResourceRequestParams {
  /**
   * The client's answers to the server's earlier `inputRequests`, under the
   * same keys. Only sent on a retry.
   */
  inputResponses?: InputResponses;

  /**
   * The `requestState` from the server's `InputRequiredResult`, echoed byte for
   * byte. It is opaque: the client MUST NOT parse or alter it, and sends none
   * if none was given.
   */
  requestState?: string;
}

/**
 * Asks the server for the contents of one resource. The server MAY answer
 * with an `InputRequiredResult`; the client then retries with a new id.
 *
 * @category resources/read
 */
export interface ReadResourceRequest {
  /** A request id not yet used by the client; a retry gets a new one. */
  id: RequestId;

  /** JSON-RPC version; always `"2.0"`. */
  jsonrpc: "2.0";

  /** The method name. */
  method: "resources/read";

  /** Which resource to read, plus retry data when answering input requests. */
  params: ReadResourceRequestParams;
}

/**
 * The completed answer to `resources/read`.
 *
 * @category resources/read
 */
export interface ReadResourceResult {
  /** The contents read; a single URI may yield several entries (e.g. a directory). */
  contents: (TextResourceContents | BlobResourceContents)[];

  /** `"complete"` for this result. A client treats an absent value as `"complete"`. */
  resultType: string;

  /**
   * How long, in milliseconds, the client MAY reuse this result without
   * reading again; 0 means do not reuse it.
   *
   * @minimum 0
   */
  ttlMs: number;

  /** `"private"`: reuse only for the same user; `"public"`: MAY be shared across users. */
  cacheScope: "private" | "public";

  /** Result metadata, e.g. `io.modelcontextprotocol/serverInfo`. */
  _meta?: ResultMetaObject;
}

/**
 * The JSON-RPC response to `resources/read`: either the contents or a request
 * for more input from the client.
 *
 * @category resources/read
 */
export interface ReadResourceResultResponse {
  /** The id of the request being answered. */
  id: RequestId;

  /** JSON-RPC version; always `"2.0"`. */
  jsonrpc: "2.0";

  /** The contents, or an `InputRequiredResult` telling the client what to gather before retrying. */
  result: InputRequiredResult | ReadResourceResult;
}

/**
 * A resource the server can provide, identified by a URI.
 *
 * @category resources/list
 */
export interface Resource {
  /** A programmatic name for the resource. */
  name: string;

  /** A human-readable name for display; when absent, clients show `name`. */
  title?: string;

  /**
   * The URI of the resource.
   *
   * @format uri
   */
  uri: string;

  /** What the resource holds; clients MAY pass this to a model to help it choose resources. */
  description?: string;

  /** The MIME type of the resource, if known. */
  mimeType?: string;

  /** Optional hints for the client on how to use or show the resource. */
  annotations?: Annotations;

  /** The size of the raw contents in bytes (before any base64 encoding), if known. */
  size?: number;

  /** Icons the client MAY show for the resource. */
  icons?: Icon[];

  /** Free-form metadata; keys follow the `_meta` naming rules of the protocol. */
  _meta?: MetaObject;
}

/**
 * Asks the server for a page of the resources it offers.
 *
 * @category resources/list
 */
export interface ListResourcesRequest {
  /** A request id not yet used by the client. */
  id: RequestId;

  /** JSON-RPC version; always `"2.0"`. */
  jsonrpc: "2.0";

  /** The method name. */
  method: "resources/list";

  /** Request metadata and, for later pages, the cursor. */
  params: PaginatedRequestParams;
}

/**
 * One page of the server's resources.
 *
 * @category resources/list
 */
export interface ListResourcesResult {
  /** The resources on this page. */
  resources: Resource[];

  /** An opaque token for the next page; absent when this is the last page. */
  nextCursor?: string;

  /** `"complete"` for this result. A client treats an absent value as `"complete"`. */
  resultType: string;

  /**
   * How long, in milliseconds, the client MAY reuse this page without listing
   * again; 0 means do not reuse it.
   *
   * @minimum 0
   */
  ttlMs: number;

  /** `"private"`: reuse only for the same user; `"public"`: MAY be shared across users. */
  cacheScope: "private" | "public";

  /** Result metadata, e.g. `io.modelcontextprotocol/serverInfo`. */
  _meta?: ResultMetaObject;
}

/**
 * The JSON-RPC response to `resources/list`.
 *
 * @category resources/list
 */
export interface ListResourcesResultResponse {
  /** The id of the request being answered. */
  id: RequestId;

  /** JSON-RPC version; always `"2.0"`. */
  jsonrpc: "2.0";

  /** The page of resources. */
  result: ListResourcesResult;
}

/**
 * Tells a client that the set of resources has changed, so cached lists are
 * stale. Sent only to clients that asked for it through `subscriptions/listen`.
 *
 * @category resources/list
 */
export interface ResourceListChangedNotification {
  /** JSON-RPC version; always `"2.0"`. */
  jsonrpc: "2.0";

  /** The method name. */
  method: "notifications/resources/list_changed";

  /** Optional metadata, e.g. the subscription this notification belongs to. */
  params?: NotificationParams;
}

/**
 * Tells a client that a resource it subscribed to has changed; the client MAY
 * read it again.
 *
 * @category resources/list
 */
export interface ResourceUpdatedNotification {
  /** JSON-RPC version; always `"2.0"`. */
  jsonrpc: "2.0";

  /** The method name. */
  method: "notifications/resources/updated";

  /** Which resource changed. */
  params: ResourceUpdatedNotificationParams;
}

/**
 * Params of `notifications/resources/updated`.
 *
 * @category resources/list
 */
export interface ResourceUpdatedNotificationParams {
  /**
   * The URI of the changed resource; it may be a sub-resource of the URI the
   * client subscribed to.
   *
   * @format uri
   */
  uri: string;

  /** Notification metadata, e.g. the subscription this belongs to. */
  _meta?: NotificationMetaObject;
}

/**
 * A pattern for a family of resources, written as an RFC 6570 URI template.
 *
 * @category resources/templates/list
 */
export interface ResourceTemplate {
  /** A programmatic name for the template. */
  name: string;

  /** A human-readable name for display; when absent, clients show `name`. */
  title?: string;

  /**
   * The RFC 6570 URI template from which resource URIs are built.
   *
   * @format uri-template
   */
  uriTemplate: string;

  /** What the matching resources hold; clients MAY pass this to a model. */
  description?: string;

  /** The MIME type of all matching resources, if they share one. */
  mimeType?: string;

  /** Optional hints for the client on how to use or show the matching resources. */
  annotations?: Annotations;

  /** Icons the client MAY show for the template. */
  icons?: Icon[];

  /** Free-form metadata; keys follow the `_meta` naming rules of the protocol. */
  _meta?: MetaObject;
}

/**
 * Asks the server for a page of its resource templates.
 *
 * @category resources/templates/list
 */
export interface ListResourceTemplatesRequest {
  /** A request id not yet used by the client. */
  id: RequestId;

  /** JSON-RPC version; always `"2.0"`. */
  jsonrpc: "2.0";

  /** The method name. */
  method: "resources/templates/list";

  /** Request metadata and, for later pages, the cursor. */
  params: PaginatedRequestParams;
}

/**
 * One page of the server's resource templates.
 *
 * @category resources/templates/list
 */
export interface ListResourceTemplatesResult {
  /** The templates on this page. */
  resourceTemplates: ResourceTemplate[];

  /** An opaque token for the next page; absent when this is the last page. */
  nextCursor?: string;

  /** `"complete"` for this result. A client treats an absent value as `"complete"`. */
  resultType: string;

  /**
   * How long, in milliseconds, the client MAY reuse this page without listing
   * again; 0 means do not reuse it.
   *
   * @minimum 0
   */
  ttlMs: number;

  /** `"private"`: reuse only for the same user; `"public"`: MAY be shared across users. */
  cacheScope: "private" | "public";

  /** Result metadata, e.g. `io.modelcontextprotocol/serverInfo`. */
  _meta?: ResultMetaObject;
}

/**
 * The JSON-RPC response to `resources/templates/list`.
 *
 * @category resources/templates/list
 */
export interface ListResourceTemplatesResultResponse {
  /** The id of the request being answered. */
  id: RequestId;

  /** JSON-RPC version; always `"2.0"`. */
  jsonrpc: "2.0";

  /** The page of templates. */
  result: ListResourceTemplatesResult;
}

/**
 * A prompt or prompt template the server offers, usually picked by the user.
 *
 * @category prompts/list
 */
export interface Prompt {
  /** A programmatic name for the prompt, used in `prompts/get`. */
  name: string;

  /** A human-readable name for display; when absent, clients show `name`. */
  title?: string;

  /** What the prompt does. */
  description?: string;

  /** The arguments the prompt accepts to fill in its template. */
  arguments?: PromptArgument[];

  /** Icons the client MAY show for the prompt. */
  icons?: Icon[];

  /** Free-form metadata; keys follow the `_meta` naming rules of the protocol. */
  _meta?: MetaObject;
}

/**
 * One argument a prompt accepts.
 *
 * @category prompts/list
 */
export interface PromptArgument {
  /** The argument's name, used as a key in `prompts/get` arguments. */
  name: string;

  /** A human-readable name for display; when absent, clients show `name`. */
  title?: string;

  /** What the argument means. */
  description?: string;

  /** Whether the client MUST supply this argument; absent means optional. */
  required?: boolean;
}

/**
 * Asks the server for a page of the prompts it offers.
 *
 * @category prompts/list
 */
export interface ListPromptsRequest {
  /** A request id not yet used by the client. */
  id: RequestId;

  /** JSON-RPC version; always `"2.0"`. */
  jsonrpc: "2.0";

  /** The method name. */
  method: "prompts/list";

  /** Request metadata and, for later pages, the cursor. */
  params: PaginatedRequestParams;
}

/**
 * One page of the server's prompts.
 *
 * @category prompts/list
 */
export interface ListPromptsResult {
  /** The prompts on this page. */
  prompts: Prompt[];

  /** An opaque token for the next page; absent when this is the last page. */
  nextCursor?: string;

  /** `"complete"` for this result. A client treats an absent value as `"complete"`. */
  resultType: string;

  /**
   * How long, in milliseconds, the client MAY reuse this page without listing
   * again; 0 means do not reuse it.
   *
   * @minimum 0
   */
  ttlMs: number;

  /** `"private"`: reuse only for the same user; `"public"`: MAY be shared across users. */
  cacheScope: "private" | "public";

  /** Result metadata, e.g. `io.modelcontextprotocol/serverInfo`. */
  _meta?: ResultMetaObject;
}

/**
 * The JSON-RPC response to `prompts/list`.
 *
 * @category prompts/list
 */
export interface ListPromptsResultResponse {
  /** The id of the request being answered. */
  id: RequestId;

  /** JSON-RPC version; always `"2.0"`. */
  jsonrpc: "2.0";

  /** The page of prompts. */
  result: ListPromptsResult;
}

/**
 * Tells a client that the set of prompts has changed, so cached lists are
 * stale. Sent only to clients that asked for it through `subscriptions/listen`.
 *
 * @category prompts/list
 */
export interface PromptListChangedNotification {
  /** JSON-RPC version; always `"2.0"`. */
  jsonrpc: "2.0";

  /** The method name. */
  method: "notifications/prompts/list_changed";

  /** Optional metadata, e.g. the subscription this notification belongs to. */
  params?: NotificationParams;
}

/**
 * One message of a prompt returned by `prompts/get`.
 *
 * @category prompts/get
 */
export interface PromptMessage {
  /** Who speaks the message. */
  role: Role;

  /** The message's content. */
  content: ContentBlock;
}

/**
 * Params of `prompts/get`. On a retry after an `InputRequiredResult` they
 * also carry the client's answers and the server's opaque state.
 *
 * @category prompts/get
 */
export interface GetPromptRequestParams {
  /** Per-request metadata: protocol version, client capabilities and client info. */
  _meta: RequestMetaObject;

  /** The name of the prompt, as listed by `prompts/list`. */
  name: string;

  /** Values for the prompt's arguments, keyed by argument name. */
  arguments?: { [key: string]: string };

  /**
   * The client's answers to the server's earlier `inputRequests`, under the
   * same keys. Only sent on a retry.
   */
  inputResponses?: InputResponses;

  /**
   * The `requestState` from the server's `InputRequiredResult`, echoed byte for
   * byte. It is opaque: the client MUST NOT parse or alter it, and sends none
   * if none was given.
   */
  requestState?: string;
}

/**
 * Asks the server for a prompt, filled in with the given arguments. The server
 * MAY answer with an `InputRequiredResult`; the client then retries with a new id.
 *
 * @category prompts/get
 */
export interface GetPromptRequest {
  /** A request id not yet used by the client; a retry gets a new one. */
  id: RequestId;

  /** JSON-RPC version; always `"2.0"`. */
  jsonrpc: "2.0";

  /** The method name. */
  method: "prompts/get";

  /** Which prompt, its arguments, plus retry data when answering input requests. */
  params: GetPromptRequestParams;
}

/**
 * The completed answer to `prompts/get`.
 *
 * @category prompts/get
 */
export interface GetPromptResult {
  /** What the prompt is about, if the server wants to say. */
  description?: string;

  /** The messages that make up the prompt. */
  messages: PromptMessage[];

  /** `"complete"` for this result. A client treats an absent value as `"complete"`. */
  resultType: string;

  /** Result metadata, e.g. `io.modelcontextprotocol/serverInfo`. */
  _meta?: ResultMetaObject;
}

/**
 * The JSON-RPC response to `prompts/get`: either the prompt or a request for
 * more input from the client.
 *
 * @category prompts/get
 */
export interface GetPromptResultResponse {
  /** The id of the request being answered. */
  id: RequestId;

  /** JSON-RPC version; always `"2.0"`. */
  jsonrpc: "2.0";

  /** The prompt, or an `InputRequiredResult` telling the client what to gather before retrying. */
  result: InputRequiredResult | GetPromptResult;
}

/**
 * A tool the server offers for a model to call.
 *
 * @category tools/list
 */
export interface Tool {
  /** A programmatic name for the tool, used in `tools/call`. */
  name: string;

  /** A human-readable name for display; when absent, clients use `annotations.title`, then `name`. */
  title?: string;

  /** What the tool does; clients MAY pass this to a model to help it use the tool. */
  description?: string;

  /** A JSON Schema of the `arguments` object the tool accepts. */
  inputSchema: {
    /** The JSON Schema dialect URI; when absent, JSON Schema 2020-12. */
    $schema?: string;

    /** Always `"object"`: tool arguments are a JSON object. */
    type: "object";

    /** Any other JSON Schema keyword, e.g. `properties` and `required`. */
    [key: string]: unknown;
  };

  /**
   * A JSON Schema of the tool's `structuredContent`. When present, the server
   * MUST return `structuredContent` that conforms to it.
   */
  outputSchema?: {
    /** The JSON Schema dialect URI; when absent, JSON Schema 2020-12. */
    $schema?: string;

    /** Any other JSON Schema keyword, e.g. `type`, `properties` and `required`. */
    [key: string]: unknown;
  };

  /** Hints about the tool's behaviour; clients MUST NOT trust them unless they trust the server. */
  annotations?: ToolAnnotations;

  /** Icons the client MAY show for the tool. */
  icons?: Icon[];

  /** Free-form metadata; keys follow the `_meta` naming rules of the protocol. */
  _meta?: MetaObject;
}

/**
 * Hints describing how a tool behaves. They are not guarantees: clients MUST
 * NOT base security decisions on them for servers they do not trust.
 *
 * @category tools/list
 */
export interface ToolAnnotations {
  /** A human-readable name for the tool. */
  title?: string;

  /** If true, the tool does not change anything outside itself. Default: false. */
  readOnlyHint?: boolean;

  /** If true, the tool may delete or overwrite things; only meaningful when not read-only. Default: true. */
  destructiveHint?: boolean;

  /** If true, repeating a call with the same arguments has no further effect; only meaningful when not read-only. Default: false. */
  idempotentHint?: boolean;

  /** If true, the tool reaches an open set of outside entities (e.g. the web); if false, a closed domain. Default: true. */
  openWorldHint?: boolean;
}

/**
 * Asks the server for a page of the tools it offers.
 *
 * @category tools/list
 */
export interface ListToolsRequest {
  /** A request id not yet used by the client. */
  id: RequestId;

  /** JSON-RPC version; always `"2.0"`. */
  jsonrpc: "2.0";

  /** The method name. */
  method: "tools/list";

  /** Request metadata and, for later pages, the cursor. */
  params: PaginatedRequestParams;
}

/**
 * One page of the server's tools.
 *
 * @category tools/list
 */
export interface ListToolsResult {
  /** The tools on this page. */
  tools: Tool[];

  /** An opaque token for the next page; absent when this is the last page. */
  nextCursor?: string;

  /** `"complete"` for this result. A client treats an absent value as `"complete"`. */
  resultType: string;

  /**
   * How long, in milliseconds, the client MAY reuse this page without listing
   * again; 0 means do not reuse it.
   *
   * @minimum 0
   */
  ttlMs: number;

  /** `"private"`: reuse only for the same user; `"public"`: MAY be shared across users. */
  cacheScope: "private" | "public";

  /** Result metadata, e.g. `io.modelcontextprotocol/serverInfo`. */
  _meta?: ResultMetaObject;
}

/**
 * The JSON-RPC response to `tools/list`.
 *
 * @category tools/list
 */
export interface ListToolsResultResponse {
  /** The id of the request being answered. */
  id: RequestId;

  /** JSON-RPC version; always `"2.0"`. */
  jsonrpc: "2.0";

  /** The page of tools. */
  result: ListToolsResult;
}

/**
 * Tells a client that the set of tools has changed, so cached lists are
 * stale. Sent only to clients that asked for it through `subscriptions/listen`.
 *
 * @category tools/list
 */
export interface ToolListChangedNotification {
  /** JSON-RPC version; always `"2.0"`. */
  jsonrpc: "2.0";

  /** The method name. */
  method: "notifications/tools/list_changed";

  /** Optional metadata, e.g. the subscription this notification belongs to. */
  params?: NotificationParams;
}

/**
 * Params of `tools/call`. On a retry after an `InputRequiredResult` they also
 * carry the client's answers and the server's opaque state.
 *
 * @category tools/call
 */
export interface CallToolRequestParams {
  /** Per-request metadata: protocol version, client capabilities and client info. */
  _meta: RequestMetaObject;

  /** The name of the tool, as listed by `tools/list`. */
  name: string;

  /** The tool's arguments; they SHOULD conform to the tool's `inputSchema`. */
  arguments?: { [key: string]: unknown };

  /**
   * The client's answers to the server's earlier `inputRequests`, under the
   * same keys. Only sent on a retry.
   */
  inputResponses?: InputResponses;

  /**
   * The `requestState` from the server's `InputRequiredResult`, echoed byte for
   * byte. It is opaque: the client MUST NOT parse or alter it, and sends none
   * if none was given.
   */
  requestState?: string;
}

/**
 * Asks the server to run a tool. The server MAY answer with an
 * `InputRequiredResult`; the client then retries with a new id.
 *
 * @category tools/call
 */
export interface CallToolRequest {
  /** A request id not yet used by the client; a retry gets a new one. */
  id: RequestId;

  /** JSON-RPC version; always `"2.0"`. */
  jsonrpc: "2.0";

  /** The method name. */
  method: "tools/call";

  /** Which tool, its arguments, plus retry data when answering input requests. */
  params: CallToolRequestParams;
}

/**
 * The completed answer to `tools/call`. Failures of the tool itself are
 * reported here with `isError: true`, so a model can see them; protocol
 * problems (unknown tool, bad params) are JSON-RPC errors instead.
 *
 * @category tools/call
 */
export interface CallToolResult {
  /** The tool's output as content blocks. */
  content: ContentBlock[];

  /**
   * The tool's output as a JSON value. If the tool declares an `outputSchema`,
   * this MUST be present and conform to it; the server SHOULD also put the
   * serialized JSON in a text block of `content`.
   */
  structuredContent?: unknown;

  /** True if the tool failed; absent means false. */
  isError?: boolean;

  /** `"complete"` for this result. A client treats an absent value as `"complete"`. */
  resultType: string;

  /** Result metadata, e.g. `io.modelcontextprotocol/serverInfo`. */
  _meta?: ResultMetaObject;
}

/**
 * The JSON-RPC response to `tools/call`: either the tool's output or a request
 * for more input from the client.
 *
 * @category tools/call
 */
export interface CallToolResultResponse {
  /** The id of the request being answered. */
  id: RequestId;

  /** JSON-RPC version; always `"2.0"`. */
  jsonrpc: "2.0";

  /** The tool's output, or an `InputRequiredResult` telling the client what to gather before retrying. */
  result: InputRequiredResult | CallToolResult;
}
/**
 * Maps each method a server may ask of the client inside an `InputRequiredResult` to its request and response types.
 * Packages (e.g. `@mrtr/deprecated`) extend this interface through `declare module` interface merging, and
 * `InputRequest` / `InputResponse` follow automatically; it exists only in TypeScript.
 * @typesOnly
 * @category Multi round-trip
 */
export interface InputMethodMap {
  /** Asking the user for information through the client. */
  "elicitation/create": {
    /** The input request sent to the client. */
    request: ElicitRequest;
    /** The client's answer, echoed back on the retry. */
    response: ElicitResult;
  };
  /**
   * Asking the client's language model for a completion.
   * @deprecated Since 2026-07-28 (SEP-2577): servers no longer borrow the client's model. Instead, call a model provider directly from the server. Earliest removal: the first revision released on or after 2027-07-28.
   */
  "sampling/createMessage": {
    /** The input request sent to the client. */
    request: CreateMessageRequest;
    /** The client's answer, echoed back on the retry. */
    response: CreateMessageResult;
  };
  /**
   * Asking the client for its filesystem roots.
   * @deprecated Since 2026-07-28 (SEP-2577): clients no longer advertise filesystem roots. Instead, pass directories through tool arguments, resource URIs or configuration. Earliest removal: the first revision released on or after 2027-07-28.
   */
  "roots/list": {
    /** The input request sent to the client. */
    request: ListRootsRequest;
    /** The client's answer, echoed back on the retry. */
    response: ListRootsResult;
  };
}

/**
 * Any request a server may embed in `inputRequests`: the `request` member of every `InputMethodMap` entry.
 * @category Multi round-trip
 */
export type InputRequest = { [M in keyof InputMethodMap]: InputMethodMap[M]["request"] }[keyof InputMethodMap];

/**
 * Any answer a client may send in `inputResponses`: the `response` member of every `InputMethodMap` entry.
 * @category Multi round-trip
 */
export type InputResponse = { [M in keyof InputMethodMap]: InputMethodMap[M]["response"] }[keyof InputMethodMap];

/**
 * Requests the server needs the client to fulfil, keyed by server-chosen names unique within the request.
 * The client answers each under the same key in `InputResponses`.
 * @category Multi round-trip
 */
export interface InputRequests {
  /** One input request, under its server-chosen key. */
  [key: string]: InputRequest;
}

/**
 * The client's answers to `InputRequests`, under the same keys the server chose.
 * Servers MUST validate them and ignore keys they do not need.
 * @category Multi round-trip
 */
export interface InputResponses {
  /** One answer, under the key of the input request it answers. */
  [key: string]: InputResponse;
}

/**
 * Answer to `tools/call`, `prompts/get` or `resources/read` when the server needs input from the client first.
 * The client gathers the answers and sends the original request again, as a new JSON-RPC request with a new id.
 * At least one of `inputRequests` and `requestState` MUST be present.
 * @anyOf [{"required":["inputRequests"]},{"required":["requestState"]}]
 * @category Multi round-trip
 */
export interface InputRequiredResult {
  /** Result metadata. */
  _meta?: ResultMetaObject;
  /** Marks this result as needing input before the request can complete. */
  resultType: "input_required";
  /** What the client MUST fulfil before retrying; if absent, the client MAY retry at once with `requestState`. */
  inputRequests?: InputRequests;
  /**
   * Opaque server state for the retry. The client MUST echo it byte for byte, never parse or alter it,
   * and use it only for the retry of this one request; servers MUST integrity-protect it if it matters.
   */
  requestState?: string;
}

/**
 * Params of a request that can be retried after `input_required` (`tools/call`, `prompts/get`, `resources/read`).
 * @category Multi round-trip
 */
export interface InputResponseRequestParams {
  /** Per-request metadata: protocol version, client capabilities and client info. */
  _meta: RequestMetaObject;
  /** Answers to the previous result's `inputRequests`, under the same keys. */
  inputResponses?: InputResponses;
  /** The previous result's `requestState`, unchanged; omitted when none was given. */
  requestState?: string;
}

/**
 * Asks the user for information, through the client. Sent only inside `inputRequests`, and only if the
 * client declared the `elicitation` capability (with the mode used) in this request.
 * @category elicitation/create
 */
export interface ElicitRequest {
  /** The method name. */
  method: "elicitation/create";
  /** What to ask, in form or URL mode. */
  params: ElicitRequestParams;
}

/**
 * Params of `elicitation/create`: form mode or URL mode.
 * @category elicitation/create
 */
export type ElicitRequestParams = ElicitRequestFormParams | ElicitRequestURLParams;

/**
 * Form mode: the client renders a flat form and returns the user's answers.
 * Servers MUST NOT ask for passwords, API keys, access tokens or payment credentials this way; use URL mode.
 * @category elicitation/create
 */
export interface ElicitRequestFormParams {
  /** Form mode; the default when `mode` is absent. */
  mode?: "form";
  /** Text shown to the user explaining what is asked and why. */
  message: string;
  /** A restricted JSON Schema: a flat object whose properties are only primitive schemas. */
  requestedSchema: {
    /** Optional JSON Schema dialect URI. */
    $schema?: string;
    /** Always `object`. */
    type: "object";
    /** The form fields, by name; nesting is not allowed. */
    properties: { [key: string]: PrimitiveSchemaDefinition };
    /** Names of the fields the user must fill in. */
    required?: string[];
  };
}

/**
 * URL mode: the user completes an interaction out of band (credential entry, OAuth, payment) at a URL.
 * Nothing but the URL passes through the client; the server MUST check that the person completing it is the one asked.
 * @category elicitation/create
 */
export interface ElicitRequestURLParams {
  /** URL mode. */
  mode: "url";
  /** Text shown to the user explaining why the URL should be opened. */
  message: string;
  /**
   * The page to open. It MUST NOT carry user secrets or be pre-authenticated; clients MUST NOT open it without consent.
   * @format uri
   */
  url: string;
}

/**
 * The user's answer to an `elicitation/create` input request.
 * @category elicitation/create
 */
export interface ElicitResult {
  /**
   * `accept`: the user agreed (in URL mode this is consent, not completion); `decline`: refused; `cancel`: dismissed.
   */
  action: "accept" | "decline" | "cancel";
  /**
   * Form mode with `accept` only: the submitted values, by field name, matching `requestedSchema`. Absent in URL mode.
   * @numberType number
   */
  content?: { [key: string]: string | number | boolean | string[] };
}

/**
 * One field of an elicitation form: a string, number, boolean or enum schema.
 * @category elicitation/create
 */
export type PrimitiveSchemaDefinition =
  | StringSchema
  | NumberSchema
  | BooleanSchema
  | UntitledSingleSelectEnumSchema
  | TitledSingleSelectEnumSchema
  | UntitledMultiSelectEnumSchema
  | TitledMultiSelectEnumSchema
  | LegacyTitledEnumSchema;

/**
 * A text field of an elicitation form.
 * @category elicitation/create
 */
export interface StringSchema {
  /** Always `string`. */
  type: "string";
  /** Label shown for the field. */
  title?: string;
  /** Help text for the field. */
  description?: string;
  /** Minimum length in characters. */
  minLength?: number;
  /** Maximum length in characters. */
  maxLength?: number;
  /** Expected format of the text. */
  format?: "email" | "uri" | "date" | "date-time";
  /** Value pre-filled in the form. */
  default?: string;
}

/**
 * A numeric field of an elicitation form.
 * @category elicitation/create
 */
export interface NumberSchema {
  /** `integer` for whole numbers, `number` for any number. */
  type: "number" | "integer";
  /** Label shown for the field. */
  title?: string;
  /** Help text for the field. */
  description?: string;
  /**
   * Smallest allowed value.
   * @TJS-type number
   */
  minimum?: number;
  /**
   * Largest allowed value.
   * @TJS-type number
   */
  maximum?: number;
  /**
   * Value pre-filled in the form.
   * @TJS-type number
   */
  default?: number;
}

/**
 * A yes/no field of an elicitation form.
 * @category elicitation/create
 */
export interface BooleanSchema {
  /** Always `boolean`. */
  type: "boolean";
  /** Label shown for the field. */
  title?: string;
  /** Help text for the field. */
  description?: string;
  /** Value pre-filled in the form. */
  default?: boolean;
}

/**
 * Any enum field of an elicitation form: single- or multi-select, titled or not, or the legacy form.
 * @category elicitation/create
 */
export type EnumSchema =
  | UntitledSingleSelectEnumSchema
  | TitledSingleSelectEnumSchema
  | UntitledMultiSelectEnumSchema
  | TitledMultiSelectEnumSchema
  | LegacyTitledEnumSchema;

/**
 * A field where the user picks exactly one option.
 * @category elicitation/create
 */
export type SingleSelectEnumSchema = UntitledSingleSelectEnumSchema | TitledSingleSelectEnumSchema;

/**
 * Single choice among plain string values, shown as they are.
 * @category elicitation/create
 */
export interface UntitledSingleSelectEnumSchema {
  /** Always `string`. */
  type: "string";
  /** Label shown for the field. */
  title?: string;
  /** Help text for the field. */
  description?: string;
  /** The allowed values. */
  enum: string[];
  /** Value pre-selected in the form; one of `enum`. */
  default?: string;
}

/**
 * Single choice among values that each have a display title.
 * @category elicitation/create
 */
export interface TitledSingleSelectEnumSchema {
  /** Always `string`. */
  type: "string";
  /** Label shown for the field. */
  title?: string;
  /** Help text for the field. */
  description?: string;
  /** The options, in display order. */
  oneOf: Array<{
    /** The value returned when this option is picked. */
    const: string;
    /** The text shown for this option. */
    title: string;
  }>;
  /** Value pre-selected in the form; one of the `const` values. */
  default?: string;
}

/**
 * A field where the user picks any number of options.
 * @category elicitation/create
 */
export type MultiSelectEnumSchema = UntitledMultiSelectEnumSchema | TitledMultiSelectEnumSchema;

/**
 * Multiple choice among plain string values, shown as they are.
 * @category elicitation/create
 */
export interface UntitledMultiSelectEnumSchema {
  /** Always `array`. */
  type: "array";
  /** Label shown for the field. */
  title?: string;
  /** Help text for the field. */
  description?: string;
  /** Fewest options the user must pick. */
  minItems?: number;
  /** Most options the user may pick. */
  maxItems?: number;
  /** The allowed values of each picked item. */
  items: {
    /** Always `string`. */
    type: "string";
    /** The allowed values. */
    enum: string[];
  };
  /** Values pre-selected in the form. */
  default?: string[];
}

/**
 * Multiple choice among values that each have a display title.
 * @category elicitation/create
 */
export interface TitledMultiSelectEnumSchema {
  /** Always `array`. */
  type: "array";
  /** Label shown for the field. */
  title?: string;
  /** Help text for the field. */
  description?: string;
  /** Fewest options the user must pick. */
  minItems?: number;
  /** Most options the user may pick. */
  maxItems?: number;
  /** The options of each picked item. */
  items: {
    /** The options, in display order. */
    anyOf: Array<{
      /** The value returned when this option is picked. */
      const: string;
      /** The text shown for this option. */
      title: string;
    }>;
  };
  /** Values pre-selected in the form. */
  default?: string[];
}

/**
 * Older single-choice form where display titles sit in a parallel `enumNames` array. New servers SHOULD use
 * `TitledSingleSelectEnumSchema` instead.
 * @category elicitation/create
 */
export interface LegacyTitledEnumSchema {
  /** Always `string`. */
  type: "string";
  /** Label shown for the field. */
  title?: string;
  /** Help text for the field. */
  description?: string;
  /** The allowed values. */
  enum: string[];
  /** Display titles, in the same order as `enum`. */
  enumNames?: string[];
  /** Value pre-selected in the form; one of `enum`. */
  default?: string;
}

/**
 * Asks the client's language model for a completion. Sent only inside `inputRequests`, and only if the
 * client declared `sampling` in this request.
 * @deprecated Since 2026-07-28 (SEP-2577): servers no longer borrow the client's model. Instead, call a model provider directly from the server. Earliest removal: the first revision released on or after 2027-07-28.
 * @category sampling/createMessage
 */
export interface CreateMessageRequest {
  /** The method name. */
  method: "sampling/createMessage";
  /** The conversation and generation settings. */
  params: CreateMessageRequestParams;
}

/**
 * Params of `sampling/createMessage`.
 * @deprecated Since 2026-07-28 (SEP-2577): servers no longer borrow the client's model. Instead, call a model provider directly from the server. Earliest removal: the first revision released on or after 2027-07-28.
 * @category sampling/createMessage
 */
export interface CreateMessageRequestParams {
  /** The conversation so far, oldest first. */
  messages: SamplingMessage[];
  /** Hints for choosing a model; the client MAY ignore them. */
  modelPreferences?: ModelPreferences;
  /** System prompt the server asks for; the client MAY change or omit it. */
  systemPrompt?: string;
  /**
   * Context from other servers to add to the prompt. The values `thisServer` and `allServers` are deprecated
   * since 2026-07-28 (SEP-2577): servers should not rely on client-held context. Instead, send `none` or omit the
   * field and put what is needed in `messages`. Earliest removal: the first revision released on or after 2027-07-28.
   */
  includeContext?: "none" | "thisServer" | "allServers";
  /**
   * Sampling temperature.
   * @TJS-type number
   */
  temperature?: number;
  /** Upper bound on the number of tokens to generate. */
  maxTokens: number;
  /** Sequences that end generation when produced. */
  stopSequences?: string[];
  /** Provider-specific parameters passed through by the client. */
  metadata?: JSONObject;
  /** Tools the model may call. MUST only be sent if the client declared `sampling.tools`. */
  tools?: Tool[];
  /** How the model may use `tools`. MUST only be sent if the client declared `sampling.tools`. */
  toolChoice?: ToolChoice;
}

/**
 * The client's model output for `sampling/createMessage`.
 * @deprecated Since 2026-07-28 (SEP-2577): servers no longer borrow the client's model. Instead, call a model provider directly from the server. Earliest removal: the first revision released on or after 2027-07-28.
 * @category sampling/createMessage
 */
export interface CreateMessageResult {
  /** Reserved metadata. */
  _meta?: MetaObject;
  /** Who produced the message; normally `assistant`. */
  role: Role;
  /** The generated content: one block or an array of blocks. */
  content:
    | TextContent
    | ImageContent
    | AudioContent
    | ToolUseContent
    | ToolResultContent
    | SamplingMessageContentBlock[];
  /** Name of the model that produced it. */
  model: string;
  /** Why generation stopped, e.g. `endTurn`, `stopSequence`, `maxTokens` or `toolUse`; other values allowed. */
  stopReason?: string;
}

/**
 * One message of a sampling conversation. A user message holding tool results MUST hold only tool results,
 * each matching the id of a prior tool use.
 * @deprecated Since 2026-07-28 (SEP-2577): servers no longer borrow the client's model. Instead, call a model provider directly from the server. Earliest removal: the first revision released on or after 2027-07-28.
 * @category sampling/createMessage
 */
export interface SamplingMessage {
  /** Reserved metadata. */
  _meta?: MetaObject;
  /** The speaker: `user` or `assistant`. */
  role: Role;
  /** The message content: one block or an array of blocks. */
  content:
    | TextContent
    | ImageContent
    | AudioContent
    | ToolUseContent
    | ToolResultContent
    | SamplingMessageContentBlock[];
}

/**
 * A content block allowed in sampling messages.
 * @deprecated Since 2026-07-28 (SEP-2577): servers no longer borrow the client's model. Instead, call a model provider directly from the server. Earliest removal: the first revision released on or after 2027-07-28.
 * @category sampling/createMessage
 */
export type SamplingMessageContentBlock = TextContent | ImageContent | AudioContent | ToolUseContent | ToolResultContent;

/**
 * The server's model-selection preferences; the client makes the final choice. Priorities range from 0 to 1.
 * @deprecated Since 2026-07-28 (SEP-2577): servers no longer borrow the client's model. Instead, call a model provider directly from the server. Earliest removal: the first revision released on or after 2027-07-28.
 * @category sampling/createMessage
 */
export interface ModelPreferences {
  /** Candidate model names, most preferred first; the client MAY map them to equivalent models. */
  hints?: ModelHint[];
  /**
   * How much low cost matters, from 0 to 1.
   * @TJS-type number
   * @minimum 0
   * @maximum 1
   */
  costPriority?: number;
  /**
   * How much low latency matters, from 0 to 1.
   * @TJS-type number
   * @minimum 0
   * @maximum 1
   */
  speedPriority?: number;
  /**
   * How much model capability matters, from 0 to 1.
   * @TJS-type number
   * @minimum 0
   * @maximum 1
   */
  intelligencePriority?: number;
}

/**
 * A hint for model selection.
 * @deprecated Since 2026-07-28 (SEP-2577): servers no longer borrow the client's model. Instead, call a model provider directly from the server. Earliest removal: the first revision released on or after 2027-07-28.
 * @category sampling/createMessage
 */
export interface ModelHint {
  /** A substring of a model name, e.g. `sonnet`; the client matches it loosely. */
  name?: string;
}

/**
 * How the model may use the tools offered in a sampling request.
 * @deprecated Since 2026-07-28 (SEP-2577): servers no longer borrow the client's model. Instead, call a model provider directly from the server. Earliest removal: the first revision released on or after 2027-07-28.
 * @category sampling/createMessage
 */
export interface ToolChoice {
  /** `auto`: the model decides (default); `required`: it MUST call a tool; `none`: it MUST NOT. */
  mode?: "auto" | "required" | "none";
}

/**
 * A tool call made by the model in a sampling conversation.
 * @deprecated Since 2026-07-28 (SEP-2577): servers no longer borrow the client's model. Instead, call a model provider directly from the server. Earliest removal: the first revision released on or after 2027-07-28.
 * @category sampling/createMessage
 */
export interface ToolUseContent {
  /** Always `tool_use`. */
  type: "tool_use";
  /** Identifier of this call, referenced by the matching tool result. */
  id: string;
  /** Name of the tool called. */
  name: string;
  /** Arguments of the call, following the tool's input schema. */
  input: { [key: string]: unknown };
  /** Reserved metadata. */
  _meta?: MetaObject;
}

/**
 * The outcome of a tool call, given back to the model in a sampling conversation.
 * @deprecated Since 2026-07-28 (SEP-2577): servers no longer borrow the client's model. Instead, call a model provider directly from the server. Earliest removal: the first revision released on or after 2027-07-28.
 * @category sampling/createMessage
 */
export interface ToolResultContent {
  /** Always `tool_result`. */
  type: "tool_result";
  /** The `id` of the tool use this answers; it MUST match a prior tool use. */
  toolUseId: string;
  /** Unstructured output of the tool. */
  content: ContentBlock[];
  /** Structured output of the tool, if it has any. */
  structuredContent?: unknown;
  /** True when the tool call failed. */
  isError?: boolean;
  /** Reserved metadata. */
  _meta?: MetaObject;
}

/**
 * Asks the client for its filesystem roots. Sent only inside `inputRequests`, and only if the client
 * declared `roots` in this request.
 * @deprecated Since 2026-07-28 (SEP-2577): clients no longer advertise filesystem roots. Instead, pass directories through tool arguments, resource URIs or configuration. Earliest removal: the first revision released on or after 2027-07-28.
 * @category roots/list
 */
export interface ListRootsRequest {
  /** The method name. */
  method: "roots/list";
  /** Optional params, carrying only metadata. */
  params?: {
    /** Reserved metadata. */
    _meta?: MetaObject;
  };
}

/**
 * The client's roots.
 * @deprecated Since 2026-07-28 (SEP-2577): clients no longer advertise filesystem roots. Instead, pass directories through tool arguments, resource URIs or configuration. Earliest removal: the first revision released on or after 2027-07-28.
 * @category roots/list
 */
export interface ListRootsResult {
  /** The directories or files the client exposes. */
  roots: Root[];
}

/**
 * A directory or file the client suggests the server work within. Roots are a hint, not access control.
 * @deprecated Since 2026-07-28 (SEP-2577): clients no longer advertise filesystem roots. Instead, pass directories through tool arguments, resource URIs or configuration. Earliest removal: the first revision released on or after 2027-07-28.
 * @category roots/list
 */
export interface Root {
  /**
   * Location of the root; MUST be a `file://` URI.
   * @format uri
   */
  uri: string;
  /** Human-readable name of the root. */
  name?: string;
  /** Reserved metadata. */
  _meta?: MetaObject;
}

/**
 * Maps each method a client may call to its request type and the type of its
 * complete result, so request helpers can be typed by method. Multi
 * round-trip methods may answer `InputRequiredResult` before the complete
 * result; a client handles those rounds itself. It exists only in TypeScript.
 * @typesOnly
 * @category JSON-RPC
 */
export interface ClientMethodMap {
  /** Learning the server's versions, capabilities and instructions. */
  "server/discover": {
    /** The request the client sends. */
    request: DiscoverRequest;
    /** The complete result the server answers with. */
    result: DiscoverResult;
  };
  /** Listing the server's resources. */
  "resources/list": {
    /** The request the client sends. */
    request: ListResourcesRequest;
    /** The complete result the server answers with. */
    result: ListResourcesResult;
  };
  /** Listing the server's resource templates. */
  "resources/templates/list": {
    /** The request the client sends. */
    request: ListResourceTemplatesRequest;
    /** The complete result the server answers with. */
    result: ListResourceTemplatesResult;
  };
  /** Reading one resource (may answer `input_required` first). */
  "resources/read": {
    /** The request the client sends. */
    request: ReadResourceRequest;
    /** The complete result the server answers with. */
    result: ReadResourceResult;
  };
  /** Opening a stream of change notifications. */
  "subscriptions/listen": {
    /** The request the client sends. */
    request: SubscriptionsListenRequest;
    /** The complete result the server answers with. */
    result: SubscriptionsListenResult;
  };
  /** Listing the server's prompts. */
  "prompts/list": {
    /** The request the client sends. */
    request: ListPromptsRequest;
    /** The complete result the server answers with. */
    result: ListPromptsResult;
  };
  /** Getting one prompt (may answer `input_required` first). */
  "prompts/get": {
    /** The request the client sends. */
    request: GetPromptRequest;
    /** The complete result the server answers with. */
    result: GetPromptResult;
  };
  /** Listing the server's tools. */
  "tools/list": {
    /** The request the client sends. */
    request: ListToolsRequest;
    /** The complete result the server answers with. */
    result: ListToolsResult;
  };
  /** Calling one tool (may answer `input_required` first). */
  "tools/call": {
    /** The request the client sends. */
    request: CallToolRequest;
    /** The complete result the server answers with. */
    result: CallToolResult;
  };
  /** Completing an argument of a prompt or resource template. */
  "completion/complete": {
    /** The request the client sends. */
    request: CompleteRequest;
    /** The complete result the server answers with. */
    result: CompleteResult;
  };
}
