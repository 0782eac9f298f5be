/** What serving one method takes: its typed request, the request's context and the server's parts. */
import type { ClientMethodMap, InputRequiredResult, JSONRPCNotification } from "@mrtr/schema";
import type { RequestContext } from "../context.js";
import type { ServerCore } from "../core.js";

/** Every method a client may call. */
export type ClientMethod = keyof ClientMethodMap;

/** The server's answer to `M`: its complete result, or for multi round-trip methods a request for input. */
export type MethodResult<M extends ClientMethod> = ClientMethodMap[M]["result"] | InputRequiredResult;

/** The context of a request as methods see it: the handler's, plus the stream the answer may go out on. */
export interface ServingContext extends RequestContext {
  /** Sends a notification ahead of the answer; false when it was not sent (no stream, the request is over, or the stream backed up). */
  readonly emit: (notification: JSONRPCNotification) => boolean;
  /** Whether the binding sends notifications ahead of the answer (HTTP and stdio do; a plain `handle` call without `send` does not). */
  readonly streaming: boolean;
  /**
   * Whom what this request holds across requests counts against, for fair
   * shares (docs/architecture.md, "Fair shares"): `principal:<principal>`, or
   * for a caller without one (as `createServer({ anonymous })` says)
   * `peer:<address>`, `connection:<n>` or `anonymous`.
   */
  readonly owner: string;
  /** Whether the message came from a bridge that bounds what it holds itself (`HandleOptions.bridge`: an era plugin's session). */
  readonly bridged: boolean;
}

/** Serves one request of method `M`. Throws `McpError`s for protocol errors. */
export type MethodHandler<M extends ClientMethod> = (
  request: ClientMethodMap[M]["request"],
  ctx: ServingContext,
  core: ServerCore,
) => Promise<MethodResult<M>>;

/** The methods a server serves, by name. */
export type MethodTable = { readonly [M in ClientMethod]?: MethodHandler<M> };
