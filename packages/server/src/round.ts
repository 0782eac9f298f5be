/**
 * One round of a multi round-trip request: checks the client's answers
 * against what the previous round asked, runs the handler with its
 * InputContext (through an extension's plan when one took the call), and
 * says how the round ended: complete, an extension's own answer, or input
 * needed.
 */
import type { InputRequest, InputRequests } from "@mrtr/schema";
import type { ElicitOptions, InputContext } from "./context.js";
import { McpInvalidParamsError } from "./errors.js";
import { isExtensionResult, type ToolCallPlan } from "./extensions.js";
import type { ServerFeature } from "./features.js";
import { inputContext } from "./input-context.js";
import type { InputKinds } from "./input-kinds.js";
import { isInputRequired } from "./input-required.js";
import type { ReplayGuard } from "./request-state/index.js";
import { fingerprint, NeedsInput, RoundAsks, type CarriedAnswer } from "./round-asks.js";
import type { ServingContext } from "./serving-context.js";

/** What the sealed requestState holds between rounds. */
export interface RoundState {
  /** Application state of the low-level style. */
  d?: unknown;
  /** Answers so far, by key. */
  a?: Record<string, CarriedAnswer>;
  /** What the last round asked, by key, to check the answers against. */
  q?: InputRequests;
  /** The flow's id (middleware's `call.flow.id`), the same in every state of one flow. */
  f?: string;
  /** The round that sealed this state (the retry is round `n + 1`). */
  n?: number;
}

/** How a round ended. */
export type RoundOutcome =
  | { kind: "complete"; result: unknown }
  /** An extension's own answer (`extensionResult`, such as a task handle): passed on as it is. */
  | { kind: "extension"; result: unknown }
  | {
      kind: "input";
      inputRequests: InputRequests | undefined;
      state: RoundState;
      /** False when the handler built the requests itself (low-level style): the server checks them before sending. */
      checked: boolean;
      /** For requests the server checks: the checks' exceptions, by key. */
      options?: Readonly<Record<string, ElicitOptions>>;
    };

/** What one round runs with. */
export interface RoundOptions {
  /** The request's context. */
  ctx: ServingContext;
  /** The state the retry carried, opened (none on a first call). */
  previous: RoundState | undefined;
  /** Id and expiry of the opened requestState, for consumeOnce. */
  opened: { id: string; expiresAt: number } | undefined;
  /** The retry's answers, as the client sent them. */
  inputResponses: Record<string, unknown> | undefined;
  kinds: InputKinds;
  replayGuard: ReplayGuard;
  /** What plugins add to the context (logging). */
  features: readonly ServerFeature[];
  /** Runs the handler with its context. */
  handler: (ctx: InputContext) => Promise<unknown>;
  /** An extension's plan for this call (a task): it runs the handler, adds to its context, and takes missing answers over once it has taken the call. */
  takeover?: ToolCallPlan | undefined;
}

/**
 * Checks answers against the previous round's questions; returns the valid
 * ones and the questions to ask again. Per case (mrtr.mdx, "Error Handling"):
 * - no answer under an asked key: asked again (the spec prefers that to an error);
 * - an answer that is malformed (not a valid result of its kind, accepted form
 *   content outside the requested schema, content on a URL-mode accept): a
 *   protocol error, -32602 naming the key and the rule broken;
 * - answers under keys that were not asked: ignored (see `runRound`).
 */
function checkAnswers(asked: InputRequests, responses: Record<string, unknown> | undefined, kinds: InputKinds): { valid: Record<string, unknown>; missing: InputRequests } {
  const valid: Record<string, unknown> = {};
  const missing: InputRequests = {};
  for (const [key, request] of Object.entries(asked)) {
    const answer = responses && Object.prototype.hasOwnProperty.call(responses, key) ? responses[key] : undefined;
    if (answer === undefined) {
      missing[key] = request;
      continue;
    }
    const verdict = kinds.get(request.method).checkAnswer(request, answer);
    if (!verdict.ok) throw new McpInvalidParamsError(`inputResponses.${key} does not answer the question asked: ${verdict.reason}`, { key, reason: verdict.reason });
    valid[key] = verdict.value;
  }
  return { valid, missing };
}

/** Runs one round. Errors a handler throws propagate to the caller. */
export async function runRound(options: RoundOptions): Promise<RoundOutcome> {
  const previous = options.previous ?? {};
  const asked = previous.q ?? {};
  const { valid, missing: unanswered } = checkAnswers(asked, options.inputResponses, options.kinds);

  // Answers so far: earlier rounds, plus this round's valid answers to last round's questions.
  const answers: Record<string, CarriedAnswer> = { ...previous.a };
  for (const [key, value] of Object.entries(valid)) answers[key] = { f: fingerprint(asked[key]!), r: value };

  // A missing answer is asked for again, before the handler runs.
  if (Object.keys(unanswered).length > 0) {
    return { kind: "input", inputRequests: unanswered, state: { d: previous.d, a: answers, q: unanswered }, checked: true };
  }

  // Answers under keys the sealed state did not ask about (for example a retry of a
  // round whose state carried no questions). Re-run-style asks accept one when it
  // fits the question asked now under that key; nothing else reads them.
  const unsolicited = new Map(Object.entries(options.inputResponses ?? {}).filter(([key]) => !Object.prototype.hasOwnProperty.call(asked, key)));
  const { takeover } = options;
  const asks = new RoundAsks(answers, unsolicited, options.kinds, takeover?.diversion);
  const ctx = inputContext({
    base: options.ctx,
    asks,
    inputResponses: valid,
    state: previous.d,
    opened: options.opened,
    replayGuard: options.replayGuard,
    kinds: options.kinds,
    features: options.features,
    takeover,
  });

  let result: unknown;
  try {
    result = takeover ? await takeover.run(() => options.handler(ctx)) : await options.handler(ctx);
  } catch (error) {
    if (!(error instanceof NeedsInput) || asks.missing.size === 0) throw error;
    return needsInput(asks.missing, answers, previous.d);
  }
  // A handler that swallowed the missing-answer signal still cannot complete without the answer.
  if (asks.missing.size > 0) return needsInput(asks.missing, answers, previous.d);
  if (isExtensionResult(result)) return { kind: "extension", result };
  if (isInputRequired(result)) {
    return {
      kind: "input",
      inputRequests: result.inputRequests,
      state: { d: result.state, a: answers, q: result.inputRequests ?? {} },
      checked: false,
      ...(result.options !== undefined && { options: result.options }),
    };
  }
  return { kind: "complete", result };
}

function needsInput(missing: ReadonlyMap<string, { request: InputRequest }>, answers: Record<string, CarriedAnswer>, d: unknown): RoundOutcome {
  const inputRequests: InputRequests = {};
  for (const [key, { request }] of missing) inputRequests[key] = request;
  return { kind: "input", inputRequests, state: { d, a: answers, q: inputRequests }, checked: true };
}
