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
import { mergeCapabilities } from "@mrtr/internal";
import type { CacheHints } from "./cache-hints.js";
import type { InputContext } from "./context.js";
import type { ServerCore } from "./core.js";
import { InvalidRequestStateError, McpInvalidParamsError, MissingCapabilityError, ServerDefinitionError } from "./errors.js";
import type { ToolCallPlan } from "./extensions.js";
import { isInputRequired } from "./input-required.js";
import { CanonicalJsonError, paramsDigest } from "./request-state/index.js";
import { runRound, type RoundState } from "./round.js";
import type { ServingContext } from "./serving-context.js";

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

/** What one round of a multi round-trip method is served with. */
export interface ServeRoundOptions {
  core: ServerCore;
  /** The request's context. */
  ctx: ServingContext;
  /** The request's params, with the retry's fields. */
  params: RoundParams;
  /** The registration: its `stateSchema` checks the state a retry carries. */
  definition: { stateSchema?: z.ZodType };
  /** Runs the registration's handler with its context. */
  handler: (ctx: InputContext) => Promise<unknown>;
  /** Caching hints a complete result carries (a resource's reads). */
  hints?: CacheHints;
  /** An extension's plan for this tools/call (the Tasks extension's takeover), when one took it. */
  takeover?: ToolCallPlan | undefined;
}

/**
 * Serves one round of the request's method: the handler's complete result
 * (with `resultType` and the caching hints), an extension's own answer as it
 * is, or an `InputRequiredResult` with a sealed requestState.
 */
export async function serveRound<R extends object>(options: ServeRoundOptions): Promise<(R & { resultType: "complete" }) | InputRequiredResult> {
  const { core, ctx, params } = options;
  const method = ctx.method;
  let digest: string;
  try {
    digest = await paramsDigest(params as Record<string, unknown>);
  } catch (error) {
    if (error instanceof CanonicalJsonError) throw new McpInvalidParamsError(`params cannot be canonicalised: ${error.message}`);
    throw error;
  }
  const binding = { method, paramsDigest: digest, principal: ctx.principal };
  const { previous, opened } = await openState(core, params, binding, method, options.definition.stateSchema);
  const outcome = await runRound({
    ctx,
    previous,
    opened,
    inputResponses: params.inputResponses as Record<string, unknown> | undefined,
    kinds: core.kinds,
    replayGuard: core.replayGuard,
    features: core.features,
    handler: options.handler,
    takeover: options.takeover,
  });
  if (outcome.kind === "extension") return outcome.result as R & { resultType: "complete" };
  if (outcome.kind === "complete") return { ...options.hints, ...(outcome.result as R), resultType: "complete" };
  const requests: InputRequests = outcome.inputRequests ?? {};
  let missing: ClientCapabilities | undefined;
  for (const [key, request] of Object.entries(requests)) {
    const kind = core.kinds.get(request.method);
    if (!outcome.checked) kind.assertValid(request, outcome.options?.[key] ?? {});
    missing = mergeCapabilities(missing, kind.missingCapabilities(request, ctx.clientCapabilities));
  }
  if (missing) throw new MissingCapabilityError(missing);
  const requestState = await core.codec.seal(outcome.state, binding);
  // serverInfo travels with the question so the client can show which server asks.
  const result: InputRequiredResult = { resultType: "input_required", requestState, _meta: { "io.modelcontextprotocol/serverInfo": core.serverInfo } } as InputRequiredResult;
  if (Object.keys(requests).length > 0) result.inputRequests = requests;
  return result;
}
