/**
 * The client's public and shared types, in one place: the options of
 * `createClient`, of a call and of `listAll…`; `McpClient`; the flow's
 * policy; manual mode's `PendingInput`; listen events; and the extension
 * seam (`ClientExtension` and the `ExtensionCore` createClient lends it).
 * Every other module imports them from here; this one imports only leaves
 * (the transport, input kinds, eras, progress, round events, cache options).
 */
import type { ClientMiddleware, ClientMiddlewareHooks } from "./middleware.js";
import type {
  CallToolResult,
  ClientCapabilities,
  ClientMethodMap,
  CompleteRequestParams,
  CompleteResult,
  DiscoverResult,
  GetPromptResult,
  Implementation,
  InputRequests,
  JSONObject,
  JSONRPCNotification,
  ListPromptsResult,
  ListResourcesResult,
  ListResourceTemplatesResult,
  ListToolsResult,
  Prompt,
  PromptListChangedNotification,
  ReadResourceResult,
  Resource,
  ResourceListChangedNotification,
  ResourceTemplate,
  ResourceUpdatedNotification,
  SubscriptionFilter,
  SubscriptionsAcknowledgedNotification,
  Tool,
  ToolListChangedNotification,
} from "@mrtr/schema";
import type { JsonLimits } from "@mrtr/zod";
import type { CacheOptions } from "./cache.js";
import type { ClientEra } from "./eras.js";
import type { ClientInputKind, FormHandler, UrlHandler } from "./input-kinds.js";
import type { ProgressListener } from "./progress.js";
import type { RoundListener } from "./round-events.js";
import type { Transport } from "./transport.js";

/** Options of `createClient`. */
export interface ClientOptions {
  /** How requests reach the server: `httpTransport`, `stdioTransport` (`@mrtr/client/stdio`) or your own. */
  transport: Transport;
  /** The client's name and version, sent as `clientInfo`. */
  name: string;
  /** The client's version, sent as `clientInfo.version`. */
  version: string;
  /** A display name for people, sent as `clientInfo.title`. */
  title?: string;
  /**
   * Elicitation handlers. A form handler declares `elicitation.form`, a URL
   * handler `elicitation.url`. `"manual"` declares the mode without a handler:
   * such requests are answered through `start`/`resume`.
   */
  elicitation?: {
    /** Answers form-mode requests (or `"manual"`). */
    form?: FormHandler | "manual";
    /** Answers URL-mode requests (or `"manual"`). */
    url?: UrlHandler | "manual";
  };
  /** Further input kinds (plugins such as @mrtr/deprecated's sampling and roots). */
  inputKinds?: ClientInputKind[];
  /** Most rounds a flow may take before failing with MaxRoundsError (default 10). */
  maxRounds?: number;
  /** Back-off of rounds that carry only requestState (default 100 ms doubling to 5 s). */
  backoff?: Partial<FlowPolicy["backoff"]>;
  /** Polling while a consented URL step is not finished (default every 2 s, 150 times). */
  urlPolling?: Partial<FlowPolicy["urlPolling"]>;
  /** Default time limit of a whole flow, in ms (none by default; each HTTP exchange has its own, see httpTransport's timeoutMs). */
  timeoutMs?: number;
  /** Largest requestState the client echoes, in UTF-8 bytes (default 256 KiB); larger fails with RequestStateTooLargeError. */
  maxRequestStateBytes?: number;
  /** Most input requests one round may carry (default 32); more fails with TooManyInputRequestsError. */
  maxInputRequests?: number;
  /** Most input handlers running at once within a round (default 4). */
  inputConcurrency?: number;
  /**
   * Limits every response must keep within before it is read (JsonLimitError
   * otherwise); each absent one is @mrtr/zod's DEFAULT_JSON_LIMITS: depth 64,
   * 250 000 values, arrays of 50 000, strings of 16 Mi UTF-16 units, objects of 10 000 keys.
   */
  jsonLimits?: Partial<JsonLimits>;
  /** Receives one event per step of every flow. */
  onRound?: RoundListener;
  /**
   * Middleware around every request the client sends, each round of a flow
   * included: to add `_meta`, log, measure or refuse (the first outermost).
   * An object (`{ request, inbound, session }`) may also hook what sessions
   * of initialize-based servers have: their requests to the client, and their
   * starts and ends.
   */
  middleware?: readonly (ClientMiddleware | ClientMiddlewareHooks)[];
  /** The protocol version to send (default the latest this package speaks). */
  protocolVersion?: string;
  /**
   * Keeps list and read results for the `ttlMs` the server gives (default on:
   * 256 results, 8 MiB); `false` turns it off. One client is one
   * authorization context: give each user their own client.
   */
  cache?: CacheOptions | false;
  /** Most pages `listAll…` follows before failing with TooManyPagesError (default 100). */
  maxListPages?: number;
  /**
   * Servers of the earlier, initialize-based revisions (2025-11-25,
   * 2025-06-18). Default: reached, once a server shows it speaks one (its
   * answer gives it away; nothing is probed beforehand), by `legacyClient()`
   * imported then. Pass `legacyClient({ ... })` from `@mrtr/client/legacy` for
   * its options (probing first, a kept verdict, limits), or `false` to speak
   * 2026-07-28 only (a legacy server then fails with LegacyServerError).
   */
  legacy?: ClientEra | false;
  /**
   * Protocol extensions (such as `tasksClient()` from @mrtr/tasks/client):
   * each is declared under `capabilities.extensions` in every request, and
   * continues the calls answered with a `resultType` it claims.
   */
  extensions?: ClientExtension[];
}

