/**
 * One message from the view, from start to end: read (parsed, measured),
 * classified, then served (a request), taken (a notification), matched to
 * the host's pending request (a response), answered with an error (a broken
 * request) or dropped. Nothing escapes: a failure anywhere is reported.
 */
import type { BridgeState } from "./bridge-state.js";
import { classify, RpcError, VIEW_BRIDGE_ERROR_CODES, type Incoming } from "./json-rpc.js";
import { readMessage } from "./read-message.js";
import { serveRequest } from "./serve-request.js";
import { takeNotification } from "./take-notification.js";

/** Takes one message from the view. Never throws. */
export function receive(state: BridgeState, raw: unknown): void {
  try {
    if (state.phase === "closed") return state.warn({ type: "dropped", reason: "a message after the bridge closed" });
    const message = readMessage(raw, state);
    if (message) route(state, classify(message.value));
  } catch (error) {
    state.warn({ type: "callback-failed", reason: "the bridge failed on a message of the view", error });
  }
}

function route(state: BridgeState, incoming: Incoming): void {
  switch (incoming.kind) {
    case "request":
      return serveRequest(state, incoming);
    case "notification":
      return takeNotification(state, incoming.method, incoming.params);
    case "response":
      if (!state.hostRequests.settle(incoming.id, incoming.result, incoming.error)) state.warn({ type: "dropped", reason: "a response to no pending request of the host" });
      return;
    case "invalid-request":
      return state.answerError(incoming.id, new RpcError(VIEW_BRIDGE_ERROR_CODES.invalidRequest, `Invalid request: ${incoming.problem}.`));
    case "unanswerable":
      return state.warn({ type: "dropped", reason: incoming.problem });
  }
}
