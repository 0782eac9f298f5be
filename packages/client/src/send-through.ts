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

/** Sends `call.message` through `layers`, the first outermost, `send` innermost (with the headers the layers gave, if any). */
export function sendThrough(
  layers: readonly ClientMiddleware[],
  call: SentCall,
  send: (message: JSONRPCRequest, headers: Readonly<Record<string, string>> | undefined) => Promise<TransportResponse>,
): Promise<TransportResponse> {
  type Sending = { message: JSONRPCRequest; headers: Readonly<Record<string, string>> | undefined };
  return runOnion<Sending, TransportResponse>(
    layers.length,
    (i, sending, next) =>
      layers[i]!({ ...call, message: sending.message }, (message = sending.message, options) => {
        const bad = options?.headers && Object.entries(options.headers).find(([name, value]) => !TOKEN.test(name) || typeof value !== "string" || !VALUE.test(value));
        if (bad) return Promise.reject(new McpClientError(`middleware[${i}] gave next() an invalid HTTP header ${JSON.stringify(bad[0])}: names are tokens (letters, digits, !#$%&'*+.^_\`|~-), values strings without line breaks.`));
        return next({ message, headers: options?.headers ? { ...sending.headers, ...options.headers } : sending.headers });
      }),
    { message: call.message, headers: undefined },
    (s) => send(s.message, s.headers),
    (i) => new McpClientError(`middleware[${i}] called next() twice`),
  );
}
