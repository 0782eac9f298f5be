/**
 * createServer: a stateless MCP server for the draft protocol. Every request
 * carries everything needed to serve it; a retry after `input_required`
 * carries a sealed requestState, so any instance that shares the secrets can
 * serve it. Transport-free: `handle(message)` takes one JSON-RPC message and
 * returns the response (or nothing, for notifications).
 *
 * This file only wires the parts: serving a message (dispatch.ts, behind
 * the transport seam of exchange.ts), announcing changes (announce.ts), the
 * registry, the requestState codec, the subscription hub.
 */
import { LATEST_PROTOCOL_VERSION } from "@mrtr/schema";
import type { JSONRPCResponse, Resource } from "@mrtr/schema";
import type { JsonLimits } from "@mrtr/zod";
import { createAnnouncer, type ChangeNotifier } from "./announce.js";
import type { RequestContext } from "./context.js";
import type { ServerCore } from "./core.js";
import { definedOnly } from "@mrtr/internal";
import { createDispatcher } from "./dispatch.js";
import { ServerDefinitionError } from "./errors.js";
import type { HandleOptions } from "./exchange.js";
import { hostHooks, type HostHookOptions, type HostHooks } from "./hooks.js";
import type { PrincipalOf } from "./identify.js";
import type { FeatureMethods, ServerFeature } from "./features.js";
import { extensionsOf, type ServerExtension } from "./extensions.js";
import { METHODS } from "./methods/index.js";
import { elicitationInputKind, InputKinds, type InputKind, type KindMethods } from "./input-kinds.js";
import { defaultJsonSchemaValidator } from "./json-schema/default.js";
import type { JsonSchemaValidator } from "./json-schema/validator.js";
import { addMiddleware, type ServerMiddleware } from "./middleware-hooks.js";
import { Registry, type PromptDefinition, type ResourceDefinition, type ResourceTemplateDefinition, type ToolDefinition } from "./registry.js";
import { MemoryReplayGuard, RequestStateCodec, type ReplayGuard, type SecretInput } from "./request-state/index.js";
import { EPHEMERAL_STATE_KEY_WARNING, processStateSecret } from "./request-state/process-secret.js";
import { PROGRESS_DEFAULTS, type ProgressOptions } from "./progress.js";
import { SchemaChecks } from "./schema-check.js";
import { subscriptionsOf, type SubscriptionOptions } from "./subscriptions/options.js";
import { registerCaller } from "./shares/caller.js";
import type { AnonymousShares } from "./shares/share-owner.js";

export type { ChangeNotifier } from "./announce.js";
export type { HandleOptions, PrecheckFacts } from "./exchange.js";

/* eslint-disable @typescript-eslint/no-explicit-any */

