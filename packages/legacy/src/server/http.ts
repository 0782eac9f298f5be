/**
 * Streamable HTTP as the initialize-based revisions have it
 * (spec-2025-11-25/basic/transports.mdx), on the same endpoint as the
 * modern, stateless one: `createHttpHandler(server, { legacy: legacyHttp() })`.
 *
 * An `initialize` without modern `_meta` opens a session: its id
 * (`Mcp-Session-Id`, random, visible ASCII) comes back with the answer and
 * every later request carries it. Sessions are state, and bounded: at most
 * `maxSessions`, each closed after `idleTimeoutMs` unused or on DELETE; a
 * session answers only the principal that opened it (anyone else gets the
 * 404 of an unknown session). A POSTed request is answered with JSON, or
 * with an event stream when the server sends first on it (progress, log
 * messages, its own requests: elicitation, sampling, roots); a GET opens the
 * session's stream for what belongs to no request (list changes, resource
 * updates). A restart loses every session; clients initialize again, as the
 * revision expects. Several instances need sticky routing for these
 * sessions (modern requests still do not).
 *
 * `mode: "stateless"` keeps no session (for fleets without sticky routing):
 * `initialize` is answered, no session id is issued, every request is
 * served on its own, and a request that needs the client's input fails with
 * a clear error instead.
 */
import { definedOnly, isRecord, SSE_DEFAULTS, SseStream, type SseOptions } from "@mrtr/internal";
import { INVALID_REQUEST, JSONRPC_VERSION, PARSE_ERROR } from "@mrtr/schema";
import type { JSONRPCResponse, RequestId } from "@mrtr/schema";
import type { McpServer } from "@mrtr/server";
import { authInfoOf, principalOf } from "@mrtr/server/auth";
import type { HttpEra } from "@mrtr/server/plugin";
import { LEGACY_PROTOCOL_VERSIONS } from "../schema/versions.js";
import { isLegacyInitialize } from "./claims.js";
import { LegacySession, type SessionLimits } from "./session.js";

/** Options of {@link legacyHttp}. */
export interface LegacyHttpOptions extends SessionLimits, SseOptions {
  /** "sessions" (default): sessions as the revision has them. "stateless": none (see the module's comment). */
  mode?: "sessions" | "stateless";
  /** Most sessions open at once (default 1 000); an `initialize` past it is refused (-32603, try later). */
  maxSessions?: number;
  /** A session unused this long is closed, in ms (default 600 000). */
  idleTimeoutMs?: number;
  /** Messages that wait for the session's GET stream while none is open (default 256; then new notifications are dropped, and a server request takes the place of the oldest one). */
  maxWaitingMessages?: number;
  /** The principal a request comes from, that a session is bound to (default: the verified token's issuer#subject, when `protect` checked one). */
  principal?: (request: Request) => string | undefined;
}

/** The defaults of {@link LegacyHttpOptions}' own limits. */
export const LEGACY_HTTP_DEFAULTS = { maxSessions: 1000, idleTimeoutMs: 600_000, maxWaitingMessages: 256 } as const;

const SESSION_HEADER = "mcp-session-id";

/** A legacy HTTP session: the bridge, its principal, its streams. */
interface HttpSession {
  id: string;
  principal: string | undefined;
  bridge: LegacySession;
  /** The answer streams of POSTed requests still open, by request id. */
  posts: Map<string, PostStream>;
  /** The GET stream, when open. */
  standalone: SseStream | undefined;
  /** What waits for a GET stream. */
  waiting: Record<string, unknown>[];
  idle: ReturnType<typeof setTimeout> | undefined;
}

/** The answer of one POSTed request: JSON, unless something is sent on it first. */
interface PostStream {
  sse: SseStream | undefined;
  start(): SseStream;
}

