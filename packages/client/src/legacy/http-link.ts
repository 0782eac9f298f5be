/**
 * A legacy session over the Streamable HTTP transport of 2025-11-25
 * (spec-2025-11-25/basic/transports.mdx): every message is a POST carrying
 * `Mcp-Session-Id` (once the server assigned one) and the negotiated
 * `MCP-Protocol-Version`; an answer comes as JSON or as an event stream that
 * may carry the server's requests and notifications first. A stream that
 * ends before its answer is resumed with GET and `Last-Event-ID` after the
 * server's `retry` delay; responses may come back on any stream. After the
 * handshake a GET stream carries the server's own messages, re-opened when
 * it drops. `close()` ends the session with DELETE.
 *
 * Limits, from the transport's wire: each request's time (renewed by its
 * progress, within a maximum), the bytes of one request's streams up to its
 * answer, and the bytes of one event of the GET stream.
 */
import { createParser } from "eventsource-parser";
import { RequestTimeoutError, ResponseTooLargeError, TransportError } from "../errors.js";
import type { HttpWire } from "../wire.js";
import { isRecord, readWithin, startClock } from "@mrtr/internal";
import { SessionLostError } from "./errors.js";
import type { LegacyLink, LinkRequestOptions, Message } from "./link.js";

/** The link's own limits (the rest come from the wire). */
export interface HttpLinkLimits {
  /** Resumptions of one request's stream (GET with Last-Event-ID) before it fails. */
  maxResumptions: number;
  /** Delay before resuming or re-opening a stream when the server named none, in ms. */
  retryMs: number;
  /** GET-stream openings in a row that may fail before the link stops re-opening it. */
  maxStreamFailures: number;
}

const key = (id: unknown) => JSON.stringify(id);
/** The shortest wait before the GET stream is opened again. */
const MIN_REOPEN_MS = 250;
const mediaType = (r: Response) => (r.headers.get("content-type") ?? "").split(";")[0]!.trim().toLowerCase();
const sleep = (ms: number, signal?: AbortSignal) =>
  new Promise<void>((resolve) => {
    const t = setTimeout(resolve, ms);
    signal?.addEventListener("abort", () => (clearTimeout(t), resolve()), { once: true });
  });

interface Pending {
  resolve(message: Message): void;
  onMessage: ((message: Message) => void) | undefined;
  touch(): void;
}

export class HttpLink implements LegacyLink {
  inbound: (message: Message) => void = () => undefined;
  readonly transport = "http";
  sessionId: string | undefined;
  private version: string | undefined;
  private readonly pending = new Map<string, Pending>();
  private readonly ended = new AbortController();
  /** Events read on any stream (a GET stream that carried none counts as failed). */
  private events = 0;

  constructor(
    private readonly wire: HttpWire,
    private readonly limits: HttpLinkLimits,
  ) {}

  private async headers(extra: Record<string, string> = {}): Promise<Record<string, string>> {
    return {
      ...(await this.wire.headers()),
      ...(this.version !== undefined && { "mcp-protocol-version": this.version }),
      ...(this.sessionId !== undefined && { "mcp-session-id": this.sessionId }),
      ...extra,
    };
  }

  private async fetch(init: RequestInit & { headers: Record<string, string> }): Promise<Response> {
    try {
      return await this.wire.fetch(this.wire.url, init);
    } catch (error) {
      if ((init.signal as AbortSignal | undefined)?.aborted) throw (init.signal as AbortSignal).reason;
      throw new TransportError(`Could not reach ${this.wire.url}: ${(error as Error).message}`);
    }
  }

  async request(message: Message, { signal, onMessage }: LinkRequestOptions = {}): Promise<Message> {
    const clock = startClock(this.wire.limits);
    const stop = AbortSignal.any([clock.signal, this.ended.signal, ...(signal ? [signal] : [])]);
    const id = key(message.id);
    let settle!: (m: Message) => void;
    const answered = new Promise<Message>((resolve) => (settle = resolve));
    this.pending.set(id, {
      resolve: settle,
      onMessage,
      touch: () => clock.touch(),
    });
    let onAbort!: () => void;
    const aborted = new Promise<never>((_, reject) => {
      onAbort = () => {
        if (clock.signal.aborted) reject(new RequestTimeoutError(clock.limitMs, `${String(message.method)} from ${this.wire.url}`));
        else reject(signal?.aborted ? signal.reason : new TransportError("The legacy session was closed."));
      };
      stop.addEventListener("abort", onAbort, { once: true });
    });
    aborted.catch(() => undefined);
    try {
      const exchange = this.exchange(message, id, stop);
      exchange.catch(() => undefined);
      return await Promise.race([answered, exchange.then(() => answered), aborted]);
    } catch (error) {
      // A request the client gives up on is cancelled explicitly: closing a stream is not cancellation in this revision.
      if (stop.aborted && !this.ended.signal.aborted && message.method !== "initialize") {
        void this.send({ jsonrpc: "2.0", method: "notifications/cancelled", params: { requestId: message.id, reason: clock.signal.aborted ? "The client's time limit ran out." : "Cancelled by the client." } }).catch(() => undefined);
      }
      throw error;
    } finally {
      // A listener left on a signal that depends on a caller's timeout keeps some runtimes (Deno) alive until it fires.
      stop.removeEventListener("abort", onAbort);
      clock.stop();
      this.pending.delete(id);
    }
  }

