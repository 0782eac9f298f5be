/**
 * The methods this server serves: adding one is a new file and a line here.
 * Removed methods (initialize, ping, resources/subscribe, …) and unknown ones
 * are -32601.
 */
import { complete } from "./completion.js";
import { discover } from "./discover.js";
import type { MethodTable } from "./method.js";
import { getPrompt, listPrompts } from "./prompts.js";
import { listResources, listResourceTemplates, readResource } from "./resources.js";
import { listen } from "./subscriptions.js";
import { callTool, listTools } from "./tools.js";

export const METHODS: MethodTable = {
  "server/discover": discover,
  "tools/list": listTools,
  "tools/call": callTool,
  "prompts/list": listPrompts,
  "prompts/get": getPrompt,
  "resources/list": listResources,
  "resources/templates/list": listResourceTemplates,
  "resources/read": readResource,
  "subscriptions/listen": listen,
  "completion/complete": complete,
};
