/**
 * The view a tool declares, as a host reads it from `tools/list`: its
 * `_meta.ui` (the deprecated flat `_meta["ui/resourceUri"]` read too, when
 * the nested one is absent) and who may call it (default both).
 */
import { DEPRECATED_RESOURCE_URI_KEY, type Visibility } from "./ui-meta.js";

/** A tool's view and visibility, as read. */
export interface ToolView {
  /** The `ui://` URI of its view, if it has one. */
  readonly resourceUri: string | undefined;
  /** Who may call it. */
  readonly visibility: readonly Visibility[];
}

const BOTH: readonly Visibility[] = Object.freeze(["model", "app"]);

/** What a tool (as `tools/list` gives it) declares of views; malformed fields read as absent. */
export function toolViewOf(tool: { readonly _meta?: Readonly<Record<string, unknown>> | undefined }): ToolView {
  const meta = tool._meta;
  const ui = meta && typeof meta.ui === "object" && meta.ui !== null ? (meta.ui as Record<string, unknown>) : undefined;
  const nested = typeof ui?.resourceUri === "string" ? ui.resourceUri : undefined;
  const flat = typeof meta?.[DEPRECATED_RESOURCE_URI_KEY] === "string" ? (meta[DEPRECATED_RESOURCE_URI_KEY] as string) : undefined;
  const listed = Array.isArray(ui?.visibility) ? (ui.visibility as unknown[]).filter((v): v is Visibility => v === "model" || v === "app") : undefined;
  return { resourceUri: nested ?? flat, visibility: listed && listed.length > 0 ? [...new Set(listed)] : BOTH };
}
