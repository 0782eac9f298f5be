/**
 * One round of a multi round-trip request: checks the client's answers
 * against what the previous round asked, runs the handler with an
 * InputContext, and says whether the request completed or needs input.
 */
import type { InputRequest, InputRequests, InputResponse, JSONRPCNotification } from "@mrtr/schema";
import type { ElicitOptions, ElicitUrlOptions, InputContext, RequestContext } from "./context.js";
import { InvalidRequestStateError, McpInvalidParamsError, ServerDefinitionError, ShareExceededError } from "./errors.js";
import { isInputRequired } from "./input-required.js";
import type { RoundDiversion, ToolCallPlan } from "./extensions.js";
import type { ServerFeature } from "./features.js";
import type { InputKinds } from "./input-kinds.js";
import { sleep } from "@mrtr/internal";
import { canonicalJson } from "./request-state/index.js";
import type { ReplayGuard } from "./request-state/index.js";
import { ReplayGuardUnavailableError } from "./request-state/replay-guard-unavailable.js";
import { copyContext } from "./exchange.js";

/** An answer carried across rounds: the question's fingerprint and the answer. */
interface CarriedAnswer {
  f: string;
  r: unknown;
}

/** What the sealed requestState holds between rounds. */
export interface RoundState {
  /** Application state of the low-level style. */
  d?: unknown;
  /** Answers so far, by key. */
  a?: Record<string, CarriedAnswer>;
  /** What the last round asked, by key, to check the answers against. */
  q?: InputRequests;
}

/** How a round ended. */
export type RoundOutcome<R> =
  | { kind: "complete"; result: R }
  | {
      kind: "input";
      inputRequests: InputRequests | undefined;
      state: RoundState;
      /** False when the handler built the requests itself (low-level style): the server checks them before sending. */
      checked: boolean;
      /** For requests the server checks: the checks' exceptions, by key. */
      options?: Readonly<Record<string, ElicitOptions>>;
    };

/** A question asked under a key that already holds the answer to another question. */
export class ChangedQuestionError extends ServerDefinitionError {
  constructor(
    /** The key whose question changed. */
    readonly key: string,
  ) {
    super(
      `The handler asked a different question under key "${key}" than the one already answered. ` +
        "Re-run-style handlers must ask the same question under the same key on every run; use a new key for a new question.",
    );
    this.name = "ChangedQuestionError";
  }
}

/** Thrown inside the handler when an answer is missing; the round then ends with input_required. */
class NeedsInput extends Error {
  constructor() {
    super("input required");
  }
}

/**
 * A fingerprint of a question, to notice a different question under an
 * answered key. Not a security measure (the state it travels in is sealed), so
 * a fast synchronous 53-bit hash of the canonical JSON is enough; being
 * synchronous, concurrent asks (Promise.all) are all recorded before the
 * round ends.
 */
function fingerprint(request: InputRequest): string {
  const text = canonicalJson(request);
  let h1 = 0xdeadbeef;
  let h2 = 0x41c6ce57;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    h1 = Math.imul(h1 ^ c, 2654435761);
    h2 = Math.imul(h2 ^ c, 1597334677);
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909);
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909);
  return (4294967296 * (2097151 & h2) + (h1 >>> 0)).toString(36);
}

export interface RoundInput {
  base: RequestContext;
  previous: RoundState | undefined;
  /** Id and expiry of the opened requestState, for consumeOnce. */
  opened: { id: string; expiresAt: number } | undefined;
  inputResponses: Record<string, unknown> | undefined;
  kinds: InputKinds;
  replayGuard: ReplayGuard;
  /** What plugins add to the context (logging), and how they send ahead of the answer. */
  features: readonly ServerFeature[];
  emit: (notification: JSONRPCNotification) => boolean;
  /** An extension's plan for this call (a task): its context methods, and where a missing answer goes once it takes over. */
  plan?: Pick<ToolCallPlan, "diversion" | "contextMethods">;
}

/** How long a diverted URL-mode ask waits between looks at whether the out-of-band step finished. */
const URL_STEP_POLL_MS = 1_000;


/**
 * Checks answers against the previous round's questions; returns the valid
 * ones and the questions to ask again. Per case (mrtr.mdx, "Error Handling"):
 * - no answer under an asked key: asked again (the spec prefers that to an error);
 * - an answer that is malformed (not a valid result of its kind, accepted form
 *   content outside the requested schema, content on a URL-mode accept): a
 *   protocol error, -32602 naming the key and the rule broken;
 * - answers under keys that were not asked: ignored (see `runRound`).
 */
function checkAnswers(input: RoundInput): { valid: Record<string, unknown>; missing: InputRequests } {
  const asked = input.previous?.q ?? {};
  const valid: Record<string, unknown> = {};
  const missing: InputRequests = {};
  for (const [key, request] of Object.entries(asked)) {
    const responses = input.inputResponses;
    const answer = responses && Object.prototype.hasOwnProperty.call(responses, key) ? responses[key] : undefined;
    if (answer === undefined) {
      missing[key] = request;
      continue;
    }
    const verdict = input.kinds.get(request.method).checkAnswer(request, answer);
    if (!verdict.ok) throw new McpInvalidParamsError(`inputResponses.${key} does not answer the question asked: ${verdict.reason}`, { key, reason: verdict.reason });
    valid[key] = verdict.value;
  }
  return { valid, missing };
}

