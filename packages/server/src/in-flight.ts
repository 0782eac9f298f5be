/**
 * Requests being served, so `notifications/cancelled` can abort one
 * (basic/patterns/cancellation.mdx). Request ids are chosen by clients and
 * repeat across them, so a cancellation only reaches a request of the same
 * principal and the same connection, and only when at least one of the two
 * identifies the sender: on an unauthenticated HTTP endpoint nobody can
 * cancel another client's request by guessing its id (there, closing the
 * response stream is the cancellation, which the HTTP layer turns into an
 * abort).
 */
import type { RequestId } from "@mrtr/schema";
import type { Abortable } from "./request-abort.js";

/** Who sent a message, as far as the server can tell. */
export interface Sender {
  principal: string | undefined;
  /** The connection the message came on, when the transport has one (in-process, stdio). */
  connection: unknown;
}

interface Entry extends Sender {
  controller: Abortable;
}

export class InFlight {
  private readonly byId = new Map<string, Set<Entry>>();
  private count = 0;

  /** Registers a request; the returned function removes it. */
  add(id: RequestId, sender: Sender, controller: Abortable): () => void {
    const key = JSON.stringify(id);
    const entry: Entry = { ...sender, controller };
    let set = this.byId.get(key);
    if (!set) this.byId.set(key, (set = new Set()));
    set.add(entry);
    this.count++;
    return () => {
      if (!set.delete(entry)) return;
      this.count--;
      if (set.size === 0) this.byId.delete(key);
    };
  }

  /** Aborts the request `id` of this sender; false when there is none (unknown, finished, or not the sender's). */
  cancel(id: RequestId, sender: Sender, reason: string | undefined): boolean {
    if (sender.principal === undefined && sender.connection === undefined) return false;
    const set = this.byId.get(JSON.stringify(id));
    let hit = false;
    for (const entry of set ?? []) {
      if (entry.principal === sender.principal && entry.connection === sender.connection) {
        entry.controller.abort(new CancelledError(reason));
        hit = true;
      }
    }
    return hit;
  }

  /** Requests being served now. */
  get size(): number {
    return this.count;
  }
}

/** The reason a request's signal carries when the client cancelled it. */
export class CancelledError extends Error {
  constructor(
    /** The reason the client gave in `notifications/cancelled`, if any. */
    readonly reason: string | undefined,
  ) {
    super(reason ? `Cancelled by the client: ${reason}` : "Cancelled by the client");
    this.name = "CancelledError";
  }
}
