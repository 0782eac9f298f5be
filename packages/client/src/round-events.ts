/** Observability: one event per step of a flow. `input_required` is a normal step, not an error. */

/** What happened in a flow. */
export type RoundEvent =
  | {
      /** The server asked for input. */
      type: "input_required";
      /** The method of the call. */
      method: string;
      /** Which round (1 for the first retry). */
      round: number;
      /** The keys of the input requests. */
      keys: string[];
      /** Whether the answer carried requestState. */
      hasState: boolean;
    }
  | {
      /** The handlers answered; the retry goes out. */
      type: "answered";
      /** The method of the call. */
      method: string;
      /** Which round. */
      round: number;
      /** The keys answered. */
      keys: string[];
    }
  | {
      /** A round with only requestState: the retry waits first. */
      type: "retrying";
      /** The method of the call. */
      method: string;
      /** Which round. */
      round: number;
      /** How long it waits, in ms. */
      delayMs: number;
    }
  | {
      /** The call completed. */
      type: "completed";
      /** The method of the call. */
      method: string;
      /** How many rounds it took (0: the first answer completed it). */
      rounds: number;
    };

/** Receives every event; must not throw (errors are swallowed). */
export type RoundListener = (event: RoundEvent) => void;
