/**
 * A call's signal: the caller's, and its time limit; and what an abort of
 * it becomes for the caller (`FlowAbortedError`, saying which of the two).
 */
import { FlowAbortedError, McpClientError } from "./errors.js";

/** A signal that aborts with the caller's signal or after `timeoutMs`. */
export function flowSignal(signal: AbortSignal | undefined, timeoutMs: number | undefined): AbortSignal {
  const signals = [signal, timeoutMs !== undefined ? AbortSignal.timeout(timeoutMs) : undefined].filter((s): s is AbortSignal => !!s);
  if (signals.length === 0) return new AbortController().signal;
  return signals.length === 1 ? signals[0]! : AbortSignal.any(signals);
}

/** Translates an abort into a FlowAbortedError; passes other errors through. */
export function abortError(error: unknown, signal: AbortSignal): unknown {
  if (!signal.aborted || error instanceof McpClientError) return error;
  const reason = signal.reason as { name?: string } | undefined;
  return new FlowAbortedError(reason?.name === "TimeoutError" ? "timeout" : "aborted", signal.reason);
}