/** Per-call options. */
export interface CallOptions {
  /**
   * Cancels the call, the transport's way (over HTTP the exchange is closed;
   * over stdio notifications/cancelled is sent); the call rejects with FlowAbortedError.
   */
  signal?: AbortSignal;
  /** Time limit of the whole flow (all rounds), in ms. */
  timeoutMs?: number;
  /** Progress reports of the call: asks the server for them (a progressToken per round) and reads them as they arrive. */
  onProgress?: ProgressListener;
  /** Skip the cache: ask the server even when a fresh result is kept (the answer is kept again). */
  fresh?: boolean;
}

/** Options of the `listAll…` helpers. */
export interface ListAllOptions extends CallOptions {
  /** Most pages to follow (default: the client's maxListPages). */
  maxPages?: number;
}

/** How the client behaves between rounds. */
export interface FlowPolicy {
  /** Most retries that answer new input requests (default 10). */
  maxRounds: number;
  /** Back-off of rounds that carry only requestState: first delay, cap (ms). */
  backoff: {
    /** The first delay (default 100 ms); each next one doubles. */
    initialMs: number;
    /** The longest delay (default 5 000 ms). */
    maxMs: number;
  };
  /** After a URL-mode accept, a round asking the same again means "still waiting": poll every intervalMs, at most maxPolls times. */
  urlPolling: {
    /** The wait between polls, in ms. */
    intervalMs: number;
    /** The most polls before MaxRoundsError. */
    maxPolls: number;
  };
  /** Largest requestState the client echoes, in UTF-8 bytes (default 256 KiB). */
  maxRequestStateBytes: number;
  /** Most input requests one round may carry (default 32). */
  maxInputRequests: number;
  /** Most input handlers running at once within a round (default 4). */
  inputConcurrency: number;
  /** Limits every response must keep within before it is read (absent ones: @mrtr/zod's DEFAULT_JSON_LIMITS). */
  jsonLimits: Partial<JsonLimits>;
}

/** A method of the protocol a client may call (`tools/call`, …), as `ClientMethodMap` of `@mrtr/schema` lists them. */
export type ClientMethod = keyof ClientMethodMap;
/** What a caller passes for method `M`: its params without what the client adds (`_meta`, and the retry's answers and state). */
export type ParamsOf<M extends ClientMethod> = Omit<NonNullable<ClientMethodMap[M]["request"]["params"]>, "_meta" | "inputResponses" | "requestState">;

