/**
 * The Model Context Protocol, revision 2025-11-25: the last revision built on
 * the `initialize` handshake (a "legacy" revision, in the words of the draft's
 * basic/versioning.mdx). Hand-written, like schema/schema.ts, for one purpose:
 * `npm run generate` turns it into `packages/legacy/schema.json`, the
 * TypeScript types and the zod-free checks of `@mrtr/legacy`, so that a server
 * built for the draft can validate what a legacy client sends it as exactly as
 * it validates modern messages.
 *
 * Conventions of this file (those of schema/schema.ts, plus three):
 * - Every exported declaration and field has a doc comment; `@category` names
 *   the method or area it belongs to. `@TJS-type number`, `@numberType number`,
 *   `@format`, `@minimum`/`@maximum` mean what they mean there.
 * - A declaration whose wire shape is the same in both revisions, down to every
 *   declaration it refers to, is imported from schema/schema.ts and re-exported
 *   unchanged (the generator takes its definition from there, and the legacy
 *   checks call the core's). Everything else is written here, even when only
 *   something it refers to differs (a `_meta` object where the draft has
 *   `MetaObject`, a result without `resultType`).
 * - Nothing is deprecated in this revision: sampling, roots and logging are
 *   ordinary features here, and so are declared here rather than imported.
 * - Tasks (basic/utilities/tasks.mdx of the revision) are left out: the
 *   `tasks/*` methods, their notification, and the `task` and `tasks` members
 *   of params and capabilities. A receiver that does not declare the `tasks`
 *   capability MUST ignore task metadata (tasks.mdx:392), which is what an
 *   open params object does. Each difference this makes is listed, with its
 *   reason, in schema/legacy/deviations.json.
 */
import type {
  Annotations,
  BaseMetadata,
  BooleanSchema,
  Cursor,
  EnumSchema,
  Error,
  Icon,
  Icons,
  Implementation,
  JSONRPCErrorResponse,
  JSONRPCNotification,
  JSONRPCRequest,
  LegacyTitledEnumSchema,
  MultiSelectEnumSchema,
  Notification,
  NumberSchema,
  PrimitiveSchemaDefinition,
  ProgressToken,
  PromptArgument,
  PromptReference,
  Request,
  RequestId,
  ResourceTemplateReference,
  Role,
  SingleSelectEnumSchema,
  StringSchema,
  TitledMultiSelectEnumSchema,
  TitledSingleSelectEnumSchema,
  ToolAnnotations,
  UntitledMultiSelectEnumSchema,
  UntitledSingleSelectEnumSchema,
} from "../schema.js";

export type {
  Annotations,
  BaseMetadata,
  BooleanSchema,
  Cursor,
  EnumSchema,
  Error,
  Icon,
  Icons,
  Implementation,
  JSONRPCErrorResponse,
  JSONRPCNotification,
  JSONRPCRequest,
  LegacyTitledEnumSchema,
  MultiSelectEnumSchema,
  Notification,
  NumberSchema,
  PrimitiveSchemaDefinition,
  ProgressToken,
  PromptArgument,
  PromptReference,
  Request,
  RequestId,
  ResourceTemplateReference,
  Role,
  SingleSelectEnumSchema,
  StringSchema,
  TitledMultiSelectEnumSchema,
  TitledSingleSelectEnumSchema,
  ToolAnnotations,
  UntitledMultiSelectEnumSchema,
  UntitledSingleSelectEnumSchema,
};

/**
 * The revision these declarations describe, the newest of the initialize-based
 * ones. A client names the revision it wants in `initialize`; the server
 * answers with the one it will speak.
 * @category Constants
 */
export const LEGACY_LATEST_PROTOCOL_VERSION = "2025-11-25";

/**
 * Error code of this revision: the request cannot go on until the user has
 * completed one or more URL-mode elicitations, listed in `data.elicitations`.
 * @category Constants
 */
export const URL_ELICITATION_REQUIRED = -32042;

/* ------------------------------------------------------------------------ */
/* JSON-RPC                                                                  */
/* ------------------------------------------------------------------------ */

/**
 * What the params of every request may carry. In this revision a request says
 * nothing about version or capabilities (the session agreed on those at
 * `initialize`), so `_meta` is free-form but for the progress token.
 *
 * @category JSON-RPC
 */
export interface RequestParams {
  /** Request metadata. Keys under the `io.modelcontextprotocol/` prefix are reserved for the protocol. */
  _meta?: {
    /** When present, the sender asks for `notifications/progress` carrying this token while the request is served. */
    progressToken?: ProgressToken;
    /** Any other metadata, keyed by name. */
    [key: string]: unknown;
  };
}

/**
 * What the params of every notification may carry.
 *
 * @category JSON-RPC
 */
export interface NotificationParams {
  /** Free-form notification metadata, keyed by name. */
  _meta?: { [key: string]: unknown };
}

/**
 * The shape shared by all results of this revision. There is no `resultType`:
 * every result is final. A result MAY carry fields beyond those listed.
 *
 * @category JSON-RPC
 */
export interface Result {
  /** Free-form result metadata, keyed by name. */
  _meta?: { [key: string]: unknown };
  /** Further, result-specific fields. */
  [key: string]: unknown;
}

/**
 * A result that only says the request succeeded (the answer to `ping`,
 * `logging/setLevel`, `resources/subscribe`, …).
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
  /** Where to resume; absent (or without a cursor) for the first page. */
  params?: PaginatedRequestParams;
}

