/**
 * The end of a call, told to the middleware that asked (`SentCall.onCallEnd`):
 * once, after all its rounds and the follow-ups an extension sent for it.
 */
import type { FlowCall } from "./types.js";

/** Tells the call's end to what middleware asked to be told (each once; a throwing listener changes nothing). */
export function callEnded(call: FlowCall, error: unknown): void {
  for (const listener of call.ends?.splice(0) ?? []) {
    try {
      listener(error);
    } catch {
      // A listener must not change the call's outcome.
    }
  }
}
