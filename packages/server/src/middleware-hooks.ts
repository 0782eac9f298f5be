/**
 * What `server.use` can hook beyond the requests the server serves: the
 * requests a server sends its client (only sessions of the initialize-based
 * revisions have those: a bridged call's elicitation, sampling and roots
 * questions, and pings), and the lives of those sessions. A middleware given
 * as an object (`MiddlewareHooks`) names what it hooks; one given as a
 * function hooks the requests served only. A session finds its server's
 * hooks through `hooksOf`, so a server with none runs none of this code.
 */
import type { RequestId } from "@mrtr/schema";
import { runOnion } from "@mrtr/internal";
import { ServerDefinitionError } from "./errors.js";
import type { Middleware } from "./middleware-chain.js";

/** A session of an initialize-based client (2025-11-25, 2025-06-18), as middleware sees it. */
export interface SessionInfo {
  /** The session's id: `Mcp-Session-Id` over HTTP; one the server made for a stdio session. */
  readonly id: string;
  /** The revision `initialize` negotiated. */
  readonly protocolVersion: string;
  /** The binding it came through (`"http"`, `"stdio"`, …), or `"unknown"`. */
  readonly transport: string;
}

/** How a session ended. */
export interface SessionEnd {
  /** Why, when it did not end as the client asked or by being idle: `"evicted"` (let go to make room for other callers). */
  readonly errorType?: string;
}

/** A request the server is about to send its client, as middleware sees it. */
export interface OutgoingCall {
  /** The method (`elicitation/create`, `sampling/createMessage`, `roots/list`, `ping`). */
  readonly method: string;
  /** Its id in the session. */
  readonly id: RequestId;
  /** Its params as they will be sent. */
  readonly params: Readonly<Record<string, unknown>>;
  /** The session it is sent in. */
  readonly session: SessionInfo;
  /** The client's request it asks for (the bridged call waiting for the answer); undefined for the session's own (a ping). */
  readonly related:
    | {
        /** Its method (`tools/call`, …). */
        readonly method: string;
        /** Its id in the session. */
        readonly id: RequestId;
        /** Its params as the client sent them (their `_meta` carries the client's trace context, if any). */
        readonly params: Readonly<Record<string, unknown>>;
      }
    | undefined;
}

/**
 * One layer around the requests a server sends: call `next` (at most once,
 * optionally with other params: another `_meta` entry, say) and return what
 * it resolves to, the client's result; or throw to refuse sending it.
 */
export type OutgoingMiddleware = (call: OutgoingCall, next: (params?: Record<string, unknown>) => Promise<unknown>) => Promise<unknown>;

/** Told when a session opens (after `initialize` is answered); what it returns is called once when the session ends. */
export type SessionObserver = (session: SessionInfo) => ((end: SessionEnd) => void) | void;

/** A middleware that hooks more than the requests served. */
export interface MiddlewareHooks {
  /** Around every request the server serves, as a middleware function given to `use` is. */
  readonly request?: Middleware;
  /** Around every request the server sends its client in a session of an initialize-based revision. */
  readonly outgoing?: OutgoingMiddleware;
  /** Told of each such session's start and end. */
  readonly session?: SessionObserver;
}

/** What `server.use` takes: a middleware around the requests served, or hooks naming what they hook. */
export type ServerMiddleware = Middleware | MiddlewareHooks;

/** The outgoing and session hooks of one server, the first `use`d first. */
export interface ServerHooks {
  readonly outgoing: OutgoingMiddleware[];
  readonly sessions: SessionObserver[];
}

const HOOKS = new WeakMap<object, ServerHooks>();

/** The outgoing and session hooks `server.use` gave `server`; undefined when it gave none. */
export function hooksOf(server: object): ServerHooks | undefined {
  return HOOKS.get(server);
}

/** Adds what `server.use` was given: request middleware to `requests`, the rest to the server's hooks. */
export function addMiddleware(server: object, requests: Middleware[], given: readonly unknown[]): void {
  given.forEach((layer, i) => {
    if (typeof layer === "function") return;
    const hooks = layer as MiddlewareHooks | null;
    const bad = hooks === null || typeof hooks !== "object" || (["request", "outgoing", "session"] as const).some((k) => hooks[k] !== undefined && typeof hooks[k] !== "function");
    if (bad) throw new ServerDefinitionError(`server.use takes functions (call, next) => result, or { request?, outgoing?, session? } of functions; argument ${i + 1} is ${describe(layer)}.`);
  });
  for (const layer of given as ServerMiddleware[]) {
    if (typeof layer === "function") {
      requests.push(layer);
      continue;
    }
    if (layer.request) requests.push(layer.request);
    if (!layer.outgoing && !layer.session) continue;
    let hooks = HOOKS.get(server);
    if (!hooks) HOOKS.set(server, (hooks = { outgoing: [], sessions: [] }));
    if (layer.outgoing) hooks.outgoing.push(layer.outgoing);
    if (layer.session) hooks.sessions.push(layer.session);
  }
}

/** Sends `call` through `layers`, the first outermost, `send` innermost. */
export function sendOutgoing(layers: readonly OutgoingMiddleware[], call: OutgoingCall, send: (params: Record<string, unknown>) => Promise<unknown>): Promise<unknown> {
  return runOnion(
    layers.length,
    (i, params, next) => layers[i]!({ ...call, params }, next),
    call.params as Record<string, unknown>,
    send,
    (i) => new ServerDefinitionError(`Outgoing middleware ${i + 1} of ${layers.length} called next() twice for one ${call.method}: call it at most once.`),
  );
}

function describe(value: unknown): string {
  return value === null ? "null" : Array.isArray(value) ? "an array" : typeof value === "object" ? "an object with a member that is not a function" : typeof value;
}
