/**
 * Automatic rounds: `callTool` runs the whole flow. Each `input_required`
 * goes to the form handler, question by question; the client checks the
 * answer against the form (filling defaults) and retries with a new id, the
 * answers and the server's requestState byte for byte. `onRound` sees each
 * step as it happens.
 */
import { createClient, type RoundEvent, type Transport } from "@mrtr/client";
import { answerForm } from "./user.js";

/** What the automatic call gave: the tool's text and the round events, in order. */
export interface AutomaticRun {
  text: string;
  events: RoundEvent[];
}

/** One line per round event, for people. */
export function describeEvent(event: RoundEvent): string {
  switch (event.type) {
    case "input_required":
      return `round ${event.round}: input_required, asking ${event.keys.join(", ")}${event.hasState ? " (with requestState)" : ""}`;
    case "answered":
      return `round ${event.round}: answered ${event.keys.join(", ")}`;
    case "retrying":
      return `round ${event.round}: retrying${event.delayMs > 0 ? ` in ${event.delayMs} ms` : ""}`;
    case "completed":
      return `completed after ${event.rounds} round${event.rounds === 1 ? "" : "s"} of input`;
  }
}

/** Calls `plan_trip` with a form handler and prints every round. */
export async function planAutomatically(transport: Transport, print: (line: string) => void): Promise<AutomaticRun> {
  const events: RoundEvent[] = [];
  const client = createClient({
    name: "trip-planner",
    version: "1.0.0",
    transport,
    // Giving a form handler declares the elicitation.form capability: the server may ask.
    elicitation: { form: async (params, info) => answerForm(info.key, params, print) },
    onRound: (event) => {
      events.push(event);
      print(`  ${describeEvent(event)}`);
    },
  });
  try {
    const result = await client.callTool("plan_trip");
    const first = result.content[0];
    return { text: first?.type === "text" ? first.text : JSON.stringify(result.content), events };
  } finally {
    await client.close();
  }
}
