/**
 * Manual mode: the application drives the rounds itself. `start` sends the
 * request once; if the server needs input, it returns a `PendingInput` that is
 * plain JSON (store it, resume it in another process); `resume` answers it.
 */
import type { InputRequests } from "@mrtr/schema";

/** A flow waiting for the application's answers. Plain JSON: safe to store and resume elsewhere. */
export interface PendingInput {
  /** Tells it from a complete step. */
  status: "input_required";
  /** Format version of this object. */
  version: 1;
  /** The original request, without `_meta`, `inputResponses` or `requestState`. */
  method: string;
  /** Its params. */
  params: Record<string, unknown>;
  /** What to answer, by key (absent when the server only asks for a retry). */
  inputRequests?: InputRequests;
  /** The server's state, to be sent back unchanged. */
  requestState?: string;
  /** Rounds so far. */
  round: number;
}

/** The outcome of `start` or `resume`. */
export type ManualStep<R> =
  | {
      /** The request completed. */
      status: "complete";
      /** Its result. */
      result: R;
    }
  | PendingInput;

/** Whether a value read back from storage is a PendingInput. */
export function isPendingInput(value: unknown): value is PendingInput {
  const v = value as Partial<PendingInput> | null;
  return (
    typeof v === "object" &&
    v !== null &&
    v.status === "input_required" &&
    v.version === 1 &&
    typeof v.method === "string" &&
    typeof v.params === "object" &&
    typeof v.round === "number"
  );
}
