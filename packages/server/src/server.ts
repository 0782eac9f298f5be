/**
 * createServer: a stateless MCP server for the draft protocol. Every request
 * carries everything needed to serve it; a retry after `input_required`
 * carries a sealed requestState, so any instance that shares the secrets can
 * serve it. Transport-free: `handle(message)` takes one JSON-RPC message and
 * returns the response (or nothing, for notifications).
 *
 * This file only wires the parts: intake (intake.ts), the methods
 * (methods/), the multi-round gate (multi-round.ts), the registry.
 */
import { INTERNAL_ERROR, JSONRPC_VERSION, LATEST_PROTOCOL_VERSION } from "@mrtr/schema";
import type { JSONRPCErrorResponse, JSONRPCNotification, JSONRPCResultResponse, RequestId, Resource } from "@mrtr/schema";
import type { JsonLimits } from "@mrtr/zod";
import { authInfoOf, principalOf, type AuthInfo } from "./auth/auth-info.js";
import type { RequestContext } from "./context.js";
import type { ServerCore } from "./core.js";
import { definedOnly } from "./defined-only.js";
import { follow } from "./follow-signal.js";
import { errorResponse, isRequestId } from "./error-response.js";
import { McpError, McpInternalError, McpMethodNotFoundError, ServerBusyError, ServerDefinitionError, UnsupportedVersionError } from "./errors.js";
import { hostHooks, type HostHookOptions } from "./hooks.js";
import { InFlight, type Sender } from "./in-flight.js";
import { readRequest, takeIn } from "./intake.js";
import { elicitationInputKind, InputKinds, type InputKind, type KindMethods } from "./input-kinds.js";
import { ajvValidator } from "./json-schema/ajv.js";
import type { JsonSchemaValidator } from "./json-schema/validator.js";
import type { MethodHandler, ServingContext } from "./methods/method.js";
import { METHODS } from "./methods/index.js";
import type { RoundParams } from "./multi-round.js";
import { Registry, type PromptDefinition, type ResourceDefinition, type ResourceTemplateDefinition, type ToolDefinition } from "./registry.js";
import { MemoryReplayGuard, ReplayGuardUnavailableError, RequestStateCodec, type ReplayGuard, type SecretInput } from "./request-state/index.js";
import { PROGRESS_DEFAULTS, progressReporter, type ProgressOptions, type ProgressReporter } from "./progress.js";
import { SchemaChecks } from "./schema-check.js";
import type { ChangeEvent } from "./subscriptions/change-bus.js";
import { subscriptionsOf, type SubscriptionOptions } from "./subscriptions/options.js";

/* eslint-disable @typescript-eslint/no-explicit-any */

