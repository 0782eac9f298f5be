/**
 * `resources/list`, `resources/templates/list` and `resources/read` (a multi
 * round-trip method). An unknown resource is -32602 with `data.uri`.
 */
import type { ReadResourceResult } from "@mrtr/schema";
import { hintsOf, listHints } from "../cache-hints.js";
import { hasResources } from "../capabilities.js";
import type { InputContext } from "../context.js";
import { McpInvalidParamsError, McpMethodNotFoundError } from "../errors.js";
import { listResult } from "../list-result.js";
import { refuseInput, serveRound } from "../multi-round.js";
import { describeResource, describeTemplate } from "../registry.js";
import type { MethodHandler } from "./method.js";

export const listResources: MethodHandler<"resources/list"> = async (request, ctx, core) => {
  if (!hasResources(core)) throw new McpMethodNotFoundError(request.method);
  const dynamic = core.listResources ? refuseInput(await core.listResources(ctx), request.method) : [];
  const fixed = [...core.registry.resources.values()];
  const all = [...fixed.map(describeResource), ...dynamic];
  return listResult(core, request.method, "resources", all, request.params?.cursor, listHints(core.cache, fixed));
};

export const listResourceTemplates: MethodHandler<"resources/templates/list"> = async (request, _ctx, core) => {
  if (!hasResources(core)) throw new McpMethodNotFoundError(request.method);
  const templates = core.registry.templates.map((t) => t.definition);
  return listResult(core, request.method, "resourceTemplates", templates.map(describeTemplate), request.params?.cursor, listHints(core.cache, templates));
};

export const readResource: MethodHandler<"resources/read"> = async (request, ctx, core) => {
  const { uri } = request.params;
  const fixed = core.registry.resources.get(uri);
  if (fixed) {
    return serveRound<ReadResourceResult>({ core, ctx, params: request.params, definition: fixed, handler: async (input) => fixed.handler(uri, input), hints: hintsOf(core.cache, fixed.cache) });
  }
  for (const t of core.registry.templates) {
    const vars = t.match(uri);
    if (!vars) continue;
    const handler = async (input: InputContext) => t.definition.handler(uri, vars, input);
    return serveRound<ReadResourceResult>({ core, ctx, params: request.params, definition: t.definition, handler, hints: hintsOf(core.cache, t.definition.cache) });
  }
  throw new McpInvalidParamsError(`Resource not found: ${uri}`, { uri });
};
