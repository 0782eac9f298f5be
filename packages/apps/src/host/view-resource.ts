/**
 * A view's document as the host gets it from `resources/read`: the content
 * of the view's URI with the view MIME type, its HTML (`text`, or `blob`
 * decoded from base64 as UTF-8) and its `_meta.ui`.
 */
import { VIEW_MIME_TYPE, type ViewMeta } from "../ui-meta.js";

/** A view's HTML and its declared `_meta.ui`. */
export interface ViewResource {
  /** The HTML document. */
  readonly html: string;
  /** Its `_meta.ui` (as the server sent it: untrusted; `viewPolicy` reads it). */
  readonly meta?: ViewMeta;
}

/** Largest view document accepted by default, in characters (8 MiB). */
export const DEFAULT_MAX_VIEW_HTML = 8 * 1024 * 1024;

/**
 * The view at `uri` in a `resources/read` result. Throws a TypeError saying
 * what is missing: no content for `uri` with the MIME type
 * `text/html;profile=mcp-app`, no `text` or `blob`, a blob that is not
 * base64 of UTF-8, or a document past `maxHtml` characters.
 */
export function viewResourceOf(result: unknown, uri: string, maxHtml = DEFAULT_MAX_VIEW_HTML): ViewResource {
  const contents = (result as { contents?: unknown } | null)?.contents;
  const list = Array.isArray(contents) ? (contents as Record<string, unknown>[]) : [];
  const content = list.find((c) => typeof c === "object" && c !== null && c.uri === uri && typeof c.mimeType === "string" && c.mimeType.replace(/\s+/g, "").toLowerCase() === VIEW_MIME_TYPE);
  if (!content) throw new TypeError(`The server's resources/read of ${uri} has no content of type ${VIEW_MIME_TYPE}; the view cannot be shown (show the tool's text result instead).`);
  const html = typeof content.text === "string" ? content.text : typeof content.blob === "string" ? decodeBlob(content.blob, uri) : undefined;
  if (html === undefined) throw new TypeError(`The view ${uri} has neither text nor blob; the view cannot be shown.`);
  if (html.length > maxHtml) throw new TypeError(`The view ${uri} is ${html.length} characters, over the host's limit of ${maxHtml}; the view is not shown.`);
  const meta = content._meta;
  const ui = typeof meta === "object" && meta !== null ? (meta as Record<string, unknown>).ui : undefined;
  return ui === undefined ? { html } : { html, meta: ui as ViewMeta };
}

function decodeBlob(blob: string, uri: string): string {
  try {
    const bytes = Uint8Array.from(atob(blob), (c) => c.charCodeAt(0));
    return new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch {
    throw new TypeError(`The view ${uri} has a blob that is not base64 of UTF-8 text; the view cannot be shown.`);
  }
}
