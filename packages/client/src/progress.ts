/**
 * Progress of one call (basic/patterns/progress.mdx): the client sends a
 * `progressToken` unique among its requests in flight, and hands the
 * caller's `onProgress` each valid report carrying it, in order, each above
 * the last (a report that does not grow, or names another token, is dropped).
 */
import type { ProgressToken } from "@mrtr/schema";

/** One progress report. */
export interface Progress {
  /** Work done so far; grows with each report. */
  progress: number;
  /** Total amount of work, when the server knows it. */
  total?: number;
  /** Status text to show to people. */
  message?: string;
}

/** Receives progress reports; a listener that throws is ignored. */
export type ProgressListener = (progress: Progress) => void;

/** Longest progress `message` handed on, in UTF-16 units. */
const MAX_MESSAGE = 1024;

/** A filter of the messages of one exchange that calls `listener` with its progress reports. */
export function progressFilter(token: ProgressToken, listener: ProgressListener): (message: Record<string, unknown>) => void {
  let last = -Infinity;
  return (message) => {
    if (message.method !== "notifications/progress") return;
    const p = message.params as { progressToken?: unknown; progress?: unknown; total?: unknown; message?: unknown } | undefined;
    if (!p || p.progressToken !== token) return;
    if (typeof p.progress !== "number" || !Number.isFinite(p.progress) || p.progress <= last) return;
    last = p.progress;
    const report: Progress = { progress: p.progress };
    if (typeof p.total === "number" && Number.isFinite(p.total)) report.total = p.total;
    if (typeof p.message === "string") report.message = p.message.slice(0, MAX_MESSAGE);
    try {
      listener(report);
    } catch {
      // A failing listener must not break the call.
    }
  };
}

/** Tokens unique across this client's requests (and, by their random prefix, across clients). */
export function progressTokens(): () => string {
  const prefix = globalThis.crypto.randomUUID();
  let n = 0;
  return () => `${prefix}:${++n}`;
}