  /** POSTs `message` and reads what comes back, resuming its stream, until it is answered (on any stream). */
  private async exchange(message: Message, id: string, signal: AbortSignal): Promise<void> {
    const response = await this.fetch({
      method: "POST",
      headers: await this.headers({ "content-type": "application/json", accept: "application/json, text/event-stream" }),
      body: JSON.stringify(message),
      signal,
    });
    if (message.method === "initialize") {
      const assigned = response.headers.get("mcp-session-id");
      if (assigned !== null) this.sessionId = assigned;
    }
    if (response.status === 404 && this.sessionId !== undefined && message.method !== "initialize") {
      await response.body?.cancel().catch(() => undefined);
      throw new SessionLostError(`${this.wire.url} no longer knows session ${this.sessionId}.`);
    }
    const type = mediaType(response);
    const budget = { left: this.wire.limits.maxResponseBytes };
    if (type === "application/json") {
      const text = await readText(response, budget.left);
      let body: unknown;
      try {
        body = JSON.parse(text);
      } catch {
        throw new TransportError(`HTTP ${response.status} from ${this.wire.url} with a body that is not JSON.`, response.status);
      }
      if (!isRecord(body) || !("result" in body || "error" in body)) throw new TransportError(`HTTP ${response.status} from ${this.wire.url}: not a JSON-RPC response.`, response.status);
      // An error without an id (the server could not read the request) answers this request.
      this.route({ ...body, id: body.id ?? message.id }, id);
      return;
    }
    if (type !== "text/event-stream" || !response.ok || !response.body) {
      await response.body?.cancel().catch(() => undefined);
      throw new TransportError(`HTTP ${response.status} from ${this.wire.url} with ${type || "no content type"}; expected a JSON-RPC answer.`, response.status);
    }
    let cursor = await this.readStream(response.body, id, budget, signal);
    for (let resumed = 0; this.pending.has(id) && !signal.aborted; resumed++) {
      if (cursor.lastEventId === undefined) throw new TransportError(`The event stream from ${this.wire.url} ended without a response to request ${id}, and cannot be resumed (no event ids).`);
      if (resumed >= this.limits.maxResumptions) throw new TransportError(`The event stream for request ${id} from ${this.wire.url} dropped ${resumed + 1} times without an answer (maxResumptions ${this.limits.maxResumptions}).`);
      await sleep(cursor.retryMs ?? this.limits.retryMs, signal);
      if (!this.pending.has(id) || signal.aborted) return;
      const again = await this.fetch({ method: "GET", headers: await this.headers({ accept: "text/event-stream", "last-event-id": cursor.lastEventId }), signal });
      if (!again.ok || mediaType(again) !== "text/event-stream" || !again.body) {
        await again.body?.cancel().catch(() => undefined);
        throw new TransportError(`Resuming the event stream for request ${id} got HTTP ${again.status} from ${this.wire.url}.`, again.status);
      }
      cursor = { ...(await this.readStream(again.body, id, budget, signal, cursor)) };
    }
  }

  /** Reads one event stream until it ends, or until request `owner` (when given) is answered; the cursor for resuming it. */
  private async readStream(
    body: ReadableStream<Uint8Array>,
    owner: string | undefined,
    budget: { left: number },
    signal: AbortSignal,
    from: { lastEventId?: string; retryMs?: number } = {},
  ): Promise<{ lastEventId?: string; retryMs?: number }> {
    const cursor = { ...from };
    let sinceEvent = 0;
    const parser = createParser({
      onEvent: (event) => {
        sinceEvent = 0;
        this.events++;
        if (event.id !== undefined) cursor.lastEventId = event.id;
        if (!event.data) return;
        let m: unknown;
        try {
          m = JSON.parse(event.data);
        } catch {
          return;
        }
        if (isRecord(m)) this.route(m, owner);
      },
      onRetry: (ms) => (cursor.retryMs = Math.min(ms, 60_000)),
    });
    const reader = body.getReader();
    const decoder = new TextDecoder();
    try {
      for (;;) {
        if (owner !== undefined && !this.pending.has(owner)) return cursor;
        const { done, value } = await reader.read();
        if (done || signal.aborted) return cursor;
        if (owner !== undefined) {
          budget.left -= value.byteLength;
          if (budget.left < 0) throw new ResponseTooLargeError(this.wire.limits.maxResponseBytes);
        } else if ((sinceEvent += value.byteLength) > this.wire.limits.maxEventBytes) {
          throw new ResponseTooLargeError(this.wire.limits.maxEventBytes, "httpTransport's listen.maxEventBytes option");
        }
        parser.feed(decoder.decode(value, { stream: true }));
      }
    } catch (error) {
      if (error instanceof ResponseTooLargeError) throw error;
      return cursor; // a dropped connection: resumable
    } finally {
      await reader.cancel().catch(() => undefined);
    }
  }

