/**
 * `createViewBridge`: the host's side of one MCP App view (SEP-1865,
 * revision 2026-01-26), free of any transport. A binding gives it the
 * view's messages (`receive`) and posts what it `send`s; the bridge answers
 * the handshake, passes the view's tool calls and reads to its own server
 * (only the tools it may call), puts links, messages and model context to
 * the host, tells the view the tool's input and result once it is
 * initialized, and tears it down. Every message of the view is checked
 * before anything happens, within limits; the bridge never throws on one.
 */
import { limitsOf } from "./bridge-limits.js";
import { BridgeState } from "./bridge-state.js";
import type { ViewBridge, ViewBridgeOptions } from "./bridge-types.js";
import { HOST_NOTIFICATIONS } from "./outbox.js";
import { receive } from "./receive.js";
import { withoutEnvelope } from "./server-result.js";
import { tearDown } from "./teardown.js";
import { ViewBridgeError } from "./view-bridge-error.js";

/** Throws a TypeError naming an option the bridge cannot work without. */
function checkOptions(options: ViewBridgeOptions): void {
  const missing = [
    typeof options?.send !== "function" && "send (a function)",
    (typeof options?.client?.callTool !== "function" || typeof options.client.readResource !== "function") && "client (with callTool and readResource)",
    typeof options?.tool?.name !== "string" && "tool (as tools/list gave it)",
    !Array.isArray(options?.tools) && typeof options?.tools !== "function" && "tools (the server's tools/list, or a function giving it)",
    (typeof options?.hostInfo?.name !== "string" || typeof options.hostInfo.version !== "string") && "hostInfo ({ name, version })",
  ].filter(Boolean);
  if (missing.length > 0) throw new TypeError(`createViewBridge needs ${missing.join(", ")}.`);
}

/** The host's side of one view; throws a TypeError or RangeError for options it cannot work with. */
export function createViewBridge(options: ViewBridgeOptions): ViewBridge {
  checkOptions(options);
  const state = new BridgeState(options, limitsOf(options.limits));
  const post = (method: string, params: Record<string, unknown>) => state.phase !== "closed" && state.outbox.post(method, params);
  let teardown: ReturnType<ViewBridge["teardown"]> | undefined;
  return {
    receive: (message) => receive(state, message),
    get phase() {
      return state.phase;
    },
    get app() {
      return state.app;
    },
    get hostContext() {
      return state.context;
    },
    toolInput: (args) => void post(HOST_NOTIFICATIONS.toolInput, { arguments: args }),
    toolInputPartial: (args) => void post(HOST_NOTIFICATIONS.toolInputPartial, { arguments: args }),
    toolResult: (result) => void post(HOST_NOTIFICATIONS.toolResult, withoutEnvelope(result as Readonly<Record<string, unknown>>)),
    toolCancelled: (reason) => void post(HOST_NOTIFICATIONS.toolCancelled, reason === undefined ? {} : { reason }),
    hostContextChanged: (patch) => void (state.phase !== "closed" && state.changeContext(patch)),
    request: (method, params = {}, { timeoutMs } = {}) => hostRequest(state, method, params, timeoutMs),
    teardown: (teardownOptions) => (teardown ??= tearDown(state, teardownOptions)),
    close: () => state.close(),
  };
}

/** A request of the host to its view, once the view is initialized. */
function hostRequest(state: BridgeState, method: string, params: Record<string, unknown>, timeoutMs: number | undefined): Promise<Record<string, unknown>> {
  if (state.phase === "closed") return Promise.reject(new ViewBridgeError("closed", "The view bridge is closed."));
  if (state.phase !== "ready" && state.phase !== "tearing-down") return Promise.reject(new ViewBridgeError("not-initialized", `The view is not initialized; the host sends it nothing before ui/notifications/initialized (${method} not sent).`));
  const ms = typeof timeoutMs === "number" && timeoutMs > 0 && Number.isFinite(timeoutMs) ? timeoutMs : state.limits.hostRequestTimeoutMs;
  return state.hostRequests.start(method, params, ms);
}
