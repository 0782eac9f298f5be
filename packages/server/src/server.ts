/**
 * createServer: a stateless MCP server for the draft protocol. Every request
 * carries everything needed to serve it; a retry after `input_required`
 * carries a sealed requestState, so any instance that shares the secrets can
 * serve it. Transport-free: `handle(message)` takes one JSON-RPC message and
 * returns the response (or nothing, for notifications).
 */
import {
  INPUT_REQUIRED_METHODS,
  INTERNAL_ERROR,
  JSONRPC_VERSION,
  LATEST_PROTOCOL_VERSION,
} from "@mrtr/schema";
import type {
  ClientCapabilities,
  CallToolRequestParams,
  GetPromptRequestParams,
  InputRequests,
  JSONRPCErrorResponse,
  JSONRPCResultResponse,
  ReadResourceRequestParams,
  RequestId,
  RequestMetaObject,
  Resource,
  ServerCapabilities,
} from "@mrtr/schema";
import { parseMessage } from "@mrtr/zod";
import * as z from "zod";
import type { InputContext, RequestContext } from "./context.js";
import { authInfoOf, principalOf, type AuthInfo } from "./auth/auth-info.js";
import {
  InsufficientScopeError,
  InternalError,
  InvalidParamsError,
  InvalidRequestStateError,
  McpError,
  MethodNotFoundError,
  MissingCapabilityError,
  ServerDefinitionError,
  UnsupportedVersionError,
} from "./errors.js";
import { elicitationKind, InputKinds, type InputKind } from "./input-kinds.js";
import { isInputRequired } from "./input-required.js";
import { mergeCapabilities } from "./merge-capabilities.js";
import {
  describePrompt,
  describeResource,
  describeTemplate,
  describeTool,
  Registry,
  type PromptDefinition,
  type ResourceDefinition,
  type ResourceTemplateDefinition,
  type ToolDefinition,
} from "./registry.js";
import {
  CanonicalJsonError,
  MemoryReplayGuard,
  paramsDigest,
  RequestStateCodec,
  type RejectReason,
  type ReplayGuard,
  type SecretInput,
} from "./request-state/index.js";
import { page } from "./pagination.js";
import { runRound, type RoundState } from "./round.js";
import { errorResponse, idOf } from "./error-response.js";
import { checkToolArguments } from "./tool-arguments.js";

/** Options of `createServer`. */
export interface ServerOptions {
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
  /** Extra input kinds (plugins such as @mrtr/deprecated's sampling and roots). */
  inputKinds?: InputKind[];
  /** Dynamic resource listing, added to the registered resources. */
  listResources?: (ctx: RequestContext) => Resource[] | Promise<Resource[]>;
  /** Called with every server-side failure the client only sees as -32603, with the reason. */
  onError?: (error: unknown, info: { method: string | undefined; requestId: RequestId | undefined }) => void;
  /** Called with the reason a requestState was refused (the client always gets the same -32602). */
  onRequestStateRejected?: (reason: RejectReason, detail: string | undefined, info: { method: string }) => void;
}

/** The answer to one incoming message. */
export type ServerResponse = JSONRPCResultResponse | JSONRPCErrorResponse;

/** A stateless MRTR server. */
export interface McpServer {
  tool<A = Record<string, unknown>, S = unknown>(definition: ToolDefinition<A, S>): McpServer;
  prompt<S = unknown>(definition: PromptDefinition<S>): McpServer;
  resource<S = unknown>(definition: ResourceDefinition<S>): McpServer;
  resourceTemplate<S = unknown>(definition: ResourceTemplateDefinition<S>): McpServer;
  /**
   * Serves one JSON-RPC message (text or parsed). Resolves to the response, or
   * undefined for notifications and for responses sent to the server. Never rejects.
   */
  handle(message: unknown, options?: { transport?: unknown; signal?: AbortSignal; auth?: AuthInfo }): Promise<ServerResponse | undefined>;
  /** The protocol versions this server speaks. */
  readonly supportedVersions: readonly string[];
}

const SUPPORTED_VERSIONS = [LATEST_PROTOCOL_VERSION] as const;
const MRTR_METHODS = new Set<string>(INPUT_REQUIRED_METHODS);

type Params = Record<string, unknown> & { _meta: RequestMetaObject };

