import { describe, expect, it } from "vitest";
import { CACHE_DEFAULTS, ResultCache } from "../src/cache.js";
import { invalidate } from "../src/cache-invalidation.js";
import type { ListenEvent } from "../src/types.js";

const KEPT = [
  ["tools/list", {}],
  ["prompts/list", {}],
  ["resources/list", {}],
  ["resources/templates/list", {}],
  ["resources/read", { uri: "file:///a" }],
  ["resources/read", { uri: "file:///b" }],
] as const;

/** A cache holding one fresh result of each cacheable call above. */
function filled(): ResultCache {
  const cache = new ResultCache({ ...CACHE_DEFAULTS });
  for (const [method, params] of KEPT) cache.set(ResultCache.keyOf(method, params)!, { ttlMs: 60_000 });
  return cache;
}

/** The calls still kept after `event`. */
function keptAfter(event: unknown): string[] {
  const cache = filled();
  invalidate(cache, event as ListenEvent);
  return KEPT.filter(([method, params]) => cache.get(ResultCache.keyOf(method, params)!) !== undefined).map(([method, params]) => ("uri" in params ? `${method} ${params.uri}` : method));
}

const ALL = ["tools/list", "prompts/list", "resources/list", "resources/templates/list", "resources/read file:///a", "resources/read file:///b"];

describe("the cache follows what listen streams say changed", () => {
  it("drops exactly the list each family's list_changed names (resources: both its lists)", () => {
    expect(keptAfter({ method: "notifications/tools/list_changed" })).toEqual(ALL.filter((c) => c !== "tools/list"));
    expect(keptAfter({ method: "notifications/prompts/list_changed" })).toEqual(ALL.filter((c) => c !== "prompts/list"));
    expect(keptAfter({ method: "notifications/resources/list_changed" })).toEqual(ALL.filter((c) => c !== "resources/list" && c !== "resources/templates/list"));
  });

  it("drops only the read of the updated resource", () => {
    expect(keptAfter({ method: "notifications/resources/updated", params: { uri: "file:///a" } })).toEqual(ALL.filter((c) => c !== "resources/read file:///a"));
  });

  it("drops, on each acknowledgement, everything its filter follows (changes may have been missed while the stream was closed)", () => {
    const ack = (notifications: object) => ({ method: "notifications/subscriptions/acknowledged", params: { notifications } });
    expect(keptAfter(ack({ toolsListChanged: true, resourceSubscriptions: ["file:///b"] }))).toEqual(["prompts/list", "resources/list", "resources/templates/list", "resources/read file:///a"]);
    expect(keptAfter(ack({ promptsListChanged: true, resourcesListChanged: true }))).toEqual(["tools/list", "resources/read file:///a", "resources/read file:///b"]);
    expect(keptAfter(ack({}))).toEqual(ALL);
  });

  it("keeps everything on a notification it does not know (an extension's, such as notifications/tasks)", () => {
    expect(keptAfter({ method: "notifications/tasks", params: {} })).toEqual(ALL);
  });
});