/** Options of `createServer`. `K` are the extra input kinds, whose context methods reach handlers. */
export interface ServerOptions<K extends readonly InputKind<any>[] = readonly InputKind<any>[]> extends HostHookOptions {
  /** The server's name, sent as `serverInfo` and used as the requestState audience unless `requestState.audience` is set. */
  name: string;
  version: string;
  title?: string;
  /** Instructions for the model, sent by `server/discover`. */
  instructions?: string;
  requestState: {
    /** Secrets of at least 32 bytes, newest first: the first seals, all open. */
    secrets: SecretInput[];
    /** How long a requestState stays valid (default 600 s). */
    ttlSeconds?: number;
    clockSkewSeconds?: number;
    /** Identity bound into every state, so servers sharing a secret cannot swap states. Default: `name`. */
    audience?: string;
    /** Largest incoming requestState in bytes (default 16 KiB), checked before any parsing. */
    maxTokenBytes?: number;
    now?: () => number;
  };
  /**
   * The authenticated principal of a request, from what the transport passed
   * (e.g. the HTTP request). Default: the verified token's issuer#subject when
   * the request carries auth info (`protect` from @mrtr/server/auth), so
   * requestState is bound to the authenticated user whenever auth is on.
   */
  principal?: (info: { message: unknown; transport: unknown; auth: AuthInfo | undefined }) => string | undefined | Promise<string | undefined>;
  /** Whether granted scopes satisfy a required one, for tools' `scopes` (default: exact membership); for scope hierarchies. */
  hasScope?: (granted: readonly string[], required: string) => boolean;
  /** At-most-once consumption store for `ctx.consumeOnce()`; in-memory by default. */
  replayGuard?: ReplayGuard;
  /** Items per page of list results (default 100); longer lists are paginated with opaque cursors. */
  pageSize?: number;
  /** Caching hints of discover and list results. Default: `ttlMs: 0`, `cacheScope: "private"`. */
  cache?: { ttlMs?: number; scope?: "private" | "public" };
  /** Extra input kinds (plugins such as @mrtr/deprecated's sampling and roots); each method once. */
  inputKinds?: K;
  /**
   * How tool schemas given as JSON Schema are checked (default `ajvValidator()`
   * from `@mrtr/server/json-schema`, which generates code at run time; pass
   * `interpretedValidator()` on hosts that forbid it).
   */
  jsonSchemaValidator?: JsonSchemaValidator;
  /** Dynamic resource listing, added to the registered resources. */
  listResources?: (ctx: RequestContext) => Resource[] | Promise<Resource[]>;
  /**
   * Limits every incoming message must keep within before anything validates
   * it (-32600 otherwise); each absent one is `DEFAULT_JSON_LIMITS` from
   * @mrtr/zod: depth 64, 250 000 values, arrays of 50 000, strings of 16 Mi
   * UTF-16 units, objects of 10 000 keys.
   */
  jsonLimits?: Partial<JsonLimits>;
  /** Limits of progress reports (`ctx.progress`): at most one per `minIntervalMs` (50), messages cut at `maxMessageLength` (1 024). */
  progress?: ProgressOptions;
  /** subscriptions/listen: which change notifications the server delivers, the bus, the limits. Off by default. */
  subscriptions?: SubscriptionOptions;
}

/** What a transport passes with each message to `handle`. */
export interface HandleOptions {
  /** What the host passed with the message (the HTTP `Request`); reaches handlers as `ctx.transport`. */
  transport?: unknown;
  /** Aborts the request (the client went away): the handler's `ctx.signal` aborts and no answer is given. */
  signal?: AbortSignal;
  /** The verified access token's facts, when the transport checked one (`protect` attaches it to the request instead). */
  auth?: AuthInfo;
  /** The HTTP request headers, when the message came over HTTP: `Mcp-Param-*` are checked against tool arguments. */
  headers?: Headers;
  /**
   * Receives the notifications sent ahead of the answer: progress reports of
   * a request that asked for them, and everything a subscriptions/listen
   * stream carries. Without it none are sent, and subscriptions/listen is refused.
   */
  onNotification?: (notification: JSONRPCNotification) => void;
  /**
   * The connection the message came on, for transports that have one
   * (in-process, stdio): `notifications/cancelled` reaches only requests of
   * the same connection and principal. HTTP has none (a closed response is its cancellation).
   */
  connection?: unknown;
}

/** Announcing changes to the open subscriptions/listen streams (of every instance, with a shared bus). */
export interface ChangeNotifier {
  toolsListChanged(): void;
  promptsListChanged(): void;
  resourcesListChanged(): void;
  resourceUpdated(uri: string): void;
}

/** The answer to one incoming message. */
export type ServerResponse = JSONRPCResultResponse | JSONRPCErrorResponse;