/** A flow waiting for the application's answers. Plain JSON: safe to store and resume elsewhere. */
export interface PendingInput {
  /** Tells it from a complete step. */
  status: "input_required";
  /** Format version of this object. */
  version: 1;
  /** The original request, without `_meta`, `inputResponses` or `requestState`. */
  method: string;
  /** Its params. */
  params: Record<string, unknown>;
  /** What to answer, by key (absent when the server only asks for a retry). */
  inputRequests?: InputRequests;
  /** The server's state, to be sent back unchanged. */
  requestState?: string;
  /** Rounds so far. */
  round: number;
  /** The flow's id, as client middleware saw it (absent in a PendingInput stored before it was kept). */
  flowId?: string;
}

/** The outcome of `start` or `resume`. */
export type ManualStep<R> =
  | {
      /** The request completed. */
      status: "complete";
      /** Its result. */
      result: R;
    }
  | PendingInput;

/** What a listen iterator yields. */
export type ListenEvent =
  | SubscriptionsAcknowledgedNotification
  | ToolListChangedNotification
  | PromptListChangedNotification
  | ResourceListChangedNotification
  | ResourceUpdatedNotification;

/**
 * What `client.listen` takes: the protocol's filter, possibly with the
 * fields an extension adds to it (the Tasks extension's `taskIds`), sent as
 * given.
 */
export type ListenFilter =
  | SubscriptionFilter
  | (SubscriptionFilter & {
      /** A field an extension adds to the filter. */
      readonly [field: string]: unknown;
    });

/**
 * One opening of a listen stream, as an extension opens it
 * (`ExtensionCore.listen`, `ClientExtensionHost.listen`).
 */
export interface ExtensionListenOptions {
  /** Closes the stream (the client closing does too). */
  signal: AbortSignal;
  /**
   * Receives the stream's messages in order: its acknowledgement first, then
   * the notifications its filter asks for, the core's and those of the
   * client's extensions (`listenNotifications`), each carrying the stream's
   * subscription id. Errors it throws are not caught.
   */
  onEvent(event: ListenEvent | JSONRPCNotification): void;
}

/** Options of `client.listen`. */
export interface ListenOptions {
  /** Ends the subscription (closes the stream) and the iteration. */
  signal?: AbortSignal;
  /** Re-opening: first delay (default 500 ms), cap (default 30 s), openings in a row that may fail before the iterator throws (default 10). */
  reopen?: {
    /** The first delay, in ms; each next one doubles. */
    initialMs?: number;
    /** The longest delay, in ms. */
    maxMs?: number;
    /** Openings in a row that may fail. */
    maxAttempts?: number;
  };
}

