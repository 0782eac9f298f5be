/**
 * The listeners of one `RedisTaskStore`, fed by one subscription to the
 * store's channel on a connection of its own (pub/sub takes a connection
 * over): a duplicate of the store's client, opened when the first listener
 * comes and closed when the last one leaves (or on `close()`). The client
 * resubscribes by itself after a reconnect; announcements published while
 * the connection was down are not replayed (readers poll anyway).
 */

/** The part of a node-redis client or cluster's duplicate the announcements use. */
export interface RedisSubscriberClient {
  /** Opens the connection. */
  connect(): Promise<unknown>;
  /** Subscribes `listener` to `channel`. */
  subscribe(channel: string, listener: (message: string, channel: string) => unknown): Promise<unknown>;
  /** Closes the connection at once. */
  destroy(): void;
  /** Listens to the connection's errors (which would otherwise be thrown). */
  on(event: "error", listener: (error: unknown) => void): unknown;
}

export class TaskAnnouncements {
  readonly #listeners = new Set<{ listener: (taskId: string) => void }>();
  #connection: { client: RedisSubscriberClient; ready: Promise<void> } | undefined;

  constructor(
    readonly channel: string,
    readonly duplicate: () => RedisSubscriberClient,
    readonly onError: (error: unknown) => void,
  ) {}

  /** Adds `listener` (the same function twice is two listeners); the returned function removes it. */
  add(listener: (taskId: string) => void): () => void {
    const entry = { listener };
    this.#listeners.add(entry);
    if (this.#connection === undefined) this.#open();
    return () => {
      if (this.#listeners.delete(entry) && this.#listeners.size === 0) this.#shut();
    };
  }

  /** Removes every listener and closes the connection. */
  close(): void {
    this.#listeners.clear();
    this.#shut();
  }

  #open(): void {
    const client = this.duplicate();
    client.on("error", this.onError);
    const connection = {
      client,
      ready: (async () => {
        await client.connect();
        await client.subscribe(this.channel, (message) => this.#deliver(String(message)));
      })(),
    };
    connection.ready.catch((error: unknown) => {
      if (this.#connection === connection) this.onError(error);
    });
    this.#connection = connection;
  }

  #shut(): void {
    const connection = this.#connection;
    if (connection === undefined) return;
    this.#connection = undefined;
    try {
      connection.client.destroy();
    } catch {
      // already closed (it never connected)
    }
  }

  #deliver(taskId: string): void {
    for (const { listener } of [...this.#listeners]) {
      try {
        listener(taskId);
      } catch {
        // A failing listener must not stop the others.
      }
    }
  }
}
