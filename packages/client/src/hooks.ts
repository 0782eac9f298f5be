/** Observability: one event per step of a flow. `input_required` is a normal step, not an error. */

/** What happened in a flow. */
export type RoundEvent =
  | { type: "input_required"; method: string; round: number; keys: string[]; hasState: boolean }
  | { type: "answered"; method: string; round: number; keys: string[] }
  | { type: "retrying"; method: string; round: number; delayMs: number }
  | { type: "completed"; method: string; rounds: number };

/** Receives every event; must not throw (errors are swallowed). */
export type RoundListener = (event: RoundEvent) => void;
