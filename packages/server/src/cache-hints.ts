/**
 * Caching hints (server/utilities/caching.mdx): every cacheable result
 * carries `ttlMs` and `cacheScope`. The server's `cache` option sets the
 * default; a registration may override it. A list result takes the shortest
 * TTL and, if any listed item is private, the private scope, computed over
 * the whole list so every page of one listing has the same scope (the draft
 * requires that).
 */
import { ServerDefinitionError } from "./errors.js";

/** Caching hints every cacheable result carries. */
export interface CacheHints {
  /** How long a client may consider the result fresh, in ms. */
  ttlMs: number;
  /** `"public"`: the same for every caller; `"private"`: per authorization context. */
  cacheScope: "private" | "public";
}

/** Caching hints of one registration, overriding the server's `cache` option. */
export interface CacheOptions {
  /** How long a client may consider the result fresh, in ms (a whole number, at least 0). */
  ttlMs?: number;
  /** `"public"`: the same for every caller; `"private"`: per authorization context. */
  scope?: "public" | "private";
}

/** Refuses hints a client could not honour. */
export function checkCacheOptions(cache: CacheOptions | undefined, where: string): void {
  if (cache === undefined) return;
  if (cache === null || typeof cache !== "object") throw new ServerDefinitionError(`${where}: cache must be an object { ttlMs?, scope? }.`);
  if (cache.ttlMs !== undefined && !(Number.isSafeInteger(cache.ttlMs) && cache.ttlMs >= 0)) {
    throw new ServerDefinitionError(`${where}: cache.ttlMs must be a whole number of milliseconds, at least 0.`);
  }
  if (cache.scope !== undefined && cache.scope !== "public" && cache.scope !== "private") {
    throw new ServerDefinitionError(`${where}: cache.scope must be "public" or "private".`);
  }
}

/** The hints of one item: its override over the server's default. */
export function hintsOf(base: CacheHints, cache: CacheOptions | undefined): CacheHints {
  return { ttlMs: cache?.ttlMs ?? base.ttlMs, cacheScope: cache?.scope ?? base.cacheScope };
}

/** The hints of a list: the shortest TTL of its items, private when any item is. */
export function listHints(base: CacheHints, items: Iterable<{ cache?: CacheOptions }>): CacheHints {
  let ttlMs: number | undefined;
  let cacheScope: CacheHints["cacheScope"] | undefined;
  for (const item of items) {
    const h = hintsOf(base, item.cache);
    ttlMs = ttlMs === undefined ? h.ttlMs : Math.min(ttlMs, h.ttlMs);
    if (h.cacheScope === "private" || cacheScope === undefined) cacheScope = cacheScope === "private" ? "private" : h.cacheScope;
  }
  return { ttlMs: ttlMs ?? base.ttlMs, cacheScope: cacheScope ?? base.cacheScope };
}
