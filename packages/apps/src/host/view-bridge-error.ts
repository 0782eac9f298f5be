/** Why a request of the host to its view failed. */

/** What made a host request fail: the view's error answer, no answer in time, a limit, a view not initialized, or the bridge closed. */
export type ViewBridgeErrorKind = "error-response" | "timeout" | "limit" | "not-initialized" | "closed";

/** A request of the host to its view that failed (`ViewBridge.request`). */
export class ViewBridgeError extends Error {
  /** A failure of `kind`; `code` and `data` are the view's JSON-RPC error's when it answered with one. */
  constructor(
    /** What failed. */
    readonly kind: ViewBridgeErrorKind,
    message: string,
    /** The JSON-RPC error code the view answered with, if it did. */
    readonly code?: number,
    /** The `data` of the view's JSON-RPC error, if any. */
    readonly data?: unknown,
  ) {
    super(message);
    this.name = "ViewBridgeError";
  }
}