/**
 * Params of a request for one page of a list.
 *
 * @category JSON-RPC
 */
export interface PaginatedRequestParams extends RequestParams {
  /** The `nextCursor` of the previous page, passed back unchanged; absent for the first page. */
  cursor?: Cursor;
}

/**
 * A result holding one page of a list.
 *
 * @category JSON-RPC
 */
export interface PaginatedResult extends Result {
  /** Opaque marker of the next page; absent on the last page. */
  nextCursor?: Cursor;
}

/**
 * A successful JSON-RPC response.
 *
 * @category JSON-RPC
 */
export interface JSONRPCResultResponse {
  /** Always `"2.0"`. */
  jsonrpc: "2.0";
  /** The id of the request this answers. */
  id: RequestId;
  /** What the request produced. */
  result: Result;
}

/**
 * Any JSON-RPC response: a result or an error.
 *
 * @category JSON-RPC
 */
export type JSONRPCResponse = JSONRPCResultResponse | JSONRPCErrorResponse;

/**
 * Any message either side may send on a session of this revision.
 *
 * @category JSON-RPC
 */
export type JSONRPCMessage = JSONRPCRequest | JSONRPCNotification | JSONRPCResultResponse | JSONRPCErrorResponse;

/**
 * The error a server answers when the request needs the user to complete
 * URL-mode elicitations first (code -32042). The client SHOULD offer them and
 * MAY retry the request afterwards; a server MUST NOT use this code for
 * anything else.
 *
 * @category Errors
 */
export interface URLElicitationRequiredError {
  /** Always `"2.0"`. */
  jsonrpc: "2.0";
  /** The id of the request that failed. */
  id?: RequestId;
  /** The error, with code -32042. */
  error: Error & {
    /** Always -32042. */
    code: -32042;
    /** The elicitations to complete. */
    data: {
      /** URL-mode elicitations, each with its `elicitationId`, that MUST be completed before a retry can succeed. */
      elicitations: ElicitRequestURLParams[];
      /** Any further details. */
      [key: string]: unknown;
    };
  };
}

/* ------------------------------------------------------------------------ */
/* The handshake                                                             */
/* ------------------------------------------------------------------------ */

/**
 * The first request of a session: the client says which revision it wants,
 * what it can do and who it is. Until it is answered the client SHOULD send
 * nothing but pings, and it MUST NOT cancel it.
 *
 * @category initialize
 */
export interface InitializeRequest extends JSONRPCRequest {
  /** Always `"initialize"`. */
  method: "initialize";
  /** The client's version, capabilities and identity. */
  params: InitializeRequestParams;
}

/**
 * Params of `initialize`.
 *
 * @category initialize
 */
export interface InitializeRequestParams extends RequestParams {
  /** The revision the client wants to speak; it SHOULD be the newest it supports. */
  protocolVersion: string;
  /** The features the client offers for the whole session. */
  capabilities: ClientCapabilities;
  /** Name and version of the client software. */
  clientInfo: Implementation;
}

/**
 * The server's answer to `initialize`. `protocolVersion` MUST be the one the
 * client asked for when the server supports it, and otherwise another that
 * the server supports; a client that cannot speak it SHOULD disconnect.
 *
 * @category initialize
 */
export interface InitializeResult extends Result {
  /** The revision the session will use. */
  protocolVersion: string;
  /** The features the server offers for the whole session. */
  capabilities: ServerCapabilities;
  /** Name and version of the server software. */
  serverInfo: Implementation;
  /** How to use this server, which a client MAY hand to its model (for example in a system prompt). */
  instructions?: string;
}

/**
 * Sent by the client once the `initialize` result has arrived, to say it is
 * ready. Until it arrives the server SHOULD send nothing but pings and log
 * messages.
 *
 * @category initialize
 */
export interface InitializedNotification extends JSONRPCNotification {
  /** Always `"notifications/initialized"`. */
  method: "notifications/initialized";
  /** Only metadata. */
  params?: NotificationParams;
}

/**
 * The features a client offers for a session, declared once in `initialize`.
 * An absent key means the feature is not offered, and the server MUST NOT use it.
 *
 * @category initialize
 */
export interface ClientCapabilities {
  /** Non-standard features, keyed by name. */
  experimental?: { [key: string]: object };
  /** The client answers `roots/list`. */
  roots?: {
    /** The client sends `notifications/roots/list_changed` when its roots change. */
    listChanged?: boolean;
  };
  /** The client answers `sampling/createMessage`. */
  sampling?: {
    /** The client honours `includeContext` values other than `"none"`. */
    context?: object;
    /** The client accepts `tools` and `toolChoice` in sampling requests. */
    tools?: object;
  };
  /** The client answers `elicitation/create`. An empty object means form mode only. */
  elicitation?: {
    /** Form mode is supported. */
    form?: object;
    /** URL mode is supported. */
    url?: object;
  };
}

/**
 * The features a server offers for a session, declared once in its
 * `initialize` result. An absent key means the feature is not offered.
 *
 * @category initialize
 */
