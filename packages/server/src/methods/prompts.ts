/** `prompts/list` and `prompts/get` (a multi round-trip method). */
import type { GetPromptResult } from "@mrtr/schema";
import { McpInvalidParamsError, McpMethodNotFoundError } from "../errors.js";
import { listResult } from "../list-result.js";
import { serveRound } from "../multi-round.js";
import { describePrompt } from "../registry.js";
import type { MethodHandler } from "./method.js";

export const listPrompts: MethodHandler<"prompts/list"> = async (request, _ctx, core) => {
  if (core.registry.prompts.size === 0) throw new McpMethodNotFoundError(request.method);
  return listResult(core, request.method, "prompts", [...core.registry.prompts.values()].map(describePrompt), request.params?.cursor);
};

export const getPrompt: MethodHandler<"prompts/get"> = async (request, ctx, core) => {
  const { name } = request.params;
  const prompt = core.registry.prompts.get(name);
  if (!prompt) throw new McpInvalidParamsError(`Unknown prompt: ${name}`);
  const args = request.params.arguments ?? {};
  const absent = (prompt.arguments ?? []).filter((a) => a.required && args[a.name] === undefined).map((a) => a.name);
  if (absent.length > 0) throw new McpInvalidParamsError(`Missing required prompt arguments: ${absent.join(", ")}`);
  return serveRound<GetPromptResult>(core, ctx, request.params, prompt, async (input) => prompt.handler(args, input));
};