/** A client of one server. */
export interface McpClient {
  /** The capabilities this client declares in every request. */
  readonly capabilities: ClientCapabilities;
  /** Asks the server what it is and offers (`server/discover`): its info, capabilities and versions. */
  discover(options?: CallOptions): Promise<DiscoverResult>;
  /** One page of tools (`tools/list`); pass the previous page's `nextCursor` for the next. */
  listTools(params?: { cursor?: string }, options?: CallOptions): Promise<ListToolsResult>;
  /**
   * Calls a tool (`tools/call`), answering its input requests through the handlers, round after
   * round, until the result.
   */
  callTool(name: string, args?: Record<string, unknown>, options?: CallOptions): Promise<CallToolResult>;
  /** One page of prompts (`prompts/list`). */
  listPrompts(params?: { cursor?: string }, options?: CallOptions): Promise<ListPromptsResult>;
  /** Gets a prompt with its arguments (`prompts/get`), with multi round-trips as `callTool`. */
  getPrompt(name: string, args?: Record<string, string>, options?: CallOptions): Promise<GetPromptResult>;
  /** One page of resources (`resources/list`). */
  listResources(params?: { cursor?: string }, options?: CallOptions): Promise<ListResourcesResult>;
  /** One page of resource templates (`resources/templates/list`). */
  listResourceTemplates(params?: { cursor?: string }, options?: CallOptions): Promise<ListResourceTemplatesResult>;
  /** Reads a resource (`resources/read`), with multi round-trips as `callTool`. */
  readResource(uri: string, options?: CallOptions): Promise<ReadResourceResult>;
  /** Every tool, following `nextCursor` page by page (at most `maxPages`). */
  listAllTools(options?: ListAllOptions): Promise<Tool[]>;
  /** Every prompt, page by page (at most `maxPages`). */
  listAllPrompts(options?: ListAllOptions): Promise<Prompt[]>;
  /** Every resource, page by page (at most `maxPages`). */
  listAllResources(options?: ListAllOptions): Promise<Resource[]>;
  /** Every resource template, page by page (at most `maxPages`). */
  listAllResourceTemplates(options?: ListAllOptions): Promise<ResourceTemplate[]>;
  /** Suggestions for a prompt argument or resource-template variable (`completion/complete`). */
  complete(
    ref: CompleteRequestParams["ref"],
    argument: CompleteRequestParams["argument"],
    context?: CompleteRequestParams["context"],
    options?: CallOptions,
  ): Promise<CompleteResult>;
  /**
   * Follows change notifications (`subscriptions/listen`): an async iterator
   * of the acknowledgement of each (re-)opening and the notifications the
   * filter names. Re-opens on its own; ends when `options.signal` aborts or
   * the loop breaks. Received notifications invalidate the cache.
   * A filter may carry an extension's fields (`{ taskIds }` with
   * `tasksClient()`): the notifications that extension takes
   * (`listenNotifications`) are then yielded too, typed by `E`
   * (`client.listen<TaskStatusNotification>({ taskIds })`).
   */
  listen<E extends { method: string } = never>(filter: ListenFilter, options?: ListenOptions): AsyncIterableIterator<ListenEvent | E>;
  /** Drops every kept result. */
  clearCache(): void;
  /**
   * Ends the client: listen iterators finish, calls in flight fail, and the
   * transport closes (a stdio server is asked to exit, then made to).
   */
  close(): Promise<void>;
  /** Any request of the protocol, with automatic multi round-trips; params and result typed by method. */
  request<M extends ClientMethod>(method: M, params?: ParamsOf<M>, options?: CallOptions): Promise<ClientMethodMap[M]["result"]>;
  /** A request of a method outside the protocol's list (an extension), untyped. */
  request<R = Record<string, unknown>, N extends string = string>(method: N & (N extends ClientMethod ? never : unknown), params?: Record<string, unknown>, options?: CallOptions): Promise<R>;
  /** Manual mode: sends the request once; returns the result or a PendingInput to answer. */
  start<R = Record<string, unknown>>(method: string, params?: Record<string, unknown>, options?: CallOptions): Promise<ManualStep<R>>;
  /** Manual mode: answers a PendingInput (possibly read back from storage) and sends the retry. */
  resume<R = Record<string, unknown>>(pending: PendingInput, inputResponses: Record<string, unknown>, options?: CallOptions): Promise<ManualStep<R>>;
}

/** A result whose `resultType` is neither `complete` nor `input_required`: one an extension claims. */
export type ClaimedResult = Record<string, unknown> & {
  /** The type an extension claims (such as `task`). */
  resultType: string;
};

/** One call as the client runs it, round after round: what was asked and how its rounds go. */
export interface FlowCall {
  /** The method. */
  readonly method: string;
  /** Its params as the caller gave them (without `_meta`, answers or state). */
  readonly params: Record<string, unknown>;
  /** Aborts the call: the caller's signal or its time limit. */
  readonly signal: AbortSignal;
  /** Progress reports of every round (each round is a request of its own, with a token of its own). */
  readonly onProgress?: ProgressListener;
  /** A manual-mode step (`start`/`resume`): told to the transport; it emits no round events. */
  readonly manual?: boolean;
  /** A result this extension claims ends the call as it came (`ClientExtensionHost.start`) instead of being continued. */
  readonly hold?: ClientExtension;
  /** The flow's id for middleware (made on the call's first request when absent; a manual flow carries it in its `PendingInput`). */
  flowId?: string;
  /** The extension that sends this request for an earlier request of the flow `flowId` names (middleware's `followUp`). */
  readonly followUp?: string;
  /** Told when the call is over (middleware's `onCallEnd`); a follow-up shares the call's. */
  ends?: ((error?: unknown) => void)[];
}

