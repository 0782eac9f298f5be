/**
 * Manual rounds: the same flow driven by the application. With
 * `elicitation.form: "manual"` the client declares forms but answers none:
 * `start` sends the request once and returns either the result or a
 * `PendingInput` (the questions, the server's requestState, the original
 * request, the round). It is plain JSON, so it can be stored (a database row,
 * a queue message) while a person takes their time, and resumed later by
 * another client, in another process. `resume` checks the answers as
 * automatic mode checks a handler's and sends the retry with the state.
 */
import { createClient, isPendingInput, type ManualStep, type PendingInput, type Transport } from "@mrtr/client";
import type { CallToolResult, ElicitRequestFormParams } from "@mrtr/schema";
import { answerForm } from "./user.js";

/** What the manual call gave: the tool's text and every pending input it went through, as stored. */
export interface ManualRun {
  text: string;
  pending: PendingInput[];
}

/** A client that answers nothing itself: each question comes back to the caller. */
function manualClient(transport: Transport) {
  return createClient({ name: "trip-planner", version: "1.0.0", transport, elicitation: { form: "manual" } });
}

/** Calls `plan_trip` in manual mode, storing and resuming each pending input with a fresh client. */
export async function planByHand(transport: Transport, print: (line: string) => void): Promise<ManualRun> {
  const pending: PendingInput[] = [];
  let step: ManualStep<CallToolResult> = await startOnce(transport);
  while (step.status === "input_required") {
    const { inputRequests = {}, requestState, round } = step;
    print(`  round ${round}: input_required, asking ${Object.keys(inputRequests).join(", ")}, requestState ${requestState?.length ?? 0} characters`);
    // Stored as text, read back later: nothing in it is tied to the client that started the call.
    const stored = JSON.stringify(step);
    pending.push(JSON.parse(stored) as PendingInput);
    const answers: Record<string, unknown> = {};
    for (const [key, request] of Object.entries(inputRequests)) {
      // This client declared forms only; a server may not ask it anything else.
      if (request.method !== "elicitation/create" || request.params.mode === "url") throw new Error(`Unexpected input request ${key}: ${request.method}`);
      answers[key] = answerForm(key, request.params as ElicitRequestFormParams, print);
    }
    step = await resumeLater(transport, stored, answers);
  }
  const first = step.result.content[0];
  const text = first?.type === "text" ? first.text : JSON.stringify(step.result.content);
  print(`  complete after ${pending.length} rounds of input`);
  return { text, pending };
}

/** The first request: one round, whatever the answer. */
async function startOnce(transport: Transport): Promise<ManualStep<CallToolResult>> {
  const client = manualClient(transport);
  try {
    return await client.start<CallToolResult>("tools/call", { name: "plan_trip", arguments: {} });
  } finally {
    await client.close();
  }
}

/** A later retry, perhaps in another process: reads the stored pending input back and answers it. */
export async function resumeLater(transport: Transport, stored: string, answers: Record<string, unknown>): Promise<ManualStep<CallToolResult>> {
  const saved: unknown = JSON.parse(stored);
  if (!isPendingInput(saved)) throw new Error("The stored value is not a pending input.");
  const client = manualClient(transport);
  try {
    return await client.resume<CallToolResult>(saved, answers);
  } finally {
    await client.close();
  }
}