/** A stateless MRTR server. `X` are the context methods its input kinds add to every handler's context. */
export interface McpServer<X = unknown> {
  tool<A = Record<string, unknown>, S = unknown>(definition: ToolDefinition<A, S, X>): McpServer<X>;
  prompt<S = unknown>(definition: PromptDefinition<S, X>): McpServer<X>;
  resource<S = unknown>(definition: ResourceDefinition<S, X>): McpServer<X>;
  resourceTemplate<S = unknown>(definition: ResourceTemplateDefinition<S, X>): McpServer<X>;
  /** Removes a tool (announced when tool list changes are); false when there was none of that name. */
  removeTool(name: string): boolean;
  removePrompt(name: string): boolean;
  removeResource(uri: string): boolean;
  removeResourceTemplate(uriTemplate: string): boolean;
  /**
   * Announces changes on the open subscriptions/listen streams. Each kind
   * must be wired in `subscriptions` (a ServerDefinitionError otherwise).
   */
  readonly notify: ChangeNotifier;
  /**
   * Serves one JSON-RPC message (JSON text, decoded once, or the decoded
   * object). Resolves to the response, or undefined for notifications, for
   * responses sent to the server and for cancelled requests. Never rejects.
   */
  handle(message: unknown, options?: HandleOptions): Promise<ServerResponse | undefined>;
  /** Ends every open subscriptions/listen stream with its closing result and refuses new ones (for shutdown). */
  close(): Promise<void>;
  /** What the server is doing now: requests being served, subscription streams open. */
  activity(): { requests: number; streams: number };
  /** The protocol versions this server speaks. */
  readonly supportedVersions: readonly string[];
}

const SUPPORTED_VERSIONS = [LATEST_PROTOCOL_VERSION] as const;

function codecOf(options: ServerOptions<any>): RequestStateCodec {
  const rs = options.requestState;
  return new RequestStateCodec({
    secrets: rs.secrets,
    audience: rs.audience ?? options.name,
    ...(rs.ttlSeconds !== undefined && { ttlSeconds: rs.ttlSeconds }),
    ...(rs.clockSkewSeconds !== undefined && { clockSkewSeconds: rs.clockSkewSeconds }),
    ...(rs.maxTokenBytes !== undefined && { maxTokenBytes: rs.maxTokenBytes }),
    ...(rs.now !== undefined && { now: rs.now }),
  });
}

