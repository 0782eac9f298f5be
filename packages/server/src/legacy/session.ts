/**
 * One session of an initialize-based client (2025-11-25, 2025-06-18),
 * bridged onto the stateless core (basic/versioning.mdx, "Backward
 * Compatibility"; the revision's own pages in spec-2025-11-25/). The same
 * handlers serve both eras; the bridge holds what the legacy client said
 * once and the modern core needs in every request:
 *
 * - `initialize` negotiates the version and keeps the client's capabilities
 *   and info; each later request reaches the core as a modern one, its
 *   `_meta` filled from them (and the log level `logging/setLevel` chose);
 * - when the core answers `input_required`, each input request goes to the
 *   client as a real server-to-client request of the session, and once all
 *   are answered (within `inputTimeoutMs`, at most `maxRounds` rounds) the
 *   core is called again with `inputResponses` and the `requestState`; a
 *   URL-mode question carries its `elicitationId`, and an accepted one whose
 *   step is not done is waited for, not asked again (url-elicitation.ts);
 * - progress and log messages of a request reach the client on that
 *   request's stream; list changes and resource updates of the session come
 *   from a subscriptions/listen stream the bridge holds on the core, within
 *   the binding's bound on such streams (`holdListen`), not the server's
 *   stream pool;
 * - `notifications/cancelled` works both ways; `ping` both ways.
 *
 * Transport-free: a binding (HTTP, stdio) hands it messages and says where
 * its messages go (`SessionOutput`).
 */
import { INTERNAL_ERROR, INVALID_PARAMS, INVALID_REQUEST, JSONRPC_VERSION, LATEST_PROTOCOL_VERSION, METHOD_NOT_FOUND, MISSING_REQUIRED_CLIENT_CAPABILITY } from "@mrtr/schema";
import type { JSONRPCNotification, JSONRPCResponse, RequestId } from "@mrtr/schema";
import type { McpServer } from "../server.js";
import { hooksOf, sendOutgoing, type OutgoingCall, type SessionEnd, type SessionInfo } from "../middleware-hooks.js";
import { definedOnly, isRecord, lifeStarted, utf8Length } from "@mrtr/internal";
import { checkLegacyResult, parseLegacyMessage } from "@mrtr/legacy";
import { LEGACY_PROTOCOL_VERSIONS } from "@mrtr/legacy";
import { pause, UrlElicitations, type RoundQuestion } from "./url-elicitation.js";

/** The limits of one session. */
export interface SessionLimits {
  /**
   * Time the client has to answer a server-to-client request, in ms (default 300 000: a person may be filling in a form);
   * also how long the user has, after accepting a URL-mode elicitation, to finish its step.
   */
  inputTimeoutMs?: number;
  /** Rounds of input one request may take (default 10); re-runs that only wait for the step of an accepted URL-mode elicitation do not count. */
  maxRounds?: number;
  /** Client requests served at once in the session (default 64); more are refused with -32603. */
  maxInFlight?: number;
  /** Server-to-client requests waiting for their answer at once (default 32); a round that would need more fails. */
  maxPendingRequests?: number;
  /** Resources the session may subscribe to (default 1 000). */
  maxSubscriptions?: number;
}

/** One bridged call as a binding counts it against its memory budget (`SessionOptions.holdCall`). */
export interface CallHold {
  /** Counts the call at `bytes` from now on; what stands in the way when that is past the caller's share or the limit in all. */
  resize(bytes: number):
    | {
        /** What stands in the way, for the client. */
        readonly message: string;
      }
    | undefined;
  /** The call is over: its bytes are free. */
  release(): void;
}

/** The binding's hold on a session's subscription stream (`SessionOptions.holdListen`), or why there is none. */
export type ListenAdmission =
  | {
      /** The stream is over: its place is free. */
      release(): void;
      /** The session was used now (of two streams, the one whose session was used longer ago is let go first). */
      touch?(): void;
    }
  | {
      /** Refused: the session has no stream for now. */
      readonly refused: true;
      /** Why, and what to do, for the client (a `resources/subscribe` is answered with it). */
      readonly message: string;
      /** Facts for the error's `data` (`limit`, `scope`, `retryAfterSeconds`). */
      readonly data?: Record<string, unknown>;
    };

/** A bridged call as its session shows it to the binding's budget. */
export interface HeldCall {
  /** Whether it only waits for the client's answers (nothing runs for it): such a call may be withdrawn to make room. */
  idle(): boolean;
  /** Withdraws it: its questions are cancelled and the client is answered with an error saying why. */
  withdraw(): void;
}

