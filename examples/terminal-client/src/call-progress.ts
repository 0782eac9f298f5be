/**
 * A tool call with a progress bar and Ctrl+C: the client asks the server for
 * progress reports (`onProgress`) and draws them as a bar (or, while the
 * total is unknown, as figures); Ctrl+C while the call runs cancels the call
 * (the client closes the request, which the server takes as cancellation)
 * instead of ending the program. The bar is one line redrawn in place; it
 * does not take the keyboard (the prompt library's spinner would, and would
 * end the program on Ctrl+C), so Ctrl+C reaches the process as SIGINT.
 */
import type { Progress } from "@mrtr/client";
import { oneLine } from "./sanitize.js";
import { accent, dim } from "./style.js";

/** Thrown by the call when the user pressed Ctrl+C. */
export class CallCancelled extends Error {
  constructor() {
    super("Cancelled with Ctrl+C.");
    this.name = "CallCancelled";
  }
}

/** How far a report is, in whole percent, when the total is known. */
export function percentOf(p: Progress): number | undefined {
  if (p.total === undefined || !(p.total > 0)) return undefined;
  return Math.max(0, Math.min(100, Math.floor((p.progress / p.total) * 100)));
}

/** The line beside the bar: the server's message (made safe for a terminal) and the figures. */
export function describeProgress(p: Progress): string {
  const figures = p.total !== undefined ? `${p.progress}/${p.total}` : `${p.progress}`;
  return p.message ? `${oneLine(p.message)} (${figures})` : figures;
}

/** One bar line: filled part, percentage (when the total is known) and the description. */
export function barLine(p: Progress, width = 30): string {
  const percent = percentOf(p);
  if (percent === undefined) return `${dim("…")} ${describeProgress(p)}`;
  const filled = Math.round((percent / 100) * width);
  return `${accent("━".repeat(filled))}${dim("─".repeat(width - filled))} ${String(percent).padStart(3)}%  ${describeProgress(p)}`;
}

/** The bar being drawn, if any: a prompt that appears mid-call ends its line first. */
let active: { end(): void } | undefined;

/** Ends the bar's line so that what follows (a prompt of the next round) starts on its own. */
export function interruptProgress(): void {
  active?.end();
}

/** Runs `call` with a progress bar and Ctrl+C cancellation. */
export async function withProgress<T>(
  call: (options: { signal: AbortSignal; onProgress: (p: Progress) => void }) => Promise<T>,
  output: NodeJS.WritableStream & { isTTY?: boolean } = process.stdout,
): Promise<T> {
  const controller = new AbortController();
  const cancel = () => controller.abort(new CallCancelled());
  let open = false;
  const bar = {
    end() {
      if (open) output.write("\n");
      open = false;
    },
  };
  active = bar;
  const onProgress = (p: Progress) => {
    if (controller.signal.aborted) return;
    const line = `${dim("│")}  ${barLine(p)}  ${dim("(Ctrl+C cancels)")}`;
    // A terminal redraws the line in place; anything else gets one line per report.
    if (output.isTTY) output.write(`\r\x1b[2K${line}`);
    else output.write(`${line}\n`);
    open = output.isTTY === true;
  };
  process.on("SIGINT", cancel);
  try {
    return await call({ signal: controller.signal, onProgress });
  } catch (error) {
    if (controller.signal.aborted) throw new CallCancelled();
    throw error;
  } finally {
    process.off("SIGINT", cancel);
    bar.end();
    if (active === bar) active = undefined;
  }
}
