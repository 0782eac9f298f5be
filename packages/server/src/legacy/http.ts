/**
 * Streamable HTTP as the initialize-based revisions have it
 * (spec-2025-11-25/basic/transports.mdx), on the same endpoint as the
 * modern, stateless one: `createHttpHandler(server, { legacy: legacyHttp() })`.
 *
 * An `initialize` without modern `_meta` opens a session: its id
 * (`Mcp-Session-Id`, random, visible ASCII) comes back with the answer and
 * every later request carries it. A session is bound to the principal that
 * opened it, as the server names principals (its `principal` hook, or the
 * verified token): a request carrying another principal's session id gets
 * the 404 of an unknown session and changes nothing
 * (guides/security_best_practices.mdx:555, "Session Hijacking").
 *
 * Sessions are state, held fairly (docs/architecture.md, "Fair shares"): at
 * most `maxSessions`, at most `maxSessionsPerPrincipal` per caller; the
 * subscription stream each holds on the core within `maxListenStreams`,
 * `maxListenStreamsPerPrincipal` per caller (never the server's
 * `subscriptions.maxStreams`); and what their calls hold while they wait for
 * the client (and the streams' resumption logs) within `maxHeldBytes`,
 * `maxHeldBytesPerPrincipal` per caller. A session is closed after `idleTimeoutMs` unused, on DELETE, or,
 * when all are open, to make room: the idle session used longest ago of the
 * caller holding the most. A POSTed request is answered with JSON, or with an
 * event stream when the server sends first on it; a GET opens the session's
 * stream for what belongs to no request; every event carries an id, and a
 * GET with `Last-Event-ID` resumes a dropped stream (session-streams.ts); a
 * call waiting for the client's answers whose stream dropped and is not
 * resumed within `droppedStreamGraceMs` is given up, its question withdrawn. A
 * restart loses every session; clients initialize again, as the revision
 * expects. Several instances need sticky routing for these sessions.
 *
 * `mode: "stateless"` keeps no session (for fleets without sticky routing):
 * `initialize` is answered, no session id is issued, every request is
 * served on its own, and a request that needs the client's input fails with
 * a clear error instead.
 */
import { definedOnly, isRecord, isShareRefusal, refusalData, SSE_DEFAULTS, type Hold, type ShareRefusal, type SseOptions } from "@mrtr/internal";
import { ServerDefinitionError } from "../errors.js";
import { INTERNAL_ERROR, INVALID_REQUEST, JSONRPC_VERSION, PARSE_ERROR } from "@mrtr/schema";
import type { JSONRPCResponse, RequestId } from "@mrtr/schema";
import type { McpServer } from "../server.js";
import type { HttpEra } from "../eras.js";
import type { SessionEnd } from "../middleware-hooks.js";
import { callerOf, type Caller } from "../shares/caller.js";
import { LEGACY_PROTOCOL_VERSIONS } from "@mrtr/legacy";
import { isLegacyInitialize } from "./claims.js";
import { heldBytesShare, holdListenIn, LEGACY_SHARE_DEFAULTS, listenShare, sessionShare, type HeldBytesOptions, type ListenStreamOptions } from "./legacy-shares.js";
import { LegacySession, type SessionLimits } from "./session.js";
import { SessionStreams } from "./session-streams.js";

