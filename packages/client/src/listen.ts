/**
 * `client.listen(filter)`: the notifications of a subscriptions/listen
 * stream as an async iterator (basic/patterns/subscriptions.mdx). The
 * stream is opened again whenever it ends without the caller asking
 * (dropped connection, server restart, server closing it, too long silent),
 * after a back-off that doubles on each attempt that fails to be
 * acknowledged (with jitter) and resets on an acknowledgement; the
 * acknowledgement of each opening is yielded too, so a consumer knows it
 * may have missed changes and re-reads what it follows. Stops when the
 * caller's signal aborts or the loop breaks; fails on a refusal that
 * retrying cannot mend (-32601, -32602, -32600) or after `maxAttempts`
 * openings in a row that failed.
 */
import { JSONRPC_VERSION, UNSUPPORTED_PROTOCOL_VERSION } from "@mrtr/schema";
import type {
  JSONRPCRequest,
  PromptListChangedNotification,
  ResourceListChangedNotification,
  ResourceUpdatedNotification,
  SubscriptionFilter,
  SubscriptionsAcknowledgedNotification,
  ToolListChangedNotification,
} from "@mrtr/schema";
import { JsonRpcError, McpClientError, ProtocolViolationError } from "./errors.js";
import type { FlowContext } from "./flow.js";

/** What a listen iterator yields. */
export type ListenEvent =
  | SubscriptionsAcknowledgedNotification
  | ToolListChangedNotification
  | PromptListChangedNotification
  | ResourceListChangedNotification
  | ResourceUpdatedNotification;

/** Options of `client.listen`. */
export interface ListenOptions {
  /** Ends the subscription (closes the stream) and the iteration. */
  signal?: AbortSignal;
  /** Re-opening: first delay (default 500 ms), cap (default 30 s), openings in a row that may fail before the iterator throws (default 10). */
  reopen?: {
    /** The first delay, in ms; each next one doubles. */
    initialMs?: number;
    /** The longest delay, in ms. */
    maxMs?: number;
    /** Openings in a row that may fail. */
    maxAttempts?: number;
  };
}

/** The defaults of {@link ListenOptions}' re-opening. */
export const LISTEN_DEFAULTS = { initialMs: 500, maxMs: 30_000, maxAttempts: 10 } as const;

const METHODS = new Set([
  "notifications/subscriptions/acknowledged",
  "notifications/tools/list_changed",
  "notifications/prompts/list_changed",
  "notifications/resources/list_changed",
  "notifications/resources/updated",
]);

/** Refusals that another attempt would get again. */
const FATAL = new Set([-32601, -32602, -32600]);

/**
 * The events of one subscription. Pending events are coalesced (an event
 * equal to one not yet taken is dropped), so what waits is bounded by the
 * filter: at most one of each kind and one per followed URI.
 */
