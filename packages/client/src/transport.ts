/** What the client needs from a transport: send a request, get its response. */
import type { JSONRPCNotification, JSONRPCRequest, JSONRPCResponse } from "@mrtr/schema";

/** A way to reach a server. `@mrtr/server`'s in-process transport and the HTTP transport both fit. */
export interface Transport {
  /** Sends one request and resolves to its response; rejects when the connection fails or `signal` aborts. */
  request(message: JSONRPCRequest, options?: { signal?: AbortSignal }): Promise<JSONRPCResponse | { jsonrpc: string; id?: unknown; result?: unknown; error?: unknown }>;
  /** Sends one notification. */
  notify?(message: JSONRPCNotification): Promise<void>;
}