/** What a binding's budget decides about a new call: its hold, or the refusal the client is answered with. */
export type CallAdmission =
  | CallHold
  | {
      /** Refused: the call is answered with `message`. */
      readonly refused: true;
      /** Why, for the client. */
      readonly message: string;
    };

/**
 * What one waiting call is counted at beyond its own bytes (params, questions,
 * state, answers): the bridge's promises, timers and maps, the core's round,
 * the binding's answer stream and its resumption log. Measured on Node 20
 * (test/hostile/pending-calls.test.ts): the heap grew by about 36 KiB per
 * call for 3 120 calls waiting over real HTTP connections (22 KiB in
 * process), so the budget in bytes is close to the heap it costs.
 */
export const CALL_OVERHEAD_BYTES = 34 * 1024;

/** How a session is made, beyond its limits. */
export interface SessionOptions extends SessionLimits {
  /**
   * Holds each bridged call within the binding's memory budget
   * (`legacyHttp`'s and `legacyStdio`'s held bytes, shared fairly between
   * callers: docs/architecture.md, "Fair shares"). Called as a call starts,
   * with what it is counted at; the hold grows as the call gathers
   * questions, state and answers, and a growth refused fails the call.
   * Without it, calls are bounded by the per-session limits only.
   */
  holdCall?: (call: HeldCall, bytes: number) => CallAdmission;
  /**
   * Holds the session's subscription stream on the core within the binding's
   * bound (`legacyHttp`'s and `legacyStdio`'s `maxListenStreams`, shared
   * fairly between callers: docs/architecture.md, "Fair shares"). Called as
   * the session opens its stream; `evict` ends the stream to make room for
   * another caller's (the session opens it again at its next request). A
   * refusal leaves the session without list changes and resource updates
   * until its next request; its `resources/subscribe` is answered with it.
   * The stream reaches the core as a bridge's (`HandleOptions.bridge`), so it
   * never draws from the server's `subscriptions.maxStreams`: without this
   * option, only the binding's own limits (one stream per session) bound it.
   */
  holdListen?: (evict: () => void) => ListenAdmission;
  /**
   * A bridge without a session (stateless legacy mode): it cannot ask the
   * client anything, so a request that needs input fails with a clear error
   * (a tool call: a tool error the model can read).
   */
  withoutInput?: boolean;
  /** The version of an already negotiated session (stateless mode: the request's header). */
  version?: string;
  /** The session's id as the binding names it (HTTP: its `Mcp-Session-Id`), for middleware; one is made when left out. */
  id?: string;
}

/** The defaults of {@link SessionLimits}. */
export const SESSION_DEFAULTS = { inputTimeoutMs: 300_000, maxRounds: 10, maxInFlight: 64, maxPendingRequests: 32, maxSubscriptions: 1000 } as const satisfies Required<SessionLimits>;

/** Where a session's messages go. */
export interface SessionOutput {
  /**
   * Sends `message` to the client: on the stream of client request
   * `related` when given (HTTP: that POST's answer), else on the session's
   * own stream. False when it could not be queued; `urgent` ones must be.
   */
  send(message: Record<string, unknown>, related: RequestId | undefined, urgent?: boolean): boolean;
}

/** What a binding passes with each message: the host's request object (reaches handlers as `ctx.request`) and the exchange's signal. */
export interface SessionExchange {
  /** The host's request object of this message (over HTTP the web `Request`). */
  request?: unknown;
  /** Aborted when the exchange is over (the HTTP client went away). */
  signal?: AbortSignal;
  /** The binding's name, for middleware (`"http"`, `"stdio"`). */
  transport?: string;
  /** A header of the request the message came in (HTTP), for middleware. */
  header?: (name: string) => string | null | undefined;
}

interface Pending {
  method: string;
  resolve(result: unknown): void;
  reject(error: BridgeError): void;
}

/** A request that could not be bridged: answered to the client with this code and message. */
class BridgeError extends Error {
  constructor(
    readonly code: number,
    message: string,
    readonly data?: Record<string, unknown>,
  ) {
    super(message);
  }
}

const key = (id: unknown) => JSON.stringify(id);
/** The fields only modern results carry. */
const MODERN_ONLY = ["resultType", "ttlMs", "cacheScope"];
/** Methods of the core a legacy request reaches as they are. */
const BRIDGED = new Set(["tools/list", "tools/call", "prompts/list", "prompts/get", "resources/list", "resources/templates/list", "resources/read", "completion/complete"]);

