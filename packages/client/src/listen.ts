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
 * openings in a row that failed. One opening is `listen-open.ts`; the
 * events wait in `listen-queue.ts`.
 */
import type { JSONRPCNotification } from "@mrtr/schema";
import type { ClientCore } from "./core.js";
import { JsonRpcError, McpClientError } from "./errors.js";
import { FATAL, openOnce } from "./listen-open.js";
import { listenQueue } from "./listen-queue.js";
import type { ListenEvent, ListenFilter, ListenOptions } from "./types.js";

/** The defaults of {@link ListenOptions}' re-opening. */
export const LISTEN_DEFAULTS = { initialMs: 500, maxMs: 30_000, maxAttempts: 10 } as const;

/**
 * The events of one subscription; `seen` learns of each as it arrives (the
 * cache's invalidation); `methods` are the notifications that pass (the
 * core's and the extensions').
 */
export function listenEvents(
  core: ClientCore,
  filter: ListenFilter,
  options: ListenOptions,
  seen: (event: ListenEvent | JSONRPCNotification) => void,
  methods?: ReadonlySet<string>,
): AsyncIterableIterator<ListenEvent | JSONRPCNotification> {
  const policy = { ...LISTEN_DEFAULTS, ...options.reopen };
  const stop = new AbortController();
  const onCallerAbort = () => stop.abort(options.signal?.reason);
  if (options.signal?.aborted) stop.abort(options.signal.reason);
  else options.signal?.addEventListener("abort", onCallerAbort, { once: true });
  const queue = listenQueue(stop.signal, () => {
    stop.abort(new McpClientError("The listen iterator was closed."));
    options.signal?.removeEventListener("abort", onCallerAbort);
  });
  const onEvent = (event: ListenEvent | JSONRPCNotification) => {
    try {
      seen(event);
    } catch {
      // Cache bookkeeping must not end the subscription.
    }
    // An extension's notification rides the same queue; only its type is wider.
    queue.push(event as ListenEvent);
  };

  /** A wait that ends early when the subscription stops. */
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

  /** Opens the stream again and again, backing off, until the subscription stops or cannot go on. */
  async function pump(): Promise<void> {
    let failures = 0;
    let lastError: unknown;
    while (!stop.signal.aborted) {
      try {
        const { acknowledged } = await openOnce(core, filter, stop.signal, onEvent, methods);
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
    () => queue.end(),
    (error: unknown) => queue.end(error),
  );
  return queue.iterator;
}
