/**
 * `tools/list` and `tools/call`. A call checks its arguments against the
 * tool's input schema (a failure is a tool execution error the model can
 * correct, `isError: true`), runs as a multi round-trip, and a complete
 * result of a tool with an output schema must carry conforming structured
 * content, sent as the schema gives it back.
 */
import type { CallToolResult } from "@mrtr/schema";
import { listHints } from "../cache-hints.js";
import { servesTools } from "../capabilities.js";
import type { InputContext } from "../context.js";
import type { ServerCore } from "../core.js";
import { InsufficientScopeError, McpInvalidParamsError, McpMethodNotFoundError, ServerDefinitionError } from "../errors.js";
import { isInputRequired } from "../input-required.js";
import { listResult } from "../list-result.js";
import { serveRound } from "../multi-round.js";
import type { AnyTool } from "../registry.js";
import type { MethodHandler } from "./method.js";

export const listTools: MethodHandler<"tools/list"> = async (request, _ctx, core) => {
  if (!servesTools(core)) throw new McpMethodNotFoundError(request.method);
  const registered = [...core.registry.tools.values()];
  const hints = listHints(core.cache, registered.map((t) => t.definition));
  return listResult(core, request.method, "tools", registered.map((t) => t.tool), request.params?.cursor, hints);
};

export const callTool: MethodHandler<"tools/call"> = async (request, ctx, core) => {
  const { name } = request.params;
  const registered = core.registry.tools.get(name);
  if (!registered) throw new McpInvalidParamsError(`Unknown tool: ${name}`);
  const tool = registered.definition;
  if (tool.scopes && tool.scopes.length > 0) {
    // Step-up: the caller's token lacks a scope this tool demands (protect answers 403 insufficient_scope).
    const granted = ctx.auth?.scopes ?? [];
    if (!tool.scopes.every((s) => core.hasScope(granted, s))) throw new InsufficientScopeError(tool.scopes);
  }
  const args = tool.inputSchema === undefined ? { ok: true as const, value: request.params.arguments ?? {} } : await core.schemas.check(tool.inputSchema, request.params.arguments ?? {});
  if (!args.ok) {
    return { resultType: "complete", isError: true, content: [{ type: "text", text: `Invalid arguments for tool ${name}: ${args.problems.join("; ")}` }] };
  }
  // An extension may take the call over (the Tasks extension runs it as a task).
  const takeover = core.extensions.toolCall({ name, definition: tool, ctx });
  return serveRound<CallToolResult>({ core, ctx, params: request.params, definition: tool, handler: (input) => runTool(core, tool, args.value, input), takeover });
};

/** Runs a tool's handler; a complete result of a tool with an output schema must carry conforming structured content, sent as the schema gives it back. */
async function runTool(core: ServerCore, tool: AnyTool, args: unknown, ctx: InputContext): Promise<unknown> {
  const result = await tool.handler(args, ctx);
  if (tool.outputSchema === undefined || isInputRequired(result) || (result as { isError?: boolean }).isError) return result;
  const structured = (result as { structuredContent?: unknown }).structuredContent;
  const check = structured === undefined ? { ok: false as const, problems: ["no structuredContent"] } : await core.schemas.check(tool.outputSchema, structured);
  if (!check.ok) throw new ServerDefinitionError(`Tool ${tool.name} returned a result that does not match its outputSchema: ${check.problems.join("; ")}`);
  // What the schema gives back is what tools/list describes (a validator's output side): send that.
  return check.value === structured ? result : { ...result, structuredContent: check.value };
}