const json = (body: unknown, status = 200, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json", ...headers } });
const rpcError = (code: number, message: string, id?: RequestId) => ({ jsonrpc: JSONRPC_VERSION, ...(id !== undefined && { id }), error: { code, message } });
const key = (id: unknown) => JSON.stringify(id);

/** The HTTP era plugin for `createHttpHandler(server, { legacy })`. */
export function legacyHttp(options: LegacyHttpOptions = {}): HttpEra {
  const limits = { ...LEGACY_HTTP_DEFAULTS, ...definedOnly({ maxSessions: options.maxSessions, idleTimeoutMs: options.idleTimeoutMs, maxWaitingMessages: options.maxWaitingMessages }) };
  const sse: Required<SseOptions> = { ...SSE_DEFAULTS, ...definedOnly({ heartbeatMs: options.heartbeatMs, maxQueuedMessages: options.maxQueuedMessages }) };
  const principalFor = options.principal ?? ((request: Request) => principalOf(authInfoOf(request)));
  const sessions = new Map<string, HttpSession>();
  const stateless = options.mode === "stateless";

  const close = (session: HttpSession) => {
    if (!sessions.delete(session.id)) return;
    clearTimeout(session.idle);
    session.bridge.close();
    session.standalone?.close();
    for (const post of session.posts.values()) post.sse?.close();
  };
  const touch = (session: HttpSession) => {
    clearTimeout(session.idle);
    session.idle = setTimeout(() => close(session), limits.idleTimeoutMs);
    (session.idle as { unref?: () => void }).unref?.();
  };

  /** Where a session's messages go: the request's own answer stream, else the GET stream, else they wait for one. */
  const outputOf = (session: () => HttpSession) => ({
    send(message: Record<string, unknown>, related: RequestId | undefined, urgent?: boolean): boolean {
      const s = session();
      const post = related === undefined ? undefined : s.posts.get(key(related));
      if (post) return post.start().send(message, urgent);
      if (s.standalone) return s.standalone.send(message, urgent);
      if (s.waiting.length >= limits.maxWaitingMessages) {
        if (!urgent) return false;
        const dropped = s.waiting.findIndex((m) => !("id" in m));
        if (dropped >= 0) s.waiting.splice(dropped, 1);
      }
      s.waiting.push(message);
      return true;
    },
  });

  /** Stateless mode: each request served on its own, by a bridge that cannot ask the client anything. */
  async function alone(request: Request, message: Record<string, unknown>, server: McpServer): Promise<Response> {
    const version = isLegacyInitialize(message) ? undefined : (request.headers.get("mcp-protocol-version") ?? undefined);
    const bridge = new LegacySession(server, { send: () => false }, { ...options, withoutInput: true, ...(version !== undefined && { version }) });
    const answer = await bridge.receive(message, { request, signal: request.signal });
    return answer ? json(answer) : new Response(null, { status: 202 });
  }

  /** Sessions being opened (their initialize not yet answered): they count against maxSessions too. */
  let opening = 0;

  async function initialize(request: Request, message: Record<string, unknown>, server: McpServer): Promise<Response> {
    if (sessions.size + opening >= limits.maxSessions) {
      return json(rpcError(-32603, `Too many sessions open (maxSessions: ${limits.maxSessions}); try again later.`, message.id as RequestId), 503, { "retry-after": "5" });
    }
    opening++;
    const id = globalThis.crypto.randomUUID();
    let session!: HttpSession;
    const bridge = new LegacySession(server, outputOf(() => session), options);
    session = { id, principal: principalFor(request), bridge, posts: new Map(), standalone: undefined, waiting: [], idle: undefined };
    let answer: JSONRPCResponse | undefined;
    try {
      answer = await bridge.receive(message, { request, signal: request.signal });
    } finally {
      opening--;
    }
    if (!answer || "error" in answer) {
      bridge.close();
      return json(answer ?? rpcError(INVALID_REQUEST, "initialize was not answered"), 400);
    }
    sessions.set(id, session);
    touch(session);
    return json(answer, 200, { [SESSION_HEADER]: id });
  }

  /** A POST within a session: a request is answered on its own stream; a notification or response gets 202. */
  function post(session: HttpSession, request: Request, message: Record<string, unknown>): Promise<Response> {
    const isRequest = "id" in message && typeof message.method === "string";
    if (!isRequest) {
      void session.bridge.receive(message, { request });
      return Promise.resolve(new Response(null, { status: 202 }));
    }
    return new Promise<Response>((resolve) => {
      const k = key(message.id);
      const stream: PostStream = {
        sse: undefined,
        start() {
          if (!this.sse) {
            this.sse = new SseStream(sse, () => undefined); // a dropped connection is not a cancellation in this revision
            resolve(this.sse.response);
          }
          return this.sse;
        },
      };
      session.posts.set(k, stream);
      void session.bridge.receive(message, { request }).then((answer: JSONRPCResponse | undefined) => {
        if (session.posts.get(k) === stream) session.posts.delete(k);
        if (!stream.sse) return resolve(answer ? json(answer) : new Response(null, { status: 202 }));
        if (answer) stream.sse.send(answer, true);
        stream.sse.close();
      });
    });
  }

  /** The session's GET stream: what belongs to no request; one at a time. */
  function listen(session: HttpSession, request: Request): Response {
    if (!(request.headers.get("accept") ?? "").includes("text/event-stream")) return json(rpcError(INVALID_REQUEST, "A GET opens an event stream: send Accept: text/event-stream"), 406);
    if (session.standalone) return json(rpcError(INVALID_REQUEST, "This session already has its GET stream open"), 409);
    const stream = new SseStream(sse, () => {
      if (session.standalone === stream) session.standalone = undefined;
    });
    session.standalone = stream;
    for (const message of session.waiting.splice(0)) stream.send(message, true);
    return stream.response;
  }

  return {
    claims(request, message) {
      if (request.headers.has(SESSION_HEADER)) return true;
      if (request.method !== "POST" || message === undefined) return false;
      if (isLegacyInitialize(message)) return true;
      // Without sessions, a legacy client's later requests are known by the version header it sends.
      return stateless && (LEGACY_PROTOCOL_VERSIONS as readonly string[]).includes(request.headers.get("mcp-protocol-version") ?? "");
    },
    async serve(request, message, server) {
      const sessionId = request.headers.get(SESSION_HEADER);
      if (sessionId === null || stateless) {
        if (!message) return json(rpcError(PARSE_ERROR, "Parse error: the body is not one JSON-RPC message"), 400);
        return stateless ? alone(request, message, server) : initialize(request, message, server);
      }
      const session = sessions.get(sessionId);
      // An unknown session, an expired one and another principal's look alike: 404, start a new session.
      if (!session || session.principal !== principalFor(request)) return json(rpcError(INVALID_REQUEST, "Session not found: send initialize to start a new one"), 404);
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
