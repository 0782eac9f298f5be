/**
 * Serving one message, whatever the transport, in one pass: intake (decode
 * once, one message object, JSON limits), the legacy `initialize` answer,
 * the binding's precheck, `notifications/cancelled`, validation (the core's
 * schema, or an extension's own check), the version, the caller
 * (identify.ts), the request's context (serving-context.ts) and signal, the
 * method's handler, and the error answers (an `McpError` keeps its code;
 * anything else is -32603 and goes to `onError`). What a binding hands in is
 * a `HandleOptions` (exchange.ts); what comes back is the answer, or nothing.
 */
import { INTERNAL_ERROR, JSONRPC_VERSION } from "@mrtr/schema";
import type { JSONRPCResponse, JSONRPCResultResponse, RequestId } from "@mrtr/schema";
import type { JsonLimits } from "@mrtr/zod";
import { requestEmitter } from "./backpressure.js";
import type { ServerCore } from "./core.js";
import { errorResponse, idOf, isRequestId } from "./error-response.js";
import { McpError, McpInternalError, McpMethodNotFoundError, ServerBusyError } from "./errors.js";
import type { HandleOptions, PrecheckFacts } from "./exchange.js";
import { follow } from "./follow-signal.js";
import { identifier, type Caller, type Identify, type PrincipalOf } from "./identify.js";
import { InFlight } from "./in-flight.js";
import { readExtensionRequest, readRequest, takeIn } from "./intake.js";
import { METHODS } from "./methods/index.js";
import { runLayers, type CallResult } from "./middleware-chain.js";
import { abortAnswer, servedCall } from "./served-call.js";
import type { MethodHandler } from "./methods/method.js";
import type { RoundParams } from "./multi-round.js";
import { progressReporter, type ProgressOptions, type ProgressReporter } from "./progress.js";
import { ReplayGuardUnavailableError } from "./request-state/index.js";
import { RequestAbort } from "./request-abort.js";
import { servingContext, type ServingContext } from "./serving-context.js";
import type { AnonymousShares } from "./shares/share-owner.js";
import { checkVersion, legacyInitialize } from "./versions.js";

/** What the dispatcher needs beyond the core. */
export interface DispatchOptions {
  jsonLimits: Partial<JsonLimits> | undefined;
  progress: Required<ProgressOptions>;
  principal: PrincipalOf | undefined;
  /** How callers without a principal are counted for their shares. */
  anonymous: AnonymousShares;
  /** Whether new subscriptions/listen streams are refused (the server is closing). */
  closing: () => boolean;
}

/** Serves messages for one server. */
export interface Dispatcher {
  handle(message: unknown, options?: HandleOptions): Promise<JSONRPCResponse | undefined>;
  /** Who sent `message` with these options: its principal (the host's hook) and the owner its holds count against. */
  caller(message: unknown, options?: HandleOptions): Promise<Caller>;
  /** Requests being served now. */
  readonly inFlight: InFlight;
}

/** What serving a message reads besides the message and the binding's options. */
interface DispatchParts {
  readonly core: ServerCore;
  readonly options: DispatchOptions;
  readonly facts: PrecheckFacts;
  readonly identify: Identify;
  readonly inFlight: InFlight;
}

export function createDispatcher(core: ServerCore, options: DispatchOptions): Dispatcher {
  const parts: DispatchParts = {
    core,
    options,
    facts: {
      supportedVersions: core.supportedVersions,
      toolParamHeaders: (name) => core.registry.tools.get(name)?.paramHeaders ?? [],
      namedParams: core.extensions.namedParams,
    },
    identify: identifier(options.principal, options.anonymous),
    inFlight: new InFlight(),
  };
  return {
    handle: (message, opts = {}) => handle(parts, message, opts),
    caller: async (message, opts = {}) => {
      const { principal, owner } = await parts.identify(message, opts);
      return { principal, owner };
    },
    inFlight: parts.inFlight,
  };
}