/** How a call ended. */
export type FlowEnd =
  | {
      /** The call completed. */
      readonly kind: "complete";
      /** Its complete result. */
      readonly result: Record<string, unknown>;
      /**
       * How many rounds answered input before it (0: the first answer was
       * the result); absent when an extension continued the call.
       */
      readonly rounds?: number;
    }
  | {
      /** The answer is one the call's `hold` extension claims. */
      readonly kind: "held";
      /** That answer, as it came. */
      readonly result: ClaimedResult;
    };

/**
 * Continues a claimed result to the call's final result, checked as the
 * method's complete result (what `defineClientExtension` registers).
 */
export type ExtensionProceed = (result: ClaimedResult, call: FlowCall) => Promise<Record<string, unknown>>;

/** A claim: the extension and how it continues on this client. */
export interface Claim {
  /** The extension that claims. */
  readonly extension: ClientExtension;
  /** How it continues a claimed result. */
  readonly proceed: ExtensionProceed;
}

/**
 * What createClient lends each extension when it links it (read through
 * `defineClientExtension`): the client, the means its calls are made with,
 * and the registry of claims. Not the flow's internals: the transport,
 * `_meta` and version state stay the core's.
 */
export interface ExtensionCore {
  /** The client being built. */
  readonly client: McpClient;
  /** The client's input kinds by method: the handlers, checks and answer preparation of its rounds. */
  readonly kinds: ReadonlyMap<string, ClientInputKind>;
  /** The limits an extension keeps when it answers input requests itself. */
  readonly policy: Pick<FlowPolicy, "maxInputRequests" | "inputConcurrency">;
  /** The server as `server/discover` described it (undefined until asked). */
  server(): Implementation | undefined;
  /** Runs a call as `client.request` does (rounds, checks, claims), on this client. */
  run(call: FlowCall): Promise<FlowEnd>;
  /** The signal of a call with these options (its own signal, its time limit or the client's). */
  signalOf(options?: CallOptions): AbortSignal;
  /** Throws when the client is closed. */
  open(): void;
  /**
   * Opens one `subscriptions/listen` stream with `filter` (no re-opening:
   * the extension decides what to do when it ends) and hands its messages
   * to `options.onEvent`. Resolves when the stream ends (the server ended
   * it, the connection dropped, `options.signal` aborted or the client
   * closed), telling whether it was acknowledged; rejects when it could not
   * be opened (a JsonRpcError for a server's refusal, such as -32601 from a
   * server that offers no listen stream).
   */
  listen(
    filter: ListenFilter,
    options: ExtensionListenOptions,
  ): Promise<{
    /** Whether the server acknowledged the stream before it ended. */
    acknowledged: boolean;
  }>;
  /**
   * Where the extension registers how it continues each `resultType` it
   * claims, by `method + " " + resultType`.
   */
  readonly claims: Map<string, Claim>;
}

/**
 * A protocol extension, as `createClient({ extensions })` takes it. Build
 * one with `defineClientExtension` from `@mrtr/client/plugin`.
 */
export interface ClientExtension {
  /** Its identifier (`io.modelcontextprotocol/tasks`): the key of `capabilities.extensions`. */
  readonly id: string;
  /** Its settings under `capabilities.extensions[id]` in every request (default `{}`). */
  readonly settings?: JSONObject;
  /** The `resultType` values it continues, by method (`{ "tools/call": ["task"] }`); `complete` and `input_required` stay the core's. */
  readonly results?: Readonly<Record<string, readonly string[]>>;
  /**
   * Request methods of its own whose `Mcp-Name` header carries a params
   * field (`{ "tasks/get": "taskId" }`); the HTTP transport sends it as it
   * sends `tools/call`'s name.
   */
  readonly namedParams?: Readonly<Record<string, string>>;
  /**
   * Notification methods of its own that listen streams pass on
   * (`["notifications/tasks"]`); a stream drops every other method the core
   * does not take.
   */
  readonly listenNotifications?: readonly string[];
  /** Called once by createClient, after the client is built: registers in `core.claims` how this client continues the results the extension claims. */
  link(core: ExtensionCore): void;
}
