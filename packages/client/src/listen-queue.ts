/**
 * The events of one subscription waiting for the caller, as an async
 * iterator. Pending events are coalesced (an event equal to one not yet
 * taken is dropped), so what waits is bounded by the filter: at most one of
 * each kind and one per followed URI. The iterator ends when the stream's
 * pump ends (throwing its failure, if any) or the subscription is stopped.
 */
import type { ListenEvent } from "./types.js";

/** The queue of one subscription: the pump pushes and ends it; the caller iterates it. */
export interface ListenQueue {
  /** Queues an event, unless an equal one is waiting. */
  push(event: ListenEvent): void;
  /** The pump ended: with a failure the iterator throws, or with none. */
  end(failure?: unknown): void;
  /** What the caller iterates. */
  readonly iterator: AsyncIterableIterator<ListenEvent>;
}

/** What tells two events apart: method, URI and filter. */
const keyOf = (event: ListenEvent) => {
  const params = event.params as { uri?: unknown; notifications?: unknown };
  return JSON.stringify([event.method, params.uri ?? null, params.notifications ?? null]);
};

/** A queue whose iterator ends once `stopped` aborts; `close` is called when the iteration ends. */
export function listenQueue(stopped: AbortSignal, close: () => void): ListenQueue {
  const queue: ListenEvent[] = [];
  const keys = new Set<string>();
  let failure: unknown;
  let finished = false;
  let wake: (() => void) | undefined;
  const signalWake = () => {
    wake?.();
    wake = undefined;
  };
  const iterator: AsyncIterableIterator<ListenEvent> = {
    async next() {
      for (;;) {
        const event = queue.shift();
        if (event) {
          keys.delete(keyOf(event));
          return { value: event, done: false };
        }
        if (failure !== undefined) {
          const error = failure;
          failure = undefined;
          close();
          throw error;
        }
        if (finished || stopped.aborted) {
          close();
          return { value: undefined, done: true };
        }
        await new Promise<void>((resolve) => (wake = resolve));
      }
    },
    async return() {
      close();
      queue.length = 0;
      return { value: undefined, done: true };
    },
    [Symbol.asyncIterator]() {
      return iterator;
    },
  };
  return {
    push(event) {
      const key = keyOf(event);
      if (keys.has(key)) return;
      keys.add(key);
      queue.push(event);
      signalWake();
    },
    end(error) {
      failure = error;
      finished = true;
      signalWake();
    },
    iterator,
  };
}
