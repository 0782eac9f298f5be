/**
 * `ui/initialize`: the view says what it is; the host answers with the
 * protocol version, itself, what it offers and its context
 * (`McpUiInitializeResult`). Answered once; the view then sends
 * `ui/notifications/initialized`.
 */
import type { BridgeCore, ViewRequestMethod } from "./bridge-core.js";
import type { ViewApp } from "./bridge-types.js";
import { hostCapabilitiesOf } from "./host-capabilities.js";
import { isDisplayMode, type HostContext, type ListedTool } from "./host-context.js";
import { isPlainObject } from "./json-size.js";
import { RpcError, VIEW_BRIDGE_ERROR_CODES } from "./json-rpc.js";
import { checkObject, stringField } from "./param-checks.js";

/** The MCP Apps protocol version the bridge speaks (SEP-1865's stable revision). */
export const VIEW_PROTOCOL_VERSION = "2026-01-26";

const SUPPORTED_VERSIONS: readonly string[] = [VIEW_PROTOCOL_VERSION];

/** The version answered: the view's when the bridge speaks it, else the bridge's (the view decides whether to go on). */
export const negotiatedVersion = (asked: string): string => (SUPPORTED_VERSIONS.includes(asked) ? asked : VIEW_PROTOCOL_VERSION);

const appInfoProblem = (p: Record<string, unknown>) => {
  const info = p.appInfo;
  return isPlainObject(info) && typeof info.name === "string" && typeof info.version === "string" ? undefined : "params.appInfo must be an object with a name and a version (strings)";
};

const appCapabilitiesProblem = (p: Record<string, unknown>) => {
  const caps = p.appCapabilities;
  if (!isPlainObject(caps)) return "params.appCapabilities must be an object";
  const modes = caps.availableDisplayModes;
  if (modes !== undefined && (!Array.isArray(modes) || !modes.every(isDisplayMode))) return 'params.appCapabilities.availableDisplayModes must list "inline", "fullscreen" or "pip"';
  return undefined;
};

/** The context the view gets: the host's, with `toolInfo` filled from the tool when the host gave none. */
function initialContext(core: BridgeCore): HostContext {
  if (core.context.toolInfo) return core.context;
  return { ...core.context, toolInfo: { tool: specTool(core.options.tool) } };
}

const TOOL_FIELDS = ["name", "title", "icons", "description", "inputSchema", "outputSchema", "annotations", "execution", "_meta"];

/** The tool as the view's protocol knows it: its MCP fields (an input schema always). */
function specTool(listed: ListedTool): Record<string, unknown> {
  const tool = listed as unknown as Readonly<Record<string, unknown>>;
  const fields = Object.fromEntries(Object.entries(tool).filter(([key]) => TOOL_FIELDS.includes(key)));
  return { ...fields, inputSchema: isPlainObject(tool.inputSchema) ? tool.inputSchema : { type: "object" } };
}

/** `ui/initialize`. */
export const initialize: ViewRequestMethod = {
  check: (params) => checkObject(params, appInfoProblem, appCapabilitiesProblem, stringField("protocolVersion")),
  serve(params, core) {
    if (core.phase !== "connecting") throw new RpcError(VIEW_BRIDGE_ERROR_CODES.invalidRequest, "ui/initialize was answered already; a view initializes once.");
    const app: ViewApp = { info: params.appInfo as ViewApp["info"], capabilities: params.appCapabilities as ViewApp["capabilities"], protocolVersion: params.protocolVersion as string };
    const hostContext = initialContext(core);
    core.app = app;
    core.context = hostContext;
    core.phase = "initializing";
    return { protocolVersion: negotiatedVersion(app.protocolVersion), hostInfo: core.options.hostInfo, hostCapabilities: hostCapabilitiesOf(core.options), hostContext };
  },
};
