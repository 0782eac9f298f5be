/**
 * `ui/update-model-context`: what the model should know of the view from
 * now on (each update replaces the last; the host decides when the model
 * reads it). Either field may be absent; both absent clears it.
 */
import type { ViewRequestMethod } from "./bridge-core.js";
import type { ViewModelContext } from "./bridge-types.js";
import { contentListProblem, type ContentBlock } from "./content-checks.js";
import { RpcError, VIEW_BRIDGE_ERROR_CODES } from "./json-rpc.js";
import { checkObject, optionalObjectField } from "./param-checks.js";

const contentProblem = (p: Record<string, unknown>) => (p.content === undefined ? undefined : contentListProblem(p.content, "params.content"));

/** `ui/update-model-context`. */
export const updateModelContext: ViewRequestMethod = {
  check: (params) => checkObject(params, contentProblem, optionalObjectField("structuredContent")),
  async serve(params, core) {
    const { onUpdateModelContext } = core.options;
    if (!onUpdateModelContext) throw new RpcError(VIEW_BRIDGE_ERROR_CODES.methodNotFound, "This host keeps no model context from views (ui/update-model-context).");
    const context: ViewModelContext = {
      ...(params.content !== undefined && { content: params.content as ContentBlock[] }),
      ...(params.structuredContent !== undefined && { structuredContent: params.structuredContent as Record<string, unknown> }),
    };
    if ((await onUpdateModelContext(context)) === false) throw new RpcError(VIEW_BRIDGE_ERROR_CODES.refused, "Context update denied.");
    return {};
  },
};
