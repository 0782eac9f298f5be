/**
 * A call through the gateway (`tools/call`, `prompts/get`,
 * `resources/read`), one front round at a time. A modern upstream's
 * `input_required` becomes the gateway's own, the upstream's pending step
 * (its `requestState` inside) carried in the gateway's sealed state, so any
 * instance serves the retry. An initialize-based upstream's questions come
 * in the middle of a held call (held-call.ts): each becomes a round, and the
 * sealed state names the hold and this instance.
 */
import { FlowAbortedError, JsonRpcError, LimitExceededError, RequestTimeoutError, TransportError, type PendingInput } from "@mrtr/client";
import type { ClientCapabilities } from "@mrtr/schema";
import { inputRequired, McpError, type InputContext } from "@mrtr/server";
import { declaresForm, declaresUrl } from "@mrtr/server/plugin";
import { HeldElsewhereError, HoldExpiredError, UpstreamError } from "./errors.js";
import type { HeldCall } from "./held-call.js";
import type { HeldCalls } from "./held-calls.js";
import type { GatewayWarning } from "./options.js";
import { currentCall, type CallContext } from "./call-context.js";
import { frontMeta, withFrontMeta } from "./front-capabilities.js";
import type { Upstream } from "./upstream-pool.js";

/** What the gateway seals between rounds. */
export type ForwardState =
  | {
      /** A modern upstream: its pending step. */
      g: "modern";
      /** The PendingInput of the upstream call. */
      p: PendingInput;
    }
  | {
      /** A held legacy call. */
      g: "held";
      /** The instance holding it. */
      i: string;
      /** The hold's id. */
      h: string;
      /** The key the front client answers under. */
      k: string;
    };

/** What the forwarder needs of the gateway. */
export interface ForwardDeps {
  readonly instanceId: string;
  readonly holds: HeldCalls;
  readonly warn: (warning: GatewayWarning) => void;
}

/** One front round of `method` with `params` to `upstream`. */
export async function forward(deps: ForwardDeps, upstream: Upstream, method: string, params: Record<string, unknown>, ctx: InputContext): Promise<unknown> {
  const state = ctx.state as ForwardState | undefined;
  try {
    if (state?.g === "held") return await heldRound(deps, upstream, ctx, state);
    // Questions of a legacy upstream need a held session: know the era before the first request.
    if (upstream.era === undefined) await upstream.discover();
    if (upstream.era !== "legacy") return await modernRound(upstream, method, params, ctx, state);
    return await firstHeldRound(deps, upstream, method, params, ctx);
  } catch (error) {
    // The front request was cancelled or its client left: nobody reads an answer.
    if (ctx.signal.aborted) throw error;
    throw asFrontError(upstream.name, error, deps.warn);
  }
}

/** A round against a modern upstream. */
async function modernRound(upstream: Upstream, method: string, params: Record<string, unknown>, ctx: InputContext, state: ForwardState | undefined): Promise<unknown> {
  const client = await upstream.primary();
  // One round of the upstream within its time limit, however long it keeps reporting progress.
  // Progress is asked of the upstream only when the front client asked for it.
  const options = { signal: ctx.signal, timeoutMs: upstream.timeoutMs, ...(wantsProgress(ctx) && { onProgress: (p: { progress: number; total?: number; message?: string }) => ctx.progress(p.progress, p.total, p.message) }) };
  const front = frontMeta(ctx);
  const call = currentCall();
  relayLogs(call, ctx);
  // The answers as the front client sent them (the upstream judges the ones nobody asked for itself).
  const sent = call?.inputResponses;
  const pending = state?.g === "modern" ? state.p : undefined;
  const step = pending
    ? await client.resume({ ...pending, params: withFrontMeta(pending.params, front) }, sent ?? answersTo(pending, ctx.inputResponses), options)
    : await client.start(method, withFrontMeta(sent ? { ...params, inputResponses: sent } : params, front), options);
  if (step.status === "complete") return step.result;
  const { _meta: _dropped, inputResponses: _answered, ...kept } = step.params;
  return inputRequired<ForwardState>({ ...(step.inputRequests && { inputRequests: step.inputRequests }), state: { g: "modern", p: { ...step, params: kept } } });
}

/** The answers to what the pending step asked, by its keys. */
function answersTo(pending: PendingInput, responses: Record<string, unknown> | undefined): Record<string, unknown> {
  const answers: Record<string, unknown> = {};
  for (const key of Object.keys(pending.inputRequests ?? {})) if (responses && key in responses) answers[key] = responses[key];
  return answers;
}

/** The first round of a call to a legacy upstream: lease a session, start the call, wait for a question or the end. */
async function firstHeldRound(deps: ForwardDeps, upstream: Upstream, method: string, params: Record<string, unknown>, ctx: InputContext): Promise<unknown> {
  const slot = await upstream.lease(ctx.signal);
  let held: HeldCall;
  try {
    held = deps.holds.open(ownerOf(ctx), upstream.name);
  } catch (error) {
    upstream.release(slot);
    throw error;
  }
  slot.holder = held;
  const call = slot.client().then((client) => client.request(method as "tools/call", params as never, { signal: held.controller.signal, ...(wantsProgress(ctx) && { onProgress: (p: { progress: number; total?: number; message?: string }) => held.progress?.(p.progress, p.total, p.message) }) }));
  // The session is free again once the upstream call is over, however it ended.
  void call.then(
    () => upstream.release(slot),
    () => upstream.release(slot),
  );
  held.run(call as unknown as Promise<Record<string, unknown>>);
  return wait(deps, upstream, held, ctx);
}

