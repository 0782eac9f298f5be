/**
 * An in-process transport: hands messages to a server in the same process,
 * through JSON text both ways, exactly as a network would (so nothing that
 * would not survive the wire slips through). For tests and embedding.
 */
import type { JSONRPCNotification, JSONRPCRequest } from "@mrtr/schema";
import type { McpServer, ServerResponse } from "./server.js";

/** The client side of an in-process connection. */
export interface InProcessTransport {
  /** Sends one request and resolves to the server's response. */
  request(message: JSONRPCRequest, options?: { signal?: AbortSignal }): Promise<ServerResponse>;
  /** Sends one notification. */
  notify(message: JSONRPCNotification): Promise<void>;
}

/** Connects to `server` in-process; `transport` is what the server's `principal` hook receives. */
export function inProcessTransport(server: McpServer, options: { transport?: unknown } = {}): InProcessTransport {
  return {
    async request(message, { signal } = {}) {
      const response = await server.handle(JSON.stringify(message), { transport: options.transport, ...(signal && { signal }) });
      if (!response) throw new Error("The server sent no response to a request.");
      return JSON.parse(JSON.stringify(response)) as ServerResponse;
    },
    async notify(message) {
      await server.handle(JSON.stringify(message), { transport: options.transport });
    },
  };
}
