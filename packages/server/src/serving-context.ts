/**
 * The context of one request as the server's methods see it (the handler's
 * `RequestContext` plus the stream the answer may go out on and whom the
 * request's holds count against), and the one place it is built. The host's
 * request is a getter on it, read from the binding's options on first use,
 * so a binding that makes its request object on demand makes it only for a
 * handler or hook that reads it; contexts built from it (a round's
 * `InputContext`, a completer's) are copies that keep the getter.
 */
import type { JSONRPCNotification } from "@mrtr/schema";
import type { RequestContext } from "./context.js";
import type { HandleOptions } from "./exchange.js";

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

/** What the dispatcher knows of a request when it builds its context: everything but the host's request, which comes from the binding's options. */
export type ServingFacts = Omit<ServingContext, "request">;

/** The context of one request: `facts`, and `ctx.request` read from the binding's `options` on first use. */
export function servingContext(facts: ServingFacts, options: HandleOptions): ServingContext {
  let read = false;
  let request: unknown;
  const get = () => {
    if (!read) {
      request = options.request;
      read = true;
    }
    return request;
  };
  return Object.defineProperty(facts, "request", { get, enumerable: true, configurable: true }) as ServingContext;
}

/** A copy of `ctx` with `extra` added, keeping `ctx.request` unread (a spread would read it). */
export function extendContext<T extends object, E extends object>(ctx: T, extra: E): T & E {
  return Object.assign(Object.defineProperties({}, Object.getOwnPropertyDescriptors(ctx)) as T, extra);
}
