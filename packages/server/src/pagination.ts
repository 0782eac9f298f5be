/**
 * Cursor pagination of list results. The cursor is opaque to clients: the
 * base64url of the next offset and the list it belongs to, so a cursor of one
 * list is refused by another. Stateless: any instance continues any listing.
 */
import { decodeBase64Url, encodeBase64Url } from "./base64url.js";
import { McpInvalidParamsError } from "./errors.js";

const encode = (text: string) => encodeBase64Url(new TextEncoder().encode(text));

/** One page of `items` starting at `cursor`, and the cursor of the next page if there is one. */
export function page<T>(list: string, items: T[], cursor: unknown, pageSize: number): { items: T[]; nextCursor?: string } {
  let offset = 0;
  if (cursor !== undefined) {
    const match = typeof cursor === "string" ? /^(\d+):(.+)$/.exec(safeDecode(cursor)) : null;
    if (!match || match[2] !== list || Number(match[1]) > items.length) throw new McpInvalidParamsError(`Invalid cursor for ${list}`);
    offset = Number(match[1]);
  }
  const end = offset + pageSize;
  return { items: items.slice(offset, end), ...(end < items.length && { nextCursor: encode(`${end}:${list}`) }) };
}

function safeDecode(cursor: string): string {
  const bytes = decodeBase64Url(cursor);
  return bytes ? new TextDecoder("utf-8", { fatal: false }).decode(bytes) : "";
}