export interface ServerCapabilities {
  /** Non-standard features, keyed by name. */
  experimental?: { [key: string]: object };
  /** The server sends `notifications/message` and answers `logging/setLevel`. */
  logging?: object;
  /** The server answers `completion/complete`. */
  completions?: object;
  /** The server offers prompts. */
  prompts?: {
    /** The server sends `notifications/prompts/list_changed` when its prompts change. */
    listChanged?: boolean;
  };
  /** The server offers resources. */
  resources?: {
    /** The server answers `resources/subscribe` and `resources/unsubscribe`. */
    subscribe?: boolean;
    /** The server sends `notifications/resources/list_changed` when its resources change. */
    listChanged?: boolean;
  };
  /** The server offers tools. */
  tools?: {
    /** The server sends `notifications/tools/list_changed` when its tools change. */
    listChanged?: boolean;
  };
}

/* ------------------------------------------------------------------------ */
/* Utilities: ping, cancellation, progress                                   */
/* ------------------------------------------------------------------------ */

/**
 * Checks that the other side is still there. Either side MAY send it at any
 * time; the receiver MUST answer promptly with an empty result.
 *
 * @category ping
 */
export interface PingRequest extends JSONRPCRequest {
  /** Always `"ping"`. */
  method: "ping";
  /** Only metadata. */
  params?: RequestParams;
}

/**
 * Says that the sender no longer wants the answer to a request it sent
 * earlier. The receiver SHOULD stop working on it and need not answer.
 *
 * @category Notifications
 */
export interface CancelledNotification extends JSONRPCNotification {
  /** Always `"notifications/cancelled"`. */
  method: "notifications/cancelled";
  /** Which request, and why. */
  params: CancelledNotificationParams;
}

/**
 * Params of `notifications/cancelled`.
 *
 * @category Notifications
 */
export interface CancelledNotificationParams extends NotificationParams {
  /** The id of the request given up; it MUST be a request the sender sent earlier on this session and that is still unanswered. */
  requestId?: RequestId;
  /** Why, in words that MAY be logged or shown. */
  reason?: string;
}

/**
 * Reports how far the work on a request has come, for a request that asked
 * for it with a progress token.
 *
 * @category Notifications
 */
export interface ProgressNotification extends JSONRPCNotification {
  /** Always `"notifications/progress"`. */
  method: "notifications/progress";
  /** The report. */
  params: ProgressNotificationParams;
}

/**
 * Params of `notifications/progress`.
 *
 * @category Notifications
 */
export interface ProgressNotificationParams extends NotificationParams {
  /** The token the request carried in `_meta.progressToken`. */
  progressToken: ProgressToken;
  /**
   * How much is done. It MUST grow from one report to the next, even when the total is unknown.
   *
   * @TJS-type number
   */
  progress: number;
  /**
   * How much there is to do in all, when known.
   *
   * @TJS-type number
   */
  total?: number;
  /** What is happening, in words for people. */
  message?: string;
}

/* ------------------------------------------------------------------------ */
/* Content                                                                   */
/* ------------------------------------------------------------------------ */

/**
 * A block of plain text.
 *
 * @category Content
 */
export interface TextContent {
  /** Always `"text"`. */
  type: "text";
  /** The text. */
  text: string;
  /** Hints on how to use or show the block. */
  annotations?: Annotations;
  /** Free-form metadata, keyed by name. */
  _meta?: { [key: string]: unknown };
}

/**
 * An image, inline as base64.
 *
 * @category Content
 */
export interface ImageContent {
  /** Always `"image"`. */
  type: "image";
  /**
   * The image bytes in base64.
   *
   * @format byte
   */
  data: string;
  /** Its media type, such as `"image/png"`. */
  mimeType: string;
  /** Hints on how to use or show the block. */
  annotations?: Annotations;
  /** Free-form metadata, keyed by name. */
  _meta?: { [key: string]: unknown };
}

/**
 * A piece of audio, inline as base64.
 *
 * @category Content
 */
export interface AudioContent {
  /** Always `"audio"`. */
  type: "audio";
  /**
   * The audio bytes in base64.
   *
   * @format byte
   */
  data: string;
  /** Its media type, such as `"audio/wav"`. */
  mimeType: string;
  /** Hints on how to use or show the block. */
  annotations?: Annotations;
  /** Free-form metadata, keyed by name. */
  _meta?: { [key: string]: unknown };
}

/**
 * A resource named by its URI rather than included; the client MAY read it
 * with `resources/read`. It need not appear in `resources/list`.
 *
 * @category Content
 */
export interface ResourceLink extends Resource {
  /** Always `"resource_link"`. */
  type: "resource_link";
}

/**
 * A resource's contents, included in a message or a tool result.
 *
 * @category Content
 */
export interface EmbeddedResource {
  /** Always `"resource"`. */
  type: "resource";
  /** The URI and the text or bytes. */
  resource: TextResourceContents | BlobResourceContents;
  /** Hints on how to use or show the block. */
  annotations?: Annotations;
  /** Free-form metadata, keyed by name. */
  _meta?: { [key: string]: unknown };
}

/**
 * A block of a prompt message or of a tool result.
 *
 * @category Content
 */
export type ContentBlock = TextContent | ImageContent | AudioContent | ResourceLink | EmbeddedResource;

/* ------------------------------------------------------------------------ */
/* Resources                                                                 */
/* ------------------------------------------------------------------------ */

/**
 * Something the server can be asked to read, named by a URI.
 *
 * @category resources/list
 */
