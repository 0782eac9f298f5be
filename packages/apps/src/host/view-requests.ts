/**
 * The requests a view may send, by method: the MCP ones the spec lets it
 * use (`tools/call`, `resources/read`, `ping`) and the `ui/` ones. Any other
 * method is answered -32601.
 */
import type { ViewRequestMethod } from "./bridge-core.js";
import { requestDisplayMode } from "./display-mode.js";
import { initialize } from "./initialize.js";
import { updateModelContext } from "./model-context.js";
import { openLink } from "./open-link.js";
import { optionalParams } from "./param-checks.js";
import { resourceRead } from "./resource-read.js";
import { toolCall } from "./tool-call.js";
import { uiMessage } from "./ui-message.js";

const ping: ViewRequestMethod = { check: optionalParams, serve: () => ({}) };

/** The view's requests the bridge serves, by method. */
export const VIEW_REQUESTS: Readonly<Record<string, ViewRequestMethod>> = Object.freeze({
  "ui/initialize": initialize,
  ping,
  "tools/call": toolCall,
  "resources/read": resourceRead,
  "ui/open-link": openLink,
  "ui/message": uiMessage,
  "ui/update-model-context": updateModelContext,
  "ui/request-display-mode": requestDisplayMode,
});

/** The requests a view may send before `ui/initialize` is answered. */
export const BEFORE_INITIALIZE: ReadonlySet<string> = new Set(["ui/initialize", "ping"]);

/** The request method of that name, if the bridge serves it (own keys only: `constructor` is no method). */
export const viewRequestMethod = (method: string): ViewRequestMethod | undefined => (Object.hasOwn(VIEW_REQUESTS, method) ? VIEW_REQUESTS[method] : undefined);

