/**
 * Per-round progress of a request: turns the client's `onRound` events into
 * one line each, so the user sees every round trip the client makes for them.
 */
import type { RoundEvent, RoundListener } from "@mrtr/client";
import { dim } from "./style.js";

/** Where progress lines go (the prompt library's log, or console.log in tests). */
export type ProgressSink = (line: string) => void;

const seconds = (ms: number) => `${(ms / 1000).toFixed(ms % 1000 === 0 ? 0 : 1)} s`;

/**
 * A round listener writing to `sink`. `consented` tells which input keys the
 * user already consented to in URL mode: a round asking only those again is
 * the server saying "the step is not finished yet", which the client answers
 * by polling, so it gets a "waiting" line rather than a new round. A request
 * that completes at once (discover, list) prints nothing.
 */
export function progressListener(sink: ProgressSink, consented: () => ReadonlySet<string> = () => new Set()): RoundListener {
  let polling = false;
  // Whether the current flow has had a round of input (plain requests print nothing).
  let multiRound = false;
  return (event: RoundEvent) => {
    switch (event.type) {
      case "input_required": {
        multiRound = true;
        const done = consented();
        polling = event.keys.length > 0 && event.keys.every((k) => done.has(k));
        if (polling) return;
        sink(
          event.keys.length > 0
            ? `Round ${event.round}: the server needs input (${event.keys.join(", ")})`
            : `Round ${event.round}: the server asks to retry${event.hasState ? " with its state" : ""}`,
        );
        return;
      }
      case "answered":
        return;
      case "retrying":
        if (polling) sink(dim(`The step in the browser is not finished yet; checking again in ${seconds(event.delayMs)}…`));
        else if (event.delayMs > 0) sink(dim(`Retrying in ${seconds(event.delayMs)}…`));
        else sink(dim(`Sending the answers (round ${event.round})…`));
        return;
      case "completed":
        polling = false;
        if (!multiRound) return;
        multiRound = false;
        sink(`Done after ${event.rounds} round${event.rounds === 1 ? "" : "s"} of input.`);
        return;
    }
  };
}
