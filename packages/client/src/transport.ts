/** What the client needs from a transport: send a request, get its response. */
import type { JSONRPCNotification, JSONRPCRequest, JSONRPCResponse } from "@mrtr/schema";

/** A response as a transport hands it over (checked by the client). */
export type TransportResponse = JSONRPCResponse | { jsonrpc: string; id?: unknown; result?: unknown; error?: unknown };

/** Per-exchange options of a transport. */
export interface ExchangeOptions {
  /** Aborts the exchange; over HTTP, closing the response is the request's cancellation. */
  signal?: AbortSignal;
  /** Receives each message the server sends ahead of the answer (progress reports, listen-stream notifications). */
  onMessage?: (message: Record<string, unknown>) => void;
  /** Extra HTTP headers (the `Mcp-Param-*` of a tools/call); transports other than HTTP ignore them. */
  headers?: Record<string, string>;
}

/** A way to reach a server. `@mrtr/server`'s in-process transport and the HTTP transport both fit. */
export interface Transport {
  /** Sends one request and resolves to its response; rejects when the connection fails or `signal` aborts. */
  request(message: JSONRPCRequest, options?: ExchangeOptions): Promise<TransportResponse>;
  /** Sends one notification. */
  notify?(message: JSONRPCNotification): Promise<void>;
  /**
   * Opens a long-lived `subscriptions/listen` exchange: resolves to its
   * closing response, or undefined when the stream ended without one. Without
   * it, the client uses `request` (fine where exchanges have no time limit).
   */
  listen?(message: JSONRPCRequest, options: ExchangeOptions): Promise<TransportResponse | undefined>;
}