/** Runs one round. Errors a handler throws propagate to the caller. */
export async function runRound<R>(input: RoundInput, handler: (ctx: InputContext) => Promise<R> | R): Promise<RoundOutcome<R>> {
  const previous = input.previous ?? {};
  const { valid, missing: unanswered } = checkAnswers(input);

  // Answers so far: earlier rounds, plus this round's valid answers to last round's questions.
  const answers: Record<string, CarriedAnswer> = { ...previous.a };
  for (const [key, value] of Object.entries(valid)) {
    answers[key] = { f: fingerprint(previous.q![key]!), r: value };
  }

  // A missing answer is asked for again, before the handler runs.
  if (Object.keys(unanswered).length > 0) {
    return { kind: "input", inputRequests: unanswered, state: { d: previous.d, a: answers, q: unanswered }, checked: true };
  }

  // Answers under keys the sealed state did not ask about (for example a retry of a
  // round whose state carried no questions). Re-run-style asks accept one when it
  // fits the question asked now under that key; nothing else reads them.
  const asked = previous.q ?? {};
  const unsolicited = new Map(
    Object.entries(input.inputResponses ?? {}).filter(([key]) => !Object.prototype.hasOwnProperty.call(asked, key)),
  );

  const missing = new Map<string, { request: InputRequest; f: string }>();
  const diversion: RoundDiversion | undefined = input.plan?.diversion;
  // Keys whose answer the extension obtained (after a takeover), so URL-mode steps wait rather than ask again.
  const diverted = new Set<string>();
  const ask = async (key: string, request: InputRequest, options: ElicitOptions = {}): Promise<unknown> => {
    const kind = input.kinds.get(request.method);
    kind.assertValid(request, options);
    const f = fingerprint(request);
    const answered = answers[key];
    if (answered) {
      if (answered.f !== f) throw new ChangedQuestionError(key);
      return answered.r;
    }
    if (unsolicited.has(key)) {
      const verdict = kind.checkAnswer(request, unsolicited.get(key));
      unsolicited.delete(key);
      if (verdict.ok) {
        answers[key] = { f, r: verdict.value };
        return verdict.value;
      }
    }
    const obtained = diversion?.unanswered(key, request, (answer) => kind.checkAnswer(request, answer));
    if (obtained) {
      const value = await obtained;
      answers[key] = { f, r: value };
      diverted.add(key);
      return value;
    }
    const pending = missing.get(key);
    if (pending && pending.f !== f) throw new ChangedQuestionError(key);
    missing.set(key, { request, f });
    throw new NeedsInput();
  };

  // Methods that plugins add by augmenting InputContext come from their kinds just below.
  // A copy of the base that keeps its getters (the host's request is read only when a handler reads it).
  const ctx = Object.assign(copyContext(input.base), {
    ...(diversion && { signal: diversion.signal, progress: diversion.progress }),
    // Each value passed its kind's answer check (an ElicitResult for elicitation, …).
    inputResponses: valid as Record<string, InputResponse>,
    state: previous.d,
    ask,
    elicit: async (key, params, options) =>
      (await ask(key, { method: "elicitation/create", params: { ...params, mode: params.mode ?? "form" } } as InputRequest, options)) as never,
    elicitUrl: async (key, params, options: ElicitUrlOptions = {}) => {
      const request = { method: "elicitation/create", params: { mode: "url", ...params } } as InputRequest;
      const answer = (await ask(key, request, options.allowUrl ? { allowUrl: options.allowUrl } : {})) as { action: string };
      if (answer.action === "accept" && options.completed && diverted.has(key)) {
        // Taken over (a task): the question is not asked twice; wait for the step to finish.
        while (!(await options.completed())) await sleep(URL_STEP_POLL_MS, ctx.signal);
      } else if (answer.action === "accept" && options.completed && !(await options.completed())) {
        // Consent given, step not finished: ask the same again; the client polls.
        delete answers[key];
        missing.set(key, { request, f: fingerprint(request) });
        throw new NeedsInput();
      }
      return answer as never;
    },
    consumeOnce: async () => {
      if (!input.opened) return;
      let claimed: boolean;
      try {
        claimed = await input.replayGuard.claim(input.opened.id, input.opened.expiresAt, (input.base as { owner?: string }).owner);
      } catch (error) {
        // A caller past its share of the guard's memory is told so (HTTP 429); otherwise fail closed: the state counts as possibly used.
        if (error instanceof ShareExceededError || error instanceof ReplayGuardUnavailableError) throw error;
        throw new ReplayGuardUnavailableError({ cause: error });
      }
      if (claimed !== true) throw new InvalidRequestStateError();
    },
  } as Partial<InputContext>) as unknown as InputContext;

  for (const kind of input.kinds.all()) Object.assign(ctx, kind.contextMethods?.(ctx));
  for (const feature of input.features) Object.assign(ctx, feature.contextMethods(ctx, input.emit));
  Object.assign(ctx, input.plan?.contextMethods?.(ctx));

  let result: R;
  try {
    result = await handler(ctx);
  } catch (error) {
    if (!(error instanceof NeedsInput) || missing.size === 0) throw error;
    return needsInput(missing, answers, previous.d);
  }
  // A handler that swallowed the missing-answer signal still cannot complete without the answer.
  if (missing.size > 0) return needsInput(missing, answers, previous.d);
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

function needsInput<R>(missing: Map<string, { request: InputRequest }>, answers: Record<string, CarriedAnswer>, d: unknown): RoundOutcome<R> {
  const inputRequests: InputRequests = {};
  for (const [key, { request }] of missing) inputRequests[key] = request;
  return { kind: "input", inputRequests, state: { d, a: answers, q: inputRequests }, checked: true };
}