export interface Resource extends BaseMetadata, Icons {
  /**
   * Where the resource is; the server decides what its URI means.
   *
   * @format uri
   */
  uri: string;
  /** What the resource holds; a client MAY show it to its model to help it pick resources. */
  description?: string;
  /** Its media type, when known. */
  mimeType?: string;
  /** Hints on how to use or show it. */
  annotations?: Annotations;
  /** Its size in bytes before any base64 encoding, when known. */
  size?: number;
  /** Free-form metadata, keyed by name. */
  _meta?: { [key: string]: unknown };
}

/**
 * A family of resources, described by an RFC 6570 URI template.
 *
 * @category resources/templates/list
 */
export interface ResourceTemplate extends BaseMetadata, Icons {
  /**
   * The template the URIs of its resources are built from.
   *
   * @format uri-template
   */
  uriTemplate: string;
  /** What its resources hold. */
  description?: string;
  /** The media type all its resources share, if they do. */
  mimeType?: string;
  /** Hints on how to use or show its resources. */
  annotations?: Annotations;
  /** Free-form metadata, keyed by name. */
  _meta?: { [key: string]: unknown };
}

/**
 * What text and binary resource contents have in common.
 *
 * @category resources/read
 */
export interface ResourceContents {
  /**
   * The URI these contents are of (reading one URI MAY give contents of several).
   *
   * @format uri
   */
  uri: string;
  /** Their media type, when known. */
  mimeType?: string;
  /** Free-form metadata, keyed by name. */
  _meta?: { [key: string]: unknown };
}

/**
 * Resource contents as text.
 *
 * @category resources/read
 */
export interface TextResourceContents extends ResourceContents {
  /** The text; only for contents that are text. */
  text: string;
}

/**
 * Resource contents as bytes.
 *
 * @category resources/read
 */
export interface BlobResourceContents extends ResourceContents {
  /**
   * The bytes in base64.
   *
   * @format byte
   */
  blob: string;
}

/**
 * Asks for one page of the server's resources.
 *
 * @category resources/list
 */
export interface ListResourcesRequest extends PaginatedRequest {
  /** Always `"resources/list"`. */
  method: "resources/list";
}

/**
 * One page of the server's resources.
 *
 * @category resources/list
 */
export interface ListResourcesResult extends PaginatedResult {
  /** The resources of this page. */
  resources: Resource[];
}

/**
 * Asks for one page of the server's resource templates.
 *
 * @category resources/templates/list
 */
export interface ListResourceTemplatesRequest extends PaginatedRequest {
  /** Always `"resources/templates/list"`. */
  method: "resources/templates/list";
}

/**
 * One page of the server's resource templates.
 *
 * @category resources/templates/list
 */
export interface ListResourceTemplatesResult extends PaginatedResult {
  /** The templates of this page. */
  resourceTemplates: ResourceTemplate[];
}

/**
 * Params of the requests about one resource.
 *
 * @category resources/read
 */
export interface ResourceRequestParams extends RequestParams {
  /**
   * The resource's URI.
   *
   * @format uri
   */
  uri: string;
}

/**
 * Params of `resources/read`.
 *
 * @category resources/read
 */
export interface ReadResourceRequestParams extends ResourceRequestParams {}

/**
 * Asks for the contents of one resource.
 *
 * @category resources/read
 */
export interface ReadResourceRequest extends JSONRPCRequest {
  /** Always `"resources/read"`. */
  method: "resources/read";
  /** Which resource. */
  params: ReadResourceRequestParams;
}

/**
 * The contents of a resource.
 *
 * @category resources/read
 */
export interface ReadResourceResult extends Result {
  /** What was read; one URI MAY give several entries (the files of a folder, say). */
  contents: (TextResourceContents | BlobResourceContents)[];
}

/**
 * Tells the client that the server's list of resources changed. Sent only by
 * a server that declared `resources.listChanged`.
 *
 * @category resources/list
 */
export interface ResourceListChangedNotification extends JSONRPCNotification {
  /** Always `"notifications/resources/list_changed"`. */
  method: "notifications/resources/list_changed";
  /** Only metadata. */
  params?: NotificationParams;
}

/**
 * Asks the server to send `notifications/resources/updated` whenever this
 * resource changes, for the rest of the session. Only for a server that
 * declared `resources.subscribe`.
 *
 * @category resources/subscribe
 */
export interface SubscribeRequest extends JSONRPCRequest {
  /** Always `"resources/subscribe"`. */
  method: "resources/subscribe";
  /** Which resource. */
  params: SubscribeRequestParams;
}

/**
 * Params of `resources/subscribe`.
 *
 * @category resources/subscribe
 */
export interface SubscribeRequestParams extends ResourceRequestParams {}

/**
 * Ends a subscription made with `resources/subscribe`.
 *
 * @category resources/subscribe
 */
export interface UnsubscribeRequest extends JSONRPCRequest {
  /** Always `"resources/unsubscribe"`. */
  method: "resources/unsubscribe";
  /** Which resource. */
  params: UnsubscribeRequestParams;
}

/**
 * Params of `resources/unsubscribe`.
 *
 * @category resources/subscribe
 */
export interface UnsubscribeRequestParams extends ResourceRequestParams {}

/**
 * Tells a subscribed client that a resource changed; the client MAY read it again.
 *
 * @category resources/subscribe
 */
