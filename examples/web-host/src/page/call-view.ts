/**
 * One tool call on the page: asks the server for progress and draws each
 * report (a bar once the total is known, and the server's status text);
 * the Cancel button aborts the call's signal, which closes the request, and
 * the server's handler sees its own signal abort. When the call ends, the
 * result, the cancellation or the error is shown, and the result is handed
 * back (a view of the tool is shown beside it by tool-view.ts).
 */
import { FlowAbortedError, type McpClient, type Progress } from "@mrtr/client";
import type { ToolInfo } from "@mrtr/example-terminal-client/argument-fields";
import { describeError } from "./describe-error.js";
import { el, replace } from "./dom.js";
import { resultView, type ToolResult } from "./result-view.js";

/** Where a call is shown. */
export interface CallUi {
  /** The call's status: what runs, its progress, the Cancel button, then the outcome. */
  status: HTMLElement;
  /** The server's questions of this call (cleared when it ends). */
  questions: HTMLElement;
  /** The result. */
  result: HTMLElement;
}

/** The progress figures and the server's status text. */
export function progressText(p: Progress): string {
  const figures = p.total !== undefined ? `${p.progress}/${p.total}` : `${p.progress}`;
  return p.message ? `${p.message} (${figures})` : figures;
}

/** Calls `tool` with `args`, showing it in `ui`; resolves when the call has ended, with its result (undefined when it was cancelled or failed). */
export async function runCall(client: McpClient, tool: ToolInfo, args: Record<string, unknown>, ui: CallUi): Promise<ToolResult | undefined> {
  const controller = new AbortController();
  const bar = el("progress", { hidden: true });
  const line = el("p", { class: "progress-text peer", "aria-live": "polite" });
  const cancel = el("button", { type: "button", "data-action": "cancel-call" }, "Cancel");
  const outcome = el("p", { class: "outcome", role: "status" });
  cancel.addEventListener("click", () => controller.abort());
  replace(ui.result);
  replace(ui.status, el("h2", {}, "Calling ", el("span", { class: "peer" }, tool.title ?? tool.name), "…"), bar, line, el("div", { class: "actions" }, cancel), outcome);

  const onProgress = (p: Progress) => {
    if (p.total !== undefined && p.total > 0) {
      bar.hidden = false;
      bar.max = p.total;
      bar.value = Math.min(p.progress, p.total);
    }
    replace(line, progressText(p));
  };
  try {
    const result = await client.callTool(tool.name, args, { signal: controller.signal, onProgress });
    replace(outcome, result.isError ? "Finished with an error." : "Finished.");
    replace(ui.result, resultView(result));
    return result;
  } catch (error) {
    if (controller.signal.aborted || error instanceof FlowAbortedError) replace(outcome, "Cancelled: the server was told to stop.");
    else {
      outcome.classList.add("problem");
      replace(outcome, describeError(error));
    }
    return undefined;
  } finally {
    cancel.remove();
    replace(ui.questions);
  }
}
