/**
 * Progress reports of one request (basic/patterns/progress.mdx): sent only
 * when the request carried a `progressToken`, each value above the last, at
 * most one per `minIntervalMs` (a faster report waits and the latest one is
 * sent when the interval ends; a report is never sent after the answer). The
 * latest report still waiting when the handler finishes is sent before the
 * answer, so a client sees the final figure.
 */
import type { ProgressNotification, ProgressToken } from "@mrtr/schema";

/** Limits of progress reports. */
export interface ProgressOptions {
  /** Least time between two reports of one request, in ms (default 50: at most 20 a second). */
  minIntervalMs?: number;
  /** Longest `message` sent, in UTF-16 units (default 1 024); longer ones are cut. */
  maxMessageLength?: number;
}

/** The defaults of {@link ProgressOptions}. */
export const PROGRESS_DEFAULTS = { minIntervalMs: 50, maxMessageLength: 1024 } as const satisfies Required<ProgressOptions>;

/** What a handler calls through `ctx.progress`. */
export type ProgressReport = (progress: number, total?: number, message?: string) => void;

/** The progress of one request: `report` for the handler, `finish` for the server once the answer is ready. */
export interface ProgressReporter {
  report: ProgressReport;
  /** Stops reporting. With `flush`, a report still waiting for its interval is sent first. */
  finish(flush: boolean): void;
}

/** A reporter that sends through `emit` (which returns false when the stream cannot take it). */
export function progressReporter(token: ProgressToken | undefined, emit: (n: ProgressNotification) => boolean, options: Required<ProgressOptions>): ProgressReporter {
  let done = token === undefined;
  let last = -Infinity;
  let lastSentAt = -Infinity;
  let waiting: ProgressNotification | undefined;
  let timer: ReturnType<typeof setTimeout> | undefined;

  const send = (n: ProgressNotification) => {
    lastSentAt = Date.now();
    emit(n);
  };
  const flushWaiting = () => {
    timer = undefined;
    if (waiting && !done) send(waiting);
    waiting = undefined;
  };

  return {
    report(progress, total, message) {
      if (done) return;
      // The draft: progress MUST grow with each report; a report that does not is dropped.
      if (typeof progress !== "number" || !Number.isFinite(progress) || progress <= last) return;
      if (total !== undefined && (typeof total !== "number" || !Number.isFinite(total))) total = undefined;
      last = progress;
      const text = typeof message === "string" ? message.slice(0, options.maxMessageLength) : undefined;
      const n: ProgressNotification = {
        jsonrpc: "2.0",
        method: "notifications/progress",
        params: { progressToken: token!, progress, ...(total !== undefined && { total }), ...(text !== undefined && { message: text }) },
      };
      const wait = lastSentAt + options.minIntervalMs - Date.now();
      if (wait <= 0 && !timer) {
        send(n);
        return;
      }
      waiting = n;
      timer ??= setTimeout(flushWaiting, Math.max(0, wait));
    },
    finish(flush) {
      if (done) return;
      if (timer) clearTimeout(timer);
      timer = undefined;
      if (flush && waiting) send(waiting);
      waiting = undefined;
      done = true;
    },
  };
}
