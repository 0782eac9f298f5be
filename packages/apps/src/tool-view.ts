/**
 * The view a tool declares, as a host reads it from `tools/list`: its
 * `_meta.ui` (the deprecated flat `_meta["ui/resourceUri"]` read too, when
 * the nested one is absent) and who may call it (default both). A URI that
 * is not a string starting with `ui://` reads as no view: the host shows the
 * tool's text result (ext-apps' `getToolUiResourceUri` throws there). This
 * reads any server's tools, so it is looser than what `appView` lets our
 * servers register (`viewUriProblem`).
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
  // A nested key that is present decides, even when malformed: the flat one is read only in its absence.
  const declared = ui?.resourceUri !== undefined ? ui.resourceUri : meta?.[DEPRECATED_RESOURCE_URI_KEY];
  const resourceUri = typeof declared === "string" && declared.startsWith("ui://") ? declared : undefined;
  const listed = Array.isArray(ui?.visibility) ? (ui.visibility as unknown[]).filter((v): v is Visibility => v === "model" || v === "app") : undefined;
  return { resourceUri, visibility: listed && listed.length > 0 ? [...new Set(listed)] : BOTH };
}
