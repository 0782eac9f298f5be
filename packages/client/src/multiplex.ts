/**
 * Many exchanges on one newline-delimited channel (stdio, a socket): the
 * `Transport` of the client, over lines. Every request in flight shares the
 * channel, so what the server sends is routed (basic/transports/stdio.mdx,
 * "Receiving Messages"):
 *
 * - a response, to the request of its `id`;
 * - `notifications/progress`, to the request that carried its `progressToken`;
 * - a message whose `_meta` names an `io.modelcontextprotocol/subscriptionId`,
 *   to the subscriptions/listen request of that id;
 * - `notifications/cancelled`, to the request its `requestId` names (the
 *   server tore that listen stream down).
 *
 * Anything else goes to the `unclaimed` listener when one is set (an era
 * plugin's: a legacy server's requests and notifications), else is dropped
 * (a modern server sends no requests on stdio). A request's
 * cancellation is `notifications/cancelled` (there is no stream to close),
 * sent when its signal aborts or its time runs out, and never for a request
 * the server already ended. Limits are the HTTP transport's: each exchange's
 * time (renewed by its progress, within a maximum), the bytes read for one
 * request up to its answer, each event of a listen stream, and what waits to
 * be written when the server stops reading.
 */
import type { JSONRPCNotification, JSONRPCRequest } from "@mrtr/schema";
import { QueueFullError, RequestTimeoutError, ResponseTooLargeError, TransportError } from "./errors.js";
import type { ExchangeOptions, TransportResponse } from "./exchange.js";
import { isRecord, startClock, type ExchangeClock, type LineFrame } from "@mrtr/internal";

/** The limits of a multiplexed channel, with the option names that set them (for error messages). */
export interface MultiplexLimits {
  timeoutMs: number;
  maxTimeoutMs: number;
  /** Bytes read for one request, its notifications and its answer. */
  maxResponseBytes: number;
  /** Bytes of one message of a listen stream. */
  maxEventBytes: number;
  /** Bytes that may wait to be written before requests are refused (the writer enforces it; named in the error). */
  maxQueuedBytes: number;
  /** Where the limits are set, e.g. "stdioTransport", for messages naming the option. */
  owner: string;
}

/**
 * Writes one line (the serialized message, without its newline). Returns
 * false, writing nothing, when what waits to be written is over the
 * channel's limit; `urgent` lines (a cancellation) are written regardless.
 */
export type LineWriter = (line: string, urgent?: boolean) => boolean;

interface Pending {
  id: unknown;
  method: string;
  listen: boolean;
  token: string | undefined;
  bytes: number;
  onMessage: ((message: Record<string, unknown>) => void) | undefined;
  clock: ExchangeClock | undefined;
  /** The server ended it (a response, or notifications/cancelled for it): nothing to cancel. */
  ended: boolean;
  settle(outcome: { response: TransportResponse | undefined } | { error: unknown }): void;
}

const key = (id: unknown) => JSON.stringify(id);

export class Multiplexer {
  private readonly pending = new Map<string, Pending>();
  private readonly byToken = new Map<string, Pending>();
  private failure: Error | undefined;
  /** Lines the server sent that no request claimed. */
  stray = 0;
  /** Responses the server sent to requests in flight. */
  answered = 0;
  /** Receives the server's messages no request claimed (requests, and notifications not tied to one). */
  unclaimed: ((message: Record<string, unknown>) => void) | undefined;

  constructor(
    private readonly write: LineWriter,
    private readonly limits: MultiplexLimits,
    /** The server, for messages ("the stdio server `node server.js`"). */
    private readonly where: string,
  ) {}

  /** Requests waiting for their answer. */
  get size(): number {
    return this.pending.size;
  }

  /** Sends a request and resolves to its response. */
  request(message: JSONRPCRequest, options: ExchangeOptions = {}): Promise<TransportResponse> {
    return this.open(message, options, false) as Promise<TransportResponse>;
  }

  /** Opens a subscriptions/listen exchange: resolves to its closing response; no time limit (the channel's life bounds it). */
  listen(message: JSONRPCRequest, options: ExchangeOptions): Promise<TransportResponse | undefined> {
    return this.open(message, options, true);
  }

  /** Sends a notification. */
  async notify(message: JSONRPCNotification): Promise<void> {
    if (this.failure) throw this.failure;
    if (!this.write(JSON.stringify(message))) throw this.queueFull();
  }

  /** Writes one message as it is (a response to the server's request); false when the queue is full. */
  send(message: Record<string, unknown>): boolean {
    return !this.failure && this.write(JSON.stringify(message));
  }

