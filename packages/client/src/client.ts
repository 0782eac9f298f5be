/**
 * createClient: a client of the draft protocol that makes multi round-trip
 * requests invisible (`callTool` returns the final result, answering input
 * requests through the registered handlers) or fully controllable (`start` /
 * `resume`). Every request carries `_meta` with the protocol version, the
 * client's info and the capabilities derived from what is registered.
 */
import { LATEST_PROTOCOL_VERSION } from "@mrtr/schema";
import type { JsonLimits } from "@mrtr/zod";
import type {
  CallToolResult,
  ClientCapabilities,
  ClientMethodMap,
  CompleteRequestParams,
  CompleteResult,
  DiscoverResult,
  GetPromptResult,
  Implementation,
  ListPromptsResult,
  ListResourcesResult,
  ListResourceTemplatesResult,
  ListToolsResult,
  Prompt,
  ReadResourceResult,
  RequestMetaObject,
  Resource,
  ResourceTemplate,
  SubscriptionFilter,
  Tool,
} from "@mrtr/schema";
import { CACHE_DEFAULTS, ResultCache, type CacheOptions } from "./cache.js";
import { InvalidAnswerError, McpClientError, ProtocolViolationError } from "./errors.js";
import { abortError, checkInputRequests, FLOW_LIMIT_DEFAULTS, flowSignal, prepareAnswers, runFlow, send, type CallHooks, type FlowContext, type FlowPolicy } from "./flow.js";
import { extensionsOf, type Claim, type ClientExtension } from "./extensions.js";
import { listAll, LIST_DEFAULTS } from "./list-all.js";
import { listenEvents, type ListenEvent, type ListenOptions } from "./listen.js";
import { progressTokens, type ProgressListener } from "./progress.js";
import type { RoundListener } from "./hooks.js";
import { elicitationInputKind, type ClientInputKind, type FormHandler, type UrlHandler } from "./input-kinds.js";
import { isPendingInput, type ManualStep, type PendingInput } from "./manual.js";
import type { Transport } from "./transport.js";
import type { ClientEra } from "./eras.js";
import { lazyLegacy, type LazyEraTransport } from "./lazy-era.js";
import { checkCallOptions, checkClientOptions } from "./option-check.js";
import { mergeCapabilities } from "@mrtr/internal";

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

type Params = Record<string, unknown>;
/** A method of the protocol a client may call (`tools/call`, …), as `ClientMethodMap` of `@mrtr/schema` lists them. */
export type ClientMethod = keyof ClientMethodMap;
/** What a caller passes for method `M`: its params without what the client adds (`_meta`, and the retry's answers and state). */
export type ParamsOf<M extends ClientMethod> = Omit<NonNullable<ClientMethodMap[M]["request"]["params"]>, "_meta" | "inputResponses" | "requestState">;

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
   */
  listen(filter: SubscriptionFilter, options?: ListenOptions): AsyncIterableIterator<ListenEvent>;
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

const MANUAL = "manual";

/** Eight random base-36 characters. */
function randomTag(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(8));
  return Array.from(bytes, (b) => (b % 36).toString(36)).join("");
}

/**
 * Creates a client on a transport (`httpTransport`, `stdioTransport` from
 * `@mrtr/client/stdio`, or your own). Its calls run the multi round-trip for
 * you: an `input_required` answer goes to the handlers you registered
 * (`elicitation.form`, `elicitation.url`, plugins' input kinds) and the
 * request is sent again with their answers, within `maxRounds` and the other
 * limits of its options.
 * The capabilities it declares follow from the handlers given.
 *
 * @example
 * ```ts
 * const client = createClient({ transport: httpTransport("https://mcp.example.com/mcp"), name: "my-agent", version: "1.0.0" });
 * const result = await client.callTool("search", { query: "mrtr" });
 * ```
 */
