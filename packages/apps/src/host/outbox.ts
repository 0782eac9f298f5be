/**
 * The host's notifications to its view. None may reach the view before its
 * `ui/notifications/initialized`; until then each kind keeps one slot (the
 * last partial input, the input, the result, the cancellation, and the
 * context changes merged), so what waits is bounded whatever the host does.
 * They go out in the lifecycle's order: context, partial input, input,
 * result, cancellation. Partial input is dropped once the complete input
 * has been given (the spec's "MUST stop sending").
 */
import { notification } from "./json-rpc.js";

/** The notifications the host sends its view. */
export const HOST_NOTIFICATIONS = Object.freeze({
  hostContextChanged: "ui/notifications/host-context-changed",
  toolInputPartial: "ui/notifications/tool-input-partial",
  toolInput: "ui/notifications/tool-input",
  toolResult: "ui/notifications/tool-result",
  toolCancelled: "ui/notifications/tool-cancelled",
});

const ORDER: readonly string[] = Object.values(HOST_NOTIFICATIONS);

/** Holds the host's notifications until the view is initialized, then sends them as they come. */
export class Outbox {
  readonly #held = new Map<string, Record<string, unknown>>();
  #open = false;
  #inputGiven = false;

  /** An outbox sending through `send`. */
  constructor(private readonly send: (message: Record<string, unknown>) => void) {}

  /** Sends (or holds) one notification. */
  post(method: string, params: Record<string, unknown>): void {
    if (method === HOST_NOTIFICATIONS.toolInputPartial && this.#inputGiven) return;
    if (method === HOST_NOTIFICATIONS.toolInput) this.#inputGiven = true;
    if (this.#open) return this.send(notification(method, params));
    if (method === HOST_NOTIFICATIONS.toolInput) this.#held.delete(HOST_NOTIFICATIONS.toolInputPartial);
    const merged = method === HOST_NOTIFICATIONS.hostContextChanged ? { ...this.#held.get(method), ...params } : params;
    this.#held.set(method, merged);
  }

  /** The view is initialized: sends what was held, in order, and everything from now on. */
  open(): void {
    if (this.#open) return;
    this.#open = true;
    for (const method of ORDER) {
      const params = this.#held.get(method);
      if (params) this.send(notification(method, params));
    }
    this.#held.clear();
  }

  /** Drops what is held (the bridge closed). */
  clear(): void {
    this.#held.clear();
  }
}
