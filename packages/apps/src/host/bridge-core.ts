/**
 * What the bridge's method handlers share: the options, the limits, the
 * bridge's state, and the few things they may do to it. Internal.
 */
import type { ViewBridgeLimits } from "./bridge-limits.js";
import type { ViewApp, ViewBridgeOptions, ViewBridgePhase, ViewBridgeWarning } from "./bridge-types.js";
import type { HostContext } from "./host-context.js";
import type { RequestId } from "./json-rpc.js";

/** One bridge's state and powers, as its handlers see them. */
export interface BridgeCore {
  /** The host's options. */
  readonly options: ViewBridgeOptions;
  /** The limits in force. */
  readonly limits: Readonly<ViewBridgeLimits>;
  /** Where the bridge is. */
  phase: ViewBridgePhase;
  /** The view, once it said what it is. */
  app: ViewApp | undefined;
  /** The context in force. */
  context: Readonly<HostContext>;
  /** Merges a context change and tells the view (as `ViewBridge.hostContextChanged`). */
  changeContext(patch: HostContext): void;
  /** The view sent `ui/notifications/initialized`: sends what the host held. */
  viewInitialized(): void;
  /** The view cancelled its request `id`: aborts it, and it is not answered. */
  cancelViewRequest(id: RequestId): void;
  /** Reports to `onWarning`. */
  warn(warning: ViewBridgeWarning): void;
}

/** A request method the view may send: how its params are checked, and how it is served. */
export interface ViewRequestMethod {
  /** What is wrong with the params (undefined: they fit). */
  check(params: unknown): string | undefined;
  /** Serves checked params; throws `RpcError` to answer with an error. */
  serve(params: Record<string, unknown>, core: BridgeCore, signal: AbortSignal): Record<string, unknown> | Promise<Record<string, unknown>>;
}

/** A notification method the view may send. */
export interface ViewNotificationMethod {
  /** What is wrong with the params (undefined: they fit). */
  check(params: unknown): string | undefined;
  /** Takes checked params. */
  take(params: Record<string, unknown>, core: BridgeCore): void;
}
