/**
 * `tools/call` from a view: passed to the view's own server, and only for
 * the tools the view may call there. A tool the server does not list is
 * refused (-32602: the view reaches no other server's tools through its
 * bridge), and so is one whose visibility leaves out `"app"` (-32000: it is
 * the model's); both before anything reaches the server.
 */
import { toolViewOf } from "../tool-view.js";
import type { BridgeCore, ViewRequestMethod } from "./bridge-core.js";
import type { ListedTool } from "./host-context.js";
import { quote, RpcError, VIEW_BRIDGE_ERROR_CODES } from "./json-rpc.js";
import { checkObject, optionalObjectField, stringField } from "./param-checks.js";
import { serverFailure, viewResult } from "./server-result.js";

/** The server's tools, as the host gave them. */
const toolsOf = (core: BridgeCore): readonly ListedTool[] => {
  const { tools } = core.options;
  return typeof tools === "function" ? tools() : tools;
};

/** The listed tool the view may call, or the error saying why it may not. */
export function callableTool(name: string, tools: readonly ListedTool[]): ListedTool | RpcError {
  const tool = tools.find((t) => t.name === name);
  if (!tool) return new RpcError(VIEW_BRIDGE_ERROR_CODES.invalidParams, `Unknown tool ${quote(name)}: the view's server lists no such tool, and a view calls only tools of its own server.`, { tool: name });
  const { visibility } = toolViewOf(tool);
  if (visibility.includes("app")) return tool;
  return new RpcError(
    VIEW_BRIDGE_ERROR_CODES.refused,
    `Tool ${quote(name)} is for the model only (its _meta.ui.visibility is ${JSON.stringify(visibility)}): a view may call only tools whose visibility includes "app".`,
    { tool: name, visibility },
  );
}

/** `tools/call`. */
export const toolCall: ViewRequestMethod = {
  check: (params) => checkObject(params, stringField("name", true), optionalObjectField("arguments"), optionalObjectField("_meta")),
  async serve(params, core, signal) {
    const name = params.name as string;
    const tool = callableTool(name, toolsOf(core));
    if (tool instanceof RpcError) throw tool;
    try {
      return viewResult(await core.options.client.callTool(name, (params.arguments as Record<string, unknown> | undefined) ?? {}, { signal }));
    } catch (error) {
      throw signal.aborted || error instanceof RpcError ? error : serverFailure(error, "tools/call", core);
    }
  },
};
