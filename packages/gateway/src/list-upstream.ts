/**
 * Listing one upstream: page by page, within the gateway's bounds (pages,
 * and items in all four lists together), with each list's caching hints
 * combined (the shortest lifetime, private if any page is).
 */
import type { Prompt, Resource, ResourceTemplate, Tool } from "@mrtr/schema";
import type { CacheOptions } from "@mrtr/server";
import type { GatewayLimits, GatewayWarning } from "./options.js";
import type { Upstream } from "./upstream-pool.js";

/** One list and the caching hints of its pages. */
export interface Listed<T> {
  readonly items: T[];
  readonly cache: CacheOptions | undefined;
}

/** What one upstream offers. */
export interface UpstreamItems {
  readonly tools: Listed<Tool>;
  readonly prompts: Listed<Prompt>;
  readonly resources: Listed<Resource>;
  readonly templates: Listed<ResourceTemplate>;
  /** Whether it completes prompt arguments and template variables. */
  readonly completions: boolean;
}

interface Page<T> {
  items: T[];
  nextCursor?: string;
  ttlMs?: number;
  cacheScope?: "public" | "private";
}

/** Lists everything `upstream` offers (it must have been discovered). */
export async function listUpstream(upstream: Upstream, limits: GatewayLimits, warn: (w: GatewayWarning) => void): Promise<UpstreamItems> {
  const caps = upstream.discovered?.capabilities ?? {};
  const client = await upstream.primary();
  const budget = { left: limits.maxItemsPerUpstream, cut: false };
  const options = { timeoutMs: upstream.config.timeoutMs ?? limits.upstreamTimeoutMs, fresh: true };
  const pages = <T>(fetch: (cursor: string | undefined) => Promise<Page<T>>, keyOf: (item: T) => string) => collect(fetch, keyOf, budget, limits.maxPagesPerUpstream);
  const none = { items: [], cache: undefined };
  const tools = caps.tools ? await pages((cursor) => client.listTools(cursorOf(cursor), options).then((r) => ({ ...r, items: r.tools })), (t) => t.name) : none;
  const prompts = caps.prompts ? await pages((cursor) => client.listPrompts(cursorOf(cursor), options).then((r) => ({ ...r, items: r.prompts })), (p) => p.name) : none;
  const resources = caps.resources ? await pages((cursor) => client.listResources(cursorOf(cursor), options).then((r) => ({ ...r, items: r.resources })), (r) => r.uri) : none;
  const templates = caps.resources ? await pages((cursor) => client.listResourceTemplates(cursorOf(cursor), options).then((r) => ({ ...r, items: r.resourceTemplates })), (t) => t.uriTemplate) : none;
  if (budget.cut) {
    warn({ kind: "list-truncated", upstream: upstream.name, message: `Upstream "${upstream.name}" lists more than ${limits.maxItemsPerUpstream} items or ${limits.maxPagesPerUpstream} pages, or its pages lead back to one read before (the gateway's limits.maxItemsPerUpstream, maxPagesPerUpstream); the rest are not offered.` });
  }
  return { tools, prompts, resources, templates, completions: caps.completions !== undefined };
}

const cursorOf = (cursor: string | undefined) => (cursor === undefined ? {} : { cursor });

/** Follows pages until the end, the page bound or the item budget. */
async function collect<T>(fetch: (cursor: string | undefined) => Promise<Page<T>>, keyOf: (item: T) => string, budget: { left: number; cut: boolean }, maxPages: number): Promise<Listed<T>> {
  const items: T[] = [];
  // Names are unique within a server: an item listed again (a page served twice) is offered once.
  const keys = new Set<string>();
  const cursors = new Set<string>();
  let ttlMs: number | undefined;
  let scope: "public" | "private" | undefined;
  let cursor: string | undefined;
  for (let page = 0; ; page++) {
    if (page >= maxPages) {
      budget.cut = true;
      break;
    }
    const got = await fetch(cursor);
    const fresh = got.items.filter((item) => !keys.has(keyOf(item)));
    const taken = fresh.slice(0, Math.max(0, budget.left));
    if (taken.length < fresh.length) budget.cut = true;
    budget.left -= taken.length;
    for (const item of taken) keys.add(keyOf(item));
    items.push(...taken);
    if (got.ttlMs !== undefined) ttlMs = Math.min(ttlMs ?? got.ttlMs, got.ttlMs);
    if (got.cacheScope === "private" || scope === undefined) scope = got.cacheScope ?? scope;
    if (budget.cut || typeof got.nextCursor !== "string") break;
    // A cursor given before leads back to pages already read: the listing never ends.
    if (cursors.has(got.nextCursor)) {
      budget.cut = true;
      break;
    }
    cursors.add(got.nextCursor);
    cursor = got.nextCursor;
  }
  const cache = ttlMs === undefined && scope === undefined ? undefined : { ...(ttlMs !== undefined && { ttlMs }), ...(scope !== undefined && { scope }) };
  return { items, cache };
}

