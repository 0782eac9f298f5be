/**
 * `resources/list`, `resources/templates/list` and `resources/read` (a multi
 * round-trip method). An unknown resource is -32602 with `data.uri`.
 */
import type { ReadResourceResult } from "@mrtr/schema";
import { hasResources } from "../capabilities.js";
import { McpInvalidParamsError, McpMethodNotFoundError } from "../errors.js";
import { listResult } from "../list-result.js";
import { refuseInput, serveRound } from "../multi-round.js";
import { describeResource, describeTemplate } from "../registry.js";
import type { MethodHandler } from "./method.js";

export const listResources: MethodHandler<"resources/list"> = async (request, ctx, core) => {
  if (!hasResources(core)) throw new McpMethodNotFoundError(request.method);
  const dynamic = core.listResources ? refuseInput(await core.listResources(ctx), request.method) : [];
  const all = [...[...core.registry.resources.values()].map(describeResource), ...dynamic];
  return listResult(core, request.method, "resources", all, request.params?.cursor);
};

export const listResourceTemplates: MethodHandler<"resources/templates/list"> = async (request, _ctx, core) => {
  if (!hasResources(core)) throw new McpMethodNotFoundError(request.method);
  return listResult(core, request.method, "resourceTemplates", core.registry.templates.map((t) => describeTemplate(t.definition)), request.params?.cursor);
};

export const readResource: MethodHandler<"resources/read"> = async (request, ctx, core) => {
  const { uri } = request.params;
  const fixed = core.registry.resources.get(uri);
  if (fixed) return serveRound<ReadResourceResult>(core, ctx, request.params, fixed, async (input) => fixed.handler(uri, input), core.cache);
  for (const t of core.registry.templates) {
    const vars = t.match(uri);
    if (vars) return serveRound<ReadResourceResult>(core, ctx, request.params, t.definition, async (input) => t.definition.handler(uri, vars, input), core.cache);
  }
  throw new McpInvalidParamsError(`Resource not found: ${uri}`, { uri });
};
