/** What the client needs from a transport: send a request, get its response. */
import type { JSONRPCNotification, JSONRPCRequest } from "@mrtr/schema";
import type { ExchangeOptions, TransportResponse } from "./exchange.js";
import type { TransportWire } from "./wire.js";

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
