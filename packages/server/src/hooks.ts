/**
 * The host's hooks (`onWarning`, `onError`, `onRequestStateRejected`), called so that a
 * failing hook can never change the answer a client gets.
 */
import type { RequestId } from "@mrtr/schema";
import type { RejectReason } from "./request-state/index.js";

/** Where a failure happened. */
export interface FailureInfo {
  /** The method of the request being served, when it was read that far. */
  method: string | undefined;
  /** Its JSON-RPC id, when it was read that far. */
  requestId: RequestId | undefined;
}

/** Something the server noticed about how it was set up, reported once to `onWarning`. */
export interface ServerWarning {
  /** What it is about: `"ephemeral-state-key"` (no `requestState.secrets`, a random key of this process seals). */
  type: "ephemeral-state-key";
  /** What it means and what to do, in plain words. */
  message: string;
}

/** The hooks a host may pass to `createServer`. */
export interface HostHookOptions {
  /** Called with set-up warnings (default: `console.warn` of the message). */
  onWarning?: (warning: ServerWarning) => void;
  /** Called with every server-side failure the client only sees as -32603, with the reason. */
  onError?: (error: unknown, info: FailureInfo) => void;
  /** Called with the reason a requestState was refused (the client always gets the same -32602). */
  onRequestStateRejected?: (reason: RejectReason, detail: string | undefined, info: { method: string }) => void;
}

/** The hooks, each guarded. */
export interface HostHooks {
  warning(warning: ServerWarning): void;
  error(error: unknown, info: FailureInfo): void;
  stateRejected(reason: RejectReason, detail: string | undefined, info: { method: string }): void;
}

function safely(hook: () => void): void {
  try {
    hook();
  } catch {
    // A failing hook must not change the answer.
  }
}

export function hostHooks(options: HostHookOptions): HostHooks {
  return {
    warning: (warning) => safely(() => (options.onWarning ?? ((w: ServerWarning) => console.warn(w.message)))(warning)),
    error: (error, info) => safely(() => options.onError?.(error, info)),
    stateRejected: (reason, detail, info) => safely(() => options.onRequestStateRejected?.(reason, detail, info)),
  };
}
