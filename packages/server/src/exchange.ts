/**
 * The transport seam of the server: what a binding (HTTP, stdio, in-process,
 * yours) hands the core with each message. The core owns every protocol rule
 * (intake, versions, the legacy `initialize` answer, cancellation scoping,
 * what to do when a stream backs up); a binding owns only what is its own:
 * how bytes arrive and leave, and, through `precheck`, rules of its wire that
 * the body must agree with (HTTP's headers).
 */
import type { JSONRPCNotification } from "@mrtr/schema";
import type { ParamHeader } from "@mrtr/schema/http";
import { authInfoOf, type AuthInfo } from "./auth/auth-info.js";
import { peerOf } from "./shares/peer-address.js";
import type { McpError } from "./errors.js";

/** What the core tells a binding's `precheck` about the server. */
export interface PrecheckFacts {
  /** The protocol versions the server speaks. */
  readonly supportedVersions: readonly string[];
  /** The `x-mcp-header` parameters of a registered tool (none for an unknown tool). */
  toolParamHeaders(name: string): readonly ParamHeader[];
  /** Extension methods whose `Mcp-Name` header carries a params field, by method (`{ "tasks/get": "taskId" }`). */
  readonly namedParams: Readonly<Record<string, string>>;
}

/** What a binding passes with each message to `server.handle`. */
export interface HandleOptions {
  /**
   * The host's own request object for this message (over HTTP the web
   * `Request`); reaches handlers as `ctx.request` and the `principal` hook as
   * `info.request`.
   */
  request?: unknown;
  /**
   * The same as `request`, which wins when both are given.
   *
   * @deprecated Use `request`: the old name said where the value came from,
   * not what it is. Deprecated in 0.1.0; removed in 0.2.0 at the earliest.
   */
  transport?: unknown;
  /**
   * The host's request made on first use, for a binding that builds it only
   * when a handler or hook reads it (the Node adapter). Such a request is
   * new, so no auth info can have been attached to it.
   * @internal
   */
  requestOf?: () => unknown;
  /** Aborts the request (the peer went away): the handler's `ctx.signal` aborts and no answer is given. */
  signal?: AbortSignal;
  /**
   * The network address of the peer, for bindings that know it (the Node
   * adapter passes the socket's): callers without a principal are counted per
   * peer for their shares of held resources (`createServer({ anonymous })`).
   * Default: the address attached to `request` (`attachPeer`), if any.
   */
  peer?: string;
  /**
   * The message comes from a bridge that bounds what it keeps open itself
   * (an era plugin's session, such as @mrtr/legacy's): a subscriptions/listen
   * stream it opens is counted by the bridge's own limits, not in the
   * server's stream pool.
   */
  bridge?: boolean;
  /** The verified access token's facts, when the binding checked one (`protect` attaches it to the HTTP request instead). */
  auth?: AuthInfo;
  /**
   * The connection the message came on, for bindings that have one (stdio,
   * in-process, a socket): any value that is the same object for every
   * message of one connection. `notifications/cancelled` reaches only
   * requests of the same connection and principal. HTTP has none (closing a
   * response is its cancellation).
   */
  connection?: unknown;
  /**
   * Sends a notification ahead of the answer: progress reports of a request
   * that asked for them, and everything a subscriptions/listen stream
   * carries. Returns false when the binding could not queue it (its queue is
   * full, or the exchange is over); the core then drops a progress report and
   * tears down a listen stream. An `urgent` message must be queued even past
   * the binding's limit: it is the one `notifications/cancelled` that says a
   * stream was torn down. Without `send`, nothing is sent ahead of the answer
   * and subscriptions/listen is refused.
   */
  send?: (notification: JSONRPCNotification, urgent?: boolean) => boolean;
  /**
   * A binding's own check of the decoded message before it is validated and
   * served (HTTP: the standard and `Mcp-Param-*` headers must agree with the
   * body). Returns the error to answer with, or undefined to go on. Runs on
   * every message with a method, notifications included.
   */
  precheck?: (message: Record<string, unknown>, facts: PrecheckFacts) => McpError | undefined;
}

/** The host's request object a binding passed: `request`, or the deprecated `transport`, or the one made on demand. */
export function hostRequest(options: HandleOptions): unknown {
  return options.request ?? options.transport ?? options.requestOf?.();
}

/** Auth info `protect` attached to the host's request (none on a request made on demand, which is new). */
export function hostAuth(options: HandleOptions): AuthInfo | undefined {
  if (options.auth) return options.auth;
  return options.request === undefined && options.transport === undefined && options.requestOf ? undefined : authInfoOf(hostRequest(options));
}

/** The peer's address a binding passed, or attached to the host's request (never a request made on demand, which carries none). */
export function hostPeer(options: HandleOptions): string | undefined {
  if (options.peer !== undefined) return options.peer;
  const given = options.request ?? options.transport;
  return given === undefined ? undefined : peerOf(given);
}

/**
 * Gives a context `ctx.request` and the deprecated `ctx.transport`: the host's
 * request, read on first use (so a binding that makes it on demand makes it
 * only for a handler that reads it). Contexts are copied with
 * {@link copyContext}, which keeps the getters instead of reading them.
 */
export function defineHostRequest<T extends object>(ctx: T, options: HandleOptions): T & { readonly request: unknown; readonly transport: unknown } {
  let read = false;
  let value: unknown;
  const get = () => {
    if (!read) {
      value = hostRequest(options);
      read = true;
    }
    return value;
  };
  Object.defineProperty(ctx, "request", { get, enumerable: true, configurable: true });
  Object.defineProperty(ctx, "transport", { get, enumerable: true, configurable: true });
  return ctx as T & { readonly request: unknown; readonly transport: unknown };
}

/** A shallow copy of a context that keeps its getters (a spread would read them). */
export function copyContext<T extends object>(ctx: T): T {
  return Object.defineProperties({}, Object.getOwnPropertyDescriptors(ctx)) as T;
}