/** Serves one message: its answer, or nothing (a notification, a stray response, a cancelled request). */
async function handle(parts: DispatchParts, message: unknown, opts: HandleOptions): Promise<JSONRPCResponse | undefined> {
  const { core, options } = parts;
  let id: RequestId | undefined;
  let method: string | undefined;
  // The request's own signal: aborted by the binding (the peer went away), by notifications/cancelled, or by a stream that backed up.
  const controller = new RequestAbort();
  const unlink = follow(opts.abort ?? opts.signal, controller);
  let progress: ProgressReporter | undefined;
  let removeInFlight: (() => void) | undefined;
  let over = false;
  try {
    const intake = takeIn(message, options.jsonLimits);
    if (!intake.ok) return intake.response;
    const raw = intake.message;
    const refused = legacyInitialize(raw, core.supportedVersions) ?? (typeof raw.method === "string" ? opts.precheck?.(raw, parts.facts) : undefined);
    if (refused) return errorResponse(idOf(raw), refused);
    if (raw.method === "notifications/cancelled" && !("id" in raw)) return await cancel(parts, raw, opts);
    // An extension's method is read by its own check and served by it; every other message by the schema and the method table.
    const extension = typeof raw.method === "string" && "id" in raw ? core.extensions.methods.get(raw.method) : undefined;
    const read = extension ? readExtensionRequest(raw, extension.check) : readRequest(raw);
    if (read.kind === "answer") return read.response;
    if (read.kind === "none") return undefined; // notifications and stray responses need no answer
    const { request } = read;
    id = request.id;
    method = request.method;
    const params = request.params as RoundParams & { _meta: NonNullable<typeof request.params>["_meta"] };
    if (read.inputResponses !== undefined) params.inputResponses = read.inputResponses;
    const meta = params._meta;
    const version = meta["io.modelcontextprotocol/protocolVersion"];
    checkVersion(version, core.supportedVersions);
    const caller = await parts.identify(request, opts);
    const emit = requestEmitter(opts.send, request.id, controller, () => over);
    progress = progressReporter(meta.progressToken, emit, options.progress);
    removeInFlight = parts.inFlight.add(request.id, { principal: caller.principal, connection: opts.connection }, controller);
    const ctx = servingContext(
      {
        method,
        requestId: request.id,
        protocolVersion: version,
        clientCapabilities: meta["io.modelcontextprotocol/clientCapabilities"],
        clientInfo: meta["io.modelcontextprotocol/clientInfo"],
        principal: caller.principal,
        auth: caller.auth,
        meta,
        progress: progress.report,
        emit,
        streaming: opts.send !== undefined,
        owner: caller.owner,
        bridged: opts.bridge === true,
      },
      opts,
      controller,
    );
    const serve = extension
      ? (((r: never, c: ServingContext) => extension.serve(r, c)) as unknown as MethodHandler<typeof request.method>)
      : (METHODS[request.method] as MethodHandler<typeof request.method> | undefined);
    if (!serve) throw new McpMethodNotFoundError(request.method);
    if (options.closing() && request.method === "subscriptions/listen") throw new ServerBusyError("The server is shutting down; open the stream again on another instance.");
    const inner = () => serve(request as never, ctx, core) as Promise<CallResult>;
    const work = core.middleware.length === 0 ? inner() : runLayers(core.middleware, await servedCall(core, ctx, request, opts, controller), inner);
    const result = await untilAborted(work, controller);
    progress.finish(true); // the last report still waiting goes out before the answer
    return { jsonrpc: JSONRPC_VERSION, id: request.id, result: result as JSONRPCResultResponse["result"] };
  } catch (error) {
    if (controller.aborted) {
      // Cancelled: the draft says no answer; ended by middleware with a typed error (a time limit): answered with it.
      const answer = abortAnswer(controller.reason);
      return answer ? errorResponse(id, answer) : undefined;
    }
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

/** `notifications/cancelled`: aborts the sender's request of that id, if it is still being served here. No answer. */
async function cancel(parts: DispatchParts, message: Record<string, unknown>, opts: HandleOptions): Promise<undefined> {
  const params = message.params as { requestId?: unknown; reason?: unknown } | undefined;
  const id = params?.requestId;
  if (!isRequestId(id)) return undefined; // malformed: ignored, as the draft says
  let principal: string | undefined;
  try {
    ({ principal } = await parts.identify(message, opts));
  } catch {
    return undefined;
  }
  parts.inFlight.cancel(id, { principal, connection: opts.connection }, typeof params?.reason === "string" ? params.reason.slice(0, 1024) : undefined);
  return undefined;
}

/**
 * `work`, or a rejection as soon as `signal` aborts: a handler that ignores
 * its signal keeps running, but the request is over (nothing waits for it,
 * its late answer and progress are dropped).
 */
function untilAborted<T>(work: Promise<T>, abort: RequestAbort): Promise<T> {
  if (abort.aborted) {
    work.catch(() => undefined);
    return Promise.reject(abort.reason);
  }
  return new Promise<T>((resolve, reject) => {
    const stop = abort.onAbort(reject);
    work.then(
      (value) => {
        stop();
        resolve(value);
      },
      (error: unknown) => {
        stop();
        reject(error);
      },
    );
  });
}