export function listenEvents(ctx: FlowContext, filter: SubscriptionFilter, options: ListenOptions, seen: (event: ListenEvent) => void): AsyncIterableIterator<ListenEvent> {
  const policy = { ...LISTEN_DEFAULTS, ...options.reopen };
  const stop = new AbortController();
  const onCallerAbort = () => stop.abort(options.signal?.reason);
  if (options.signal?.aborted) stop.abort(options.signal.reason);
  else options.signal?.addEventListener("abort", onCallerAbort, { once: true });

  const queue: ListenEvent[] = [];
  const keys = new Set<string>();
  let failure: unknown;
  let finished = false;
  let wake: (() => void) | undefined;
  const signalWake = () => {
    wake?.();
    wake = undefined;
  };
  const keyOf = (event: ListenEvent) => {
    const params = event.params as { uri?: unknown; notifications?: unknown };
    return JSON.stringify([event.method, params.uri ?? null, params.notifications ?? null]);
  };
  const push = (event: ListenEvent) => {
    const key = keyOf(event);
    if (keys.has(key)) return;
    keys.add(key);
    queue.push(event);
    signalWake();
  };

  const sleep = (ms: number) =>
    new Promise<void>((resolve) => {
      const t = setTimeout(done, ms);
      function done() {
        clearTimeout(t);
        stop.signal.removeEventListener("abort", done);
        resolve();
      }
      stop.signal.addEventListener("abort", done, { once: true });
    });

  /** Opens the stream once; resolves when it ends, telling whether it was acknowledged. */
  async function openOnce(): Promise<{ acknowledged: boolean }> {
    const message = {
      jsonrpc: JSONRPC_VERSION,
      id: ctx.nextId(),
      method: "subscriptions/listen",
      params: { _meta: ctx.meta(), notifications: filter },
    } as JSONRPCRequest;
    const stream = new AbortController();
    const onStop = () => stream.abort(stop.signal.reason);
    stop.signal.addEventListener("abort", onStop, { once: true });
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
      if (typeof m.method !== "string" || !METHODS.has(m.method) || meta?.["io.modelcontextprotocol/subscriptionId"] !== message.id) return;
      if (!acknowledged && m.method !== "notifications/subscriptions/acknowledged") {
        violation = new ProtocolViolationError("The server sent a notification on a subscription stream before acknowledging it.", m);
        stream.abort(violation);
        return;
      }
      if (m.method === "notifications/subscriptions/acknowledged") acknowledged = true;
      const event = m as unknown as ListenEvent;
      try {
        seen(event);
      } catch {
        // Cache bookkeeping must not end the subscription.
      }
      push(event);
    };
    try {
      const run = ctx.transport.listen ?? ((msg: JSONRPCRequest, o: { signal?: AbortSignal; onMessage?: (m: Record<string, unknown>) => void }) => ctx.transport.request(msg, o));
      const response = (await run(message, { signal: stream.signal, onMessage })) as { error?: { code: number; message: string; data?: unknown } } | undefined;
      if (response?.error) {
        const { code, message: text, data } = response.error;
        if (code === UNSUPPORTED_PROTOCOL_VERSION && ctx.negotiate((data as { supported?: unknown } | undefined)?.supported)) return { acknowledged: true };
        throw new JsonRpcError(code, text, data);
      }
      if (violation) throw violation;
      return { acknowledged };
    } catch (error) {
      if (stop.signal.aborted) return { acknowledged };
      if (error instanceof JsonRpcError && FATAL.has(error.code)) throw error;
      if (acknowledged) return { acknowledged };
      throw error;
    } finally {
      stop.signal.removeEventListener("abort", onStop);
      stream.abort();
    }
  }

  async function pump(): Promise<void> {
    let failures = 0;
    let lastError: unknown;
    while (!stop.signal.aborted) {
      try {
        const { acknowledged } = await openOnce();
        if (acknowledged) failures = 0;
        else failures++;
      } catch (error) {
        if (error instanceof JsonRpcError && FATAL.has(error.code)) throw error;
        lastError = error;
        failures++;
      }
      if (stop.signal.aborted) break;
      if (failures >= policy.maxAttempts) throw lastError ?? new McpClientError(`The subscription stream could not be opened in ${failures} attempts.`);
      const base = Math.min(policy.initialMs * 2 ** Math.max(0, failures - 1), policy.maxMs);
      await sleep(failures === 0 ? Math.min(policy.initialMs, base) * Math.random() : base / 2 + (base / 2) * Math.random());
    }
  }

  void pump().then(
    () => {
      finished = true;
      signalWake();
    },
    (error: unknown) => {
      failure = error;
      finished = true;
      signalWake();
    },
  );

  const close = () => {
    stop.abort(new McpClientError("The listen iterator was closed."));
    options.signal?.removeEventListener("abort", onCallerAbort);
  };

  const iterator: AsyncIterableIterator<ListenEvent> = {
    async next() {
      for (;;) {
        const event = queue.shift();
        if (event) {
          keys.delete(keyOf(event));
          return { value: event, done: false };
        }
        if (failure !== undefined) {
          const error = failure;
          failure = undefined;
          close();
          throw error;
        }
        if (finished || stop.signal.aborted) {
          close();
          return { value: undefined, done: true };
        }
        await new Promise<void>((resolve) => (wake = resolve));
      }
    },
    async return() {
      close();
      queue.length = 0;
      return { value: undefined, done: true };
    },
    [Symbol.asyncIterator]() {
      return iterator;
    },
  };
  return iterator;
}