export function createServer(options: ServerOptions): McpServer {
  const codec = new RequestStateCodec({
    secrets: options.requestState.secrets,
    audience: options.requestState.audience ?? options.name,
    ...(options.requestState.ttlSeconds !== undefined && { ttlSeconds: options.requestState.ttlSeconds }),
    ...(options.requestState.clockSkewSeconds !== undefined && { clockSkewSeconds: options.requestState.clockSkewSeconds }),
    ...(options.requestState.maxTokenBytes !== undefined && { maxTokenBytes: options.requestState.maxTokenBytes }),
    ...(options.requestState.now !== undefined && { now: options.requestState.now }),
  });
  const registry = new Registry();
  const kinds = new InputKinds([elicitationKind, ...(options.inputKinds ?? [])]);
  const replayGuard =
    options.replayGuard ??
    new MemoryReplayGuard({
      ...(options.requestState.clockSkewSeconds !== undefined && { clockSkewSeconds: options.requestState.clockSkewSeconds }),
      ...(options.requestState.now !== undefined && { now: options.requestState.now }),
    });
  const cache = { ttlMs: options.cache?.ttlMs ?? 0, cacheScope: options.cache?.scope ?? "private" };
  const pageSize = options.pageSize ?? 100;
  if (!Number.isInteger(pageSize) || pageSize < 1) throw new ServerDefinitionError("pageSize must be a whole number of at least 1.");
  const serverInfo = { name: options.name, version: options.version, ...(options.title !== undefined && { title: options.title }) };
  const toJsonSchema = (s: z.ZodType) => z.toJSONSchema(s, { target: "draft-2020-12", io: "input" }) as Record<string, unknown>;

  const capabilities = (): ServerCapabilities => {
    const caps: ServerCapabilities = {};
    if (registry.tools.size > 0) caps.tools = {};
    if (registry.prompts.size > 0) caps.prompts = {};
    if (registry.resources.size > 0 || registry.templates.length > 0 || options.listResources) caps.resources = {};
    return caps;
  };

  /** Calls a host hook; a failing hook must not change the answer. */
  const safely = (hook: () => void) => {
    try {
      hook();
    } catch {
      // ignored
    }
  };
  const report = (error: unknown, method: string | undefined, requestId: RequestId | undefined) =>
    safely(() => options.onError?.(error, { method, requestId }));

  /** The answer to a method that may not produce input_required: an attempt is a server bug. */
  const noInput = <T>(value: T, method: string): T => {
    if (isInputRequired(value)) {
      throw new ServerDefinitionError(`A handler of ${method} returned inputRequired(...); only ${[...MRTR_METHODS].join(", ")} may ask for input.`);
    }
    return value;
  };

  async function serveWithInput(
    method: string,
    params: Params,
    base: RequestContext,
    run: (ctx: InputContext) => Promise<unknown>,
    defaults: Record<string, unknown> = {},
  ): Promise<Record<string, unknown>> {
    let digest: string;
    try {
      digest = await paramsDigest(params);
    } catch (error) {
      if (error instanceof CanonicalJsonError) throw new InvalidParamsError(`params cannot be canonicalised: ${error.message}`);
      throw error;
    }
    const binding = { method, paramsDigest: digest, principal: base.principal };
    let previous: RoundState | undefined;
    let opened: { id: string; expiresAt: number } | undefined;
    if (params.requestState !== undefined) {
      const r = await codec.open<RoundState>(params.requestState as string, binding);
      if (!r.ok) {
        safely(() => options.onRequestStateRejected?.(r.reason, r.detail, { method }));
        throw new InvalidRequestStateError();
      }
      previous = r.state.data;
      opened = { id: r.state.id, expiresAt: r.state.expiresAt };
    }
    const outcome = await runRound(
      {
        base,
        previous,
        opened,
        inputResponses: params.inputResponses as Record<string, unknown> | undefined,
        kinds,
        replayGuard,
      },
      run,
    );
    if (outcome.kind === "complete") return { ...defaults, ...(outcome.result as Record<string, unknown>), resultType: "complete" };
    const requests: InputRequests = outcome.inputRequests ?? {};
    let missing: ClientCapabilities | undefined;
    for (const request of Object.values(requests)) {
      const kind = kinds.get(request.method);
      if (!outcome.checked) kind.assertValid(request, {});
      missing = mergeCapabilities(missing, kind.missingCapabilities(request, base.clientCapabilities));
    }
    if (missing) throw new MissingCapabilityError(missing);
    const requestState = await codec.seal(outcome.state, binding);
    // serverInfo travels with the question so the client can show which server asks.
    const result: Record<string, unknown> = { resultType: "input_required", requestState, _meta: { "io.modelcontextprotocol/serverInfo": serverInfo } };
    if (Object.keys(requests).length > 0) result.inputRequests = requests;
    return result;
  }

  async function dispatch(method: string, params: Params, base: RequestContext): Promise<Record<string, unknown>> {
    switch (method) {
      case "server/discover":
        return {
          resultType: "complete",
          supportedVersions: [...SUPPORTED_VERSIONS],
          capabilities: capabilities(),
          ...(options.instructions !== undefined && { instructions: options.instructions }),
          ...cache,
          _meta: { "io.modelcontextprotocol/serverInfo": serverInfo },
        };
      case "tools/list": {
        if (registry.tools.size === 0) throw new MethodNotFoundError(method);
        const p = page(method, [...registry.tools.values()], params.cursor, pageSize);
        return { resultType: "complete", tools: p.items.map((t) => describeTool(t, toJsonSchema)), ...(p.nextCursor && { nextCursor: p.nextCursor }), ...cache };
      }
      case "prompts/list": {
        if (registry.prompts.size === 0) throw new MethodNotFoundError(method);
        const p = page(method, [...registry.prompts.values()], params.cursor, pageSize);
        return { resultType: "complete", prompts: p.items.map(describePrompt), ...(p.nextCursor && { nextCursor: p.nextCursor }), ...cache };
      }
      case "resources/list": {
        if (!capabilities().resources) throw new MethodNotFoundError(method);
        const dynamic = options.listResources ? noInput(await options.listResources(base), method) : [];
        const p = page(method, [...[...registry.resources.values()].map(describeResource), ...dynamic], params.cursor, pageSize);
        return { resultType: "complete", resources: p.items, ...(p.nextCursor && { nextCursor: p.nextCursor }), ...cache };
      }
      case "resources/templates/list": {
        if (!capabilities().resources) throw new MethodNotFoundError(method);
        const p = page(method, registry.templates.map((t) => describeTemplate(t.definition)), params.cursor, pageSize);
        return { resultType: "complete", resourceTemplates: p.items, ...(p.nextCursor && { nextCursor: p.nextCursor }), ...cache };
      }
      case "tools/call": {
        const p = params as unknown as CallToolRequestParams;
        const tool = registry.tools.get(p.name);
        if (!tool) throw new InvalidParamsError(`Unknown tool: ${p.name}`);
        if (tool.scopes && tool.scopes.length > 0) {
          const granted = base.auth?.scopes ?? [];
          const hasScope = options.hasScope ?? ((g: readonly string[], s: string) => g.includes(s));
          if (!tool.scopes.every((s) => hasScope(granted, s))) throw new InsufficientScopeError(tool.scopes);
        }
        const args = await checkToolArguments(tool.inputSchema, p.arguments);
        if (!args.ok) {
          return {
            resultType: "complete",
            isError: true,
            content: [{ type: "text", text: `Invalid arguments for tool ${p.name}: ${args.problems.join("; ")}` }],
          };
        }
        return serveWithInput(method, params, base, async (ctx) => {
          const result = await tool.handler(args.value as never, ctx);
          if (tool.outputSchema !== undefined && !isInputRequired(result) && !(result as { isError?: boolean }).isError) {
            // A tool with an output schema MUST return structured content that conforms to it.
            const structured = (result as { structuredContent?: unknown }).structuredContent;
            const check = structured === undefined ? { ok: false as const, problems: ["no structuredContent"] } : await checkToolArguments(tool.outputSchema, structured);
            if (!check.ok) throw new ServerDefinitionError(`Tool ${tool.name} returned a result that does not match its outputSchema: ${check.problems.join("; ")}`);
          }
          return result;
        });
      }
      case "prompts/get": {
        const p = params as unknown as GetPromptRequestParams;
        const prompt = registry.prompts.get(p.name);
        if (!prompt) throw new InvalidParamsError(`Unknown prompt: ${p.name}`);
        const args = p.arguments ?? {};
        const absent = (prompt.arguments ?? []).filter((a) => a.required && args[a.name] === undefined).map((a) => a.name);
        if (absent.length > 0) throw new InvalidParamsError(`Missing required prompt arguments: ${absent.join(", ")}`);
        return serveWithInput(method, params, base, async (ctx) => prompt.handler(args, ctx));
      }
      case "resources/read": {
        const p = params as unknown as ReadResourceRequestParams;
        const fixed = registry.resources.get(p.uri);
        if (fixed) return serveWithInput(method, params, base, async (ctx) => fixed.handler(p.uri, ctx), cache);
        for (const t of registry.templates) {
          const vars = t.match(p.uri);
          if (vars) return serveWithInput(method, params, base, async (ctx) => t.definition.handler(p.uri, vars, ctx), cache);
        }
        throw new InvalidParamsError(`Resource not found: ${p.uri}`, { uri: p.uri });
      }
      default:
        throw new MethodNotFoundError(method);
    }
  }


  async function handle(message: unknown, opts: { transport?: unknown; signal?: AbortSignal; auth?: AuthInfo } = {}): Promise<ServerResponse | undefined> {
    let id: RequestId | undefined;
    let method: string | undefined;
    try {
      const raw = typeof message === "string" ? safeJson(message) : message;
      // Answers are checked one by one against what was asked (unknown keys
      // ignored, invalid ones asked again), so they stay out of the message check.
      const { message: checked, inputResponses, problem } = setAsideInputResponses(raw ?? message);
      if (problem) return errorResponse(idOf(raw), new InvalidParamsError(problem));
      const parsed = parseMessage(checked);
      id = idOf(raw);
      if (!parsed.ok) {
        if (parsed.kind === "notification" || parsed.kind === "result" || parsed.kind === "error") return undefined;
        return errorResponse(id, new McpError(parsed.code, parsed.message, { issues: parsed.issues.slice(0, 20) }));
      }
      if (parsed.kind !== "request") return undefined; // notifications and stray responses need no answer
      method = parsed.method;
      const params = (parsed.message as unknown as { params: Params }).params;
      if (inputResponses !== undefined) params.inputResponses = inputResponses;
      const meta = params._meta;
      const version = meta["io.modelcontextprotocol/protocolVersion"];
      if (!SUPPORTED_VERSIONS.includes(version as never)) throw new UnsupportedVersionError(version, SUPPORTED_VERSIONS);
      const auth = opts.auth ?? authInfoOf(opts.transport);
      const principal = options.principal ? await options.principal({ message: parsed.message, transport: opts.transport, auth }) : principalOf(auth);
      const base: RequestContext = {
        method,
        requestId: parsed.message.id,
        protocolVersion: version,
        clientCapabilities: meta["io.modelcontextprotocol/clientCapabilities"],
        clientInfo: meta["io.modelcontextprotocol/clientInfo"],
        principal,
        auth,
        meta,
        signal: opts.signal ?? new AbortController().signal,
        transport: opts.transport,
      };
      const result = await dispatch(method, params, base);
      return { jsonrpc: JSONRPC_VERSION, id: parsed.message.id, result: result as JSONRPCResultResponse["result"] };
    } catch (error) {
      if (error instanceof McpError && error.code !== INTERNAL_ERROR) return errorResponse(id, error);
      report(error, method, id);
      return errorResponse(id, new InternalError());
    }
  }

  const server: McpServer = {
    supportedVersions: SUPPORTED_VERSIONS,
    tool(definition) {
      registry.addTool(definition as unknown as ToolDefinition<never, any>);
      return server;
    },
    prompt(definition) {
      registry.addPrompt(definition as unknown as PromptDefinition<any>);
      return server;
    },
    resource(definition) {
      registry.addResource(definition as unknown as ResourceDefinition<any>);
      return server;
    },
    resourceTemplate(definition) {
      registry.addTemplate(definition as unknown as ResourceTemplateDefinition<any>);
      return server;
    },
    handle,
  };
  return server;
}


/**
 * Takes `params.inputResponses` out of a request of a multi round-trip method:
 * it must be an object (anything else is -32602); its entries are checked later,
 * each against the question asked under its key.
 */
function setAsideInputResponses(raw: unknown): { message: unknown; inputResponses?: Record<string, unknown>; problem?: string } {
  if (!raw || typeof raw !== "object" || Array.isArray(raw)) return { message: raw };
  const m = raw as { method?: unknown; params?: unknown };
  if (typeof m.method !== "string" || !MRTR_METHODS.has(m.method)) return { message: raw };
  if (!m.params || typeof m.params !== "object" || Array.isArray(m.params)) return { message: raw };
  const params = m.params as Record<string, unknown>;
  if (!Object.prototype.hasOwnProperty.call(params, "inputResponses")) return { message: raw };
  const value = params.inputResponses;
  if (value === null || typeof value !== "object" || Array.isArray(value)) {
    return { message: raw, problem: "inputResponses must be an object mapping each input request key to its answer" };
  }
  const { inputResponses: _set, ...rest } = params;
  return { message: { ...m, params: rest }, inputResponses: value as Record<string, unknown> };
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