export interface ResourceUpdatedNotification extends JSONRPCNotification {
  /** Always `"notifications/resources/updated"`. */
  method: "notifications/resources/updated";
  /** Which resource. */
  params: ResourceUpdatedNotificationParams;
}

/**
 * Params of `notifications/resources/updated`.
 *
 * @category resources/subscribe
 */
export interface ResourceUpdatedNotificationParams extends NotificationParams {
  /**
   * The URI of what changed, which MAY lie below the URI subscribed to.
   *
   * @format uri
   */
  uri: string;
}

/* ------------------------------------------------------------------------ */
/* Prompts                                                                   */
/* ------------------------------------------------------------------------ */

/**
 * A prompt or prompt template the server offers, usually chosen by the user.
 *
 * @category prompts/list
 */
export interface Prompt extends BaseMetadata, Icons {
  /** What the prompt is for. */
  description?: string;
  /** The arguments its template takes. */
  arguments?: PromptArgument[];
  /** Free-form metadata, keyed by name. */
  _meta?: { [key: string]: unknown };
}

/**
 * Asks for one page of the server's prompts.
 *
 * @category prompts/list
 */
export interface ListPromptsRequest extends PaginatedRequest {
  /** Always `"prompts/list"`. */
  method: "prompts/list";
}

/**
 * One page of the server's prompts.
 *
 * @category prompts/list
 */
export interface ListPromptsResult extends PaginatedResult {
  /** The prompts of this page. */
  prompts: Prompt[];
}

/**
 * Asks for a prompt, its template filled in with the arguments given.
 *
 * @category prompts/get
 */
export interface GetPromptRequest extends JSONRPCRequest {
  /** Always `"prompts/get"`. */
  method: "prompts/get";
  /** Which prompt, with which arguments. */
  params: GetPromptRequestParams;
}

/**
 * Params of `prompts/get`.
 *
 * @category prompts/get
 */
export interface GetPromptRequestParams extends RequestParams {
  /** The prompt's name, as listed. */
  name: string;
  /** Values of its arguments, by argument name. */
  arguments?: { [key: string]: string };
}

/**
 * A prompt, filled in.
 *
 * @category prompts/get
 */
export interface GetPromptResult extends Result {
  /** What the prompt is for. */
  description?: string;
  /** Its messages, in order. */
  messages: PromptMessage[];
}

/**
 * One message of a prompt.
 *
 * @category prompts/get
 */
export interface PromptMessage {
  /** Who says it. */
  role: Role;
  /** What is said. */
  content: ContentBlock;
}

/**
 * Tells the client that the server's list of prompts changed. Sent only by a
 * server that declared `prompts.listChanged`.
 *
 * @category prompts/list
 */
export interface PromptListChangedNotification extends JSONRPCNotification {
  /** Always `"notifications/prompts/list_changed"`. */
  method: "notifications/prompts/list_changed";
  /** Only metadata. */
  params?: NotificationParams;
}

/* ------------------------------------------------------------------------ */
/* Tools                                                                     */
/* ------------------------------------------------------------------------ */

/**
 * A tool the server offers for a model to call.
 *
 * @category tools/list
 */
export interface Tool extends BaseMetadata, Icons {
  /** What the tool does; a client MAY show it to its model. */
  description?: string;
  /** A JSON Schema of the `arguments` the tool takes: always an object schema. */
  inputSchema: {
    /** The JSON Schema dialect, 2020-12 when absent. */
    $schema?: string;
    /** Always `"object"`. */
    type: "object";
    /** The schema of each argument, by name. */
    properties?: { [key: string]: object };
    /** The names of the arguments that MUST be given. */
    required?: string[];
  };
  /** A JSON Schema of the tool's `structuredContent`; when given, the server MUST return structured content that conforms to it. */
  outputSchema?: {
    /** The JSON Schema dialect, 2020-12 when absent. */
    $schema?: string;
    /** Always `"object"`. */
    type: "object";
    /** The schema of each member, by name. */
    properties?: { [key: string]: object };
    /** The names of the members that MUST be present. */
    required?: string[];
  };
  /** Hints about the tool's behaviour, not to be trusted from a server that is not trusted. */
  annotations?: ToolAnnotations;
  /** Free-form metadata, keyed by name. */
  _meta?: { [key: string]: unknown };
}

/**
 * Asks for one page of the server's tools.
 *
 * @category tools/list
 */
export interface ListToolsRequest extends PaginatedRequest {
  /** Always `"tools/list"`. */
  method: "tools/list";
}

/**
 * One page of the server's tools.
 *
 * @category tools/list
 */
export interface ListToolsResult extends PaginatedResult {
  /** The tools of this page. */
  tools: Tool[];
}

/**
 * Asks the server to run a tool.
 *
 * @category tools/call
 */
export interface CallToolRequest extends JSONRPCRequest {
  /** Always `"tools/call"`. */
  method: "tools/call";
  /** Which tool, with which arguments. */
  params: CallToolRequestParams;
}

/**
 * Params of `tools/call`.
 *
 * @category tools/call
 */
export interface CallToolRequestParams extends RequestParams {
  /** The tool's name, as listed. */
  name: string;
  /** The arguments; they SHOULD conform to the tool's `inputSchema`. */
  arguments?: { [key: string]: unknown };
}

/**
 * What a tool call produced. A failure of the tool itself is reported here,
 * with `isError`, so the model can see it; protocol problems (an unknown
 * tool, malformed params) are JSON-RPC errors instead.
 *
 * @category tools/call
 */
