/**
 * The wire shapes of MCP Apps (`io.modelcontextprotocol/ui`, SEP-1865,
 * stable revision 2026-01-26): the extension's id and view MIME type, a view
 * resource's `_meta.ui` and a tool's `_meta.ui`.
 */

/** The extension's identifier: its key under `capabilities.extensions`. */
export const APPS_EXTENSION_ID = "io.modelcontextprotocol/ui";

/** The MIME type of an HTML view: what its resource and its `resources/read` contents carry. */
export const VIEW_MIME_TYPE = "text/html;profile=mcp-app";

/** The tool `_meta` key the revision deprecates (`_meta.ui.resourceUri` replaces it): read where received, never written. */
export const DEPRECATED_RESOURCE_URI_KEY = "ui/resourceUri";

/** The origins a view may reach, each list mapped to CSP directives by the host; omitted or empty: none. */
export interface ViewCsp {
  /** Origins for fetch, XHR and WebSocket (`connect-src`). */
  connectDomains?: string[];
  /** Origins for scripts, styles, images, fonts and media (`script-src`, `style-src`, `img-src`, `font-src`, `media-src`); `https://*.example.com` allowed. */
  resourceDomains?: string[];
  /** Origins of nested iframes (`frame-src`; none: `'none'`). */
  frameDomains?: string[];
  /** Base URIs of the document (`base-uri`; none: `'self'`). */
  baseUriDomains?: string[];
}

/** Browser capabilities a view asks for (the host may grant them through the iframe's `allow`). */
export interface ViewPermissions {
  /** Camera (`camera`). */
  camera?: Record<string, never>;
  /** Microphone (`microphone`). */
  microphone?: Record<string, never>;
  /** Geolocation (`geolocation`). */
  geolocation?: Record<string, never>;
  /** Writing to the clipboard (`clipboard-write`). */
  clipboardWrite?: Record<string, never>;
}

/** A view resource's `_meta.ui`: its security policy and rendering wishes. */
export interface ViewMeta {
  /** The origins it may reach (none: the restrictive default policy). */
  csp?: ViewCsp;
  /** Browser capabilities it asks for. */
  permissions?: ViewPermissions;
  /** A dedicated sandbox origin, in the host's own format (host-dependent). */
  domain?: string;
  /** Whether the host should draw a border and background around it (omitted: the host decides). */
  prefersBorder?: boolean;
}

/** Who may call a tool: the model (the agent), the app (its view, on the same server), or both. */
export type Visibility = "model" | "app";

/** A tool's `_meta.ui`: the view that renders its results, and who may call it (default both). */
export interface ToolViewMeta {
  /** The `ui://` URI of its view. */
  resourceUri?: string;
  /** Who may call it (default `["model", "app"]`). */
  visibility?: Visibility[];
}
