/**
 * An in-process transport: hands messages to a server in the same process,
 * through JSON text both ways, exactly as a network would (so nothing that
 * would not survive the wire slips through). For tests and embedding.
 *
 * One transport is one connection: a `notifications/cancelled` sent through
 * it reaches the requests it sent (and only those), and notifications sent
 * ahead of an answer (progress, listen streams) reach `onMessage`.
 */
import type { JSONRPCNotification, JSONRPCRequest, JSONRPCResponse } from "@mrtr/schema";
import type { McpServer } from "./server.js";

/** The client side of an in-process connection. */
export interface InProcessTransport {
  /**
   * Sends one request and resolves to the server's response. Notifications
   * the server sends before it go to `onMessage`. Rejects when `signal`
   * aborts (the server then cancels the request and answers nothing), and
   * when a subscriptions/listen stream ends without its closing result.
   */
  request(message: JSONRPCRequest, options?: { signal?: AbortSignal; onMessage?: (message: Record<string, unknown>) => void }): Promise<JSONRPCResponse>;
  /** Sends one notification. */
  notify(message: JSONRPCNotification): Promise<void>;
}

const viaJson = <T>(value: T): T => JSON.parse(JSON.stringify(value)) as T;

/** Options of {@link inProcessTransport}. */
export interface InProcessOptions {
  /** What the server sees as the host's request of every message: `ctx.request` and the `principal` hook's `info.request`. */
  request?: unknown;
}

/** Connects to `server` in-process, as one connection. */
export function inProcessTransport(server: McpServer, options: InProcessOptions = {}): InProcessTransport {
  const connection = {};
  const { request } = options;
  return {
    async request(message, { signal, onMessage } = {}) {
      const response = await server.handle(JSON.stringify(message), {
        request,
        connection,
        transport: "in-process",
        ...(signal && { signal }),
        ...(onMessage && {
          send: (n: JSONRPCNotification) => {
            onMessage(viaJson(n) as unknown as Record<string, unknown>);
            return true;
          },
        }),
      });
      if (!response) {
        if (signal?.aborted) throw signal.reason;
        throw new Error("The server sent no response to the request.");
      }
      return viaJson(response);
    },
    async notify(message) {
      await server.handle(JSON.stringify(message), { request, connection });
    },
  };
}
