/**
 * One helper for every list method: a page of the items (opaque cursors,
 * stateless) with the caching hints the draft asks list results to carry.
 */
import type { CacheHints } from "./cache-hints.js";
import type { ServerCore } from "./core.js";
import { page } from "./pagination.js";

/** A complete list result: `{ [key]: items of this page, nextCursor?, ttlMs, cacheScope }`. */
export function listResult<K extends string, T>(core: ServerCore, list: string, key: K, items: T[], cursor: unknown, hints: CacheHints = core.cache) {
  const p = page(list, items, cursor, core.pageSize);
  return {
    resultType: "complete" as const,
    [key]: p.items,
    ...(p.nextCursor !== undefined && { nextCursor: p.nextCursor }),
    ttlMs: hints.ttlMs,
    cacheScope: hints.cacheScope,
  } as { resultType: "complete"; nextCursor?: string; ttlMs: number; cacheScope: "private" | "public" } & Record<K, T[]>;
}
