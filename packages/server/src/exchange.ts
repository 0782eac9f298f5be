/**
 * The transport seam of the server: what a binding (HTTP, stdio, in-process,
 * yours) hands the core with each message. The core owns every protocol rule
 * (intake, versions, the legacy `initialize` answer, cancellation scoping,
 * what to do when a stream backs up); a binding owns only what is its own:
 * how bytes arrive and leave, and, through `precheck`, rules of its wire that
 * the body must agree with (HTTP's headers). Nothing here names a transport:
 * what a binding knows of the sender arrives as facts (`auth`, `peer`,
 * `connection`) beside the host's own request object, which the core reads
 * only when something asks for it.
 */
import type { JSONRPCNotification } from "@mrtr/schema";
import type { ParamHeader } from "@mrtr/schema/http";
import type { AuthInfo } from "./auth/auth-info.js";
import type { McpError } from "./errors.js";
import type { AbortLink } from "./request-abort.js";

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
   * `info.request`. The core reads it only when something needs it: a
   * handler or hook reading it, or looking for the `auth` or `peer` a binding
   * left out. So a binding that makes its request object on demand may give
   * `request` as a getter, with `auth` and `peer` beside it (`null` for
   * none): it is then made only for a handler or hook that reads it.
   */
  request?: unknown;
  /** Aborts the request (the peer went away): the handler's `ctx.signal` aborts and no answer is given. */
  signal?: AbortSignal;
  /**
   * The same as `signal`, for a binding that makes no `AbortSignal` per
   * request (an `AbortLink`, such as the `RequestAbort` our HTTP binding
   * makes): followed through a hook, and taken instead of `signal` when
   * both are given.
   */
  abort?: AbortLink;
  /** The binding's name for middleware (`"http"`, `"stdio"`, `"in-process"`, or yours); `"unknown"` when left out. */
  transport?: string;
  /** A header of the request the message came in, for bindings that have headers (HTTP); middleware reads it as `call.header(name)`. */
  header?: (name: string) => string | null | undefined;
  /**
   * The network address of the peer, for bindings that know it (the Node
   * adapter passes the socket's): callers without a principal are counted per
   * peer for their shares of held resources (`createServer({ anonymous })`).
   * Left out: the address attached to `request` (`attachPeer`), if any;
   * `null`: the binding knows of none.
   */
  peer?: string | null;
  /**
   * The message comes from a bridge that bounds what it keeps open itself
   * (an era plugin's session, such as @mrtr/legacy's): a subscriptions/listen
   * stream it opens is counted by the bridge's own limits, not in the
   * server's stream pool.
   */
  bridge?: boolean;
  /** The id of the initialize-based session the message came in, when a bridge serves one: middleware reads it as `call.session`. */
  session?: string;
  /**
   * The verified access token's facts, when the binding checked one. Left
   * out: what `protect` attached to `request`, if anything; `null`: the
   * binding knows there are none.
   */
  auth?: AuthInfo | null;
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
