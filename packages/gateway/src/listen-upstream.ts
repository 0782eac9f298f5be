/**
 * One `subscriptions/listen` stream on an upstream, kept open until a signal
 * aborts: opened again on the upstream's current client after a failure
 * (down, restarting), after a pause. What list changes and resource
 * subscriptions both follow.
 */
import type { ListenEvent } from "@mrtr/client";
import type { SubscriptionFilter } from "@mrtr/schema";
import type { Upstream } from "./upstream-pool.js";

/** Pause before opening again after the stream failed, in ms. */
const RETRY_MS = 5_000;

/** Follows `filter` at `upstream` until `signal` aborts, each event to `onEvent`. */
export function listenUpstream(upstream: Upstream, filter: SubscriptionFilter, signal: AbortSignal, onEvent: (event: ListenEvent) => void): void {
  void (async () => {
    while (!signal.aborted) {
      try {
        const client = await upstream.primary();
        for await (const event of client.listen(filter, { signal })) onEvent(event);
      } catch {
        // The upstream is down or restarting: try again later.
      }
      if (!signal.aborted) await new Promise((resolve) => setTimeout(resolve, RETRY_MS).unref?.());
    }
  })();
}
