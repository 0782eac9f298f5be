/**
 * Client middleware (`createClient({ middleware })`): an onion around every
 * request the client sends, each round of a flow included (a retry is a
 * request of its own). A middleware sees the request about to go out
 * (`SentCall`) and may call `next()` to send it (at most once, optionally with
 * a changed message: another `_meta` entry, say), return a response of its
 * own instead, or throw to refuse it (the call rejects with that error). What
 * comes back passes the client's checks either way. The first given is the
 * outermost. A client with none runs no middleware code.
 *
 * Given as an object (`ClientMiddlewareHooks`), a middleware may also hook
 * what only sessions of initialize-based servers have: the requests such a
 * server sends the client (answered by the client's handlers), and the
 * sessions' starts and ends (the legacy plugin runs those hooks).
 */
import type { JSONRPCRequest } from "@mrtr/schema";
import type { TransportResponse } from "./exchange.js";

/** A request about to be sent, as middleware sees it. */
export interface SentCall {
  /** The method. */
  readonly method: string;
  /** The request as it will be sent (its id, params, `_meta`). */
  readonly message: JSONRPCRequest;
  /**
   * The flow it belongs to and its round: 1 for a first request, 2 for the
   * first retry, … (the id is made by this client for the call; a manual
   * flow keeps it in its `PendingInput`).
   */
  readonly flow: {
    /** The flow's id. */
    readonly id: string;
    /** The round: 1 for the first request. */
    readonly round: number;
  };
  /** Whether it is a manual-mode step (`start`/`resume`). */
  readonly manual: boolean;
  /** Aborts with the call (its signal or time limit). */
  readonly signal: AbortSignal | undefined;
  /**
   * The id of the extension that sends this request for an earlier request of
   * the same flow (the tasks extension's `tasks/get`, `tasks/update`,
   * `tasks/cancel` for the call that made the task); undefined for the
   * call's own rounds. A follow-up's `flow.round` counts its own rounds.
   */
  readonly followUp: string | undefined;
  /**
   * Calls `listener` once when the call is over, after all its rounds and
   * the follow-ups an extension sent for it, with the error it failed with
   * (undefined when it completed). A follow-up's listener waits for the call
   * it follows. A manual step's call is not told: a manual flow ends with
   * its last step's answer.
   */
  onCallEnd(listener: (error?: unknown) => void): void;
}

/** What a layer may add when it sends a request on. */
export interface SendOptions {
  /**
   * HTTP headers for this request alone (merged over the outer layers' and the
   * transport's; never replacing the draft's own). Ignored where there are
   * no per-request headers (stdio, in-process, a 2025-11-25 session).
   */
  headers?: Readonly<Record<string, string>>;
  /**
   * Told each message the server sends on this request's own stream ahead of
   * its answer (progress, a deprecated feature's log messages), as received:
   * check what you read. Listeners of every layer are told, outermost first;
   * one that throws changes nothing. Transports without such messages never
   * call it.
   */
  onMessage?: (message: Readonly<Record<string, unknown>>) => void;
}

/** One layer: send through `next` (optionally another message, or headers of its own), or answer or refuse in its place. */
export type ClientMiddleware = (call: SentCall, next: (message?: JSONRPCRequest, options?: SendOptions) => Promise<TransportResponse>) => Promise<TransportResponse>;

/** A session of an initialize-based server (2025-11-25, 2025-06-18), as client middleware sees it. */
export interface ClientSessionInfo {
  /** The session's id: the server's `Mcp-Session-Id` over HTTP; one the client made on stdio. */
  readonly id: string;
  /** The revision `initialize` negotiated. */
  readonly protocolVersion: string;
  /** `"http"` or `"stdio"`. */
  readonly transport: string;
}

/** A request an initialize-based server sends the client (elicitation, sampling, roots), as middleware sees it. */
export interface InboundCall {
  /** The method. */
  readonly method: string;
  /** Its id in the session. */
  readonly id: string | number;
  /** Its params as the server sent them. */
  readonly params: Readonly<Record<string, unknown>>;
  /** The session it came in. */
  readonly session: ClientSessionInfo;
}

/** One layer around the client's answer to a server's request: call `next` (at most once) for the handler's answer, or throw to refuse. */
export type InboundMiddleware = (call: InboundCall, next: () => Promise<unknown>) => Promise<unknown>;

/** Told when a session opens (after its handshake); what it returns is called once when the session ends. */
export type ClientSessionObserver = (session: ClientSessionInfo) => ((end: { readonly errorType?: string }) => void) | void;

/** A client middleware that hooks more than the requests sent. */
export interface ClientMiddlewareHooks {
  /** Around every request the client sends, as a middleware function is. */
  readonly request?: ClientMiddleware;
  /** Around every answer to a request an initialize-based server sends. */
  readonly inbound?: InboundMiddleware;
  /** Told of each initialize-based session's start and end. */
  readonly session?: ClientSessionObserver;
}

/** The middleware `createClient` was given (each checked): the request layers, and the hooks objects (the legacy plugin reads their `inbound` and `session`). */
export function layersOf(given: readonly (ClientMiddleware | ClientMiddlewareHooks)[]): { requests?: ClientMiddleware[]; hooks?: ClientMiddlewareHooks[] } {
  const requests: ClientMiddleware[] = [];
  const hooks: ClientMiddlewareHooks[] = [];
  given.forEach((layer, i) => {
    if (typeof layer !== "function" && !(typeof layer === "object" && layer !== null && Object.values(layer).every((v) => v === undefined || typeof v === "function"))) {
      throw new TypeError(`createClient: middleware[${i}] must be a function or { request, inbound, session } of functions`);
    }
    if (typeof layer === "function") requests.push(layer);
    else (layer.request && requests.push(layer.request), hooks.push(layer));
  });
  return { ...(requests.length > 0 && { requests }), ...(hooks.length > 0 && { hooks }) };
}
