/**
 * Keeping the cache true to what a listen stream says changed: each change
 * notification drops the results it names, and each acknowledgement (a
 * stream opened again, so changes may have been missed meanwhile) drops
 * everything its filter follows.
 */
import type { ResultCache } from "./cache.js";
import type { ListenEvent } from "./types.js";

/** The list methods whose results each family's `list_changed` names. */
const LISTS: Readonly<Record<string, readonly string[]>> = { tools: ["tools/list"], prompts: ["prompts/list"], resources: ["resources/list", "resources/templates/list"] };

/** Drops from `cache` what `event` says may have changed. */
export function invalidate(cache: ResultCache, event: ListenEvent): void {
  const drop = (family: string) => LISTS[family]?.forEach((method) => cache.invalidate(method));
  if (event.method === "notifications/resources/updated") return cache.invalidate("resources/read", event.params.uri);
  if (event.method !== "notifications/subscriptions/acknowledged") return drop(event.method.split("/")[1]!);
  const n = event.params.notifications as Record<string, unknown> & { resourceSubscriptions?: string[] };
  for (const family in LISTS) if (n[`${family}ListChanged`]) drop(family);
  for (const uri of n.resourceSubscriptions ?? []) cache.invalidate("resources/read", uri);
}