let sessions = 0;

/**
 * One legacy client's session: its `initialize` handshake, its requests
 * bridged onto the server's stateless handlers (an `input_required` round
 * becomes real server-to-client requests), within `SessionLimits`. The HTTP
 * and stdio plugins make one per session; a binding of your own may too.
 */
export class LegacySession {
  /** The negotiated protocol version, once initialized. */
  version: string | undefined;
  /** Whether the client sent `notifications/initialized`. */
  initialized = false;
  private clientCapabilities: Record<string, unknown> = {};
  private clientInfo: Record<string, unknown> | undefined;
  private logLevel: string | undefined;
  private readonly limits: Required<SessionLimits>;
  private readonly prefix = `legacy-${++sessions}-${globalThis.crypto.randomUUID().slice(0, 8)}`;
  private counter = 0;
  private readonly inFlight = new Map<string, AbortController>();
  private readonly pending = new Map<string, Pending>();
  private readonly subscriptions = new Set<string>();
  /** Calls that wait for the client's answers (nothing runs for them), by key. */
  private readonly asking = new Set<string>();
  private listen: AbortController | undefined;
  /** The binding's hold on the session's stream while it has one (or is opening one). */
  private listenHold: Exclude<ListenAdmission, { refused: true }> | undefined;
  /** The stream was let go to make room, or refused: the session opens it again at its next request. */
  private relisten = false;
  private closed = false;
  /** The session's id, for middleware (`call.session`, `SessionInfo.id`). */
  readonly id: string;
  /** The binding the session was opened through, as its `initialize` came. */
  private transport = "unknown";
  /** Tells the session observers it ended (set when it opened with observers). */
  private ended: ((end: SessionEnd) => void) | undefined;

  constructor(
    private readonly server: McpServer,
    private readonly output: SessionOutput,
    options: SessionOptions = {},
  ) {
    const { withoutInput, version, holdCall, holdListen, id, ...limits } = options;
    this.id = id ?? globalThis.crypto.randomUUID();
    this.limits = { ...SESSION_DEFAULTS, ...definedOnly(limits) };
    this.withoutInput = withoutInput === true;
    this.holdCall = holdCall;
    this.holdListen = holdListen;
    if (version !== undefined && (LEGACY_PROTOCOL_VERSIONS as readonly string[]).includes(version)) this.version = version;
  }

  private readonly withoutInput: boolean;
  private readonly holdCall: SessionOptions["holdCall"];
  private readonly holdListen: SessionOptions["holdListen"];

  /** Requests of the client being served, and server requests waiting for the client. */
  activity(): {
    /** Client requests being served. */
    requests: number;
    /** Server requests waiting for the client's answer. */
    waiting: number;
  } {
    return { requests: this.inFlight.size, waiting: this.pending.size };
  }

  /** One decoded message from the client. Resolves to the answer to send for a request, else undefined. Never rejects. */
  async receive(message: Record<string, unknown>, exchange: SessionExchange = {}): Promise<JSONRPCResponse | undefined> {
    const parsed = parseLegacyMessage(message);
    if (!parsed.ok) {
      if (parsed.kind === "notification" || parsed.kind === "result" || parsed.kind === "error") return undefined;
      return { jsonrpc: JSONRPC_VERSION, ...(isId(message.id) && { id: message.id }), error: { code: parsed.code, message: parsed.message, ...(parsed.issues.length > 0 && { data: { issues: parsed.issues.slice(0, 20) } }) } } as JSONRPCResponse;
    }
    if (parsed.kind === "result" || parsed.kind === "error") return void this.answered(message);
    if (parsed.kind === "notification") return void this.notified(message, exchange);
    const id = message.id as RequestId;
    const method = message.method as string;
    const params = isRecord(message.params) ? message.params : {};
    try {
      return { jsonrpc: JSONRPC_VERSION, id, result: (await this.serve(id, method, params, exchange)) as never };
    } catch (error) {
      if (error === CANCELLED) return undefined; // a cancelled request gets no answer
      const e = error instanceof BridgeError ? error : new BridgeError(INTERNAL_ERROR, "Internal error");
      return { jsonrpc: JSONRPC_VERSION, id, error: { code: e.code, message: e.message, ...(e.data && { data: e.data }) } } as JSONRPCResponse;
    }
  }

