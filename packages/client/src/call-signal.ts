/**
 * A call's signal: the caller's, its time limit and the client's close; and
 * what an abort of it becomes for the caller (`FlowAbortedError`, saying
 * which).
 */
import { FlowAbortedError, McpClientError } from "./errors.js";

/** A signal that aborts with the caller's signal, after `timeoutMs`, or when the client closes (`closed`). */
export function flowSignal(signal: AbortSignal | undefined, timeoutMs: number | undefined, closed: AbortSignal): AbortSignal {
  const signals = [closed, signal, timeoutMs !== undefined ? AbortSignal.timeout(timeoutMs) : undefined].filter((s): s is AbortSignal => !!s);
  return signals.length === 1 ? signals[0]! : AbortSignal.any(signals);
}

/** Translates an abort into a FlowAbortedError; passes other errors through. */
export function abortError(error: unknown, signal: AbortSignal): unknown {
  if (!signal.aborted || error instanceof McpClientError) return error;
  const reason = signal.reason as { name?: string } | undefined;
  return new FlowAbortedError(reason?.name === "TimeoutError" ? "timeout" : "aborted", signal.reason);
}
