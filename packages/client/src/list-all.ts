/**
 * Following a list's cursors to the end (server/utilities/pagination.mdx):
 * a missing `nextCursor` ends the list (an empty string is a cursor like any
 * other), at most `maxPages` pages are fetched, and a cursor seen before is
 * a server loop, refused rather than followed.
 */
import type { CachedCall } from "./cached-call.js";
import { ProtocolViolationError, TooManyPagesError } from "./errors.js";
import { checkCallOptions } from "./option-check.js";
import type { ListAllOptions } from "./types.js";

/** The defaults of the `listAll…` helpers. */
export const LIST_DEFAULTS = { maxPages: 100 } as const;

/** Every item of the list `method` answers under `key`, page by page (at most `maxPages`, else the client's `maxListPages`). */
export function listAllOf<T>(call: CachedCall, method: string, key: string, maxListPages: number): (options?: ListAllOptions) => Promise<T[]> {
  return (o = {}) => {
    checkCallOptions(method, o, true);
    const { maxPages, ...options } = o;
    return listAll<T>((cursor) => call(method, cursor === undefined ? {} : { cursor }, options), key, method, maxPages ?? maxListPages);
  };
}

/** Follows `fetchPage`'s cursors to the end and returns the items under `key`. */
export async function listAll<T>(fetchPage: (cursor: string | undefined) => Promise<Record<string, unknown>>, key: string, method: string, maxPages: number): Promise<T[]> {
  const items: T[] = [];
  const seen = new Set<string>();
  let cursor: string | undefined;
  for (let pages = 0; ; ) {
    if (++pages > maxPages) throw new TooManyPagesError(maxPages, method);
    const page = await fetchPage(cursor);
    const list = page[key];
    if (!Array.isArray(list)) throw new ProtocolViolationError(`The ${method} result has no ${key} list.`, page);
    items.push(...(list as T[]));
    const next = page.nextCursor;
    if (next === undefined || next === null) return items;
    if (typeof next !== "string") throw new ProtocolViolationError(`The ${method} result's nextCursor is not a string.`, page);
    if (seen.has(next)) throw new ProtocolViolationError(`The server's ${method} pages loop: cursor ${JSON.stringify(next.slice(0, 80))} came back.`, page);
    seen.add(next);
    cursor = next;
  }
}
