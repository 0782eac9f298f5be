/**
 * Serving one message, whatever the transport: intake (decode once, one
 * message object, JSON limits), the legacy `initialize` answer, the
 * binding's precheck, `notifications/cancelled`, validation, the version,
 * the principal, the request's context and signal, the method table, and
 * the error answers (an `McpError` keeps its code; anything else is -32603
 * and goes to `onError`). What a binding hands in is a `HandleOptions`
 * (exchange.ts); what comes back is the answer, or nothing.
 */
import { INTERNAL_ERROR, JSONRPC_VERSION } from "@mrtr/schema";
import type { JSONRPCResponse, JSONRPCResultResponse, RequestId } from "@mrtr/schema";
import type { JsonLimits } from "@mrtr/zod";
import { principalOf, type AuthInfo } from "./auth/auth-info.js";
import { requestEmitter } from "./backpressure.js";
import type { ServerCore } from "./core.js";
import { errorResponse, idOf, isRequestId } from "./error-response.js";
import { McpError, McpInternalError, McpMethodNotFoundError, ServerBusyError } from "./errors.js";
import { defineHostRequest, hostAuth, hostPeer, hostRequest, type HandleOptions, type PrecheckFacts } from "./exchange.js";
import { follow } from "./follow-signal.js";
import { InFlight, type Sender } from "./in-flight.js";
import { readExtensionRequest, readRequest, takeIn } from "./intake.js";
import { METHODS } from "./methods/index.js";
import type { MethodHandler, ServingContext } from "./methods/method.js";
import type { RoundParams } from "./multi-round.js";
import { progressReporter, type ProgressOptions, type ProgressReporter } from "./progress.js";
import { ReplayGuardUnavailableError } from "./request-state/index.js";
import { shareOwner, type AnonymousShares } from "./shares/share-owner.js";
import { checkVersion, legacyInitialize } from "./versions.js";

/** What the host's `principal` hook is told about a message. */
export interface PrincipalInfo {
  /** The message, decoded. */
  readonly message: unknown;
  /** The host's request object the binding passed with it (over HTTP the web `Request`); undefined when it passed none. */
  readonly request: unknown;
  /**
   * The same value as `request`.
   *
   * @deprecated Use `request`: the old name said where the value came from,
   * not what it is. Deprecated in 0.1.0; removed in 0.2.0 at the earliest.
   */
  readonly transport: unknown;
  /** The verified access token's facts, when the binding or `protect` checked one. */
  readonly auth: AuthInfo | undefined;
}

/** The host's `principal` hook: who sent a message (bound into every requestState), or undefined for nobody known. */
export type PrincipalOf = (info: PrincipalInfo) => string | undefined | Promise<string | undefined>;

/** Who sent a message: its principal, and whom what it holds counts against (see `ServingContext.owner`). */
export interface Caller {
  /** The principal, as the host's `principal` hook (or the verified token) names it; undefined for nobody known. */
  readonly principal: string | undefined;
  /** The owner key of its fair shares: `principal:…`, `peer:…`, `connection:…` or `anonymous`. */
  readonly owner: string;
}

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

export function createDispatcher(core: ServerCore, options: DispatchOptions): Dispatcher {
  const inFlight = new InFlight();
  const facts: PrecheckFacts = {
    supportedVersions: core.supportedVersions,
    toolParamHeaders: (name) => core.registry.tools.get(name)?.paramHeaders ?? [],
    namedParams: core.extensions.namedParams,
  };

  const principalFor = async (message: unknown, opts: HandleOptions, auth: AuthInfo | undefined) => {
    if (!options.principal) return principalOf(auth);
    const request = hostRequest(opts);
    return await options.principal({ message, request, transport: request, auth });
  };

  const caller = async (message: unknown, opts: HandleOptions = {}): Promise<Caller> => {
    const principal = await principalFor(message, opts, hostAuth(opts));
    return { principal, owner: shareOwner(principal, hostPeer(opts), opts.connection, options.anonymous) };
  };

  /** `notifications/cancelled`: aborts the sender's request of that id, if it is still being served here. */
  async function cancel(message: Record<string, unknown>, opts: HandleOptions): Promise<void> {
    const params = message.params as { requestId?: unknown; reason?: unknown } | undefined;
    const id = params?.requestId;
    if (!isRequestId(id)) return; // malformed: ignored, as the draft says
    const auth = hostAuth(opts);
    let sender: Sender;
    try {
      sender = { principal: await principalFor(message, opts, auth), connection: opts.connection };
    } catch {
      return;
    }
    inFlight.cancel(id, sender, typeof params?.reason === "string" ? params.reason.slice(0, 1024) : undefined);
  }

  async function handle(message: unknown, opts: HandleOptions = {}): Promise<JSONRPCResponse | undefined> {
    let id: RequestId | undefined;
    let method: string | undefined;
    // The request's own signal: aborted by the binding (the peer went away), by notifications/cancelled, or by a stream that backed up.
    const controller = new AbortController();
    const unlink = follow(opts.signal, controller);
    let progress: ProgressReporter | undefined;
    let removeInFlight: (() => void) | undefined;
    let over = false;
    try {
      const intake = takeIn(message, options.jsonLimits);
      if (!intake.ok) return intake.response;
      const raw = intake.message;
      const legacy = legacyInitialize(raw, core.supportedVersions);
      if (legacy) return errorResponse(idOf(raw), legacy);
      if (opts.precheck && typeof raw.method === "string") {
        const refused = opts.precheck(raw, facts);
        if (refused) return errorResponse(idOf(raw), refused);
      }
      if (raw.method === "notifications/cancelled" && !("id" in raw)) {
        await cancel(raw, opts);
        return undefined;
      }
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
      const auth = hostAuth(opts);
      const principal = await principalFor(request, opts, auth);
      const emit = requestEmitter(opts.send, request.id, controller, () => over);
      progress = progressReporter(meta.progressToken, emit, options.progress);
      removeInFlight = inFlight.add(request.id, { principal, connection: opts.connection }, controller);
      const ctx: ServingContext = defineHostRequest(
        {
        method,
        requestId: request.id,
        protocolVersion: version,
        clientCapabilities: meta["io.modelcontextprotocol/clientCapabilities"],
        clientInfo: meta["io.modelcontextprotocol/clientInfo"],
        principal,
        auth,
        meta,
        signal: controller.signal,
        progress: progress.report,
        emit,
        streaming: opts.send !== undefined,
        owner: shareOwner(principal, hostPeer(opts), opts.connection, options.anonymous),
        bridged: opts.bridge === true,
        },
        opts,
      );
      const serve = extension
        ? (((r: never, c: ServingContext) => extension.serve(r, c)) as unknown as MethodHandler<typeof request.method>)
        : (METHODS[request.method] as MethodHandler<typeof request.method> | undefined);
      if (!serve) throw new McpMethodNotFoundError(request.method);
      if (options.closing() && request.method === "subscriptions/listen") throw new ServerBusyError("The server is shutting down; open the stream again on another instance.");
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

  return { handle, caller, inFlight };
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