/** Options of `createServer`. `K` are the extra input kinds and `F` the features, whose context methods reach handlers. */
export interface ServerOptions<K extends readonly InputKind<any>[] = readonly InputKind<any>[], F extends readonly ServerFeature<any>[] = readonly ServerFeature<any>[]> extends HostHookOptions {
  /** The server's name, sent as `serverInfo` and used as the requestState audience unless `requestState.audience` is set. */
  name: string;
  /** The server's version, sent as `serverInfo.version`. */
  version: string;
  /** A display name for people, sent as `serverInfo.title`. */
  title?: string;
  /** Instructions for the model, sent by `server/discover`. */
  instructions?: string;
  /**
   * How retries' requestState is sealed. Optional: without `secrets` the
   * server seals with a random key of this process (still sealed, bound and
   * expiring) and says so once through `onWarning`; states then do not open on
   * another instance or after a restart.
   */
  requestState?: {
    /**
     * Secrets of at least 32 bytes, newest first: the first seals, all open.
     * Every instance behind one endpoint must share them (`secretsFromEnv()`).
     * Default: one random key per process.
     */
    secrets?: SecretInput[];
    /** How long a requestState stays valid (default 600 s). */
    ttlSeconds?: number;
    /** Leeway for clocks that differ between instances when checking issue and expiry times (default 30 s). */
    clockSkewSeconds?: number;
    /** Identity bound into every state, so servers sharing a secret cannot swap states. Default: `name`. */
    audience?: string;
    /** Largest incoming requestState in bytes (default 16 KiB), checked before any parsing. */
    maxTokenBytes?: number;
    /** The AES-GCM back end: `"auto"` (default: synchronous node:crypto where the runtime has it, else WebCrypto) or `"webcrypto"`; both read and write the same tokens. */
    crypto?: "auto" | "webcrypto";
    /** Clock in ms since the Unix epoch (default `Date.now`); for tests. */
    now?: () => number;
  };
  /**
   * The authenticated principal of a request, from the host's request the
   * binding passed (`info.request`: over HTTP the web `Request`). Default: the
   * verified token's issuer#subject when the request carries auth info
   * (`protect` from @mrtr/server/auth), so requestState is bound to the
   * authenticated user whenever auth is on.
   */
  principal?: PrincipalOf;
  /**
   * How callers without a principal are counted for their shares of what the
   * server holds across requests (subscription streams, and what plugins
   * hold: legacy sessions, running tasks): `"per-peer"` (default) gives each
   * peer its own share — its network address where the binding knows it (the
   * Node adapter), else its connection (a stdio channel) — and `"shared"`
   * makes every anonymous caller one. Behind a proxy every caller has the
   * proxy's address: name users with `principal` there. See
   * docs/architecture.md, "Fair shares".
   */
  anonymous?: AnonymousShares;
  /** Whether granted scopes satisfy a required one, for tools' `scopes` (default: exact membership); for scope hierarchies. */
  hasScope?: (granted: readonly string[], required: string) => boolean;
  /** At-most-once consumption store for `ctx.consumeOnce()`; in-memory by default. */
  replayGuard?: ReplayGuard;
  /** Items per page of list results (default 100); longer lists are paginated with opaque cursors. */
  pageSize?: number;
  /** Caching hints of discover and list results. Default: `ttlMs: 0`, `cacheScope: "private"`. */
  cache?: {
    /** How long a client may reuse a result, in ms. */
    ttlMs?: number;
    /** Whether a shared cache may keep it (`"public"`) or only the user's client (`"private"`). */
    scope?: "private" | "public";
  };
  /** Extra input kinds (plugins such as @mrtr/deprecated's sampling and roots); each method once. */
  inputKinds?: K;
  /** Features that add context methods and capabilities (such as @mrtr/deprecated's logging); each name once. */
  features?: F;
  /**
   * Protocol extensions (such as `tasks()` from @mrtr/tasks/server), each id
   * once: their methods, their capability under `capabilities.extensions`, and
   * their say in how tool calls run.
   */
  extensions?: readonly ServerExtension[];
  /**
   * How tool schemas given as JSON Schema are checked. Default: ajv
   * (`ajvValidator()` from `@mrtr/server/json-schema`, which generates code at
   * run time) where the host allows code generation from strings, else
   * `interpretedValidator()` (Cloudflare Workers, a CSP without
   * `'unsafe-eval'`); the host is asked once, at the first schema compiled.
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

/** A stateless MRTR server. `X` are the context methods its input kinds add to every handler's context. */
export interface McpServer<X = unknown> {
  /**
   * Registers a tool (checked now: a ServerDefinitionError for a bad definition or a name used
   * twice); returns the server, so calls chain.
   */
  tool<A = Record<string, unknown>, S = unknown>(definition: ToolDefinition<A, S, X>): McpServer<X>;
  /** Registers a prompt (checked now, as `tool` is); returns the server. */
  prompt<S = unknown>(definition: PromptDefinition<S, X>): McpServer<X>;
  /** Registers a resource at a fixed URI (checked now); returns the server. */
  resource<S = unknown>(definition: ResourceDefinition<S, X>): McpServer<X>;
  /** Registers a resource template (RFC 6570 URI template; checked now); returns the server. */
  resourceTemplate<S = unknown>(definition: ResourceTemplateDefinition<S, X>): McpServer<X>;
  /** Removes a tool (announced when tool list changes are); false when there was none of that name. */
  removeTool(name: string): boolean;
  /** Removes a prompt (announced when prompt list changes are); false when there was none of that name. */
  removePrompt(name: string): boolean;
  /** Removes a resource (announced when resource list changes are); false when there was none at that URI. */
  removeResource(uri: string): boolean;
  /** Removes a resource template (announced as a resource list change); false when there was none. */
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
  handle(message: unknown, options?: HandleOptions): Promise<JSONRPCResponse | undefined>;
  /**
   * Adds middleware around every request the server serves (any method, any
   * binding, both eras): each gets a read-only description of the call and
   * `next`, and returns the result (`next()`'s, or its own) or throws an
   * `McpError`. The first added is the outermost. Returns the server.
   * Shipped middlewares are in `@mrtr/server/middleware`. Given as an object
   * (`{ request, outgoing, session }`), a middleware may also hook the
   * requests the server sends in sessions of initialize-based clients, and
   * those sessions' starts and ends.
   *
   * @example
   * ```ts
   * server.use(async (call, next) => {
   *   const started = performance.now();
   *   try {
   *     return await next();
   *   } finally {
   *     console.error(`${call.method} ${call.name ?? ""} round ${call.flow?.round ?? "-"}: ${(performance.now() - started).toFixed(1)} ms`);
   *   }
   * });
   * ```
   */
  use(...middleware: ServerMiddleware[]): McpServer<X>;
  /** Ends every open subscriptions/listen stream with its closing result and refuses new ones (for shutdown). */
  close(): Promise<void>;
  /** What the server is doing now: requests being served, subscription streams open. */
  activity(): {
    /** Requests being served. */
    requests: number;
    /** subscriptions/listen streams open. */
    streams: number;
  };
  /** The protocol versions this server speaks. */
  readonly supportedVersions: readonly string[];
}

const SUPPORTED_VERSIONS = [LATEST_PROTOCOL_VERSION] as const;

/** The features, each name once. */
function featuresOf(features: readonly ServerFeature<any>[]): readonly ServerFeature<any>[] {
  const names = new Set<string>();
  for (const feature of features) {
    if (names.has(feature.name)) throw new ServerDefinitionError(`Two features named "${feature.name}": register each feature once.`);
    names.add(feature.name);
  }
  return features;
}

function codecOf(options: ServerOptions<any>, hooks: HostHooks): RequestStateCodec {
  const rs = options.requestState ?? {};
  if (rs.secrets === undefined) hooks.warning({ type: "ephemeral-state-key", message: EPHEMERAL_STATE_KEY_WARNING });
  return new RequestStateCodec({
    secrets: rs.secrets ?? [processStateSecret()],
    audience: rs.audience ?? options.name,
    ...(rs.ttlSeconds !== undefined && { ttlSeconds: rs.ttlSeconds }),
    ...(rs.clockSkewSeconds !== undefined && { clockSkewSeconds: rs.clockSkewSeconds }),
    ...(rs.maxTokenBytes !== undefined && { maxTokenBytes: rs.maxTokenBytes }),
    ...(rs.crypto !== undefined && { crypto: rs.crypto }),
    ...(rs.now !== undefined && { now: rs.now }),
  });
}

/** The parts of one server its methods share, from its options. */
function serverCore(options: ServerOptions<any, any>, pageSize: number, hooks: HostHooks, subscriptions: ReturnType<typeof subscriptionsOf>): ServerCore {
  const schemas = new SchemaChecks(options.jsonSchemaValidator ?? defaultJsonSchemaValidator());
  const rs = options.requestState ?? {};
  return {
    serverInfo: { name: options.name, version: options.version, ...(options.title !== undefined && { title: options.title }) },
    instructions: options.instructions,
    supportedVersions: SUPPORTED_VERSIONS,
    registry: new Registry(schemas),
    kinds: new InputKinds([elicitationInputKind, ...(options.inputKinds ?? [])]),
    features: featuresOf(options.features ?? []),
    extensions: extensionsOf(options.extensions ?? [], Object.keys(METHODS)),
    middleware: [],
    codec: codecOf(options, hooks),
    replayGuard:
      options.replayGuard ??
      new MemoryReplayGuard({
        ...(rs.clockSkewSeconds !== undefined && { clockSkewSeconds: rs.clockSkewSeconds }),
        ...(rs.now !== undefined && { now: rs.now }),
      }),
    schemas,
    hooks,
    cache: { ttlMs: options.cache?.ttlMs ?? 0, cacheScope: options.cache?.scope ?? "private" },
    pageSize,
    listResources: options.listResources,
    hasScope: options.hasScope ?? ((granted, required) => granted.includes(required)),
    hub: subscriptions.hub,
    listen: subscriptions.limits,
  };
}

/** Lends each extension what it may use of the core, once, before anything is served. */
function attachExtensions(core: ServerCore): void {
  for (const extension of core.extensions.list) {
    extension.attach?.({
      serverInfo: core.serverInfo,
      checkAnswer: (request, answer) => core.kinds.get(request.method).checkAnswer(request, answer),
      missingCapabilities: (request, declared) => core.kinds.get(request.method).missingCapabilities(request, declared),
      reportError: (error, info) => core.hooks.error(error, info),
    });
  }
}

/**
 * Creates a stateless MRTR server: register tools, prompts and resources on
 * it, then serve it with a binding (`createHttpHandler`, `serveStdio` from
 * `@mrtr/server/stdio`, `inProcessTransport`) or `server.handle` directly.
 * Checks the options now and throws on a mistake: a `WeakSecretError` for a
 * secret under 32 bytes, a ServerDefinitionError for an input kind or
 * feature given twice. Every instance that shares `requestState.secrets` and
 * the audience serves any retry.
 *
 * @example
 * ```ts
 * const server = createServer({ name: "orders", version: "1.0.0", requestState: { secrets: secretsFromEnv() } });
 * server.tool({ name: "ping", handler: () => ({ content: [{ type: "text", text: "pong" }] }) });
 * ```
 */
export function createServer<const K extends readonly InputKind<any>[] = [], const F extends readonly ServerFeature<any>[] = []>(
  options: ServerOptions<K, F>,
): McpServer<KindMethods<K> & FeatureMethods<F>> {
  const pageSize = options.pageSize ?? 100;
  if (!Number.isInteger(pageSize) || pageSize < 1) throw new ServerDefinitionError("pageSize must be a whole number of at least 1.");
  const hooks = hostHooks(options);
  const subscriptions = subscriptionsOf(options.subscriptions);
  const progressLimits = { ...PROGRESS_DEFAULTS, ...definedOnly(options.progress ?? {}) };
  if (!(progressLimits.minIntervalMs >= 0) || !(progressLimits.maxMessageLength >= 0)) {
    throw new ServerDefinitionError("progress.minIntervalMs and progress.maxMessageLength must be numbers of at least 0.");
  }
  const core = serverCore(options, pageSize, hooks, subscriptions);
  attachExtensions(core);
  let closed = false;
  const dispatcher = createDispatcher(core, {
    jsonLimits: options.jsonLimits,
    progress: progressLimits,
    principal: options.principal,
    anonymous: anonymousOf(options.anonymous),
    closing: () => closed,
  });
  const announcer = createAnnouncer(subscriptions.hub);
  const changed = announcer.changed;

  const server: McpServer<KindMethods<K> & FeatureMethods<F>> = {
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
    notify: announcer.notify,
    use(...middleware) {
      addMiddleware(server, core.middleware, middleware);
      return server;
    },
    handle(message, opts) {
      announcer.serving();
      return dispatcher.handle(message, opts);
    },
    async close() {
      closed = true;
      subscriptions.hub.closeAll();
      await Promise.all(core.extensions.list.map((extension) => extension.close?.()));
    },
    activity: () => ({ requests: dispatcher.inFlight.size, streams: subscriptions.hub.size }),
  };
  registerCaller(server, dispatcher.caller);
  return server;
}

function anonymousOf(value: unknown): AnonymousShares {
  if (value === undefined) return "per-peer";
  if (value === "per-peer" || value === "shared") return value;
  throw new ServerDefinitionError(`anonymous must be "per-peer" or "shared" (got ${JSON.stringify(value)}).`);
}
