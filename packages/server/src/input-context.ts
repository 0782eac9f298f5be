/**
 * The context a handler of `tools/call`, `prompts/get` or `resources/read`
 * gets for one round: the request's context with the round's answers and
 * state (low-level style), the asks (re-run style: `ask`, `elicit`,
 * `elicitUrl`), `consumeOnce`, and what the server's input kinds, its
 * features and an extension's plan add. After a takeover, the handler's
 * signal and progress are the extension's.
 */
import type { InputRequest, InputResponse } from "@mrtr/schema";
import type { ElicitOptions, ElicitUrlOptions, InputContext } from "./context.js";
import { InvalidRequestStateError, ShareExceededError } from "./errors.js";
import type { ToolCallPlan } from "./extensions.js";
import type { ServerFeature } from "./features.js";
import type { InputKinds } from "./input-kinds.js";
import type { ReplayGuard } from "./request-state/index.js";
import { ReplayGuardUnavailableError } from "./request-state/replay-guard-unavailable.js";
import type { RoundAsks } from "./round-asks.js";
import { extendContext, type ServingContext } from "./serving-context.js";

/** What one round's handler context is made of. */
export interface InputContextParts {
  /** The request's context. */
  readonly base: ServingContext;
  /** The round's asks. */
  readonly asks: RoundAsks;
  /** The valid answers to the previous round's questions, by key (each passed its kind's answer check). */
  readonly inputResponses: Record<string, unknown>;
  /** The low-level state the previous round sealed. */
  readonly state: unknown;
  /** Id and expiry of the opened requestState, for `consumeOnce`. */
  readonly opened: { id: string; expiresAt: number } | undefined;
  readonly replayGuard: ReplayGuard;
  readonly kinds: InputKinds;
  /** What plugins add to the context (logging). */
  readonly features: readonly ServerFeature[];
  /** An extension's plan for this call: its takeover hooks and context methods. */
  readonly takeover: Pick<ToolCallPlan, "diversion" | "contextMethods"> | undefined;
}

/** The handler's context of one round. */
export function inputContext(parts: InputContextParts): InputContext {
  const { base, asks, takeover } = parts;
  const diversion = takeover?.diversion;
  // Methods that plugins add by augmenting InputContext come from their kinds just below.
  const ctx = extendContext(base, {
    ...(diversion && { signal: diversion.signal, progress: diversion.progress }),
    inputResponses: parts.inputResponses as Record<string, InputResponse>,
    state: parts.state,
    ask: (key: string, request: InputRequest, options?: ElicitOptions) => asks.ask(key, request, options),
    elicit: async (key, params, options) =>
      (await asks.ask(key, { method: "elicitation/create", params: { ...params, mode: params.mode ?? "form" } } as InputRequest, options)) as never,
    elicitUrl: async (key, params, options: ElicitUrlOptions = {}) => {
      const request = { method: "elicitation/create", params: { mode: "url", ...params } } as InputRequest;
      const answer = (await asks.ask(key, request, options.allowUrl ? { allowUrl: options.allowUrl } : {})) as { action: string };
      if (answer.action === "accept" && options.completed) await asks.untilCompleted(key, request, options.completed);
      return answer as never;
    },
    consumeOnce: () => consumeOnce(parts),
  } as Partial<InputContext>) as unknown as InputContext;

  for (const kind of parts.kinds.all()) Object.assign(ctx, kind.contextMethods?.(ctx));
  for (const feature of parts.features) Object.assign(ctx, feature.contextMethods(ctx, base.emit));
  Object.assign(ctx, takeover?.contextMethods?.(ctx));
  return ctx;
}

/** `ctx.consumeOnce()`: claims the opened state's id in the replay guard; a second claim is an invalid requestState. */
async function consumeOnce({ opened, replayGuard, base }: InputContextParts): Promise<void> {
  if (!opened) return;
  let claimed: boolean;
  try {
    claimed = await replayGuard.claim(opened.id, opened.expiresAt, base.owner);
  } catch (error) {
    // A caller past its share of the guard's memory is told so (HTTP 429); otherwise fail closed: the state counts as possibly used.
    if (error instanceof ShareExceededError || error instanceof ReplayGuardUnavailableError) throw error;
    throw new ReplayGuardUnavailableError({ cause: error });
  }
  if (claimed !== true) throw new InvalidRequestStateError();
}
