/**
 * The era seam of the client: an opt-in plugin (`@mrtr/client/legacy`'s
 * `legacyClient()`) passed as `createClient({ legacy })` wraps the
 * transport, so servers of another protocol era are reached with the same
 * calls and the same handlers. The core speaks only 2026-07-28 and carries
 * none of it.
 */
import type { ClientCapabilities, Implementation } from "@mrtr/schema";
import type { ClientInputKind } from "./input-kinds.js";
import type { ClientMiddlewareHooks } from "./middleware.js";
import type { Transport } from "./transport.js";

/** What the client hands an era plugin. */
export interface EraClient {
  /** The capabilities derived from the registered handlers (what `initialize` declares). */
  readonly capabilities: ClientCapabilities;
  /** The client's name and version (what `initialize` sends as `clientInfo`). */
  readonly clientInfo: Implementation;
  /**
   * The input kinds by method: the same handlers, checks and answer
   * preparation the client uses for `inputRequests`, for the requests a
   * server of another era sends.
   */
  readonly kinds: ReadonlyMap<string, ClientInputKind>;
  /** The middleware given as hooks objects, when there are any: their `inbound` and `session` are the era plugin's to run. */
  readonly hooks?: readonly ClientMiddlewareHooks[];
}

/** A plugin that lets the client speak another era. */
export interface ClientEra {
  /** The transport the client uses in place of `transport`. */
  wrap(transport: Transport, client: EraClient): Transport;
}
