/**
 * The multi-round gate around a handler of `tools/call`, `prompts/get` or
 * `resources/read`: opens and verifies the requestState the retry carries,
 * runs one round (round.ts), then, before an `InputRequiredResult` leaves,
 * checks every input request against the capabilities this request declared
 * and seals the next state. Any other method trying to ask for input is a
 * server bug (`refuseInput`).
 */
import { INPUT_REQUIRED_METHODS } from "@mrtr/schema";
import type { ClientCapabilities, InputRequests, InputRequiredResult } from "@mrtr/schema";
import type { z } from "zod";
import type { InputContext, RequestContext } from "./context.js";
import type { ServerCore } from "./core.js";
import { InvalidRequestStateError, McpInvalidParamsError, MissingCapabilityError, ServerDefinitionError } from "./errors.js";
import { isExtensionResult, type ToolCallPlan } from "./extensions.js";
import { isInputRequired } from "./input-required.js";
import { mergeCapabilities } from "@mrtr/internal";
import { CanonicalJsonError, paramsDigest } from "./request-state/index.js";
import { runRound, type RoundState } from "./round.js";
import type { ServingContext } from "./methods/method.js";

/** The params of a multi round-trip request, with the retry's fields. */
export type RoundParams = { requestState?: string; inputResponses?: unknown };

/** The answer to a method that may not produce input_required: an attempt is a server bug. */
export function refuseInput<T>(value: T, method: string): T {
  if (isInputRequired(value)) {
    throw new ServerDefinitionError(`A handler of ${method} returned inputRequired(...); only ${INPUT_REQUIRED_METHODS.join(", ")} may ask for input.`);
  }
  return value;
}

/** Opens the retry's requestState, if any: the previous round, or the uniform -32602. */
async function openState(core: ServerCore, params: RoundParams, binding: Parameters<ServerCore["codec"]["seal"]>[1], method: string, stateSchema: z.ZodType | undefined) {
  if (params.requestState === undefined) return { previous: undefined, opened: undefined };
  const r = await core.codec.open<RoundState>(params.requestState, binding);
  if (!r.ok) {
    core.hooks.stateRejected(r.reason, r.detail, { method });
    throw new InvalidRequestStateError();
  }
  const previous = r.state.data;
  if (stateSchema && previous.d !== undefined) {
    const checked = stateSchema.safeParse(previous.d);
    if (!checked.success) {
      core.hooks.stateRejected("state-schema", checked.error.issues[0]?.message, { method });
      throw new InvalidRequestStateError();
    }
    previous.d = checked.data;
  }
  return { previous, opened: { id: r.state.id, expiresAt: r.state.expiresAt } };
}

/**
 * Serves one round of `method`: the handler's complete result (with
 * `resultType` and `extra` fields such as caching hints), or an
 * `InputRequiredResult` with a sealed requestState.
 */
export async function serveRound<R extends object>(
  core: ServerCore,
  base: RequestContext,
  params: RoundParams,
  definition: { stateSchema?: z.ZodType },
  run: (ctx: InputContext) => Promise<R | unknown>,
  extra: object = {},
  plan?: ToolCallPlan,
): Promise<(R & { resultType: "complete" }) | InputRequiredResult> {
  const method = base.method;
  let digest: string;
  try {
    digest = await paramsDigest(params as Record<string, unknown>);
  } catch (error) {
    if (error instanceof CanonicalJsonError) throw new McpInvalidParamsError(`params cannot be canonicalised: ${error.message}`);
    throw error;
  }
  const binding = { method, paramsDigest: digest, principal: base.principal };
  const { previous, opened } = await openState(core, params, binding, method, definition.stateSchema);
  const outcome = await runRound(
    {
      base,
      previous,
      opened,
      inputResponses: params.inputResponses as Record<string, unknown> | undefined,
      kinds: core.kinds,
      replayGuard: core.replayGuard,
      features: core.features,
      emit: (base as Partial<ServingContext>).emit ?? (() => false),
      ...(plan && { plan }),
    },
    plan ? (ctx) => plan.run(() => run(ctx)) : run,
  );
  // An extension's own answer (a task handle) leaves as it is.
  if (outcome.kind === "complete" && isExtensionResult(outcome.result)) return outcome.result as R & { resultType: "complete" };
  if (outcome.kind === "complete") return { ...extra, ...(outcome.result as R), resultType: "complete" };
  const requests: InputRequests = outcome.inputRequests ?? {};
  let missing: ClientCapabilities | undefined;
  for (const [key, request] of Object.entries(requests)) {
    const kind = core.kinds.get(request.method);
    if (!outcome.checked) kind.assertValid(request, outcome.options?.[key] ?? {});
    missing = mergeCapabilities(missing, kind.missingCapabilities(request, base.clientCapabilities));
  }
  if (missing) throw new MissingCapabilityError(missing);
  const requestState = await core.codec.seal(outcome.state, binding);
  // serverInfo travels with the question so the client can show which server asks.
  const result: InputRequiredResult = { resultType: "input_required", requestState, _meta: { "io.modelcontextprotocol/serverInfo": core.serverInfo } } as InputRequiredResult;
  if (Object.keys(requests).length > 0) result.inputRequests = requests;
  return result;
}
