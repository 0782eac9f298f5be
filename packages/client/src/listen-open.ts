/**
 * One opening of a `subscriptions/listen` stream, through the transport's
 * `listen` (its `request` without one): the acknowledgement must come first
 * and every message must carry the subscription id (others on a shared
 * channel pass by); a `notifications/cancelled` naming the listen request
 * ends the stream. Only the notifications the core takes pass, and those
 * the client's extensions declare (`listenNotifications`). Resolves when
 * the stream ends, telling whether it was acknowledged; a refusal that
 * retrying cannot mend is thrown.
 */
import { JSONRPC_VERSION, UNSUPPORTED_PROTOCOL_VERSION } from "@mrtr/schema";
import type { JSONRPCNotification, JSONRPCRequest } from "@mrtr/schema";
import type { ClientCore } from "./core.js";
import { JsonRpcError, McpClientError, ProtocolViolationError } from "./errors.js";
import type { ListenEvent, ListenFilter } from "./types.js";

/** The notifications the core takes on a listen stream (the cache invalidation reads only these). */
export const CORE_LISTEN_METHODS: ReadonlySet<string> = new Set([
  "notifications/subscriptions/acknowledged",
  "notifications/tools/list_changed",
  "notifications/prompts/list_changed",
  "notifications/resources/list_changed",
  "notifications/resources/updated",
]);

/** Refusals that another attempt would get again. */
export const FATAL = new Set([-32601, -32602, -32600]);

/** Opens the stream once, handing each event to `onEvent`; resolves when it ends (or `stop` aborts), telling whether it was acknowledged. */
export async function openOnce(
  core: ClientCore,
  filter: ListenFilter,
  stop: AbortSignal,
  onEvent: (event: ListenEvent | JSONRPCNotification) => void,
  methods: ReadonlySet<string> = CORE_LISTEN_METHODS,
): Promise<{ acknowledged: boolean }> {
  if (stop.aborted) return { acknowledged: false };
  const message = {
    jsonrpc: JSONRPC_VERSION,
    id: core.nextId(),
    method: "subscriptions/listen",
    params: { _meta: core.meta(), notifications: filter },
  } as JSONRPCRequest;
  const stream = new AbortController();
  const onStop = () => stream.abort(stop.reason);
  stop.addEventListener("abort", onStop, { once: true });
  let acknowledged = false;
  let violation: Error | undefined;
  const onMessage = (m: Record<string, unknown>) => {
    if (violation) return;
    const meta = (m.params as { _meta?: Record<string, unknown> } | undefined)?._meta;
    if (m.method === "notifications/cancelled") {
      // The server tore this stream down (on a shared channel, a cancellation names the request it ends).
      if ((m.params as { requestId?: unknown } | undefined)?.requestId === message.id) stream.abort(new McpClientError("The server ended the subscription stream."));
      return;
    }
    if (typeof m.method !== "string" || !methods.has(m.method) || meta?.["io.modelcontextprotocol/subscriptionId"] !== message.id) return;
    if (!acknowledged && m.method !== "notifications/subscriptions/acknowledged") {
      violation = new ProtocolViolationError("The server sent a notification on a subscription stream before acknowledging it.", m);
      stream.abort(violation);
      return;
    }
    if (m.method === "notifications/subscriptions/acknowledged") acknowledged = true;
    onEvent(m as unknown as ListenEvent);
  };
  try {
    const run = core.transport.listen ?? ((msg: JSONRPCRequest, o: { signal?: AbortSignal; onMessage?: (m: Record<string, unknown>) => void }) => core.transport.request(msg, o));
    const response = (await run(message, { signal: stream.signal, onMessage })) as { error?: { code: number; message: string; data?: unknown } } | undefined;
    if (response?.error) {
      const { code, message: text, data } = response.error;
      if (code === UNSUPPORTED_PROTOCOL_VERSION && core.negotiate((data as { supported?: unknown } | undefined)?.supported)) return { acknowledged: true };
      throw new JsonRpcError(code, text, data);
    }
    if (violation) throw violation;
    return { acknowledged };
  } catch (error) {
    if (stop.aborted) return { acknowledged };
    if (error instanceof JsonRpcError && FATAL.has(error.code)) throw error;
    if (acknowledged) return { acknowledged };
    throw error;
  } finally {
    stop.removeEventListener("abort", onStop);
    stream.abort();
  }
}