  /** Ends the session: every request in flight is aborted and every server request withdrawn; `end` says why, for middleware. */
  close(end: SessionEnd = {}): void {
    if (this.closed) return;
    this.closed = true;
    this.ended?.(end);
    this.unfollow();
    for (const controller of this.inFlight.values()) controller.abort(CANCELLED);
    for (const p of this.pending.values()) p.reject(new BridgeError(INTERNAL_ERROR, "The session ended."));
    this.pending.clear();
  }

  /**
   * Gives up on client request `id` if it only waits for the client's answers
   * (nothing runs for it): its questions are withdrawn (the client is sent
   * `notifications/cancelled`) and it is answered with an error saying
   * `reason`. A binding calls this when the client can no longer be reached
   * about the request (HTTP: its stream dropped and was not resumed). True
   * when it did; false when there is no such request or it is running.
   */
  abandon(id: RequestId, reason: string): boolean {
    const k = key(id);
    const controller = this.inFlight.get(k);
    if (!controller || !this.asking.has(k)) return false;
    controller.abort(new Abandoned(reason));
    return true;
  }

  /** Sends the client a ping; resolves when it answers (or rejects after `inputTimeoutMs`). */
  async ping(): Promise<void> {
    await this.ask({ method: "ping", params: {} }, undefined, new AbortController().signal);
  }

  private async serve(id: RequestId, method: string, params: Record<string, unknown>, exchange: SessionExchange): Promise<unknown> {
    if (this.closed) throw new BridgeError(INVALID_REQUEST, "The session has ended: initialize a new one.");
    switch (method) {
      case "initialize":
        return this.initialize(params, exchange);
      case "ping":
        return {};
    }
    if (this.version === undefined) throw new BridgeError(INVALID_REQUEST, "The session is not initialized: send initialize first.");
    this.listenHold?.touch?.();
    // A session whose stream was let go (or refused) opens it again now that it is used; subscribe and unsubscribe open it themselves.
    if (this.relisten && method !== "resources/subscribe" && method !== "resources/unsubscribe") this.follow(exchange);
    switch (method) {
      case "logging/setLevel":
        this.logLevel = typeof params.level === "string" ? params.level : undefined;
        return {};
      case "resources/subscribe":
      case "resources/unsubscribe": {
        const uri = params.uri as string;
        const added = method === "resources/subscribe" && !this.subscriptions.has(uri);
        if (method === "resources/subscribe") {
          if (added && this.subscriptions.size >= this.limits.maxSubscriptions) {
            throw new BridgeError(INVALID_REQUEST, `This session already follows ${this.limits.maxSubscriptions} resources; unsubscribe from one first.`);
          }
          this.subscriptions.add(uri);
        } else this.subscriptions.delete(uri);
        const refused = this.follow(exchange);
        if (refused && method === "resources/subscribe") {
          if (added) this.subscriptions.delete(uri);
          throw new BridgeError(INTERNAL_ERROR, `This session cannot follow resources now: ${refused.message}`, refused.data);
        }
        return {};
      }
    }
    if (!BRIDGED.has(method)) throw new BridgeError(METHOD_NOT_FOUND, `Method not found: ${method}`);
    // A retry's fields are the bridge's to send, never a legacy client's: its answers come as responses to the server's requests.
    const { inputResponses: _answers, requestState: _state, ...legacyParams } = params;
    if (this.inFlight.size >= this.limits.maxInFlight) {
      throw new BridgeError(INTERNAL_ERROR, `Too many requests in flight in this session (maxInFlight: ${this.limits.maxInFlight}); send it again when one has finished.`);
    }
    return this.bridge(id, method, legacyParams, exchange);
  }

