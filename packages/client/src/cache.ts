/**
 * A small cache of list and read results that honours the server's hints
 * (server/utilities/caching.mdx): a result is fresh for `ttlMs` from when it
 * arrived; `ttlMs` 0, absent or negative is not kept; results of a multi
 * round-trip (sent with answers or a requestState) are never kept; the key
 * is the method with the parameters that select the result (the cursor, the
 * URI). One client is one authorization context, so its `private` entries
 * are its own; nothing is shared between clients. Least recently used
 * entries go first when `maxEntries` or `maxBytes` is reached. Change
 * notifications received through `client.listen` invalidate what they name.
 */

/** Options of the client's cache (`createClient({ cache })`); `false` turns it off. */
export interface CacheOptions {
  /** Most results kept (default 256). */
  maxEntries?: number;
  /** Most bytes kept, counted as the results' JSON length (default 8 MiB); a larger result is not kept. */
  maxBytes?: number;
}

/** The defaults of {@link CacheOptions}. */
export const CACHE_DEFAULTS = { maxEntries: 256, maxBytes: 8 * 1024 * 1024 } as const satisfies Required<CacheOptions>;

/** The methods whose results may be kept, and the parameter that selects each result. */
export const CACHEABLE: Readonly<Record<string, "cursor" | "uri">> = {
  "tools/list": "cursor",
  "prompts/list": "cursor",
  "resources/list": "cursor",
  "resources/templates/list": "cursor",
  "resources/read": "uri",
};

interface Entry {
  value: Record<string, unknown>;
  expires: number;
  bytes: number;
}

export class ResultCache {
  private readonly entries = new Map<string, Entry>();
  private bytes = 0;

  constructor(
    private readonly limits: Required<CacheOptions>,
    private readonly now: () => number = Date.now,
  ) {}

  /** The key of a request, or undefined when it is not cacheable (another method, or parameters beyond the selecting one). */
  static keyOf(method: string, params: Record<string, unknown>): string | undefined {
    const field = CACHEABLE[method];
    if (!field) return undefined;
    const keys = Object.keys(params);
    if (keys.some((k) => k !== field)) return undefined;
    const value = params[field];
    if (value !== undefined && typeof value !== "string") return undefined;
    return JSON.stringify([method, value ?? null]);
  }

  /** A fresh copy of the kept result, or undefined. */
  get(key: string): Record<string, unknown> | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    if (this.now() >= entry.expires) {
      this.remove(key, entry);
      return undefined;
    }
    this.entries.delete(key);
    this.entries.set(key, entry); // most recently used last
    return structuredClone(entry.value);
  }

  /** Keeps a copy of `result` for its `ttlMs` when the hint allows it. */
  set(key: string, result: Record<string, unknown>): void {
    const ttl = result.ttlMs;
    if (typeof ttl !== "number" || !Number.isFinite(ttl) || ttl <= 0) return;
    const bytes = JSON.stringify(result).length;
    if (bytes > this.limits.maxBytes) return;
    const old = this.entries.get(key);
    if (old) this.remove(key, old);
    this.entries.set(key, { value: structuredClone(result), expires: this.now() + ttl, bytes });
    this.bytes += bytes;
    for (const [k, e] of this.entries) {
      if (this.entries.size <= this.limits.maxEntries && this.bytes <= this.limits.maxBytes) break;
      this.remove(k, e);
    }
  }

  /** Drops the kept results of `method` (all, or the one for `uri`). */
  invalidate(method: string, uri?: string): void {
    for (const [k, e] of this.entries) {
      const [m, selector] = JSON.parse(k) as [string, string | null];
      if (m === method && (uri === undefined || selector === uri)) this.remove(k, e);
    }
  }

  clear(): void {
    this.entries.clear();
    this.bytes = 0;
  }

  get size(): number {
    return this.entries.size;
  }

  private remove(key: string, entry: Entry): void {
    if (this.entries.delete(key)) this.bytes -= entry.bytes;
  }
}
