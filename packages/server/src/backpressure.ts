/**
 * What a request sends ahead of its answer, and what happens when the
 * binding cannot take it (its queue is full because the peer reads too
 * slowly), the same on every transport:
 *
 * - a progress report is dropped: progress is a hint, and the next report
 *   (or the answer) supersedes it;
 * - anything else belongs to a subscriptions/listen stream, which is torn
 *   down: the core says so with `notifications/cancelled` for the stream's
 *   request (cancellation.mdx: the one purpose a server may send it for),
 *   aborts the request, and gives no answer; the client opens a new stream.
 */
import type { JSONRPCNotification, RequestId } from "@mrtr/schema";
import type { HandleOptions } from "./exchange.js";
import type { RequestAbort } from "./request-abort.js";

/** Why a listen request whose stream backed up was aborted. */
export class StreamBackedUpError extends Error {
  constructor() {
    super("The client did not keep up with the stream.");
    this.name = "StreamBackedUpError";
  }
}

/**
 * The `emit` of one request: true when the notification was queued. Nothing
 * is sent once `isOver()` holds (the answer left, or the request was
 * cancelled); a stream that backs up aborts `controller`.
 */
export function requestEmitter(
  send: HandleOptions["send"],
  id: RequestId,
  controller: Pick<RequestAbort, "abort" | "aborted">,
  isOver: () => boolean,
): (notification: JSONRPCNotification) => boolean {
  return (notification) => {
    if (!send || isOver() || controller.aborted) return false;
    let queued: boolean;
    try {
      queued = send(notification);
    } catch {
      queued = false;
    }
    if (queued) return true;
    if (notification.method === "notifications/progress") return false;
    try {
      send({ jsonrpc: "2.0", method: "notifications/cancelled", params: { requestId: id, reason: "The client did not keep up with the stream." } }, true);
    } catch {
      // The binding is gone; the abort below ends the request all the same.
    }
    controller.abort(new StreamBackedUpError());
    return false;
  };
}