  private async initialize(params: Record<string, unknown>, exchange: SessionExchange): Promise<unknown> {
    if (this.version !== undefined) throw new BridgeError(INVALID_REQUEST, "The session is already initialized.");
    const requested = params.protocolVersion as string;
    // A version not served gets the revision's own error, naming those that are (spec-2025-11-25/basic/lifecycle.mdx, "Error Handling"):
    // a legacy client has no other way to learn them, and one of a revision older than 2025-06-18 could not be served as it expects.
    if (!(LEGACY_PROTOCOL_VERSIONS as readonly string[]).includes(requested)) {
      throw new BridgeError(INVALID_PARAMS, `Unsupported protocol version ${JSON.stringify(requested)}: this server serves ${LEGACY_PROTOCOL_VERSIONS.join(" and ")} to clients that initialize, and ${LATEST_PROTOCOL_VERSION} to the others.`, {
        supported: [...LEGACY_PROTOCOL_VERSIONS],
        requested,
      });
    }
    this.version = requested;
    this.clientCapabilities = isRecord(params.capabilities) ? params.capabilities : {};
    this.clientInfo = isRecord(params.clientInfo) ? params.clientInfo : undefined;
    const discovered = await this.core("server/discover", {}, undefined, exchange, new AbortController().signal);
    const capabilities = { ...(discovered.capabilities as Record<string, unknown>) };
    // A legacy session follows resources itself (resources/subscribe): it can whenever the server announces updates.
    const serverInfo = (discovered._meta as Record<string, unknown> | undefined)?.["io.modelcontextprotocol/serverInfo"];
    this.transport = exchange.transport ?? "unknown";
    const observers = this.withoutInput ? undefined : hooksOf(this.server)?.sessions;
    if (observers?.length && !this.closed) this.ended = lifeStarted(observers, this.info());
    return {
      protocolVersion: this.version,
      capabilities,
      serverInfo,
      ...(typeof discovered.instructions === "string" && { instructions: discovered.instructions }),
    };
  }

  /** The session as middleware sees it. */
  private info(): SessionInfo {
    return { id: this.id, protocolVersion: this.version ?? LEGACY_PROTOCOL_VERSIONS[0]!, transport: this.transport };
  }

  /** A legacy request served by the core, round by round, held within the binding's budget. */
  private async bridge(id: RequestId, method: string, params: Record<string, unknown>, exchange: SessionExchange): Promise<unknown> {
    const controller = new AbortController();
    const k = key(id);
    if (this.inFlight.has(k)) throw new BridgeError(INVALID_REQUEST, `Request id ${k} is already in flight in this session.`);
    const base = CALL_OVERHEAD_BYTES + utf8Length(JSON.stringify(params));
    const admitted = this.holdCall?.({ idle: () => this.asking.has(k), withdraw: () => controller.abort(WITHDRAWN) }, base);
    if (admitted && "refused" in admitted) throw new BridgeError(INTERNAL_ERROR, admitted.message);
    const hold = admitted;
    this.inFlight.set(k, controller);
    const onAbort = () => controller.abort(CANCELLED);
    exchange.signal?.addEventListener("abort", onAbort, { once: true });
    let lastProgress = Number.NEGATIVE_INFINITY;
    const forward = (n: JSONRPCNotification, urgent?: boolean): boolean => {
      const p = n.params as { progress?: unknown } | undefined;
      if (n.method === "notifications/progress") {
        // One legacy request, many modern rounds: progress must still only grow.
        if (typeof p?.progress !== "number" || p.progress <= lastProgress) return true;
        lastProgress = p.progress;
      }
      return this.output.send(n as unknown as Record<string, unknown>, id, urgent);
    };
    try {
      let retry: Record<string, unknown> = {};
      // URL-mode questions as 2025-11-25 has them: their ids, and the wait for an accepted step (url-elicitation.ts).
      const urls = new UrlElicitations(this.limits.inputTimeoutMs);
      // Rounds that asked the client count against maxRounds; re-runs that only wait for a URL-mode step are bounded by inputTimeoutMs.
      for (let asked = 0; ; ) {
        let result: Record<string, unknown>;
        try {
          result = await this.core(method, { ...params, ...retry }, forward, exchange, controller.signal);
        } catch (error) {
          if (this.withoutInput && error instanceof BridgeError && error.code === MISSING_REQUIRED_CLIENT_CAPABILITY) return this.noInput(method);
          throw error;
        }
        if (result.resultType !== "input_required") {
          this.completeUrlSteps(urls.settle());
          return legacyResult(result);
        }
        if (this.withoutInput) return this.noInput(method);
        const requests = (isRecord(result.inputRequests) ? Object.entries(result.inputRequests) : []) as RoundQuestion[];
        const plan = urls.plan(requests);
        this.completeUrlSteps(plan.completed);
        if (plan.pause === undefined && asked++ >= this.limits.maxRounds) throw new BridgeError(INTERNAL_ERROR, `The request needed more than ${this.limits.maxRounds} rounds of input (maxRounds).`);
        if (requests.length > this.limits.maxPendingRequests) throw new BridgeError(INTERNAL_ERROR, `The request asked ${requests.length} questions at once, more than maxPendingRequests (${this.limits.maxPendingRequests}).`);
        // What the call holds while it waits: its params, the questions and the state it carries to the next round.
        this.grow(hold, base + utf8Length(JSON.stringify(result.inputRequests ?? {})) + (typeof result.requestState === "string" ? result.requestState.length : 0));
        this.asking.add(k);
        const answers = plan.pause === undefined ? await this.askAll(plan.ask, urls, { method, id, params }, controller.signal) : await this.awaitStep(plan.pause, controller.signal);
        this.asking.delete(k);
        retry = { inputResponses: { ...plan.carried, ...answers }, ...(typeof result.requestState === "string" && { requestState: result.requestState }) };
        this.grow(hold, base + utf8Length(JSON.stringify(retry)));
      }
    } finally {
      hold?.release();
      this.asking.delete(k);
      this.inFlight.delete(k);
      exchange.signal?.removeEventListener("abort", onAbort);
    }
  }

