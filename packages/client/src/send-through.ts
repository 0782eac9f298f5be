/**
 * Sending a request through the client's middleware (`createClient({
 * middleware })`), each layer seeing it as a `SentCall`. Imported only when
 * the client has middleware, so a client without any carries none of it.
 */
import type { JSONRPCRequest } from "@mrtr/schema";
import { runOnion } from "@mrtr/internal";
import { McpClientError } from "./errors.js";
import type { TransportResponse } from "./exchange.js";
import type { ClientMiddleware, SentCall } from "./middleware.js";
import type { FlowCall } from "./types.js";

/** How middleware sees round `rounds + 1` of `call`. */
export function sentCall(call: FlowCall, method: string, message: JSONRPCRequest, rounds: number): SentCall {
  return {
    method,
    message,
    flow: { id: (call.flowId ??= globalThis.crypto.randomUUID()), round: rounds + 1 },
    manual: call.manual === true,
    signal: call.signal,
    followUp: call.followUp,
    onCallEnd: (listener) => void (call.ends ??= []).push(listener),
  };
}

/** A header name (an RFC 9110 token) and a value without line breaks or NUL. */
const TOKEN = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;
const VALUE = /^[^\r\n\0]*$/;

/** What the layers gave `next`: the message, their headers, and their listeners of the request's stream. */
export interface Sent {
  message: JSONRPCRequest;
  headers: Readonly<Record<string, string>> | undefined;
  listeners: readonly ((message: Readonly<Record<string, unknown>>) => void)[];
}

/** Sends `call.message` through `layers`, the first outermost, `send` innermost (with the headers and stream listeners the layers gave). */
export function sendThrough(layers: readonly ClientMiddleware[], call: SentCall, send: (sent: Sent) => Promise<TransportResponse>): Promise<TransportResponse> {
  return runOnion<Sent, TransportResponse>(
    layers.length,
    (i, sending, next) =>
      layers[i]!({ ...call, message: sending.message }, (message = sending.message, options) => {
        const bad = options?.headers && Object.entries(options.headers).find(([name, value]) => !TOKEN.test(name) || typeof value !== "string" || !VALUE.test(value));
        if (bad) return Promise.reject(new McpClientError(`middleware[${i}] gave next() an invalid HTTP header ${JSON.stringify(bad[0])}: names are tokens (letters, digits, !#$%&'*+.^_\`|~-), values strings without line breaks.`));
        const headers = options?.headers ? { ...sending.headers, ...options.headers } : sending.headers;
        const listeners = options?.onMessage ? [...sending.listeners, options.onMessage] : sending.listeners;
        return next({ message, headers, listeners });
      }),
    { message: call.message, headers: undefined, listeners: [] },
    send,
    (i) => new McpClientError(`middleware[${i}] called next() twice`),
  );
}

/** The transport's `onMessage` for a request: the call's own (progress), then each layer's listener; a listener that throws changes nothing. */
export function withListeners(
  own: ((message: Record<string, unknown>) => void) | undefined,
  listeners: readonly ((message: Readonly<Record<string, unknown>>) => void)[],
): ((message: Record<string, unknown>) => void) | undefined {
  if (listeners.length === 0) return own;
  return (message) => {
    own?.(message);
    for (const listener of listeners) {
      try {
        listener(message);
      } catch {
        // A layer's listener must not break the exchange.
      }
    }
  };
}
