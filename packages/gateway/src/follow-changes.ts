/**
 * Keeping the front's lists current: a `subscriptions/listen` stream on each
 * upstream that announces list changes (an initialize-based one's change
 * notifications, through the legacy plugin), each change a new listing of
 * that upstream, coalesced. A stream that re-opens may have missed changes,
 * so every acknowledgement after the first lists again too.
 */
import type { SubscriptionFilter } from "@mrtr/schema";
import { listenUpstream } from "./listen-upstream.js";
import type { Upstream } from "./upstream-pool.js";

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
  let opened = 0;
  listenUpstream(upstream, filter, signal, (event) => {
    if (event.method !== "notifications/subscriptions/acknowledged" || opened++ > 0) soon();
  });
}
