/**
 * One bridge's state: its phase, the view, the context, the host's held
 * notifications and pending requests, the view's pending requests and rate
 * buckets; and the few things that change it. Sending goes through here, so
 * nothing is sent after close and a failing `send` is only reported.
 */
import type { BridgeCore } from "./bridge-core.js";
import type { ViewBridgeLimits } from "./bridge-limits.js";
import type { ViewApp, ViewBridgeOptions, ViewBridgePhase, ViewBridgeWarning } from "./bridge-types.js";
import { contextChanges, type HostContext } from "./host-context.js";
import { HostRequests } from "./host-requests.js";
import { errorResponse, type RequestId, type RpcErrorBody } from "./json-rpc.js";
import { HOST_NOTIFICATIONS, Outbox } from "./outbox.js";
import { PendingViewRequests } from "./pending-view-requests.js";
import { TokenBucket } from "./token-bucket.js";

/** The state of one bridge. */
export class BridgeState implements BridgeCore {
  /** Where the bridge is. */
  phase: ViewBridgePhase = "connecting";
  /** The view, once initialized. */
  app: ViewApp | undefined = undefined;
  /** The context in force. */
  context: Readonly<HostContext>;
  /** The host's notifications, held until the view is initialized. */
  readonly outbox = new Outbox((message) => this.send(message));
  /** The host's requests to the view. */
  readonly hostRequests: HostRequests;
  /** The view's requests being served. */
  readonly viewRequests = new PendingViewRequests();
  /** The view's request rate. */
  readonly requestBucket: TokenBucket;
  /** The view's notification rate. */
  readonly notificationBucket: TokenBucket;

  /** The state of a new bridge. */
  constructor(
    readonly options: ViewBridgeOptions,
    readonly limits: Readonly<ViewBridgeLimits>,
  ) {
    this.context = { ...options.hostContext };
    this.hostRequests = new HostRequests((message) => this.send(message), limits);
    this.requestBucket = new TokenBucket(limits.requestsPerSecond, limits.requestBurst);
    this.notificationBucket = new TokenBucket(limits.notificationsPerSecond, limits.notificationBurst);
  }

  /** Sends to the view, unless closed; a throwing `send` is reported, never thrown. */
  send(message: Record<string, unknown>): void {
    if (this.phase === "closed") return;
    try {
      this.options.send(message);
    } catch (error) {
      this.warn({ type: "send-failed", reason: "send threw; the view did not get the message", ...(typeof message.method === "string" && { method: message.method }), error });
    }
  }

  /** Answers the view's request `id` with an error. */
  answerError(id: RequestId, error: RpcErrorBody): void {
    this.send(errorResponse(id, error));
  }

  /** Reports to `onWarning`; a throwing listener is ignored. */
  warn(warning: ViewBridgeWarning): void {
    try {
      this.options.onWarning?.(warning);
    } catch {
      // the host's listener failed: nothing more to tell
    }
  }

  /** Merges the fields of `patch` that change the context, and tells the view once it was answered `ui/initialize`. */
  changeContext(patch: HostContext): void {
    const changes = contextChanges(this.context, patch);
    if (Object.keys(changes).length === 0) return;
    this.context = { ...this.context, ...changes };
    if (this.phase !== "connecting") this.outbox.post(HOST_NOTIFICATIONS.hostContextChanged, changes as Record<string, unknown>);
  }

  /** The view finished its handshake: what was held goes out. */
  viewInitialized(): void {
    if (this.phase !== "initializing") return this.warn({ type: "dropped", reason: "ui/notifications/initialized came while no ui/initialize awaited it", method: "ui/notifications/initialized" });
    this.phase = "ready";
    this.outbox.open();
  }

  /** The view gave up its request `id`. */
  cancelViewRequest(id: RequestId): void {
    this.viewRequests.cancel(id);
  }

  /** Closes: the view's requests aborted, the host's rejected, nothing held or sent any more. */
  close(): void {
    if (this.phase === "closed") return;
    this.phase = "closed";
    this.viewRequests.abortAll();
    this.hostRequests.closeAll();
    this.outbox.clear();
  }
}