export interface CallToolResult extends Result {
  /** The output, as content blocks. */
  content: ContentBlock[];
  /** The output as a JSON object; present and conforming when the tool declares an `outputSchema`. */
  structuredContent?: { [key: string]: unknown };
  /** True when the tool failed; absent means false. */
  isError?: boolean;
}

/**
 * Tells the client that the server's list of tools changed. Sent only by a
 * server that declared `tools.listChanged`.
 *
 * @category tools/list
 */
export interface ToolListChangedNotification extends JSONRPCNotification {
  /** Always `"notifications/tools/list_changed"`. */
  method: "notifications/tools/list_changed";
  /** Only metadata. */
  params?: NotificationParams;
}

/* ------------------------------------------------------------------------ */
/* Logging                                                                   */
/* ------------------------------------------------------------------------ */

/**
 * How severe a log message is, as in syslog: `debug` is the least severe,
 * `emergency` the most.
 *
 * @category logging
 */
export type LoggingLevel = "debug" | "info" | "notice" | "warning" | "error" | "critical" | "alert" | "emergency";

/**
 * Sets the least severe level of the log messages the client wants from now
 * on. Only for a server that declared `logging`.
 *
 * @category logging
 */
export interface SetLevelRequest extends JSONRPCRequest {
  /** Always `"logging/setLevel"`. */
  method: "logging/setLevel";
  /** The level. */
  params: SetLevelRequestParams;
}

/**
 * Params of `logging/setLevel`.
 *
 * @category logging
 */
export interface SetLevelRequestParams extends RequestParams {
  /** The server sends messages of this level and more severe ones. */
  level: LoggingLevel;
}

/**
 * A log message from the server. Sent only by a server that declared `logging`.
 *
 * @category logging
 */
export interface LoggingMessageNotification extends JSONRPCNotification {
  /** Always `"notifications/message"`. */
  method: "notifications/message";
  /** The entry. */
  params: LoggingMessageNotificationParams;
}

/**
 * Params of `notifications/message`.
 *
 * @category logging
 */
export interface LoggingMessageNotificationParams extends NotificationParams {
  /** How severe it is. */
  level: LoggingLevel;
  /** Which part of the server logged it. */
  logger?: string;
  /** What is logged: a string or any JSON value. It MUST NOT hold credentials, secrets or personal data. */
  data: unknown;
}

/* ------------------------------------------------------------------------ */
/* Completion                                                                */
/* ------------------------------------------------------------------------ */

/**
 * Asks for suggested values of a prompt or resource-template argument, as
 * the user types. Only for a server that declared `completions`.
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
 * Params of `completion/complete`.
 *
 * @category completion/complete
 */
export interface CompleteRequestParams extends RequestParams {
  /** The prompt or resource template the argument belongs to. */
  ref: PromptReference | ResourceTemplateReference;
  /** The argument being completed. */
  argument: {
    /** Its name. */
    name: string;
    /** What has been typed so far. */
    value: string;
  };
  /** What is already known, which MAY narrow the suggestions. */
  context?: {
    /** Values of arguments already given, by name. */
    arguments?: { [key: string]: string };
  };
}

/**
 * Suggested values of an argument.
 *
 * @category completion/complete
 */
export interface CompleteResult extends Result {
  /** The suggestions. */
  completion: {
    /** Suggested values, best first; at most 100. */
    values: string[];
    /** How many values match in all, which MAY be more than are returned. */
    total?: number;
    /** More values match than were returned. */
    hasMore?: boolean;
  };
}

/* ------------------------------------------------------------------------ */
/* Sampling: a request from the server to the client                         */
/* ------------------------------------------------------------------------ */

/**
 * Asks the client to have its language model write the next message of a
 * conversation. A server MUST NOT send it to a client that did not declare
 * `sampling`; the client SHOULD let the user see and refuse it.
 *
 * @category sampling/createMessage
 */
export interface CreateMessageRequest extends JSONRPCRequest {
  /** Always `"sampling/createMessage"`. */
  method: "sampling/createMessage";
  /** The conversation and how to continue it. */
  params: CreateMessageRequestParams;
}

/**
 * Params of `sampling/createMessage`.
 *
 * @category sampling/createMessage
 */
export interface CreateMessageRequestParams extends RequestParams {
  /** The conversation so far, oldest first. */
  messages: SamplingMessage[];
  /** What the server would like in a model; the client decides. */
  modelPreferences?: ModelPreferences;
  /** A system prompt the server asks for; the client MAY change or drop it. */
  systemPrompt?: string;
  /**
   * Context from MCP servers the client MAY add to the prompt. `"thisServer"` and `"allServers"` are
   * discouraged in this revision and need the client's `sampling.context` capability; absent means `"none"`.
   */
  includeContext?: "none" | "thisServer" | "allServers";
  /**
   * Sampling temperature.
   *
   * @TJS-type number
   */
  temperature?: number;
  /** The most tokens the model may generate; the client MAY generate fewer. */
  maxTokens: number;
  /** Sequences that end generation. */
  stopSequences?: string[];
  /** Provider-specific settings for the client to pass on. */
  metadata?: object;
  /** Tools the model may call. Only for a client that declared `sampling.tools`. */
  tools?: Tool[];
  /** Whether and how the model may call `tools`. Only for a client that declared `sampling.tools`. */
  toolChoice?: ToolChoice;
}

