/** `prompts/list` and `prompts/get` (a multi round-trip method). */
import type { GetPromptResult } from "@mrtr/schema";
import { McpInvalidParamsError, McpMethodNotFoundError } from "../errors.js";
import { listHints } from "../cache-hints.js";
import { servesPrompts } from "../capabilities.js";
import { listResult } from "../list-result.js";
import { serveRound } from "../multi-round.js";
import { describePrompt } from "../registry.js";
import type { MethodHandler } from "./method.js";

export const listPrompts: MethodHandler<"prompts/list"> = async (request, _ctx, core) => {
  if (!servesPrompts(core)) throw new McpMethodNotFoundError(request.method);
  const prompts = [...core.registry.prompts.values()];
  return listResult(core, request.method, "prompts", prompts.map(describePrompt), request.params?.cursor, listHints(core.cache, prompts));
};

export const getPrompt: MethodHandler<"prompts/get"> = async (request, ctx, core) => {
  const { name } = request.params;
  const prompt = core.registry.prompts.get(name);
  if (!prompt) throw new McpInvalidParamsError(`Unknown prompt: ${name}`);
  const args = request.params.arguments ?? {};
  const absent = (prompt.arguments ?? []).filter((a) => a.required && args[a.name] === undefined).map((a) => a.name);
  if (absent.length > 0) throw new McpInvalidParamsError(`Missing required prompt arguments: ${absent.join(", ")}`);
  return serveRound<GetPromptResult>({ core, ctx, params: request.params, definition: prompt, handler: async (input) => prompt.handler(args, input) });
};
