/**
 * The open `subscriptions/listen` streams of one server
 * (basic/patterns/subscriptions.mdx): each stream is acknowledged before
 * anything else is sent on it, then receives exactly the notifications its
 * acknowledged filter names, each tagged with the subscription id (the id
 * of the listen request). Nothing here outlives the streams: a restarted
 * process has none, and clients open them again.
 */
import type { JSONRPCNotification, RequestId, SubscriptionFilter } from "@mrtr/schema";
import { isChangeEvent, type ChangeBus, type ChangeEvent } from "./change-bus.js";

/** Which notifications this server can deliver: what `server/discover` declares. */
export interface Deliverable {
  toolsListChanged: boolean;
  promptsListChanged: boolean;
  resourcesListChanged: boolean;
  resourceSubscriptions: boolean;
}

/** What an extension sends on one stream once it is acknowledged (see ListenExtension); returns the function that stops it. */
export type Follower = (send: (method: string, params: Record<string, unknown>) => boolean) => () => void;

/** How a stream ended. */
export type StreamEnd = "aborted" | "closed" | "expired";

interface Stream {
  id: RequestId;
  filter: SubscriptionFilter;
  uris: Set<string>;
  emit: (n: JSONRPCNotification) => boolean;
  end: (how: StreamEnd) => void;
}

export class SubscriptionHub {
  private readonly streams = new Set<Stream>();
  private stopListening: (() => void) | undefined;

  constructor(
    readonly deliverable: Deliverable,
    private readonly bus: ChangeBus,
    private readonly maxDurationMs: number,
  ) {}

  /** Whether any notification can be delivered at all (otherwise subscriptions/listen is not offered). */
  get offered(): boolean {
    const d = this.deliverable;
    return d.toolsListChanged || d.promptsListChanged || d.resourcesListChanged || d.resourceSubscriptions;
  }

  get size(): number {
    return this.streams.size;
  }

  /** The part of `requested` this server honours (URIs already narrowed by the caller). */
  agree(requested: SubscriptionFilter, uris: string[]): SubscriptionFilter {
    const d = this.deliverable;
    const out: SubscriptionFilter = {};
    if (requested.toolsListChanged === true && d.toolsListChanged) out.toolsListChanged = true;
    if (requested.promptsListChanged === true && d.promptsListChanged) out.promptsListChanged = true;
    if (requested.resourcesListChanged === true && d.resourcesListChanged) out.resourcesListChanged = true;
    if (d.resourceSubscriptions && requested.resourceSubscriptions !== undefined) out.resourceSubscriptions = uris;
    return out;
  }

  /**
   * Opens a stream: sends the acknowledgement, then delivers until `signal`
   * aborts, `closeAll` runs, `maxDurationMs` passes or `close` aborts (ended by
   * the server: it gets its closing result). Resolves with how it ended.
   */
  open(
    id: RequestId,
    filter: SubscriptionFilter,
    emit: (n: JSONRPCNotification) => boolean,
    signal: AbortSignal,
    followers: readonly Follower[] = [],
    close?: AbortSignal,
  ): Promise<StreamEnd> {
    return new Promise<StreamEnd>((resolve) => {
      let timer: ReturnType<typeof setTimeout> | undefined;
      const stops: (() => void)[] = [];
      const stream: Stream = {
        id,
        filter,
        uris: new Set(filter.resourceSubscriptions ?? []),
        emit,
        end: (how) => {
          if (!this.streams.delete(stream)) return;
          clearTimeout(timer);
          for (const stop of stops) {
            try {
              stop();
            } catch {
              // An extension failing to stop must not break the stream's end.
            }
          }
          signal.removeEventListener("abort", onAbort);
          close?.removeEventListener("abort", onClose);
          if (this.streams.size === 0) this.stopBus();
          resolve(how);
        },
      };
      const onAbort = () => stream.end("aborted");
      const onClose = () => stream.end("closed");
      if (signal.aborted) return resolve("aborted");
      if (close?.aborted) return resolve("closed");
      this.streams.add(stream);
      signal.addEventListener("abort", onAbort, { once: true });
      close?.addEventListener("abort", onClose, { once: true });
      if (this.maxDurationMs > 0 && Number.isFinite(this.maxDurationMs)) timer = setTimeout(() => stream.end("expired"), this.maxDurationMs);
      // The acknowledgement is the first message of the stream; it goes out before the bus can deliver anything.
      emit({
        jsonrpc: "2.0",
        method: "notifications/subscriptions/acknowledged",
        params: { _meta: { "io.modelcontextprotocol/subscriptionId": id }, notifications: filter },
      } as JSONRPCNotification);
      this.startBus();
      const send = (method: string, params: Record<string, unknown>) =>
        this.streams.has(stream) && emit({ jsonrpc: "2.0", method, params: { ...params, _meta: { "io.modelcontextprotocol/subscriptionId": id } } } as JSONRPCNotification);
      // A stream that ended on its acknowledgement (it backed up) starts no follower.
      if (this.streams.has(stream)) for (const follow of followers) stops.push(follow(send));
    });
  }

  /** Announces a change on the bus (every stream of every instance sharing it). */
  publish(event: ChangeEvent): void {
    void Promise.resolve()
      .then(() => this.bus.publish(event))
      .catch(() => undefined);
  }

  /** Ends every stream gracefully (each gets its closing result). */
  closeAll(): void {
    for (const stream of [...this.streams]) stream.end("closed");
  }

  /** Delivers one change to every stream whose filter names it. */
  deliver(event: ChangeEvent): void {
    for (const stream of [...this.streams]) {
      const method = wanted(stream, event);
      if (!method) continue;
      const params: Record<string, unknown> = { _meta: { "io.modelcontextprotocol/subscriptionId": stream.id } };
      if (event.type === "resourceUpdated") params.uri = event.uri;
      stream.emit({ jsonrpc: "2.0", method, params } as JSONRPCNotification);
    }
  }

  private startBus(): void {
    if (this.stopListening || this.streams.size === 0) return;
    this.stopListening = this.bus.subscribe((event) => {
      if (isChangeEvent(event)) this.deliver(event);
    });
  }

  private stopBus(): void {
    const stop = this.stopListening;
    this.stopListening = undefined;
    try {
      stop?.();
    } catch {
      // A foreign bus failing to unsubscribe must not break the stream's end.
    }
  }
}

function wanted(stream: Stream, event: ChangeEvent): string | undefined {
  switch (event.type) {
    case "toolsListChanged":
      return stream.filter.toolsListChanged ? "notifications/tools/list_changed" : undefined;
    case "promptsListChanged":
      return stream.filter.promptsListChanged ? "notifications/prompts/list_changed" : undefined;
    case "resourcesListChanged":
      return stream.filter.resourcesListChanged ? "notifications/resources/list_changed" : undefined;
    case "resourceUpdated":
      return stream.uris.has(event.uri) ? "notifications/resources/updated" : undefined;
  }
}
