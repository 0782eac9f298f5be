/**
 * Serving one request of the view: refused at once when it comes too fast,
 * names no method the bridge serves, comes before `ui/initialize`, has
 * params of the wrong shape, reuses a pending id or passes the pending
 * limit; otherwise served, and answered unless the view cancelled it or the
 * bridge closed meanwhile. A handler's own failure is answered -32603 and
 * reported, never thrown.
 */
import type { BridgeState } from "./bridge-state.js";
import { quote, resultResponse, RpcError, VIEW_BRIDGE_ERROR_CODES, type RequestId } from "./json-rpc.js";
import { pendingRefusal, rateRefusal } from "./limit-errors.js";
import { BEFORE_INITIALIZE, VIEW_REQUESTS, viewRequestMethod } from "./view-requests.js";

/** A request of the view, as classified. */
export interface ViewRequest {
  /** Its id. */
  readonly id: RequestId;
  /** Its method. */
  readonly method: string;
  /** Its params, unchecked. */
  readonly params: unknown;
}

/** Why the request is refused before it is served; undefined when it is served. */
function refusalOf(state: BridgeState, { id, method, params }: ViewRequest): RpcError | undefined {
  const { invalidRequest, invalidParams, methodNotFound } = VIEW_BRIDGE_ERROR_CODES;
  if (!state.requestBucket.take()) return rateRefusal(state.limits, state.requestBucket.waitMs());
  const handler = viewRequestMethod(method);
  if (!handler) return new RpcError(methodNotFound, `Method not found: ${quote(method)}; a view may send ${Object.keys(VIEW_REQUESTS).join(", ")}.`);
  if (state.phase === "connecting" && !BEFORE_INITIALIZE.has(method)) return new RpcError(invalidRequest, `${method} came before ui/initialize; send ui/initialize first.`);
  const problem = handler.check(params);
  if (problem) return new RpcError(invalidParams, `Invalid params for ${method}: ${problem}.`);
  if (state.viewRequests.has(id)) return new RpcError(invalidRequest, `A request with id ${quote(id)} is pending already; give each request an id of its own.`);
  if (state.viewRequests.size >= state.limits.maxPendingViewRequests) return pendingRefusal(state.limits);
  return undefined;
}

/** Serves one request of the view and answers it. */
export function serveRequest(state: BridgeState, request: ViewRequest): void {
  const refusal = refusalOf(state, request);
  if (refusal) return state.answerError(request.id, refusal);
  const { id, method } = request;
  const signal = state.viewRequests.start(id);
  run(state, request, signal).then(
    (result) => state.viewRequests.end(id, signal) && state.send(resultResponse(id, result)),
    (error: unknown) => state.viewRequests.end(id, signal) && state.answerError(id, answerable(error, method, state)),
  );
}

/** Runs the handler: at once (so `ui/initialize` changes the phase before the next message), its failures as a rejection. */
function run(state: BridgeState, { method, params }: ViewRequest, signal: AbortSignal): Promise<Record<string, unknown>> {
  try {
    return Promise.resolve(viewRequestMethod(method)!.serve(params as Record<string, unknown>, state, signal));
  } catch (error) {
    return Promise.reject(error);
  }
}

/** The error the view gets: a handler's `RpcError` as it is, anything else -32603 (and reported). */
function answerable(error: unknown, method: string, state: BridgeState): RpcError {
  if (error instanceof RpcError) return error;
  state.warn({ type: "callback-failed", reason: `serving ${method} failed`, method, error });
  return new RpcError(VIEW_BRIDGE_ERROR_CODES.internalError, `The host failed to serve ${method}.`);
}