  /** Asks the client a round's questions at once; resolves to its answers by key (each recorded in `urls`). */
  private async askAll(questions: readonly RoundQuestion[], urls: UrlElicitations, related: OutgoingCall["related"], signal: AbortSignal): Promise<Record<string, unknown>> {
    const answers = await Promise.all(questions.map(async ([name, request]) => [name, await this.ask(request, related, signal)] as const));
    for (const [name, answer] of answers) urls.answered(name, answer);
    return Object.fromEntries(answers);
  }

  /**
   * Waits `wait` ms before the handler runs again to see whether an accepted
   * URL-mode step is done (nothing is asked: no answers of its own). Ends
   * with the call's abort; a step past `inputTimeoutMs` since its accept fails the call.
   */
  private async awaitStep(wait: number | "expired", signal: AbortSignal): Promise<Record<string, unknown>> {
    if (wait === "expired") {
      throw new BridgeError(INTERNAL_ERROR, `The step of a URL-mode elicitation the user accepted did not complete within ${this.limits.inputTimeoutMs} ms (inputTimeoutMs).`);
    }
    await pause(wait, signal).catch(() => {
      throw abortOutcome(signal.reason).error;
    });
    return {};
  }

  /** Tells the client, on the session's stream, that the out-of-band steps of these URL-mode elicitations are done. */
  private completeUrlSteps(elicitationIds: readonly string[]): void {
    for (const elicitationId of elicitationIds) {
      this.output.send({ jsonrpc: JSONRPC_VERSION, method: "notifications/elicitation/complete", params: { elicitationId } }, undefined, true);
    }
  }

  /** Counts a call at `bytes`; past its caller's share or the limit in all, the call fails with what stands in the way. */
  private grow(hold: CallHold | undefined, bytes: number): void {
    const refused = hold?.resize(bytes);
    if (refused) throw new BridgeError(INTERNAL_ERROR, refused.message);
  }

  /** What a request that needs the client's input gets when there is no session to ask in. */
  private noInput(method: string): unknown {
    const reason =
      "This server serves clients of this protocol revision without sessions, so it cannot ask the client for input, which this request needs. " +
      "Use a client of protocol revision 2026-07-28, or a server with legacy sessions.";
    if (method === "tools/call") return { content: [{ type: "text", text: reason }], isError: true };
    throw new BridgeError(INTERNAL_ERROR, reason);
  }

  /** One modern request to the core; its result, or the error as a BridgeError. */
  private async core(
    method: string,
    params: Record<string, unknown>,
    send: ((n: JSONRPCNotification, urgent?: boolean) => boolean) | undefined,
    exchange: SessionExchange,
    signal: AbortSignal,
  ): Promise<Record<string, unknown>> {
    const legacyMeta = isRecord(params._meta) ? params._meta : {};
    const message = {
      jsonrpc: JSONRPC_VERSION,
      id: `${this.prefix}-${++this.counter}`,
      method,
      params: {
        ...params,
        _meta: {
          ...legacyMeta,
          "io.modelcontextprotocol/protocolVersion": LATEST_PROTOCOL_VERSION,
          "io.modelcontextprotocol/clientCapabilities": modernCapabilities(this.clientCapabilities),
          ...(this.clientInfo && { "io.modelcontextprotocol/clientInfo": this.clientInfo }),
          ...(this.logLevel !== undefined && { "io.modelcontextprotocol/logLevel": this.logLevel }),
        },
      },
    };
    // bridge: the session bounds what it holds itself, so its listen stream does not draw from the server's stream pool.
    const response = await this.server.handle(message, {
      request: exchange.request,
      connection: this,
      signal,
      bridge: true,
      ...(!this.withoutInput && { session: this.id }),
      ...(send && { send }),
      ...(exchange.transport !== undefined && { transport: exchange.transport }),
      ...(exchange.header && { header: exchange.header }),
    });
    if (!response) throw abortOutcome(signal.reason).error;
    if ("error" in response) throw new BridgeError(response.error.code, response.error.message);
    return response.result as Record<string, unknown>;
  }

