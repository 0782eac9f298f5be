/** What the client needs from a transport: send a request, get its response. */
import type { JSONRPCNotification, JSONRPCRequest, JSONRPCResponse } from "@mrtr/schema";

/** What the client passes with each request. */
export interface RequestOptions {
  signal?: AbortSignal;
  /** Extra HTTP headers (the `Mcp-Param-*` of a tools/call); transports other than HTTP ignore them. */
  headers?: Record<string, string>;
}

/** A way to reach a server. `@mrtr/server`'s in-process transport and the HTTP transport both fit. */
export interface Transport {
  /** Sends one request and resolves to its response; rejects when the connection fails or `signal` aborts. */
  request(message: JSONRPCRequest, options?: RequestOptions): Promise<JSONRPCResponse | { jsonrpc: string; id?: unknown; result?: unknown; error?: unknown }>;
  /** Sends one notification. */
  notify?(message: JSONRPCNotification): Promise<void>;
}
