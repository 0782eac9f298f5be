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

/** One request's round: the binding its state is sealed to, the state it opened (none on a first call), and its place in its flow. */
export interface OpenedRound {
  readonly binding: Parameters<ServerCore["codec"]["seal"]>[1];
  readonly previous: RoundState | undefined;
  /** Id and expiry of the opened requestState, for consumeOnce. */
  readonly opened: { id: string; expiresAt: number } | undefined;
  /** The flow: its id (made when first needed, on a first call) and this round's number. */
  readonly flow: { id: string | undefined; readonly round: number };
}

const ROUNDS = new WeakMap<object, Promise<OpenedRound>>();

/**
 * The round of the request `ctx` serves, opened once however often it is
 * asked (middleware describing the call, then the gate serving it): the
 * params digest, and the retry's requestState opened and verified, or the
 * uniform -32602.
 */
export function openRound(core: ServerCore, ctx: ServingContext, params: RoundParams): Promise<OpenedRound> {
  let round = ROUNDS.get(ctx);
  if (!round) {
    round = openOnce(core, ctx, params);
    ROUNDS.set(ctx, round);
  }
  return round;
}

/** The id of the round's flow, made now on a first call. */
export function flowIdOf(round: OpenedRound): string {
  return (round.flow.id ??= globalThis.crypto.randomUUID());
}

async function openOnce(core: ServerCore, ctx: ServingContext, params: RoundParams): Promise<OpenedRound> {
  const method = ctx.method;
  let digest: string;
  try {
    digest = await paramsDigest(params as Record<string, unknown>);
  } catch (error) {
    if (error instanceof CanonicalJsonError) throw new McpInvalidParamsError(`params cannot be canonicalised: ${error.message}`);
    throw error;
  }
  const binding = { method, paramsDigest: digest, principal: ctx.principal };
  if (params.requestState === undefined) return { binding, previous: undefined, opened: undefined, flow: { id: undefined, round: 1 } };
  const r = await core.codec.open<RoundState>(params.requestState, binding);
  if (!r.ok) {
    core.hooks.stateRejected(r.reason, r.detail, { method });
    throw new InvalidRequestStateError();
  }
  const previous = r.state.data;
  return { binding, previous, opened: { id: r.state.id, expiresAt: r.state.expiresAt }, flow: { id: previous.f, round: (previous.n ?? 1) + 1 } };
}

/** Checks the application state a retry carries against the definition's `stateSchema` (-32602 when it no longer fits). */
function checkState(core: ServerCore, previous: RoundState | undefined, method: string, stateSchema: z.ZodType | undefined): void {
  if (!stateSchema || previous?.d === undefined) return;
  const checked = stateSchema.safeParse(previous.d);
  if (!checked.success) {
    core.hooks.stateRejected("state-schema", checked.error.issues[0]?.message, { method });
    throw new InvalidRequestStateError();
  }
  previous.d = checked.data;
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
  const round = await openRound(core, ctx, params);
  const { binding, previous, opened } = round;
  checkState(core, previous, method, options.definition.stateSchema);
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
  const requestState = await core.codec.seal({ ...outcome.state, f: flowIdOf(round), n: round.flow.round }, binding);
  // serverInfo travels with the question so the client can show which server asks.
  const result: InputRequiredResult = { resultType: "input_required", requestState, _meta: { "io.modelcontextprotocol/serverInfo": core.serverInfo } } as InputRequiredResult;
  if (Object.keys(requests).length > 0) result.inputRequests = requests;
  return result;
}