/** Options of {@link legacyHttp}. */
export interface LegacyHttpOptions extends SessionLimits, SseOptions, HeldBytesOptions, ListenStreamOptions {
  /** "sessions" (default): sessions as the revision has them. "stateless": none (see the module's comment). */
  mode?: "sessions" | "stateless";
  /**
   * Most sessions open at once (default 1 000). When all are open, the idle
   * session used longest ago of the caller holding the most is closed to make
   * room (its client gets 404 and initializes again); with none idle, an
   * `initialize` gets 503, `Retry-After`.
   */
  maxSessions?: number;
  /** Most sessions one caller (principal, or peer without one) holds at once (default 100, less than `maxSessions`); past it 429, `Retry-After`. */
  maxSessionsPerPrincipal?: number;
  /** A session unused this long is closed, in ms (default 600 000). */
  idleTimeoutMs?: number;
  /** Messages that wait for the session's GET stream while none is open (default 256; then new notifications are dropped, and a server request takes the place of the oldest one). */
  maxWaitingMessages?: number;
  /** How long a message sent on a session's stream is kept, so a client whose connection dropped can resume it with `Last-Event-ID`, in ms (default 60 000). */
  resumptionWindowMs?: number;
  /**
   * How long a request's event stream whose connection dropped may wait to be
   * resumed (GET with `Last-Event-ID`, as the revision's clients do after a
   * network drop) before its call, if it waits for the client's answers, is
   * given up, in ms (default 5 000; 0: at once). Its question is withdrawn
   * (`notifications/cancelled`) and the call answered -32603 saying so, both
   * kept for a client that resumes later. A call still running is left to
   * finish (a dropped connection is not a cancellation in this revision), and
   * given up if it asks while its stream is still gone.
   */
  droppedStreamGraceMs?: number;
  /**
   * The principal a request comes from, to bind a session to. Default: the
   * server's own (its `principal` hook, else the verified token's
   * issuer#subject), which is what the server binds every requestState to;
   * set this only to bind sessions otherwise.
   */
  principal?: (request: Request) => string | undefined;
}

/** The defaults of {@link LegacyHttpOptions}' own limits. */
export const LEGACY_HTTP_DEFAULTS = {
  maxSessions: 1000,
  maxSessionsPerPrincipal: 100,
  idleTimeoutMs: 600_000,
  maxWaitingMessages: 256,
  resumptionWindowMs: 60_000,
  droppedStreamGraceMs: 5_000,
  ...LEGACY_SHARE_DEFAULTS,
} as const;

const SESSION_HEADER = "mcp-session-id";

/** A legacy HTTP session: the bridge, whom it belongs to, its streams, what it holds. */
interface HttpSession {
  id: string;
  principal: string | undefined;
  bridge: LegacySession;
  streams: SessionStreams;
  hold: Hold;
  idle: ReturnType<typeof setTimeout> | undefined;
}

