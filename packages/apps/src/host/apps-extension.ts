/**
 * `appsExtension()`: what a host's `@mrtr/client` passes in `extensions` to
 * say it renders views: `capabilities.extensions["io.modelcontextprotocol/ui"]
 * = { mimeTypes: ["text/html;profile=mcp-app"] }` in every request, so a
 * server's `supportsViews(ctx)` is true for its calls. It continues no
 * result of its own.
 */
import { APPS_EXTENSION_ID, VIEW_MIME_TYPE } from "../ui-meta.js";

/** The shape `createClient({ extensions })` of `@mrtr/client` takes (structural: this entry does not load the client). */
export interface AppsClientExtension {
  /** `io.modelcontextprotocol/ui`. */
  readonly id: typeof APPS_EXTENSION_ID;
  /** The extension's settings in every request. */
  readonly settings: {
    /** The view MIME types the host renders: `text/html;profile=mcp-app`. */
    mimeTypes: string[];
  };
  /** Registers nothing: the extension continues no result of its own. */
  link(): void;
}

/** The MCP Apps extension for a host's client: views of the MIME type `text/html;profile=mcp-app`. */
export function appsExtension(): AppsClientExtension {
  return { id: APPS_EXTENSION_ID, settings: { mimeTypes: [VIEW_MIME_TYPE] }, link: () => undefined };
}
