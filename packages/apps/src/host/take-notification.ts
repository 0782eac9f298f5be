/**
 * Taking one notification of the view: dropped (and reported) when it comes
 * too fast, names no method the bridge takes, comes before `ui/initialize`
 * or has params of the wrong shape; otherwise given to its handler, whose
 * failure is reported, never thrown. Notifications are never answered.
 */
import type { BridgeState } from "./bridge-state.js";
import { viewNotificationMethod } from "./view-notifications.js";

/** Why the notification is dropped; undefined when it is taken. */
function dropReason(state: BridgeState, method: string, params: unknown): string | undefined {
  if (!state.notificationBucket.take()) return `the view sends notifications faster than limits.notificationsPerSecond (${state.limits.notificationsPerSecond}, bursts of limits.notificationBurst ${state.limits.notificationBurst})`;
  const handler = viewNotificationMethod(method);
  if (!handler) return "a notification the bridge does not take";
  if (state.phase === "connecting") return "a notification before ui/initialize";
  return handler.check(params);
}

/** Takes one notification of the view. */
export function takeNotification(state: BridgeState, method: string, params: unknown): void {
  const reason = dropReason(state, method, params);
  if (reason) return state.warn({ type: "dropped", reason, method });
  try {
    viewNotificationMethod(method)!.take(params as Record<string, unknown>, state);
  } catch (error) {
    state.warn({ type: "callback-failed", reason: `taking ${method} failed`, method, error });
  }
}