  /** Asks the client (a server-to-client request of the session), through the outgoing middleware if any, and resolves to its result. */
  private ask(request: { method: string; params?: unknown }, related: OutgoingCall["related"], signal: AbortSignal): Promise<unknown> {
    if (this.closed) return Promise.reject(new BridgeError(INTERNAL_ERROR, "The session ended."));
    const id = `${this.prefix}-s${++this.counter}`;
    const layers = hooksOf(this.server)?.outgoing;
    if (!layers?.length) return this.send(id, request, related?.id, signal);
    const params = isRecord(request.params) ? request.params : {};
    const call: OutgoingCall = { method: request.method, id, params, session: this.info(), related };
    return sendOutgoing(layers, call, (sent) => this.send(id, { method: request.method, params: sent }, related?.id, signal)).catch((error: unknown) => {
      throw error instanceof BridgeError || error === CANCELLED ? error : new BridgeError(INTERNAL_ERROR, `The server did not send ${request.method}: ${error instanceof Error ? error.message : String(error)}`);
    });
  }

  /** Sends a server-to-client request of the session and resolves to its result (within `inputTimeoutMs`; withdrawn when `signal` aborts). */
  private send(id: string, request: { method: string; params?: unknown }, related: RequestId | undefined, signal: AbortSignal): Promise<unknown> {
    return new Promise((resolve, reject) => {
      let timer: ReturnType<typeof setTimeout> | undefined;
      const withdraw = (error: BridgeError | typeof CANCELLED, reason: string) => {
        if (!this.pending.delete(id)) return;
        clearTimeout(timer);
        signal.removeEventListener("abort", onAbort);
        this.output.send({ jsonrpc: JSONRPC_VERSION, method: "notifications/cancelled", params: { requestId: id, reason } }, related, true);
        reject(error);
      };
      const onAbort = () => {
        const { error, notice } = abortOutcome(signal.reason);
        withdraw(error, notice);
      };
      this.pending.set(id, {
        method: request.method,
        resolve: (result) => {
          clearTimeout(timer);
          signal.removeEventListener("abort", onAbort);
          resolve(result);
        },
        reject: (error) => {
          clearTimeout(timer);
          signal.removeEventListener("abort", onAbort);
          reject(error);
        },
      });
      timer = setTimeout(
        () => withdraw(new BridgeError(INTERNAL_ERROR, `The client did not answer ${request.method} within ${this.limits.inputTimeoutMs} ms (inputTimeoutMs).`), "Timed out."),
        this.limits.inputTimeoutMs,
      );
      if (signal.aborted) return onAbort();
      signal.addEventListener("abort", onAbort, { once: true });
      this.output.send({ jsonrpc: JSONRPC_VERSION, id, method: request.method, ...(request.params !== undefined && { params: request.params }) }, related, true);
    });
  }

  /** A response of the client to a server request: settles it (an id never sent, or answered already, is ignored). */
  private answered(message: Record<string, unknown>): void {
    const k = typeof message.id === "string" ? message.id : undefined;
    const p = k === undefined ? undefined : this.pending.get(k);
    if (!p || k === undefined) return;
    this.pending.delete(k);
    if ("error" in message) {
      const error = isRecord(message.error) ? message.error : {};
      return p.reject(new BridgeError(INTERNAL_ERROR, `The client refused ${p.method}: ${typeof error.message === "string" ? error.message.slice(0, 500) : "no reason given"}`));
    }
    const verdict = checkLegacyResult(p.method, message.result);
    if (!verdict.ok) return p.reject(new BridgeError(INTERNAL_ERROR, `The client's answer to ${p.method} is malformed: ${verdict.message}`));
    p.resolve(message.result);
  }