export function createClient(options: ClientOptions): McpClient {
  checkClientOptions(options);
  const kinds = new Map<string, ClientInputKind>();
  const e = options.elicitation ?? {};
  const form = e.form === MANUAL ? undefined : e.form;
  const url = e.url === MANUAL ? undefined : e.url;
  const manualForm: FormHandler = async () => {
    throw new McpClientError("Form elicitation is declared as manual: answer it with client.start/resume.");
  };
  const manualUrl: UrlHandler = async () => {
    throw new McpClientError("URL elicitation is declared as manual: answer it with client.start/resume.");
  };
  const elicitation = elicitationInputKind({
    ...(e.form !== undefined && { form: form ?? manualForm }),
    ...(e.url !== undefined && { url: url ?? manualUrl }),
  });
  for (const kind of [...(elicitation ? [elicitation] : []), ...(options.inputKinds ?? [])]) {
    if (kinds.has(kind.method)) throw new McpClientError(`Two input kinds handle ${kind.method}.`);
    kinds.set(kind.method, kind);
  }
  let merged: ClientCapabilities = {};
  for (const kind of kinds.values()) merged = mergeCapabilities(merged, structuredClone(kind.capabilities))!;
  const extensions = extensionsOf(options.extensions ?? []);
  const claims = new Map<string, Claim>();
  const capabilities = extensions.capabilities ? mergeCapabilities(merged, extensions.capabilities)! : merged;

  const clientInfo: Implementation = { name: options.name, version: options.version, ...(options.title !== undefined && { title: options.title }) };
  // The versions this client speaks; the first is sent until a server says otherwise (-32022).
  const spoken = [options.protocolVersion ?? LATEST_PROTOCOL_VERSION, LATEST_PROTOCOL_VERSION];
  let protocolVersion = spoken[0]!;
  const meta = (): RequestMetaObject => ({
    "io.modelcontextprotocol/protocolVersion": protocolVersion,
    "io.modelcontextprotocol/clientCapabilities": structuredClone(capabilities),
    "io.modelcontextprotocol/clientInfo": clientInfo,
  });
  // Ids never repeat, even across client instances resuming one stored flow: a random prefix per instance.
  const idPrefix = `${randomTag()}-`;
  let counter = 0;
  let server: Implementation | undefined;
  const policy: FlowPolicy = {
    maxRounds: options.maxRounds ?? 10,
    backoff: { initialMs: 100, maxMs: 5000, ...options.backoff },
    urlPolling: { intervalMs: 2000, maxPolls: 150, ...options.urlPolling },
    maxRequestStateBytes: options.maxRequestStateBytes ?? FLOW_LIMIT_DEFAULTS.maxRequestStateBytes,
    maxInputRequests: options.maxInputRequests ?? FLOW_LIMIT_DEFAULTS.maxInputRequests,
    inputConcurrency: options.inputConcurrency ?? FLOW_LIMIT_DEFAULTS.inputConcurrency,
    jsonLimits: options.jsonLimits ?? {},
  };
  const eraClient = { capabilities, clientInfo, kinds };
  const transport = options.legacy === false ? options.transport : options.legacy ? options.legacy.wrap(options.transport, eraClient) : lazyLegacy(options.transport, eraClient);
  const ctx: FlowContext = {
    transport,
    ...("fallBack" in transport && { eraFallBack: (transport as LazyEraTransport).fallBack }),
    meta,
    kinds,
    policy,
    nextId: () => `${idPrefix}${++counter}`,
    negotiate: (supported) => {
      if (!Array.isArray(supported)) return false;
      const choice = spoken.find((v) => supported.includes(v));
      if (choice === undefined) return false;
      protocolVersion = choice;
      return true;
    },
    server: () => server,
    emit: (event) => {
      try {
        options.onRound?.(event);
      } catch {
        // A failing listener must not break the flow.
      }
    },
    progressToken: progressTokens(),
    ...(extensions.capabilities && { claims, namedParams: extensions.namedParams }),
  };
  const cache = options.cache === false ? undefined : new ResultCache({ ...CACHE_DEFAULTS, ...options.cache });
  const maxListPages = options.maxListPages ?? LIST_DEFAULTS.maxPages;

  const signalOf = (o: CallOptions = {}) => flowSignal(o.signal, o.timeoutMs ?? options.timeoutMs);
  // client.close(): listen iterators follow this; new calls are refused.
  const closing = new AbortController();
  const open = () => {
    if (closing.signal.aborted) throw new McpClientError("The client is closed; create a new one to talk to the server again.");
  };

  async function request(method: string, params: object = {}, o: CallOptions = {}): Promise<never> {
    checkCallOptions(method, o);
    open();
    const key = cache && ResultCache.keyOf(method, params as Params);
    if (key && !o.fresh) {
      const kept = cache!.get(key);
      if (kept) return kept as never;
    }
    const hooks: CallHooks = { ...(o.onProgress && { onProgress: o.onProgress }) };
    const result = await runFlow(ctx, method, params as Params, signalOf(o), hooks);
    // Results of a multi round-trip depend on the answers given: never kept (caching.mdx).
    if (key && hooks.rounds === 0) cache!.set(key, result);
    return result as never;
  }

  /** Keeps the cache true to what a listen stream says changed. */
  const seen = (event: ListenEvent) => {
    if (!cache) return;
    switch (event.method) {
      case "notifications/tools/list_changed":
        return cache.invalidate("tools/list");
      case "notifications/prompts/list_changed":
        return cache.invalidate("prompts/list");
      case "notifications/resources/list_changed":
        cache.invalidate("resources/list");
        return cache.invalidate("resources/templates/list");
      case "notifications/resources/updated":
        return cache.invalidate("resources/read", event.params.uri);
      case "notifications/subscriptions/acknowledged": {
        // A (re-)opened stream: changes may have been missed meanwhile.
        const n = event.params.notifications;
        if (n.toolsListChanged) cache.invalidate("tools/list");
        if (n.promptsListChanged) cache.invalidate("prompts/list");
        if (n.resourcesListChanged) (cache.invalidate("resources/list"), cache.invalidate("resources/templates/list"));
        for (const uri of n.resourceSubscriptions ?? []) cache.invalidate("resources/read", uri);
      }
    }
  };
  const pages = <T>(method: string, key: string) => (o: ListAllOptions = {}) => {
    checkCallOptions(method, o, true);
    const { maxPages, ...call } = o;
    return listAll<T>((cursor) => request(method, cursor === undefined ? {} : { cursor }, call), key, method, maxPages ?? maxListPages);
  };

  async function step<R>(method: string, params: Params, retry: { inputResponses?: Record<string, unknown>; requestState?: string }, round: number, o?: CallOptions): Promise<ManualStep<R>> {
    checkCallOptions(method, o);
    open();
    const signal = signalOf(o);
    try {
      const s = await send(ctx, method, params, retry, signal, { manual: true, ...(o?.onProgress && { onProgress: o.onProgress }) });
      if (s.kind === "complete") return { status: "complete", result: s.result as R };
      // An extension's result (such as a task) is continued as in automatic mode.
      if (s.kind === "claimed") return { status: "complete", result: (await s.claim.proceed(s.result, method, params, signal, {})) as R };
      if (s.result.inputRequests) checkInputRequests(kinds, s.result.inputRequests, s.result);
      return {
        status: "input_required",
        version: 1,
        method,
        params: structuredClone(params),
        ...(s.result.inputRequests && { inputRequests: s.result.inputRequests }),
        ...(s.result.requestState !== undefined && { requestState: s.result.requestState }),
        round: round + 1,
      };
    } catch (error) {
      throw abortError(error, signal);
    }
  }

  const client: McpClient = {
    capabilities,
    async discover(o) {
      const result: DiscoverResult = await request("server/discover", {}, o);
      server = result._meta?.["io.modelcontextprotocol/serverInfo"];
      return result;
    },
    listTools: (p = {}, o) => request("tools/list", p, o),
    callTool: (name, args = {}, o) => request("tools/call", { name, arguments: args }, o),
    listPrompts: (p = {}, o) => request("prompts/list", p, o),
    getPrompt: (name, args = {}, o) => request("prompts/get", { name, arguments: args }, o),
    listResources: (p = {}, o) => request("resources/list", p, o),
    listResourceTemplates: (p = {}, o) => request("resources/templates/list", p, o),
    readResource: (uri, o) => request("resources/read", { uri }, o),
    listAllTools: pages<Tool>("tools/list", "tools"),
    listAllPrompts: pages<Prompt>("prompts/list", "prompts"),
    listAllResources: pages<Resource>("resources/list", "resources"),
    listAllResourceTemplates: pages<ResourceTemplate>("resources/templates/list", "resourceTemplates"),
    complete: (ref, argument, context, o) => request("completion/complete", { ref, argument, ...(context !== undefined && { context }) }, o),
    listen: (filter, o = {}) => {
      open();
      return listenEvents(ctx, filter, { ...o, signal: o.signal ? AbortSignal.any([o.signal, closing.signal]) : closing.signal }, seen);
    },
    clearCache: () => cache?.clear(),
    async close() {
      if (closing.signal.aborted) return;
      closing.abort(new McpClientError("The client was closed."));
      await ctx.transport.close?.();
    },
    request: request as McpClient["request"],
    start: (method, params = {}, o) => step(method, params, {}, 0, o),
    async resume(pending, inputResponses, o) {
      if (!isPendingInput(pending)) throw new ProtocolViolationError("resume() needs a PendingInput returned by start() or resume().", pending);
      if (inputResponses === null || typeof inputResponses !== "object" || Array.isArray(inputResponses)) {
        throw new InvalidAnswerError("*", ["resume() takes the answers as an object, by input request key"]);
      }
      const answers = pending.inputRequests ? prepareAnswers(kinds, pending.inputRequests, inputResponses) : {};
      return step(
        pending.method,
        pending.params,
        { ...(pending.inputRequests && { inputResponses: answers }), ...(pending.requestState !== undefined && { requestState: pending.requestState }) },
        pending.round,
        o,
      );
    },
  };
  for (const extension of options.extensions ?? []) extension.link({ client, ctx, signalOf, open, claims });
  return client;
}
