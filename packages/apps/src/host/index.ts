/**
 * `@mrtr/apps/host`: the host side of MCP Apps (SEP-1865, revision
 * 2026-01-26): `createViewBridge` serves one view as its host, over
 * whatever carries JSON-RPC messages to and from it; `viewPolicy` builds the
 * view's Content-Security-Policy and `allow` attribute from what it
 * declared, never looser; `viewResourceOf` reads a view's HTML;
 * `appsExtension()` tells servers the host's client renders views. Free of
 * the DOM: `mountView` of `@mrtr/apps/browser` shows a view in a web page
 * on this bridge.
 *
 * @module
 */
export { createViewBridge } from "./view-bridge.js";
export { VIEW_BRIDGE_DEFAULTS } from "./bridge-limits.js";
export type { ViewBridgeLimits } from "./bridge-limits.js";
export { VIEW_BRIDGE_ERROR_CODES } from "./json-rpc.js";
export type { RequestId } from "./json-rpc.js";
export { VIEW_PROTOCOL_VERSION } from "./initialize.js";
export { ViewBridgeError } from "./view-bridge-error.js";
export type { ViewBridgeErrorKind } from "./view-bridge-error.js";
export { DISPLAY_MODES } from "./host-context.js";
export type { ContentModalities, DisplayMode, HostCapabilities, HostContext, ListedTool } from "./host-context.js";
export type { ContentBlock } from "./content-checks.js";
export type { TeardownOptions } from "./teardown.js";
export type {
  Implementation,
  TeardownOutcome,
  ViewApp,
  ViewBridge,
  ViewBridgeOptions,
  ViewBridgePhase,
  ViewBridgeWarning,
  ViewHostOptions,
  ViewLog,
  ViewMessage,
  ViewModelContext,
  ViewServerClient,
  ViewSize,
} from "./bridge-types.js";
export { DEFAULT_MAX_VIEW_HTML, viewResourceOf } from "./view-resource.js";
export type { ViewResource } from "./view-resource.js";
export { createSandboxChannel, SANDBOX_METHOD_PREFIX } from "./sandbox-channel.js";
export type { SandboxChannel, SandboxChannelOptions } from "./sandbox-channel.js";
export { appsExtension } from "./apps-extension.js";
export type { AppsClientExtension } from "./apps-extension.js";
export { CSP_LIST_NAMES, MAX_ORIGINS_PER_LIST, MAX_REFUSALS_PER_LIST, PERMISSION_FEATURES, RESTRICTIVE_DEFAULT_CSP, viewPolicy } from "./view-policy.js";
export type { ApprovedSandbox, CspListName, HostPolicy, ViewPermissionName, ViewPolicy } from "./view-policy.js";
