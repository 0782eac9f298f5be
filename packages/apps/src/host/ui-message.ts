/**
 * `ui/message`: the view adds a message to the conversation, as the user.
 * Revision 2026-01-26 shows `content` as one block, ext-apps 2.x sends a
 * list: both are taken, and the host always gets a list (of at least one).
 */
import type { ViewRequestMethod } from "./bridge-core.js";
import type { ViewMessage } from "./bridge-types.js";
import { contentBlockProblem, contentListProblem, type ContentBlock } from "./content-checks.js";
import { RpcError, VIEW_BRIDGE_ERROR_CODES } from "./json-rpc.js";
import { checkObject } from "./param-checks.js";

const roleProblem = (p: Record<string, unknown>) => (p.role === "user" ? undefined : 'params.role must be "user"');

const contentProblem = (p: Record<string, unknown>) => {
  if (!Array.isArray(p.content)) return contentBlockProblem(p.content, "params.content");
  return p.content.length === 0 ? "params.content must hold at least one content block" : contentListProblem(p.content, "params.content");
};

/** `ui/message`. */
export const uiMessage: ViewRequestMethod = {
  check: (params) => checkObject(params, roleProblem, contentProblem),
  async serve(params, core) {
    const { onMessage } = core.options;
    if (!onMessage) throw new RpcError(VIEW_BRIDGE_ERROR_CODES.methodNotFound, "This host takes no messages from views (ui/message).");
    const content = (Array.isArray(params.content) ? params.content : [params.content]) as ContentBlock[];
    const message: ViewMessage = { role: "user", content };
    if ((await onMessage(message)) === false) throw new RpcError(VIEW_BRIDGE_ERROR_CODES.refused, "Message sending denied.");
    return {};
  },
};
