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
import type { JSONRPCErrorResponse, JSONRPCResultResponse, RequestId, Resource } from "@mrtr/schema";
import type { JsonLimits } from "@mrtr/zod";
import { authInfoOf, principalOf, type AuthInfo } from "./auth/auth-info.js";
import type { RequestContext } from "./context.js";
import type { ServerCore } from "./core.js";
import { errorResponse } from "./error-response.js";
import { McpError, McpInternalError, McpMethodNotFoundError, ServerDefinitionError, UnsupportedVersionError } from "./errors.js";
import { hostHooks, type HostHookOptions } from "./hooks.js";
import { readRequest, takeIn } from "./intake.js";
import { elicitationInputKind, InputKinds, type InputKind, type KindMethods } from "./input-kinds.js";
import { ajvValidator } from "./json-schema/ajv.js";
import type { JsonSchemaValidator } from "./json-schema/validator.js";
import type { MethodHandler } from "./methods/method.js";
import { METHODS } from "./methods/index.js";
import type { RoundParams } from "./multi-round.js";
import { Registry, type PromptDefinition, type ResourceDefinition, type ResourceTemplateDefinition, type ToolDefinition } from "./registry.js";
import { MemoryReplayGuard, ReplayGuardUnavailableError, RequestStateCodec, type ReplayGuard, type SecretInput } from "./request-state/index.js";
import { SchemaChecks } from "./schema-check.js";

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
}

/** What a transport passes with a message to `handle`. */
export interface HandleOptions {
  /** Anything the host wants handlers and hooks to see as `ctx.transport` (the HTTP handler passes the web `Request`). */
  transport?: unknown;
  /** Aborted when the host gives up on the request. */
  signal?: AbortSignal;
  /** Verified authentication, when the host checked a token (`protect` attaches it to the request instead). */
  auth?: AuthInfo;
  /** The HTTP request headers, when the message came over HTTP: `Mcp-Param-*` are checked against tool arguments. */
  headers?: Headers;
}

/** The answer to one incoming message. */
export type ServerResponse = JSONRPCResultResponse | JSONRPCErrorResponse;

/** A stateless MRTR server. `X` are the context methods its input kinds add to every handler's context. */
export interface McpServer<X = unknown> {
  tool<A = Record<string, unknown>, S = unknown>(definition: ToolDefinition<A, S, X>): McpServer<X>;
  prompt<S = unknown>(definition: PromptDefinition<S, X>): McpServer<X>;
  resource<S = unknown>(definition: ResourceDefinition<S, X>): McpServer<X>;
  resourceTemplate<S = unknown>(definition: ResourceTemplateDefinition<S, X>): McpServer<X>;
  /**
   * Serves one JSON-RPC message (JSON text, decoded once, or the decoded
   * object). Resolves to the response, or undefined for notifications and
   * for responses sent to the server. Never rejects.
   */
  handle(message: unknown, options?: HandleOptions): Promise<ServerResponse | undefined>;
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
  };

  async function handle(message: unknown, opts: HandleOptions = {}): Promise<ServerResponse | undefined> {
    let id: RequestId | undefined;
    let method: string | undefined;
    try {
      const intake = takeIn(message, options.jsonLimits);
      if (!intake.ok) return intake.response;
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
      const principal = options.principal ? await options.principal({ message: request, transport: opts.transport, auth }) : principalOf(auth);
      const ctx: RequestContext = {
        method,
        requestId: request.id,
        protocolVersion: version,
        clientCapabilities: meta["io.modelcontextprotocol/clientCapabilities"],
        clientInfo: meta["io.modelcontextprotocol/clientInfo"],
        principal,
        auth,
        meta,
        signal: opts.signal ?? new AbortController().signal,
        transport: opts.transport,
        headers: opts.headers,
      };
      const serve = METHODS[request.method] as MethodHandler<typeof request.method> | undefined;
      if (!serve) throw new McpMethodNotFoundError(request.method);
      const result = await serve(request as never, ctx, core);
      return { jsonrpc: JSONRPC_VERSION, id: request.id, result: result as JSONRPCResultResponse["result"] };
    } catch (error) {
      if (error instanceof McpError && error.code !== INTERNAL_ERROR) return errorResponse(id, error);
      core.hooks.error(error, { method, requestId: id });
      // A single-use check that could not run says so (retry later); anything else is a bare -32603.
      return errorResponse(id, error instanceof ReplayGuardUnavailableError ? error : new McpInternalError());
    }
  }

  const server: McpServer<KindMethods<K>> = {
    supportedVersions: SUPPORTED_VERSIONS,
    tool(definition) {
      core.registry.addTool(definition);
      return server;
    },
    prompt(definition) {
      core.registry.addPrompt(definition);
      return server;
    },
    resource(definition) {
      core.registry.addResource(definition);
      return server;
    },
    resourceTemplate(definition) {
      core.registry.addTemplate(definition);
      return server;
    },
    handle,
  };
  return server;
}