/**
 * The message the client's model wrote. The client SHOULD let the user see
 * it before the server does.
 *
 * @category sampling/createMessage
 */
export interface CreateMessageResult extends Result {
  /** Who wrote it, normally `"assistant"`. */
  role: Role;
  /** What was written: one block or several. */
  content: TextContent | ImageContent | AudioContent | ToolUseContent | ToolResultContent | SamplingMessageContentBlock[];
  /** The name of the model that wrote it. */
  model: string;
  /** Why generation stopped: `endTurn`, `stopSequence`, `maxTokens`, `toolUse`, or another value. */
  stopReason?: string;
}

/**
 * One message of a sampling conversation. A user message that holds tool
 * results MUST hold nothing else, each answering a tool use of the message
 * before it.
 *
 * @category sampling/createMessage
 */
export interface SamplingMessage {
  /** Who says it. */
  role: Role;
  /** What is said: one block or several. */
  content: TextContent | ImageContent | AudioContent | ToolUseContent | ToolResultContent | SamplingMessageContentBlock[];
  /** Free-form metadata, keyed by name. */
  _meta?: { [key: string]: unknown };
}

/**
 * A block of a sampling message.
 *
 * @category sampling/createMessage
 */
export type SamplingMessageContentBlock = TextContent | ImageContent | AudioContent | ToolUseContent | ToolResultContent;

/**
 * What the server would like in a model. Each priority runs from 0 (does not
 * matter) to 1 (matters most); the client weighs them as it sees fit.
 *
 * @category sampling/createMessage
 */
export interface ModelPreferences {
  /** Names, or parts of names, of models to prefer, best first; the client MAY map them to models it has. */
  hints?: ModelHint[];
  /**
   * How much a low cost matters.
   *
   * @TJS-type number
   * @minimum 0
   * @maximum 1
   */
  costPriority?: number;
  /**
   * How much a quick answer matters.
   *
   * @TJS-type number
   * @minimum 0
   * @maximum 1
   */
  speedPriority?: number;
  /**
   * How much a capable model matters.
   *
   * @TJS-type number
   * @minimum 0
   * @maximum 1
   */
  intelligencePriority?: number;
}

/**
 * One hint about which model to use.
 *
 * @category sampling/createMessage
 */
export interface ModelHint {
  /** A model name or part of one (`"sonnet"`, `"claude-3"`), matched loosely. */
  name?: string;
}

/**
 * Whether and how the model may call the tools offered.
 *
 * @category sampling/createMessage
 */
export interface ToolChoice {
  /** `"auto"` (the default): the model decides; `"required"`: it MUST call one; `"none"`: it MUST NOT call any. */
  mode?: "auto" | "required" | "none";
}

/**
 * A tool call the model made.
 *
 * @category sampling/createMessage
 */
export interface ToolUseContent {
  /** Always `"tool_use"`. */
  type: "tool_use";
  /** Identifies this call; its result names it in `toolUseId`. */
  id: string;
  /** The tool called. */
  name: string;
  /** The arguments, following the tool's `inputSchema`. */
  input: { [key: string]: unknown };
  /** Free-form metadata, keyed by name. */
  _meta?: { [key: string]: unknown };
}

/**
 * What a tool call gave, handed back to the model.
 *
 * @category sampling/createMessage
 */
export interface ToolResultContent {
  /** Always `"tool_result"`. */
  type: "tool_result";
  /** The `id` of the tool use this answers. */
  toolUseId: string;
  /** The output, as content blocks. */
  content: ContentBlock[];
  /** The output as a JSON object, if the tool has one. */
  structuredContent?: { [key: string]: unknown };
  /** True when the call failed. */
  isError?: boolean;
  /** Free-form metadata, keyed by name. */
  _meta?: { [key: string]: unknown };
}

/* ------------------------------------------------------------------------ */
/* Elicitation: a request from the server to the client                      */
/* ------------------------------------------------------------------------ */

/**
 * Asks the user something through the client, in form mode or URL mode. A
 * server MUST NOT use a mode the client did not declare under `elicitation`.
 *
 * @category elicitation/create
 */
export interface ElicitRequest extends JSONRPCRequest {
  /** Always `"elicitation/create"`. */
  method: "elicitation/create";
  /** What to ask, and how. */
  params: ElicitRequestParams;
}

/**
 * Params of `elicitation/create`: form mode or URL mode.
 *
 * @category elicitation/create
 */
export type ElicitRequestParams = ElicitRequestFormParams | ElicitRequestURLParams;

/**
 * Form mode: the client shows a flat form and returns what the user entered.
 * A server MUST NOT ask for passwords, API keys, tokens or payment
 * credentials this way; such things go through URL mode.
 *
 * @category elicitation/create
 */
export interface ElicitRequestFormParams extends RequestParams {
  /** Form mode; a request without `mode` MUST be read as form mode. */
  mode?: "form";
  /** What is asked and why, for the user. */
  message: string;
  /** The form: a restricted JSON Schema, a flat object of primitive fields. */
  requestedSchema: {
    /** The JSON Schema dialect, if given. */
    $schema?: string;
    /** Always `"object"`. */
    type: "object";
    /** The fields, by name; no nesting. */
    properties: { [key: string]: PrimitiveSchemaDefinition };
    /** The fields the user MUST fill in. */
    required?: string[];
  };
}

