/**
 * Which tools the page lists: those the model may call. A tool whose
 * `_meta.ui.visibility` lacks `"model"` (MCP Apps: `["app"]`) is called only
 * by its view, so a host keeps it out of the model's reach, and this page
 * out of its tool list; the view still gets the whole list to call it.
 */
import { toolViewOf } from "@mrtr/apps";
import type { ListedTool } from "@mrtr/apps/host";
import type { ToolInfo } from "@mrtr/example-terminal-client/argument-fields";

/** A tool as `tools/list` gives it: what the list shows, and the `_meta` that says its view and visibility. */
export type HostTool = ToolInfo & ListedTool;

/** The tools the model may call, and how many others were left out. */
export function modelTools(tools: readonly HostTool[]): { listed: HostTool[]; hidden: number } {
  const listed = tools.filter((tool) => toolViewOf(tool).visibility.includes("model"));
  return { listed, hidden: tools.length - listed.length };
}

/** What the page says of the tools left out ("" when none). */
export function hiddenToolsNote(hidden: number): string {
  if (hidden === 0) return "";
  const what = hidden === 1 ? "1 tool is" : `${hidden} tools are`;
  return `${what} not listed: only the server's views call ${hidden === 1 ? "it" : "them"} (visibility "app").`;
}
