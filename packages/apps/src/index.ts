/**
 * `@mrtr/apps`: MCP Apps (`io.modelcontextprotocol/ui`) for @mrtr. This
 * entry holds what both sides share: the extension's id and MIME type, the
 * `_meta.ui` shapes and their checks, and how a tool's view is read. Server
 * helpers are in `@mrtr/apps/server`, the host's bridge and view policy in
 * `@mrtr/apps/host`.
 *
 * @module
 */
export { APPS_EXTENSION_ID, DEPRECATED_RESOURCE_URI_KEY, VIEW_MIME_TYPE } from "./ui-meta.js";
export type { ToolViewMeta, ViewCsp, ViewMeta, ViewPermissions, Visibility } from "./ui-meta.js";
export { isCspOrigin, toolViewMetaProblems, viewMetaProblems, viewUriProblem } from "./view-meta-checks.js";
export { toolViewOf } from "./tool-view.js";
export type { ToolView } from "./tool-view.js";
