/**
 * Client middleware (`createClient({ middleware })`): an onion around every
 * request the client sends, each round of a flow included (a retry is a
 * request of its own). A middleware sees the request about to go out
 * (`SentCall`) and may call `next()` to send it (at most once, optionally with
 * a changed message: another `_meta` entry, say), return a response of its
 * own instead, or throw to refuse it (the call rejects with that error). What
 * comes back passes the client's checks either way. The first given is the
 * outermost. A client with none runs no middleware code.
 */
import type { JSONRPCRequest } from "@mrtr/schema";
import { McpClientError } from "./errors.js";
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
}

/** One layer: send through `next` (optionally another message), or answer or refuse in its place. */
export type ClientMiddleware = (call: SentCall, next: (message?: JSONRPCRequest) => Promise<TransportResponse>) => Promise<TransportResponse>;

/** Sends `call.message` through `layers`, the first outermost, `send` innermost. */
export function sendThrough(layers: readonly ClientMiddleware[], call: SentCall, send: (message: JSONRPCRequest) => Promise<TransportResponse>): Promise<TransportResponse> {
  const at = (i: number, message: JSONRPCRequest): Promise<TransportResponse> => {
    if (i === layers.length) return send(message);
    let called = false;
    return layers[i]!({ ...call, message }, (next = message) => {
      if (called) return Promise.reject(new McpClientError(`middleware[${i}] called next() twice`));
      called = true;
      return at(i + 1, next);
    });
  };
  return at(0, call.message);
}

/** The middleware `createClient` was given, each checked to be a function. */
export function layersOf(layers: readonly ClientMiddleware[]): readonly ClientMiddleware[] {
  for (const layer of layers) if (typeof layer !== "function") throw new TypeError(`createClient: middleware[${layers.indexOf(layer)}] is not a function`);
  return [...layers];
}