  private notified(message: Record<string, unknown>, exchange: SessionExchange): void {
    const params = isRecord(message.params) ? message.params : {};
    switch (message.method) {
      case "notifications/initialized":
        this.initialized = true;
        this.follow({ request: exchange.request, ...(exchange.transport !== undefined && { transport: exchange.transport }), ...(exchange.header && { header: exchange.header }) });
        return;
      case "notifications/cancelled":
        this.inFlight.get(key(params.requestId))?.abort(CANCELLED);
        return;
    }
  }

  /**
   * Holds a subscriptions/listen stream on the core for the list changes and
   * resource updates of this session (replacing the one it holds, in the same
   * place of the binding's bound); the refusal when the bound has no room.
   * A bridge without a session has nowhere to send them, and holds none.
   */
  private follow(exchange: SessionExchange): { message: string; data?: Record<string, unknown> } | undefined {
    if (this.closed || this.version === undefined || this.withoutInput) return undefined;
    if (this.holdListen && !this.listenHold) {
      let held: ListenAdmission | undefined;
      const admitted = this.holdListen(() => {
        // Let go to make room for another caller's stream (its place is free already): open again at the next request.
        if (held === undefined || this.listenHold !== held) return;
        this.listenHold = undefined;
        this.relisten = true;
        this.listen?.abort();
        this.listen = undefined;
      });
      if ("refused" in admitted) {
        this.relisten = true;
        return admitted;
      }
      held = this.listenHold = admitted;
    }
    this.relisten = false;
    this.listen?.abort();
    const controller = new AbortController();
    this.listen = controller;
    const notifications = { toolsListChanged: true, promptsListChanged: true, resourcesListChanged: true, resourceSubscriptions: [...this.subscriptions] };
    const send = (n: JSONRPCNotification): boolean => {
      if (n.method === "notifications/subscriptions/acknowledged" || n.method === "notifications/cancelled") return true;
      const { _meta: _, ...params } = (n.params ?? {}) as Record<string, unknown>;
      return this.output.send({ jsonrpc: JSONRPC_VERSION, method: n.method, ...(Object.keys(params).length > 0 && { params }) }, undefined);
    };
    void this.core("subscriptions/listen", { notifications }, send, exchange, controller.signal).then(
      () => void (this.listen === controller && !this.closed && this.follow(exchange)), // ended by the server (its maximum life): open again, in the same place
      () => void (this.listen === controller && this.unfollow()), // not offered (-32601) or refused by the core: nothing to follow; aborted: replaced or let go already
    );
    return undefined;
  }

  /** Ends the session's stream, and frees its place in the binding's bound. */
  private unfollow(): void {
    const hold = this.listenHold;
    this.listenHold = undefined;
    this.listen?.abort();
    this.listen = undefined;
    hold?.release();
  }
}

/** The reason a cancelled request's work is abandoned. */
const CANCELLED = Symbol("cancelled");
/** The reason a waiting call is let go to make room for other callers (the binding's budget is full). */
const WITHDRAWN = Symbol("withdrawn");
/** The reason a waiting call is given up by its binding (`LegacySession.abandon`): answered with `message`. */
class Abandoned {
  constructor(readonly message: string) {}
}
/**
 * What an aborted call's work ends with, by the abort's reason: the error it
 * throws (a cancelled call: no answer), and the reason told to the client
 * when a question of the call is withdrawn.
 */
function abortOutcome(reason: unknown): { error: BridgeError | typeof CANCELLED; notice: string } {
  if (reason === WITHDRAWN) return { error: withdrawnError(), notice: "The server withdrew the request to make room for others." };
  if (reason instanceof Abandoned) return { error: new BridgeError(INTERNAL_ERROR, reason.message), notice: "The server gave up the request it belonged to: its stream dropped." };
  return { error: CANCELLED, notice: "The request it belonged to was cancelled." };
}
const withdrawnError = () =>
  new BridgeError(INTERNAL_ERROR, "The server withdrew this request while it waited for your answers, to make room for other callers (its memory for waiting requests is full). Send it again.");

/** A modern result without what only modern results carry. */
function legacyResult(result: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(result)) if (!MODERN_ONLY.includes(k)) out[k] = v;
  return out;
}

/** The capabilities a legacy client declared, as the modern core reads them (the same names: elicitation, sampling, roots). */
function modernCapabilities(declared: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const name of ["elicitation", "sampling", "roots", "experimental", "extensions"]) if (isRecord(declared[name])) out[name] = declared[name];
  return out;
}

function isId(value: unknown): value is RequestId {
  return typeof value === "string" || (typeof value === "number" && Number.isSafeInteger(value));
}
