/**
 * Tools whose schemas the front cannot compile are not offered. The front
 * compiles a tool's schemas at its first call; one that fails there (a
 * `pattern` that is no regular expression, say) would answer every call
 * with a bare internal error. So each listed tool's schemas are compiled
 * once when the upstream is listed, with the front's validator, and a tool
 * that fails is left out with an `item-skipped` warning naming it.
 */
import type { Tool } from "@mrtr/schema";
import type { JsonSchemaValidator } from "@mrtr/server";
import type { UpstreamItems } from "./list-upstream.js";
import type { GatewayWarning } from "./options.js";

/** `items` without the tools whose schemas do not compile. */
export async function screenSchemas(upstream: string, items: UpstreamItems, validator: JsonSchemaValidator, warn: (w: GatewayWarning) => void): Promise<UpstreamItems> {
  const kept: Tool[] = [];
  for (const tool of items.tools.items) {
    const problem = await compileProblem(validator, tool);
    if (problem === undefined) kept.push(tool);
    else warn({ kind: "item-skipped", upstream, message: `Upstream "${upstream}": tool ${JSON.stringify(tool.name)} is not offered: its ${problem}` });
  }
  return kept.length === items.tools.items.length ? items : { ...items, tools: { ...items.tools, items: kept } };
}

/** What fails to compile of a tool's schemas, in words; undefined when both compile. */
async function compileProblem(validator: JsonSchemaValidator, tool: Tool): Promise<string | undefined> {
  for (const [role, schema] of [["inputSchema", tool.inputSchema], ["outputSchema", tool.outputSchema]] as const) {
    if (schema === undefined) continue;
    try {
      await validator.compile(schema as never);
    } catch (error) {
      return `${role} does not compile: ${(error as Error).message}`;
    }
  }
  return undefined;
}
