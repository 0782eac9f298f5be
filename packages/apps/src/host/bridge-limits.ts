/**
 * The bounds a view bridge keeps against its view, with their defaults. A
 * view is code the host did not write: these keep a broken or hostile one
 * from flooding the host, holding its memory or hanging its teardown.
 */

/** The bounds of one view bridge. */
export interface ViewBridgeLimits {
  /** Largest message the view may send, in UTF-8 bytes of its JSON text (default 4 MiB: room for an image in `ui/message`). */
  maxMessageBytes: number;
  /** Deepest nesting of arrays and objects in a message from the view (default 64). */
  maxDepth: number;
  /** Requests the view may send per second, on average (default 20); past it, each is answered with an error. */
  requestsPerSecond: number;
  /** Requests the view may send at once after a quiet time (the bucket's size; default 40). */
  requestBurst: number;
  /** Notifications the view may send per second, on average (default 60); past it, they are dropped. */
  notificationsPerSecond: number;
  /** Notifications the view may send at once after a quiet time (default 120). */
  notificationBurst: number;
  /** Requests of the view the host may be serving at once (default 16); past it, each is answered with an error. */
  maxPendingViewRequests: number;
  /** Requests of the host awaiting the view's answer at once (default 8); past it, `request` rejects. */
  maxPendingHostRequests: number;
  /** How long the host awaits the view's answer to one of its requests, in ms (default 30 000). */
  hostRequestTimeoutMs: number;
  /** How long `teardown` awaits the view's answer before it resolves anyway, in ms (default 3 000). */
  teardownTimeoutMs: number;
}

/** The defaults of every limit of a view bridge. */
export const VIEW_BRIDGE_DEFAULTS: Readonly<ViewBridgeLimits> = Object.freeze({
  maxMessageBytes: 4 * 1024 * 1024,
  maxDepth: 64,
  requestsPerSecond: 20,
  requestBurst: 40,
  notificationsPerSecond: 60,
  notificationBurst: 120,
  maxPendingViewRequests: 16,
  maxPendingHostRequests: 8,
  hostRequestTimeoutMs: 30_000,
  teardownTimeoutMs: 3_000,
});

/** The limits in force: the given ones over the defaults; throws a RangeError naming an option that is not a positive number. */
export function limitsOf(given: Partial<ViewBridgeLimits> = {}): Readonly<ViewBridgeLimits> {
  const limits = { ...VIEW_BRIDGE_DEFAULTS, ...given };
  for (const [key, value] of Object.entries(limits)) {
    if (typeof value !== "number" || !(value > 0) || !Number.isFinite(value)) throw new RangeError(`createViewBridge: limits.${key} must be a positive finite number (got ${String(value)}).`);
  }
  return Object.freeze(limits);
}
