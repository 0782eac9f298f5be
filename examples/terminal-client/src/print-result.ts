/**
 * Showing a tool's result: its text content as text, other content blocks
 * named by type, structured content as JSON, an error result as an error.
 */
import { log, note } from "@clack/prompts";
import type { McpClient } from "@mrtr/client";
import { oneLine, plain } from "./sanitize.js";
import { dim } from "./style.js";

/** A tool result. */
export type ToolResult = Awaited<ReturnType<McpClient["callTool"]>>;

/** One content block as text. */
function blockText(block: Record<string, unknown>): string {
  switch (block.type) {
    case "text":
      return plain(block.text);
    case "image":
    case "audio":
      return dim(`[${String(block.type)}: ${oneLine(block.mimeType)}]`);
    case "resource_link":
      return `${dim("[link]")} ${oneLine(block.uri)}`;
    case "resource":
      return `${dim("[resource]")} ${oneLine((block.resource as { uri?: unknown } | undefined)?.uri)}`;
    default:
      return dim(`[${oneLine(block.type)} content]`);
  }
}

/** Prints a tool's result. */
export function printResult(toolName: string, result: ToolResult): void {
  const body = (result.content as unknown as Record<string, unknown>[]).map(blockText).join("\n") || dim("(no content)");
  if (result.isError) {
    log.error(`${oneLine(toolName)} failed:\n${body}`);
    return;
  }
  note(body, `Result of ${oneLine(toolName)}`);
  if (result.structuredContent !== undefined) log.message(dim(plain(JSON.stringify(result.structuredContent, null, 2))));
}