const json = (body: unknown, status = 200, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json", ...headers } });
const rpcError = (code: number, message: string, id?: RequestId, data?: unknown) => ({
  jsonrpc: JSONRPC_VERSION,
  ...(id !== undefined && { id }),
  error: { code, message, ...(data !== undefined && { data }) },
});
/** A share or limit reached: 429 (the caller's share) or 503 (the limit in all), `Retry-After`, and -32603 saying which. */
const refused = (refusal: ShareRefusal, id: RequestId | undefined) =>
  json(rpcError(INTERNAL_ERROR, refusal.message, id, refusalData(refusal)), refusal.scope === "share" ? 429 : 503, {
    "retry-after": String(refusal.retryAfterSeconds),
  });
const notFound = () => json(rpcError(INVALID_REQUEST, "Session not found: send initialize to start a new one"), 404);

/** The HTTP era plugin for `createHttpHandler(server, { legacy })`. */
export function legacyHttp(options: LegacyHttpOptions = {}): HttpEra {
  // Long because its steps (initialize, post, listen, close, serve) share the session
  // table, its fair shares and the options; each is a short function.
  const limits = {
    ...LEGACY_HTTP_DEFAULTS,
    ...definedOnly({
      maxSessions: options.maxSessions,
      maxSessionsPerPrincipal: options.maxSessionsPerPrincipal,
      idleTimeoutMs: options.idleTimeoutMs,
      maxWaitingMessages: options.maxWaitingMessages,
      resumptionWindowMs: options.resumptionWindowMs,
      droppedStreamGraceMs: options.droppedStreamGraceMs,
    }),
  };
  if (!(Number.isFinite(limits.droppedStreamGraceMs) && limits.droppedStreamGraceMs >= 0)) {
    throw new ServerDefinitionError(`legacyHttp(): droppedStreamGraceMs must be a number of ms, 0 or more (got ${String(limits.droppedStreamGraceMs)}).`);
  }
  const sse: Required<SseOptions> = { ...SSE_DEFAULTS, ...definedOnly({ heartbeatMs: options.heartbeatMs, maxQueuedMessages: options.maxQueuedMessages }) };
  const sessionsShare = sessionShare("legacyHttp", limits.maxSessions, options.maxSessionsPerPrincipal);
  const held = heldBytesShare("legacyHttp", options);
  const listens = listenShare("legacyHttp", options);
  const sessions = new Map<string, HttpSession>();
  const stateless = options.mode === "stateless";

  /** Who sent a request, as the server names callers (or as `options.principal` binds sessions). */
  const identify = async (request: Request, message: unknown, server: McpServer): Promise<Caller> => {
    const caller = await callerOf(server, message, { request });
    if (!options.principal) return caller;
    const principal = options.principal(request);
    return { principal, owner: principal === undefined ? caller.owner : `principal:${principal}` };
  };

  const close = (session: HttpSession, end?: SessionEnd) => {
    if (sessions.get(session.id) !== session) return;
    sessions.delete(session.id);
    clearTimeout(session.idle);
    session.hold.release();
    session.bridge.close(end);
    session.streams.close();
  };
  const touch = (session: HttpSession) => {
    session.hold.touch();
    clearTimeout(session.idle);
    session.idle = setTimeout(() => close(session), limits.idleTimeoutMs);
    (session.idle as { unref?: () => void }).unref?.();
  };

  /** Stateless mode: each request served on its own, by a bridge that cannot ask the client anything. */
  async function alone(request: Request, message: Record<string, unknown>, server: McpServer): Promise<Response> {
    const version = isLegacyInitialize(message) ? undefined : (request.headers.get("mcp-protocol-version") ?? undefined);
    const bridge = new LegacySession(server, { send: () => false }, { ...options, withoutInput: true, ...(version !== undefined && { version }) });
    const answer = await bridge.receive(message, { request, signal: request.signal, ...httpFacts(request) });
    return answer ? json(answer) : new Response(null, { status: 202 });
  }

  async function initialize(request: Request, message: Record<string, unknown>, server: McpServer): Promise<Response> {
    const caller = await identify(request, message, server);
    let session: HttpSession | undefined;
    // Held from the start (a session being opened counts too, so a flood cannot overshoot); idle once open with no call in flight.
    const hold = sessionsShare.acquire(caller.owner, {
      idle: () => session !== undefined && sessions.get(session.id) === session && session.bridge.activity().requests === 0,
      evict: () => session && close(session, { errorType: "evicted" }),
    });
    if (isShareRefusal(hold)) return refused(hold, message.id as RequestId);
    const id = globalThis.crypto.randomUUID();
    let logHold: Hold | undefined;
    const streams = new SessionStreams(
      { sse, maxWaitingMessages: limits.maxWaitingMessages, resumptionWindowMs: limits.resumptionWindowMs, droppedStreamGraceMs: limits.droppedStreamGraceMs, now: Date.now },
      {
        // The resumption log is held in the caller's share; it is never let go whole, only trimmed (its oldest delivered messages first).
        resize(bytes) {
          if (bytes === 0) return (logHold?.release(), (logHold = undefined), true);
          if (!logHold) {
            const got = held.acquire(caller.owner, { idle: () => false, evict: () => undefined }, bytes);
            if (isShareRefusal(got)) return false;
            logHold = got;
            return true;
          }
          return logHold.resize(bytes) === undefined;
        },
      },
      // A stream that dropped and was not resumed in time: its call is given up if it only waits for answers nobody can see.
      (requestId, reason) => bridge.abandon(requestId, reason),
    );
    const bridge = new LegacySession(
      server,
      { send: (m, related, urgent) => streams.send(m, related, urgent) },
      {
        ...options,
        id,
        holdCall: (call, bytes) => held.acquire(caller.owner, { idle: call.idle, evict: call.withdraw }, bytes),
        holdListen: holdListenIn(listens, () => caller.owner),
      },
    );
    const opened: HttpSession = { id, principal: caller.principal, bridge, streams, hold, idle: undefined };
    let answer: JSONRPCResponse | undefined;
    try {
      answer = await bridge.receive(message, { request, signal: request.signal, ...httpFacts(request) });
    } catch {
      answer = undefined;
    }
    if (!answer || "error" in answer || !hold.held) {
      hold.release();
      bridge.close();
      streams.close();
      return json(answer ?? rpcError(INVALID_REQUEST, "initialize was not answered"), 400);
    }
    session = opened;
    sessions.set(id, session);
    touch(session);
    return json(answer, 200, { [SESSION_HEADER]: id });
  }

  /** A POST within a session: a request is answered on its own stream; a notification or response gets 202. */
  function post(session: HttpSession, request: Request, message: Record<string, unknown>): Promise<Response> {
    const isRequest = "id" in message && typeof message.method === "string";
    if (!isRequest) {
      void session.bridge.receive(message, { request, ...httpFacts(request) });
      return Promise.resolve(new Response(null, { status: 202 }));
    }
    return new Promise<Response>((resolve) => {
      const id = message.id as RequestId;
      // A dropped connection is not a cancellation in this revision: what the request sends waits in the log for a GET with Last-Event-ID.
      // Its signal tells the streams when the connection went away, so a call left waiting for answers nobody sees is given up after the grace.
      session.streams.openPost(id, resolve, request.signal);
      void session.bridge.receive(message, { request, ...httpFacts(request) }).then((answer: JSONRPCResponse | undefined) => {
        if (!session.streams.finishPost(id, answer)) resolve(answer ? json(answer) : new Response(null, { status: 202 }));
      });
    });
  }

  /** The session's GET stream: what belongs to no request, or (with Last-Event-ID) the rest of a stream that dropped. */
  function listen(session: HttpSession, request: Request): Response {
    if (!(request.headers.get("accept") ?? "").includes("text/event-stream")) return json(rpcError(INVALID_REQUEST, "A GET opens an event stream: send Accept: text/event-stream"), 406);
    return session.streams.openGet(request.headers.get("last-event-id"), request.signal);
  }

  /** Whether a request is this era's, from its method, headers and message alone. */
  function claimsIncoming(incoming: { method: string; header(name: string): string | null }, message: Record<string, unknown> | undefined): boolean {
    if (incoming.header(SESSION_HEADER) !== null) return true;
    if (incoming.method !== "POST" || message === undefined) return false;
    if (isLegacyInitialize(message)) return true;
    // Without sessions, a legacy client's later requests are known by the version header it sends.
    return stateless && (LEGACY_PROTOCOL_VERSIONS as readonly string[]).includes(incoming.header("mcp-protocol-version") ?? "");
  }

  return {
    claims: (request, message) => claimsIncoming({ method: request.method, header: (name) => request.headers.get(name) }, message),
    claimsIncoming,
    async serve(request, message, server) {
      const sessionId = request.headers.get(SESSION_HEADER);
      if (sessionId === null || stateless) {
        if (!message) return json(rpcError(PARSE_ERROR, "Parse error: the body is not one JSON-RPC message"), 400);
        return stateless ? alone(request, message, server) : initialize(request, message, server);
      }
      const session = sessions.get(sessionId);
      // An unknown session, an expired one and another principal's look alike: 404, start a new session; the session is not touched.
      if (!session) return notFound();
      const caller = await identify(request, message, server).catch(() => undefined);
      if (!caller || caller.principal !== session.principal || sessions.get(sessionId) !== session) return notFound();
      touch(session);
      const version = request.headers.get("mcp-protocol-version");
      if (version !== null && !(LEGACY_PROTOCOL_VERSIONS as readonly string[]).includes(version)) {
        return json(rpcError(INVALID_REQUEST, `Unsupported MCP-Protocol-Version ${JSON.stringify(version)}; this session speaks ${session.bridge.version}`), 400);
      }
      if (request.method === "DELETE") {
        close(session);
        return new Response(null, { status: 200 });
      }
      if (request.method === "GET") return listen(session, request);
      if (request.method !== "POST") return json(rpcError(INVALID_REQUEST, "Use POST, GET or DELETE"), 405, { allow: "POST, GET, DELETE" });
      if (!message) return json(rpcError(PARSE_ERROR, "Parse error: the body is not one JSON-RPC message"), 400);
      if (isRecord(message) && message.method === "initialize") return json(rpcError(INVALID_REQUEST, "This session is initialized already; send initialize without Mcp-Session-Id to start another", message.id as RequestId), 400);
      return post(session, request, message);
    },
  };
}

/** What middleware learns of a request that came over HTTP. */
function httpFacts(request: Request): { transport: "http"; header: (name: string) => string | null } {
  return { transport: "http", header: (name) => request.headers.get(name) };
}
