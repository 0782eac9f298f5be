/**
 * Manual mode: the application drives the rounds itself. `start` takes one
 * step; if the server needs input, it returns a `PendingInput` that is plain
 * JSON (store it, resume it in another process); `resume` prepares the
 * application's answers as automatic mode prepares a handler's and takes
 * the next step. A result an extension claims is continued as in automatic
 * mode.
 */
import { abortError } from "./call-signal.js";
import type { ClientCore } from "./core.js";
import { InvalidAnswerError, ProtocolViolationError } from "./errors.js";
import { prepareAnswers } from "./input-requests.js";
import { checkCallOptions } from "./option-check.js";
import { step, type Retry } from "./step.js";
import type { CallOptions, FlowCall, ManualStep, PendingInput } from "./types.js";

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

/** `client.start`: sends the request once. */
export function start<R>(core: ClientCore, method: string, params: Record<string, unknown>, options?: CallOptions): Promise<ManualStep<R>> {
  return manualStep(core, method, params, {}, 0, undefined, options);
}

/** `client.resume`: answers a PendingInput (possibly read back from storage) and sends the retry. */
export async function resume<R>(core: ClientCore, pending: PendingInput, inputResponses: Record<string, unknown>, options?: CallOptions): Promise<ManualStep<R>> {
  if (!isPendingInput(pending)) throw new ProtocolViolationError("resume() needs a PendingInput returned by start() or resume().", pending);
  if (inputResponses === null || typeof inputResponses !== "object" || Array.isArray(inputResponses)) {
    throw new InvalidAnswerError("*", ["resume() takes the answers as an object, by input request key"]);
  }
  const answers = pending.inputRequests ? prepareAnswers(core.kinds, pending.inputRequests, inputResponses) : {};
  const retry: Retry = { ...(pending.inputRequests && { inputResponses: answers }), ...(pending.requestState !== undefined && { requestState: pending.requestState }) };
  return manualStep(core, pending.method, pending.params, retry, pending.round, typeof pending.flowId === "string" ? pending.flowId : undefined, options);
}

/** One step of a manual flow: the result, or the round to answer as plain JSON. */
async function manualStep<R>(core: ClientCore, method: string, params: Record<string, unknown>, retry: Retry, round: number, flowId: string | undefined, options?: CallOptions): Promise<ManualStep<R>> {
  checkCallOptions(method, options);
  core.open();
  const signal = core.signalOf(options);
  try {
    const call: FlowCall = { method, params, signal, manual: true, ...(options?.onProgress && { onProgress: options.onProgress }), ...(flowId !== undefined && { flowId }) };
    const s = await step(core, call, retry, round);
    // A held result needs a `hold`, which a manual step never has.
    if (s.kind !== "input") return { status: "complete", result: s.result as R };
    return {
      status: "input_required",
      version: 1,
      method,
      params: structuredClone(params),
      ...(s.result.inputRequests && { inputRequests: s.result.inputRequests }),
      ...(s.result.requestState !== undefined && { requestState: s.result.requestState }),
      round: round + 1,
      ...(call.flowId !== undefined && { flowId: call.flowId }),
    };
  } catch (error) {
    throw abortError(error, signal);
  }
}