  /** One line from the server. */
  receive(frame: LineFrame): void {
    if (frame.kind === "too-long") {
      const p = frame.id === undefined ? undefined : this.pending.get(key(frame.id));
      if (p) this.fail(p, new ResponseTooLargeError(p.listen ? this.limits.maxEventBytes : this.limits.maxResponseBytes, this.option(p.listen ? "maxEventBytes" : "maxResponseBytes")));
      else this.stray++;
      return;
    }
    if (frame.kind !== "line") return void this.stray++;
    let message: unknown;
    try {
      message = JSON.parse(frame.text);
    } catch {
      return void this.stray++;
    }
    if (!isRecord(message)) return void this.stray++;
    const target = this.route(message);
    if (!target) {
      if (!this.unclaimed || typeof message.method !== "string") return void this.stray++;
      try {
        this.unclaimed(message);
      } catch {
        // A failing listener must not break the channel.
      }
      return;
    }
    if (target.listen) {
      if (frame.bytes > this.limits.maxEventBytes) return this.fail(target, new ResponseTooLargeError(this.limits.maxEventBytes, this.option("maxEventBytes")));
    } else if ((target.bytes += frame.bytes) > this.limits.maxResponseBytes) {
      return this.fail(target, new ResponseTooLargeError(this.limits.maxResponseBytes, this.option("maxResponseBytes")));
    }
    if ("result" in message || "error" in message) {
      if (!("method" in message)) {
        target.ended = true;
        this.answered++;
        target.settle({ response: message as TransportResponse });
      }
      return;
    }
    if (message.method === "notifications/progress") target.clock?.touch(); // work is happening
    if (message.method === "notifications/cancelled") target.ended = true;
    try {
      target.onMessage?.(message);
    } catch {
      // A failing listener must not break the channel.
    }
  }

  /** The channel is gone: every request in flight fails with `error`, and so does every later one. */
  close(error: Error): void {
    this.failure ??= error;
    for (const p of [...this.pending.values()]) p.settle({ error });
  }

  /** The request a message from the server belongs to. */
  private route(message: Record<string, unknown>): Pending | undefined {
    const params = isRecord(message.params) ? message.params : undefined;
    if (typeof message.method !== "string") {
      // A response (a server sends no requests on stdio, and a message with an id and a method is one).
      return "id" in message ? this.pending.get(key(message.id)) : undefined;
    }
    if ("id" in message) return undefined;
    if (message.method === "notifications/progress") {
      return params && (typeof params.progressToken === "string" || typeof params.progressToken === "number") ? this.byToken.get(key(params.progressToken)) : undefined;
    }
    if (message.method === "notifications/cancelled") return params && "requestId" in params ? this.pending.get(key(params.requestId)) : undefined;
    const meta = params && isRecord(params._meta) ? params._meta : undefined;
    const subscription = meta?.["io.modelcontextprotocol/subscriptionId"];
    const p = subscription === undefined ? undefined : this.pending.get(key(subscription));
    return p?.listen ? p : undefined;
  }

  private open(message: JSONRPCRequest, { signal, onMessage }: ExchangeOptions, listen: boolean): Promise<TransportResponse | undefined> {
    if (this.failure) return Promise.reject(this.failure);
    if (signal?.aborted) return Promise.reject(signal.reason);
    const id = key(message.id);
    if (this.pending.has(id)) return Promise.reject(new TransportError(`Request id ${id} is already in flight on ${this.where}; ids must not repeat.`));
    const meta = (message.params as { _meta?: { progressToken?: unknown } } | undefined)?._meta;
    const token = meta?.progressToken === undefined ? undefined : key(meta.progressToken);
    return new Promise<TransportResponse | undefined>((resolve, reject) => {
      const clock = listen ? undefined : startClock(this.limits);
      const p: Pending = {
        id: message.id,
        method: message.method,
        listen,
        token,
        bytes: 0,
        onMessage,
        clock,
        ended: false,
        settle: (outcome) => {
          if (this.pending.get(id) !== p) return;
          this.pending.delete(id);
          if (token !== undefined && this.byToken.get(token) === p) this.byToken.delete(token);
          clock?.stop();
          clock?.signal.removeEventListener("abort", onTimeout);
          signal?.removeEventListener("abort", onAbort);
          if ("error" in outcome) reject(outcome.error);
          else resolve(outcome.response);
        },
      };
      const onAbort = () => this.cancel(p, signal!.reason, "Cancelled by the client.");
      const onTimeout = () => this.cancel(p, new RequestTimeoutError(clock!.limitMs, `${message.method} from ${this.where}`), "The client's time limit ran out.");
      this.pending.set(id, p);
      if (token !== undefined) this.byToken.set(token, p);
      signal?.addEventListener("abort", onAbort, { once: true });
      clock?.signal.addEventListener("abort", onTimeout, { once: true });
      if (!this.write(JSON.stringify(message))) p.settle({ error: this.queueFull() });
    });
  }

  /** Ends an exchange on the client's side: the server is told, unless it ended it itself. */
  private cancel(p: Pending, error: unknown, reason: string): void {
    // initialize MUST NOT be cancelled (cancellation.mdx): an era plugin's handshake given up on just ends.
    if (!p.ended && !this.failure && p.method !== "initialize") {
      // Best effort, even past the queue's limit: the server should stop working on it.
      this.write(JSON.stringify({ jsonrpc: "2.0", method: "notifications/cancelled", params: { requestId: p.id, reason } }), true);
    }
    p.settle({ error });
  }

  /** Fails an exchange because of what the server sent for it. */
  private fail(p: Pending, error: Error): void {
    this.cancel(p, error, "The response was larger than the client reads.");
  }

  private queueFull(): QueueFullError {
    return new QueueFullError(this.limits.maxQueuedBytes, this.option("maxQueuedBytes"));
  }

  private option(name: string): string {
    return `${this.limits.owner}'s ${name} option`;
  }
}
