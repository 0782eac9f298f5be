/**
 * A tool's result as the user reads it: each text block, a note for content
 * the page does not show (images, audio, resources), the structured content
 * as JSON, and whether the tool reports an error.
 */
import type { McpClient } from "@mrtr/client";
import { el } from "./dom.js";

/** A `tools/call` result. */
export type ToolResult = Awaited<ReturnType<McpClient["callTool"]>>;

/** The result as an element. */
export function resultView(result: ToolResult): HTMLElement {
  const blocks = result.content.map((block) =>
    block.type === "text" ? el("p", { class: "text peer" }, block.text) : el("p", { class: "detail" }, `(${block.type} content, not shown here)`),
  );
  return el(
    "div",
    { class: result.isError ? "result error" : "result" },
    result.isError === true && el("p", { class: "problem" }, "The tool reports an error:"),
    ...blocks,
    result.structuredContent !== undefined &&
      el("details", {}, el("summary", {}, "Structured content"), el("pre", { class: "peer" }, JSON.stringify(result.structuredContent, null, 2))),
  );
}
