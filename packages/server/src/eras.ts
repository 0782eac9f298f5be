/**
 * The seam for serving another era of the protocol beside this one (an
 * initialize-based revision, with @mrtr/legacy): a binding asks an era
 * plugin whether a message opens or belongs to its era and, if so, hands it
 * over. Bindings serve the initialize-based revisions by default, through
 * plugins loaded when such a client first appears (lazy-eras.ts); with
 * `legacy: false` nothing changes and the core answers as always (a legacy
 * `initialize` gets -32022 naming the versions served). The core knows
 * nothing else of other eras.
 */
import type { JSONRPCMessage } from "@mrtr/schema";
import type { McpServer } from "./server.js";

/** An era plugin for the Streamable HTTP binding. */
export interface HttpEra {
  /**
   * Whether `request` is this era's: a POST of `message` (decoded; undefined
   * when the body is not one JSON-RPC object), or a GET or DELETE (no message).
   */
  claims(request: Request, message: Record<string, unknown> | undefined): boolean;
  /**
   * The same test as `claims` from the request's method and headers alone,
   * for a plugin that needs no more: the binding then makes the web
   * `Request` only for the requests the plugin claims (on the Node path,
   * where a modern request never needs one).
   */
  claimsIncoming?(incoming: { readonly method: string; header(name: string): string | null }, message: Record<string, unknown> | undefined): boolean;
  /** Answers a request it claimed. */
  serve(request: Request, message: Record<string, unknown> | undefined, server: McpServer): Promise<Response>;
}

/** How an era plugin writes on a newline-delimited channel (stdio): false when the message could not be queued (backpressure); `urgent` ones are queued regardless. */
export interface EraChannel {
  /** Writes one message to the client; false when it could not be queued (an `urgent` one must be). */
  send(message: JSONRPCMessage | Record<string, unknown>, urgent?: boolean): boolean;
}

/** One connection an era plugin serves. */
export interface EraConnection {
  /** Takes the next decoded message from the client. */
  receive(message: Record<string, unknown>): void;
  /** The connection ended (end of input): abort what is in flight. */
  close(): void;
}

/** An era plugin for newline-delimited channels (`serveStdio`): the first message of a connection decides its era. */
export interface ChannelEra {
  /** Whether `message`, the first of a connection, opens this era (a legacy `initialize`). */
  claims(message: Record<string, unknown>): boolean;
  /** Serves the connection from its first message on. */
  open(server: McpServer, channel: EraChannel): EraConnection;
}
