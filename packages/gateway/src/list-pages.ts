/**
 * The front's four lists, served by the gateway itself: every upstream's
 * items in configuration order, filtered for the caller by the policy, in
 * pages of `pageSize` with sealed cursors (cursor-seal.ts). Each page carries
 * the caching hints of the caller's whole list (the shortest lifetime of its
 * upstream lists; private when any is, and whenever a policy filters it), so
 * every page of one listing agrees.
 */
import { McpInvalidParamsError, type Middleware } from "@mrtr/server";
import type { Catalog, Entry } from "./catalog.js";
import type { CursorSeal } from "./cursor-seal.js";
import type { GatewayItem, GatewayPolicy } from "./options.js";

/** The list methods: the result field and the item kind. */
const LISTS: Readonly<Record<string, readonly [string, GatewayItem["kind"]]>> = {
  "tools/list": ["tools", "tool"],
  "prompts/list": ["prompts", "prompt"],
  "resources/list": ["resources", "resource"],
  "resources/templates/list": ["resourceTemplates", "resourceTemplate"],
};

/** Options of the list middleware. */
export interface ListPagesOptions {
  readonly catalog: Catalog;
  readonly seal: CursorSeal;
  readonly pageSize: number;
  /** Who sees what (undefined: everyone everything). */
  readonly allowed?: (caller: { principal: string | undefined; scopes: readonly string[] }, item: GatewayItem) => boolean;
}

/** The middleware answering list requests from the catalog. */
export function listPages(options: ListPagesOptions): Middleware {
  return async (call, next) => {
    const list = LISTS[call.method];
    if (!list) return next();
    const [field, kind] = list;
    const caller = { principal: call.principal, scopes: call.auth?.scopes ?? [] };
    const entries = options.catalog.entries(kind).filter((e) => !options.allowed || options.allowed(caller, e.item));
    let offset = 0;
    if (call.params.cursor !== undefined) {
      const position = options.seal.open(call.method, call.params.cursor);
      if (!position || position.caller !== (call.principal ?? "") || position.offset > entries.length) throw new McpInvalidParamsError(`Invalid cursor for ${call.method}: pass a nextCursor this gateway gave you for this list, or none to start over.`);
      offset = position.offset;
    }
    const end = offset + options.pageSize;
    return {
      resultType: "complete",
      [field]: entries.slice(offset, end).map(render),
      ...(end < entries.length && { nextCursor: options.seal.seal(call.method, { offset: end, caller: call.principal ?? "" }) }),
      ...hintsOf(entries, options.allowed !== undefined),
    };
  };
}

/** An item as the front lists it: the upstream's description under the gateway's name. */
function render(entry: Entry): Record<string, unknown> {
  const { kind, exposed } = entry.item;
  return kind === "tool" || kind === "prompt" ? { ...entry.definition, name: exposed } : entry.definition;
}

/** The caching hints of a whole list. */
function hintsOf(entries: readonly Entry[], filtered: boolean): { ttlMs: number; cacheScope: "public" | "private" } {
  let ttlMs: number | undefined;
  let isPrivate = filtered || entries.length === 0;
  for (const { cache } of entries) {
    ttlMs = Math.min(ttlMs ?? Infinity, cache?.ttlMs ?? 0);
    if ((cache?.scope ?? "private") === "private") isPrivate = true;
  }
  return { ttlMs: ttlMs ?? 0, cacheScope: isPrivate ? "private" : "public" };
}
