/**
 * Where change announcements travel between `server.notify` and the open
 * `subscriptions/listen` streams. The default bus is in memory: it reaches
 * every stream of this server in this process. Several instances behind a
 * load balancer share one bus implemented on their pub/sub (Redis, NATS, …),
 * so a change announced on one instance reaches the streams held by all.
 */

/** One change, as announced by the application. */
export type ChangeEvent =
  | {
      /** The tool list changed. */
      type: "toolsListChanged";
    }
  | {
      /** The prompt list changed. */
      type: "promptsListChanged";
    }
  | {
      /** The resource list changed. */
      type: "resourcesListChanged";
    }
  | {
      /** One resource changed. */
      type: "resourceUpdated";
      /** Its URI. */
      uri: string;
    };

/** A publish/subscribe channel of change events. */
export interface ChangeBus {
  /** Announces a change to every subscriber (on every instance, for a shared bus). */
  publish(event: ChangeEvent): void | Promise<void>;
  /** Receives every change; the returned function stops it (calling it twice is harmless). */
  subscribe(listener: (event: ChangeEvent) => void): () => void;
}

/** A bus inside one process. Delivery is synchronous; a failing listener does not stop the others. */
export function memoryChangeBus(): ChangeBus {
  const listeners = new Set<(event: ChangeEvent) => void>();
  return {
    publish(event) {
      for (const listener of [...listeners]) {
        try {
          listener(event);
        } catch {
          // One broken listener must not keep the change from the others.
        }
      }
    },
    subscribe(listener) {
      const own = (event: ChangeEvent) => listener(event);
      listeners.add(own);
      return () => void listeners.delete(own);
    },
  };
}

/** Whether a value received from a shared bus is a change event (a foreign bus may carry anything). */
export function isChangeEvent(value: unknown): value is ChangeEvent {
  if (value === null || typeof value !== "object") return false;
  const type = (value as { type?: unknown }).type;
  if (type === "resourceUpdated") return typeof (value as { uri?: unknown }).uri === "string";
  return type === "toolsListChanged" || type === "promptsListChanged" || type === "resourcesListChanged";
}
