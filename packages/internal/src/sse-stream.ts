/**
 * One server-sent event stream of JSON-RPC messages (text/event-stream, one
 * `data:` line per message), as the server's HTTP binding and
 * @mrtr/legacy's sessions send them. The queue of messages not yet taken by the
 * transport is bounded: `send` refuses a message past it, and the caller
 * decides what that means (drop a progress report, tear down a listen
 * stream). Idle streams carry a comment every `heartbeatMs`, so proxies and
 * clients can tell a quiet stream from a dead one.
 */

/** Limits of event streams. */
export interface SseOptions {
  /** A comment line on a stream that has been quiet this long, in ms (default 15 000; 0: none). */
  heartbeatMs?: number;
  /** Messages waiting to be written to one stream (default 256). A listen stream past it is torn down (the client opens a new one); progress reports past it are dropped. */
  maxQueuedMessages?: number;
}

/** The defaults of the event-stream limits: a heartbeat every 15 s, at most 256 queued messages. */
export const SSE_DEFAULTS = { heartbeatMs: 15_000, maxQueuedMessages: 256 } as const satisfies Required<SseOptions>;

const encoder = new TextEncoder();
const HEARTBEAT = encoder.encode(": keep-alive\n\n");

export class SseStream {
  readonly response: Response;
  private controller!: ReadableStreamDefaultController<Uint8Array>;
  private closed = false;
  private timer: ReturnType<typeof setInterval> | undefined;
  private quiet = true;

  /** `onCancel` runs when the reader goes away (the client closed the stream). */
  constructor(options: Required<SseOptions>, onCancel: () => void) {
    const body = new ReadableStream<Uint8Array>(
      {
        start: (controller) => {
          this.controller = controller;
        },
        cancel: () => {
          this.stop();
          onCancel();
        },
      },
      { highWaterMark: Math.max(1, options.maxQueuedMessages), size: () => 1 },
    );
    this.response = new Response(body, {
      status: 200,
      headers: { "content-type": "text/event-stream", "cache-control": "no-cache, no-transform", "x-accel-buffering": "no" },
    });
    if (options.heartbeatMs > 0) {
      this.timer = setInterval(() => {
        if (!this.quiet) {
          this.quiet = true;
          return;
        }
        if (!this.closed && (this.controller.desiredSize ?? 0) > 0) this.controller.enqueue(HEARTBEAT);
      }, options.heartbeatMs);
      (this.timer as { unref?: () => void }).unref?.();
    }
  }

  /** Queues one message. False, with nothing queued, when the stream is closed or its queue is full (unless `force`). */
  send(message: unknown, force = false): boolean {
    return this.sendJson(JSON.stringify(message), force);
  }

  /** Queues one message already serialized as JSON text, with an event `id` when given (for resumption with `Last-Event-ID`). */
  sendJson(json: string, force = false, id?: string): boolean {
    if (this.closed) return false;
    if (!force && (this.controller.desiredSize ?? 0) <= 0) return false;
    this.quiet = false;
    this.controller.enqueue(encoder.encode(id === undefined ? `data: ${json}\n\n` : `id: ${id}\ndata: ${json}\n\n`));
    return true;
  }

  /** Whether the stream is over (closed by the server, or its reader went away). */
  get ended(): boolean {
    return this.closed;
  }

  /** Ends the stream after what is queued. */
  close(): void {
    if (this.closed) return;
    this.stop();
    try {
      this.controller.close();
    } catch {
      // Already cancelled by the reader.
    }
  }

  private stop(): void {
    this.closed = true;
    if (this.timer) clearInterval(this.timer);
    this.timer = undefined;
  }
}
