/** What the client needs from a transport: send a request, get its response. */
import type { JSONRPCNotification, JSONRPCRequest, JSONRPCResponse } from "@mrtr/schema";
import type { TransportWire } from "./wire.js";

/** A response as a transport hands it over (checked by the client). */
export type TransportResponse =
  | JSONRPCResponse
  | {
      /** Should be `"2.0"`. */
      jsonrpc: string;
      /** Should be the request's id. */
      id?: unknown;
      /** The result, if it is one. */
      result?: unknown;
      /** The error, if it is one. */
      error?: unknown;
    };

/** Per-exchange options of a transport. */
export interface ExchangeOptions {
  /**
   * Aborts the exchange, which the transport turns into the request's
   * cancellation its own way (basic/patterns/cancellation.mdx): over HTTP it
   * closes the response; on a shared channel (stdio) it sends
   * notifications/cancelled; in-process it aborts the server's request.
   */
  signal?: AbortSignal;
  /** Receives each message the server sends for this request ahead of the answer (progress reports, listen-stream notifications). */
  onMessage?: (message: Record<string, unknown>) => void;
  /** The request is a manual-mode step (`start`/`resume`): a transport that cannot hand input requests to the application refuses it. */
  manual?: boolean;
  /**
   * For a request of an extension's method (such as `tasks/get`), the params
   * field that names what it acts on (`taskId`): over HTTP its value is sent
   * as `Mcp-Name`, as `tools/call`'s name is. Other transports ignore it.
   */
  namedParam?: string | undefined;
}

/**
 * A way to reach a server: one exchange per request. `httpTransport`,
 * `stdioTransport` (`@mrtr/client/stdio`) and `@mrtr/server`'s in-process
 * transport fit. What only one transport has (HTTP's headers, stdio's
 * process) stays inside it; the client knows only exchanges.
 */
export interface Transport {
  /** Sends one request and resolves to its response; rejects when the connection fails or `signal` aborts (after cancelling the request). */
  request(message: JSONRPCRequest, options?: ExchangeOptions): Promise<TransportResponse>;
  /** Sends one notification. */
  notify?(message: JSONRPCNotification): Promise<void>;
  /**
   * Opens a long-lived `subscriptions/listen` exchange: resolves to its
   * closing response, or undefined when the stream ended without one. Without
   * it, the client uses `request` (fine where exchanges have no time limit).
   */
  listen?(message: JSONRPCRequest, options: ExchangeOptions): Promise<TransportResponse | undefined>;
  /** Releases what the transport holds (a child process, a connection); `client.close()` calls it. */
  close?(): Promise<void>;
  /** What the transport offers an era plugin (`@mrtr/client/plugin`); the core never reads it. */
  readonly wire?: TransportWire;
}