export function createServer<const K extends readonly InputKind<any>[] = []>(options: ServerOptions<K>): McpServer<KindMethods<K>> {
  const pageSize = options.pageSize ?? 100;
  if (!Number.isInteger(pageSize) || pageSize < 1) throw new ServerDefinitionError("pageSize must be a whole number of at least 1.");
  const schemas = new SchemaChecks(options.jsonSchemaValidator ?? ajvValidator());
  const rs = options.requestState;
  const subscriptions = subscriptionsOf(options.subscriptions);
  const progressLimits = { ...PROGRESS_DEFAULTS, ...definedOnly(options.progress ?? {}) };
  if (!(progressLimits.minIntervalMs >= 0) || !(progressLimits.maxMessageLength >= 0)) {
    throw new ServerDefinitionError("progress.minIntervalMs and progress.maxMessageLength must be numbers of at least 0.");
  }
  const inFlight = new InFlight();
  let serving = false;
  let closed = false;
  const core: ServerCore = {
    serverInfo: { name: options.name, version: options.version, ...(options.title !== undefined && { title: options.title }) },
    instructions: options.instructions,
    supportedVersions: SUPPORTED_VERSIONS,
    registry: new Registry(schemas),
    kinds: new InputKinds([elicitationInputKind, ...(options.inputKinds ?? [])]),
    codec: codecOf(options),
    replayGuard:
      options.replayGuard ??
      new MemoryReplayGuard({
        ...(rs.clockSkewSeconds !== undefined && { clockSkewSeconds: rs.clockSkewSeconds }),
        ...(rs.now !== undefined && { now: rs.now }),
      }),
    schemas,
    hooks: hostHooks(options),
    cache: { ttlMs: options.cache?.ttlMs ?? 0, cacheScope: options.cache?.scope ?? "private" },
    pageSize,
    listResources: options.listResources,
    hasScope: options.hasScope ?? ((granted, required) => granted.includes(required)),
    hub: subscriptions.hub,
    listen: subscriptions.limits,
  };

  const principalFor = async (message: unknown, opts: HandleOptions, auth: AuthInfo | undefined) =>
    options.principal ? await options.principal({ message, transport: opts.transport, auth }) : principalOf(auth);

  /** `notifications/cancelled`: aborts the sender's request of that id, if it is still being served here. */
  async function cancel(message: Record<string, unknown>, opts: HandleOptions): Promise<void> {
    const params = message.params as { requestId?: unknown; reason?: unknown } | undefined;
    const id = params?.requestId;
    if (!isRequestId(id)) return; // malformed: ignored, as the draft says
    const auth = opts.auth ?? authInfoOf(opts.transport);
    let sender: Sender;
    try {
      sender = { principal: await principalFor(message, opts, auth), connection: opts.connection };
    } catch {
      return;
    }
    inFlight.cancel(id, sender, typeof params?.reason === "string" ? params.reason.slice(0, 1024) : undefined);
  }
  async function handle(message: unknown, opts: HandleOptions = {}): Promise<ServerResponse | undefined> {
    serving = true;
    let id: RequestId | undefined;
    let method: string | undefined;
    // The request's own signal: aborted by the transport (the client went away) or by notifications/cancelled.
    const controller = new AbortController();
    const unlink = follow(opts.signal, controller);
    let progress: ProgressReporter | undefined;
    let removeInFlight: (() => void) | undefined;
    let over = false;
    try {
      const intake = takeIn(message, options.jsonLimits);
      if (!intake.ok) return intake.response;
      if (intake.message.method === "notifications/cancelled" && !("id" in intake.message)) {
        await cancel(intake.message, opts);
        return undefined;
      }
      const read = readRequest(intake.message);
      if (read.kind === "answer") return read.response;
      if (read.kind === "none") return undefined; // notifications and stray responses need no answer
      const { request } = read;
      id = request.id;
      method = request.method;
      const params = request.params as RoundParams & { _meta: NonNullable<typeof request.params>["_meta"] };
      if (read.inputResponses !== undefined) params.inputResponses = read.inputResponses;
      const meta = params._meta;
      const version = meta["io.modelcontextprotocol/protocolVersion"];
      if (!core.supportedVersions.includes(version)) throw new UnsupportedVersionError(version, core.supportedVersions);
      const auth = opts.auth ?? authInfoOf(opts.transport);
      const principal = await principalFor(request, opts, auth);
      const emit = (notification: JSONRPCNotification): boolean => {
        if (over || controller.signal.aborted || !opts.onNotification) return false;
        try {
          opts.onNotification(notification);
          return true;
        } catch {
          return false;
        }
      };
      progress = progressReporter(meta.progressToken, emit, progressLimits);
      removeInFlight = inFlight.add(request.id, { principal, connection: opts.connection }, controller);
      const ctx: ServingContext = {
        method,
        requestId: request.id,
        protocolVersion: version,
        clientCapabilities: meta["io.modelcontextprotocol/clientCapabilities"],
        clientInfo: meta["io.modelcontextprotocol/clientInfo"],
        principal,
        auth,
        meta,
        signal: controller.signal,
        transport: opts.transport,
        headers: opts.headers,
        progress: progress.report,
        emit,
        streaming: opts.onNotification !== undefined,
      };
      const serve = METHODS[request.method] as MethodHandler<typeof request.method> | undefined;
      if (!serve) throw new McpMethodNotFoundError(request.method);
      if (closed && request.method === "subscriptions/listen") throw new ServerBusyError("The server is shutting down; open the stream again on another instance.");
      const result = await untilAborted(serve(request as never, ctx, core), controller.signal);
      progress.finish(true); // the last report still waiting goes out before the answer
      return { jsonrpc: JSONRPC_VERSION, id: request.id, result: result as JSONRPCResultResponse["result"] };
    } catch (error) {
      if (controller.signal.aborted) return undefined; // cancelled: the draft says no answer
      if (error instanceof McpError && error.code !== INTERNAL_ERROR) return errorResponse(id, error);
      if (error instanceof ServerBusyError) return errorResponse(id, error);
      core.hooks.error(error, { method, requestId: id });
      // A single-use check that could not run says so (retry later); anything else is a bare -32603.
      return errorResponse(id, error instanceof ReplayGuardUnavailableError ? error : new McpInternalError());
    } finally {
      over = true;
      progress?.finish(false);
      removeInFlight?.();
      unlink();
    }
  }

  /** Publishes `event`; announcing a kind not wired in `subscriptions` is the caller's mistake. */
  const announce = (event: ChangeEvent, wired: boolean, option: string) => {
    if (!wired) throw new ServerDefinitionError(`This server does not announce ${event.type}: enable it with createServer({ subscriptions: { ${option} } }).`);
    subscriptions.hub.publish(event);
  };
  const d = subscriptions.hub.deliverable;
  // Registrations and removals made while serving are announced, once per kind per tick.
  const pending = new Set<"tools" | "prompts" | "resources">();
  const changed = (list: "tools" | "prompts" | "resources") => {
    if (!serving || pending.has(list)) return;
    const wired = list === "tools" ? d.toolsListChanged : list === "prompts" ? d.promptsListChanged : d.resourcesListChanged;
    if (!wired) return;
    pending.add(list);
    queueMicrotask(() => {
      pending.delete(list);
      subscriptions.hub.publish({ type: `${list}ListChanged` } as ChangeEvent);
    });
  };
  const notify: ChangeNotifier = {
    toolsListChanged: () => announce({ type: "toolsListChanged" }, d.toolsListChanged, "listChanged: { tools: true }"),
    promptsListChanged: () => announce({ type: "promptsListChanged" }, d.promptsListChanged, "listChanged: { prompts: true }"),
    resourcesListChanged: () => announce({ type: "resourcesListChanged" }, d.resourcesListChanged, "listChanged: { resources: true }"),
    resourceUpdated: (uri) => {
      if (typeof uri !== "string") throw new ServerDefinitionError("notify.resourceUpdated needs the resource's URI.");
      announce({ type: "resourceUpdated", uri }, d.resourceSubscriptions, "resourceUpdates: true");
    },
  };

  const server: McpServer<KindMethods<K>> = {
    supportedVersions: SUPPORTED_VERSIONS,
    tool(definition) {
      core.registry.addTool(definition);
      changed("tools");
      return server;
    },
    prompt(definition) {
      core.registry.addPrompt(definition);
      changed("prompts");
      return server;
    },
    resource(definition) {
      core.registry.addResource(definition);
      changed("resources");
      return server;
    },
    resourceTemplate(definition) {
      core.registry.addTemplate(definition);
      changed("resources");
      return server;
    },
    removeTool: (name) => core.registry.removeTool(name) && (changed("tools"), true),
    removePrompt: (name) => core.registry.removePrompt(name) && (changed("prompts"), true),
    removeResource: (uri) => core.registry.removeResource(uri) && (changed("resources"), true),
    removeResourceTemplate: (uriTemplate) => core.registry.removeTemplate(uriTemplate) && (changed("resources"), true),
    notify,
    handle,
    async close() {
      closed = true;
      subscriptions.hub.closeAll();
    },
    activity: () => ({ requests: inFlight.size, streams: subscriptions.hub.size }),
  };
  return server;
}

/**
 * `work`, or a rejection as soon as `signal` aborts: a handler that ignores
 * its signal keeps running, but the request is over (nothing waits for it,
 * its late answer and progress are dropped).
 */
function untilAborted<T>(work: Promise<T>, signal: AbortSignal): Promise<T> {
  if (signal.aborted) {
    work.catch(() => undefined);
    return Promise.reject(signal.reason);
  }
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(signal.reason);
    signal.addEventListener("abort", onAbort, { once: true });
    work.then(
      (value) => {
        signal.removeEventListener("abort", onAbort);
        resolve(value);
      },
      (error: unknown) => {
        signal.removeEventListener("abort", onAbort);
        reject(error);
      },
    );
  });
}
