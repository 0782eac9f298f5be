/**
 * The view's requests the host is serving: one abort controller each (the
 * view's `notifications/cancelled` and the bridge's close abort them), keyed
 * by id so a second request with an id still pending is refused, and
 * counted against `maxPendingViewRequests` until their work settles (a
 * cancelled one too: the host may still be asking its user).
 */
import type { RequestId } from "./json-rpc.js";

const keyOf = (id: RequestId) => `${typeof id}:${id}`;

/** The view's requests being served. */
export class PendingViewRequests {
  readonly #pending = new Map<string, AbortController>();

  /** How many are being served. */
  get size(): number {
    return this.#pending.size;
  }

  /** Whether a request with `id` is being served. */
  has(id: RequestId): boolean {
    return this.#pending.has(keyOf(id));
  }

  /** Starts serving `id`: the signal its work listens to. */
  start(id: RequestId): AbortSignal {
    const controller = new AbortController();
    this.#pending.set(keyOf(id), controller);
    return controller.signal;
  }

  /** Ends `id`: true when it is to be answered (it was neither cancelled nor aborted). */
  end(id: RequestId, signal: AbortSignal): boolean {
    if (this.#pending.get(keyOf(id))?.signal === signal) this.#pending.delete(keyOf(id));
    return !signal.aborted;
  }

  /** The view gave up `id`: aborted, and it will not be answered (it still counts until its work settles). */
  cancel(id: RequestId): void {
    this.#pending.get(keyOf(id))?.abort(new Error("The view cancelled the request."));
  }

  /** Aborts every one (the bridge closed). */
  abortAll(): void {
    for (const controller of this.#pending.values()) controller.abort(new Error("The view bridge was closed."));
  }
}
