/**
 * The automatic multi round-trip: take a step; on `input_required`, answer
 * the input requests through the registered kinds and take the next step
 * with the answers and the byte-exact requestState; repeat until the call
 * ends. State-only rounds back off; a URL step already consented to, asked
 * again, is polled without asking the user and without counting a round.
 * One call of `runFlow` is one flow: nothing it holds is shared with another.
 */
import type { Implementation, InputRequests } from "@mrtr/schema";
import { sleep } from "@mrtr/internal";
import { callEnded } from "./call-end.js";
import { abortError } from "./call-signal.js";
import type { ClientCore } from "./core.js";
import { MaxRoundsError } from "./errors.js";
import { askHandler } from "./input-requests.js";
import { mapLimited } from "./map-limited.js";
import { step, type Retry } from "./step.js";
import type { FlowCall, FlowEnd } from "./types.js";

/** URL-mode questions a flow's user consented to, by key: asked the same again means "still waiting". */
type Consented = Map<string, unknown>;

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/** Runs a whole call automatically, round after round, until it ends. */
export async function runFlow(core: ClientCore, call: FlowCall): Promise<FlowEnd> {
  const { method, signal } = call;
  const { policy } = core;
  let retry: Retry = {};
  let rounds = 0;
  let polls = 0;
  let stateOnly = 0;
  const consented: Consented = new Map();
  let failure: unknown;
  try {
    for (;;) {
      const s = await step(core, call, retry, rounds);
      if (s.kind !== "input") return s;
      const { inputRequests, requestState } = s.result;
      let delay = 0;
      let inputResponses: Record<string, unknown> | undefined;
      if (inputRequests) {
        if (Object.entries(inputRequests).every(([key, request]) => consented.has(key) && same(consented.get(key), request))) {
          // Every question is a URL step already consented to: the server is waiting for it to finish.
          if (++polls > policy.urlPolling.maxPolls) throw new MaxRoundsError(rounds + polls - 1, s.result);
          delay = policy.urlPolling.intervalMs;
        } else {
          if (++rounds > policy.maxRounds) throw new MaxRoundsError(rounds - 1, s.result);
        }
        stateOnly = 0;
        inputResponses = await answerRound(core, call, inputRequests, consented, s.server);
        core.emit({ type: "answered", method, round: rounds, keys: Object.keys(inputResponses) });
      } else {
        // Only requestState: the server sheds load or polls. Retry, backing off.
        if (++rounds > policy.maxRounds) throw new MaxRoundsError(rounds - 1, s.result);
        delay = Math.min(policy.backoff.initialMs * 2 ** stateOnly, policy.backoff.maxMs);
        stateOnly++;
      }
      retry = { ...(inputResponses !== undefined && { inputResponses }), ...(requestState !== undefined && { requestState }) };
      core.emit({ type: "retrying", method, round: rounds, delayMs: delay });
      if (delay > 0) await sleep(delay, signal);
    }
  } catch (error) {
    throw (failure = abortError(error, signal));
  } finally {
    // A follow-up's end is not its call's: the call it follows is told when it ends.
    if (call.ends && !call.followUp) callEnded(call, failure);
  }
}

/**
 * The answers of one round, by key: each handler's, at most
 * `inputConcurrency` at once; a URL step already consented to is accepted
 * again without asking, and a URL step accepted now is remembered.
 */
async function answerRound(core: ClientCore, call: FlowCall, inputRequests: InputRequests, consented: Consented, asking: Implementation | undefined): Promise<Record<string, unknown>> {
  const { method, signal } = call;
  const answers = await mapLimited(Object.entries(inputRequests), core.policy.inputConcurrency, async ([key, request]) => {
    if (consented.has(key) && same(consented.get(key), request)) return [key, { action: "accept" }] as const;
    const answer = await askHandler(core.kinds, key, request, { method, server: asking ?? core.server, signal });
    const isUrl = (request as { params?: { mode?: string } }).params?.mode === "url";
    if (isUrl && (answer as { action?: string }).action === "accept") consented.set(key, request);
    return [key, answer] as const;
  });
  const inputResponses: Record<string, unknown> = {};
  for (const [key, answer] of answers) inputResponses[key] = answer;
  return inputResponses;
}
