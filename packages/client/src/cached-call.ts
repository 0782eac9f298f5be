/**
 * A call of the client's API (`callTool`, `request`, …): its options
 * checked, the client open, a fresh kept result handed out when the cache
 * has one, else the flow run; a result that completed in its first round
 * is kept (results of a multi round-trip depend on the answers given, and
 * results an extension continued are never kept: caching.mdx).
 */
import { ResultCache } from "./cache.js";
import type { ClientCore } from "./core.js";
import { runFlow } from "./flow.js";
import { checkCallOptions } from "./option-check.js";
import type { CallOptions } from "./types.js";

/** Runs a call of `method`, through the cache when there is one. */
export type CachedCall = (method: string, params?: object, options?: CallOptions) => Promise<never>;

/** The calls of a client with this core and cache. */
export function cachedCall(core: ClientCore, cache: ResultCache | undefined): CachedCall {
  return async (method, params = {}, o = {}) => {
    checkCallOptions(method, o);
    core.open();
    const key = cache && ResultCache.keyOf(method, params as Record<string, unknown>);
    if (key && !o.fresh) {
      const kept = cache!.get(key);
      if (kept) return kept as never;
    }
    const end = await runFlow(core, { method, params: params as Record<string, unknown>, signal: core.signalOf(o), ...(o.onProgress && { onProgress: o.onProgress }) });
    if (key && end.kind === "complete" && end.rounds === 0) cache!.set(key, end.result);
    return end.result as never;
  };
}
