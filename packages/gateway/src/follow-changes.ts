/**
 * Keeping the front's lists current: a `subscriptions/listen` stream on each
 * upstream that announces list changes (an initialize-based one's change
 * notifications, through the legacy plugin), each change a new listing of
 * that upstream, coalesced. A stream that re-opens may have missed changes,
 * so every acknowledgement after the first lists again too.
 */
import type { SubscriptionFilter } from "@mrtr/schema";
import type { Upstream } from "./upstream-pool.js";

/** Pause before following again after the stream failed, in ms. */
const RETRY_MS = 5_000;
/** Changes within this many ms make one listing. */
const COALESCE_MS = 100;

/** Follows `upstream`'s list changes until `signal` aborts, calling `changed` (coalesced). */
export function followChanges(upstream: Upstream, signal: AbortSignal, changed: () => void): void {
  const caps = upstream.discovered?.capabilities ?? {};
  const filter: SubscriptionFilter = {
    ...(caps.tools?.listChanged && { toolsListChanged: true }),
    ...(caps.prompts?.listChanged && { promptsListChanged: true }),
    ...(caps.resources?.listChanged && { resourcesListChanged: true }),
  };
  if (Object.keys(filter).length === 0) return;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const soon = () => {
    timer ??= setTimeout(() => {
      timer = undefined;
      if (!signal.aborted) changed();
    }, COALESCE_MS);
  };
  void (async () => {
    let opened = 0;
    while (!signal.aborted) {
      try {
        const client = await upstream.primary();
        for await (const event of client.listen(filter, { signal })) {
          if (event.method !== "notifications/subscriptions/acknowledged" || opened++ > 0) soon();
        }
      } catch {
        // The upstream is down or restarting: try again later (a restart lists it anyway).
      }
      if (!signal.aborted) await new Promise((resolve) => setTimeout(resolve, RETRY_MS).unref?.());
    }
  })();
}