  /** A message from any stream: a response settles its request; others go to the owning request's listener, or inbound. */
  private route(m: Message, owner: string | undefined): void {
    if (typeof m.method !== "string") {
      if ("result" in m || "error" in m) this.pending.get(key(m.id))?.resolve(m);
      return;
    }
    const p = owner === undefined ? undefined : this.pending.get(owner);
    if (m.method === "notifications/progress") {
      // Work is happening on some request: each of its reports renews its time.
      for (const q of this.pending.values()) q.touch();
    }
    try {
      if (p?.onMessage) p.onMessage(m);
      else this.inbound(m);
    } catch {
      // A failing listener must not break the stream.
    }
  }

  async send(message: Message): Promise<void> {
    const clock = startClock(this.wire.limits);
    try {
      const response = await this.fetch({
        method: "POST",
        headers: await this.headers({ "content-type": "application/json", accept: "application/json, text/event-stream" }),
        body: JSON.stringify(message),
        signal: AbortSignal.any([clock.signal, this.ended.signal]),
      });
      await response.body?.cancel().catch(() => undefined);
      if (!response.ok) throw new TransportError(`HTTP ${response.status} from ${this.wire.url} for ${String(message.method ?? "a response")}.`, response.status);
    } finally {
      clock.stop();
    }
  }

  negotiated(version: string): void {
    this.version = version;
  }

  opened(): void {
    void this.listen();
  }

  /** The GET stream of the server's own messages, re-opened (with Last-Event-ID) when it drops; a 405 means the server offers none. */
  private async listen(): Promise<void> {
    let failures = 0;
    let cursor: { lastEventId?: string; retryMs?: number } = {};
    const signal = this.ended.signal;
    while (!signal.aborted && failures < this.limits.maxStreamFailures) {
      let response: Response;
      try {
        response = await this.fetch({
          method: "GET",
          headers: await this.headers({ accept: "text/event-stream", ...(cursor.lastEventId !== undefined && { "last-event-id": cursor.lastEventId }) }),
          signal,
        });
      } catch {
        failures++;
        await sleep(Math.max(cursor.retryMs ?? this.limits.retryMs, MIN_REOPEN_MS) * 2 ** Math.min(failures, 5), signal);
        continue;
      }
      if (response.status === 405) return void (await response.body?.cancel().catch(() => undefined));
      if (!response.ok || mediaType(response) !== "text/event-stream" || !response.body) {
        await response.body?.cancel().catch(() => undefined);
        failures++;
        await sleep(Math.max(cursor.retryMs ?? this.limits.retryMs, MIN_REOPEN_MS) * 2 ** Math.min(failures, 5), signal);
        continue;
      }
      const before = this.events;
      try {
        cursor = await this.readStream(response.body, undefined, { left: Infinity }, signal, cursor);
        // Only a stream that carried something counts as working: one that ends at once is a failure too.
        failures = this.events > before ? 0 : failures + 1;
      } catch {
        failures++; // an event over the limit: the stream is dropped and opened again
      }
      // Never a tight loop, whatever retry the server names: at least MIN_REOPEN_MS, doubling while it fails.
      await sleep(Math.max(cursor.retryMs ?? this.limits.retryMs, MIN_REOPEN_MS) * 2 ** Math.min(failures, 5), signal);
    }
  }

  async close(): Promise<void> {
    if (this.ended.signal.aborted) return;
    this.ended.abort();
    if (this.sessionId === undefined) return;
    const response = await this.wire
      .fetch(this.wire.url, { method: "DELETE", headers: await this.headers(), signal: AbortSignal.timeout(this.wire.limits.timeoutMs) })
      .catch(() => undefined);
    await response?.body?.cancel().catch(() => undefined);
  }
}

/** A JSON body, at most `maxBytes` of it (@mrtr/internal's one bounded reader). */
async function readText(response: Response, maxBytes: number): Promise<string> {
  if (!response.body) return "";
  const read = await readWithin(response.body, { maxBytes, declaredLength: response.headers.get("content-length") });
  if (read.ok) return new TextDecoder().decode(read.bytes);
  await response.body.cancel().catch(() => undefined);
  if (read.failure === "too-large") throw new ResponseTooLargeError(maxBytes);
  throw new TransportError("The response body could not be read (the connection failed while it arrived).", response.status);
}