/**
 * URL mode: the user does something out of band (signs in to a third party,
 * pays, enters a key) on a page the server names. Nothing entered there
 * passes through the client, and the server MUST make sure the person who
 * completes the page is the one it asked.
 *
 * @category elicitation/create
 */
export interface ElicitRequestURLParams extends RequestParams {
  /** Always `"url"`. */
  mode: "url";
  /** Why the user should open the page. */
  message: string;
  /** Identifies this elicitation, so that `notifications/elicitation/complete` and the error -32042 can name it. */
  elicitationId: string;
  /**
   * The page. It MUST NOT carry user secrets or be pre-authenticated; a client MUST NOT open it without the user's consent.
   *
   * @format uri
   */
  url: string;
}

/**
 * The user's answer to `elicitation/create`.
 *
 * @category elicitation/create
 */
export interface ElicitResult extends Result {
  /** `"accept"`: the user agreed (in URL mode: to open the page, not that it is done); `"decline"`: refused; `"cancel"`: dismissed. */
  action: "accept" | "decline" | "cancel";
  /**
   * Form mode, on `"accept"` only: the values entered, by field name, matching `requestedSchema`.
   *
   * @numberType number
   */
  content?: { [key: string]: string | number | boolean | string[] };
}

/**
 * Tells the client that the out-of-band step of a URL-mode elicitation is
 * done. The server MAY send it, only to the client that was asked; a client
 * MUST ignore one naming an unknown or already completed elicitation.
 *
 * @category elicitation/create
 */
export interface ElicitationCompleteNotification extends JSONRPCNotification {
  /** Always `"notifications/elicitation/complete"`. */
  method: "notifications/elicitation/complete";
  /** Which elicitation. */
  params: {
    /** The `elicitationId` of the URL-mode request. */
    elicitationId: string;
  };
}

/* ------------------------------------------------------------------------ */
/* Roots: a request from the server to the client                            */
/* ------------------------------------------------------------------------ */

/**
 * Asks the client for its roots: the folders and files it suggests the server
 * work within. Only for a client that declared `roots`.
 *
 * @category roots/list
 */
export interface ListRootsRequest extends JSONRPCRequest {
  /** Always `"roots/list"`. */
  method: "roots/list";
  /** Only metadata. */
  params?: RequestParams;
}

/**
 * The client's roots.
 *
 * @category roots/list
 */
export interface ListRootsResult extends Result {
  /** The roots, possibly none. */
  roots: Root[];
}

/**
 * A folder or file the client suggests the server work within: a hint, not
 * access control.
 *
 * @category roots/list
 */
export interface Root {
  /**
   * Where it is; in this revision it MUST be a `file://` URI.
   *
   * @format uri
   */
  uri: string;
  /** A name to show for it. */
  name?: string;
  /** Free-form metadata, keyed by name. */
  _meta?: { [key: string]: unknown };
}

/**
 * Tells the server that the client's roots changed; the server MAY ask for
 * them again. Sent only by a client that declared `roots.listChanged`.
 *
 * @category roots/list
 */
export interface RootsListChangedNotification extends JSONRPCNotification {
  /** Always `"notifications/roots/list_changed"`. */
  method: "notifications/roots/list_changed";
  /** Only metadata. */
  params?: NotificationParams;
}

/* ------------------------------------------------------------------------ */
/* Who sends what                                                            */
/* ------------------------------------------------------------------------ */

/**
 * Every request a client may send on a session of this revision.
 *
 * @category JSON-RPC
 */
export type ClientRequest =
  | InitializeRequest
  | PingRequest
  | ListResourcesRequest
  | ListResourceTemplatesRequest
  | ReadResourceRequest
  | SubscribeRequest
  | UnsubscribeRequest
  | ListPromptsRequest
  | GetPromptRequest
  | ListToolsRequest
  | CallToolRequest
  | SetLevelRequest
  | CompleteRequest;

/**
 * Every notification a client may send.
 *
 * @category JSON-RPC
 */
export type ClientNotification = CancelledNotification | InitializedNotification | ProgressNotification | RootsListChangedNotification;

/**
 * Every result a client may send, answering the server's requests.
 *
 * @category JSON-RPC
 */
export type ClientResult = Result | CreateMessageResult | ListRootsResult | ElicitResult;

/**
 * Every request a server may send to the client: in this revision, a server
 * asks for sampling, roots and elicitation with JSON-RPC requests of its own.
 *
 * @category JSON-RPC
 */
export type ServerRequest = PingRequest | CreateMessageRequest | ListRootsRequest | ElicitRequest;

/**
 * Every notification a server may send.
 *
 * @category JSON-RPC
 */
export type ServerNotification =
  | CancelledNotification
  | ProgressNotification
  | ResourceListChangedNotification
  | ResourceUpdatedNotification
  | PromptListChangedNotification
  | ToolListChangedNotification
  | LoggingMessageNotification
  | ElicitationCompleteNotification;

/**
 * Every result a server may send.
 *
 * @category JSON-RPC
 */
export type ServerResult =
  | Result
  | InitializeResult
  | ListResourcesResult
  | ListResourceTemplatesResult
  | ReadResourceResult
  | ListPromptsResult
  | GetPromptResult
  | ListToolsResult
  | CallToolResult
  | CompleteResult;