/** A retry of a held call: it must be this instance's and the caller's; the answer goes to the waiting question. */
async function heldRound(deps: ForwardDeps, upstream: Upstream, ctx: InputContext, state: Extract<ForwardState, { g: "held" }>): Promise<unknown> {
  if (state.i !== deps.instanceId) throw new HeldElsewhereError(state.i, deps.instanceId);
  const held = deps.holds.get(state.h, ownerOf(ctx));
  if (!held || held.asked?.key !== state.k) throw new HoldExpiredError(upstream.name);
  deps.holds.resume(held);
  const { question } = held.asked;
  held.asked = undefined;
  question.resolve(ctx.inputResponses?.[state.k]);
  return wait(deps, upstream, held, ctx);
}

/** Waits for the held call's next question (a round for the front client) or its end (the answer). */
async function wait(deps: ForwardDeps, upstream: Upstream, held: HeldCall, ctx: InputContext): Promise<unknown> {
  held.progress = (progress, total, message) => ctx.progress(progress, total, message);
  held.log = logOf(ctx);
  for (;;) {
    // Each round of a held call within the upstream's time limit: it asks, or answers, or the call ends.
    const limit = AbortSignal.timeout(upstream.timeoutMs);
    const event = await held.next(AbortSignal.any([ctx.signal, limit])).catch((error: unknown) => {
      if (!ctx.signal.aborted && limit.aborted) {
        const timeout = new UpstreamError(upstream.name, `neither asked nor answered within ${upstream.timeoutMs} ms (its timeoutMs); the call was ended.`);
        deps.holds.close(held, timeout);
        throw timeout;
      }
      // The front request went away mid-round: nobody will answer, so the upstream call ends.
      deps.holds.close(held, new Error("The front client left the call."));
      throw error;
    });
    if (event.kind === "done") {
      deps.holds.close(held);
      const { outcome } = event;
      if (outcome.ok) return outcome.result;
      throw outcome.error;
    }
    const { question } = event;
    if (!declares(ctx.clientCapabilities as ClientCapabilities | undefined, question.method, question.params)) {
      // Refused upstream, as a client without the capability refuses; roots fall back to the configured ones.
      if (question.method === "roots/list") question.resolve({ roots: upstream.configuredRoots() });
      else question.reject(new Error(`The client behind the gateway did not declare the capability ${question.method} needs.`));
      continue;
    }
    const key = `${upstream.name}-${++held.count}`;
    held.asked = { key, question };
    held.progress = undefined;
    deps.holds.waitForRetry(held);
    return inputRequired<ForwardState>({ inputRequests: { [key]: { method: question.method, params: question.params } as never }, state: { g: "held", i: deps.instanceId, h: held.id, k: key } });
  }
}

/** Whether the front client declared what a question needs (elicitation by the front server's own rule). */
function declares(caps: ClientCapabilities | undefined, method: string, params: Record<string, unknown>): boolean {
  const c = caps ?? {};
  if (method === "elicitation/create") return params.mode === "url" ? declaresUrl(c) : declaresForm(c);
  if (method === "sampling/createMessage") return (c as Record<string, unknown>).sampling !== undefined;
  if (method === "roots/list") return (c as Record<string, unknown>).roots !== undefined;
  return false;
}

/** What the front client receives for an upstream failure: the upstream's JSON-RPC error as it came; anything else said by kind, its details to `warn`. */
function asFrontError(upstream: string, error: unknown, warn: ForwardDeps["warn"]): unknown {
  if (error instanceof McpError) return error;
  if (error instanceof JsonRpcError) return new McpError(error.code, error.message, error.data);
  const detail = error instanceof Error ? error.message : String(error);
  warn({ kind: "call-failed", upstream, message: `Upstream "${upstream}" failed a call: ${detail}` });
  if (error instanceof RequestTimeoutError || error instanceof FlowAbortedError) return new UpstreamError(upstream, "did not answer in time (its timeoutMs); retry later.", { cause: error });
  if (error instanceof LimitExceededError) return new UpstreamError(upstream, `sent more than the gateway takes: ${detail}`, { cause: error });
  if (error instanceof TransportError) return new UpstreamError(upstream, "failed while serving this call (its connection closed or its process exited); retry shortly.", { cause: error });
  return new UpstreamError(upstream, "failed while serving this call; retry shortly.", { cause: error });
}

/** Whether the front request carries a progress token (asks for progress). */
function wantsProgress(ctx: InputContext): boolean {
  return (ctx.meta as { progressToken?: unknown }).progressToken !== undefined;
}

/** The front's `ctx.log` as a sink of upstream log messages (undefined without the logging feature). */
function logOf(ctx: InputContext): ((params: Record<string, unknown>) => void) | undefined {
  const log = (ctx as { log?: (level: string, data: unknown, logger?: string) => void }).log;
  if (typeof log !== "function") return undefined;
  return (params) => {
    if (typeof params.level === "string") log.call(ctx, params.level, params.data, typeof params.logger === "string" ? params.logger : undefined);
  };
}

/** This call's upstream log messages go to the front request's log. */
function relayLogs(call: CallContext | undefined, ctx: InputContext): void {
  const log = logOf(ctx);
  if (call && log) call.log = log;
}

/** Whom a held call belongs to: the front server's owner key of the request (principal, else peer or connection). */
function ownerOf(ctx: InputContext): string {
  return currentCall()?.owner ?? (ctx.principal === undefined ? "anonymous" : `principal:${ctx.principal}`);
}
