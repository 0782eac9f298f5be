/**
 * The errors a view gets when it passes a limit of its bridge: each names
 * the limit, the bound and the option that sets it (`data.limit`,
 * `data.option`, `data.max`), so its developer knows what to change.
 */
import type { ViewBridgeLimits } from "./bridge-limits.js";
import { RpcError, VIEW_BRIDGE_ERROR_CODES } from "./json-rpc.js";

/** The error for a passed limit: `message` says what happened, `data` names the limit. */
export function limitError(limit: keyof ViewBridgeLimits, max: number, message: string, extra: Record<string, unknown> = {}): RpcError {
  return new RpcError(VIEW_BRIDGE_ERROR_CODES.limitExceeded, `${message} (limits.${limit} is ${max}).`, { limit, option: `limits.${limit}`, max, ...extra });
}

/** A message larger or deeper than the bridge reads, or not JSON at all. */
export function messageRefusal(problem: "too-large" | "too-deep" | "not-json", limits: Readonly<ViewBridgeLimits>): RpcError {
  if (problem === "too-large") return limitError("maxMessageBytes", limits.maxMessageBytes, "The message is larger than the host reads from a view; send less at once");
  if (problem === "too-deep") return limitError("maxDepth", limits.maxDepth, "The message nests arrays and objects deeper than the host reads from a view");
  return new RpcError(VIEW_BRIDGE_ERROR_CODES.invalidRequest, "The message holds values JSON cannot carry (functions, dates, maps, non-finite numbers, undefined in an array).");
}

/** Requests sent faster than the view's rate. */
export function rateRefusal(limits: Readonly<ViewBridgeLimits>, retryAfterMs: number): RpcError {
  return limitError("requestsPerSecond", limits.requestsPerSecond, `The view sends requests faster than the host serves them (bursts of ${limits.requestBurst}: limits.requestBurst); retry in ${retryAfterMs} ms`, { retryAfterMs });
}

/** One request more than the host serves at once. */
export function pendingRefusal(limits: Readonly<ViewBridgeLimits>): RpcError {
  return limitError("maxPendingViewRequests", limits.maxPendingViewRequests, "Too many requests of the view are pending; await their answers before sending more");
}
