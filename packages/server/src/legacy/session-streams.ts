/**
 * The event streams of one legacy HTTP session (spec-2025-11-25/basic/transports.mdx,
 * "Sending Messages to the Server", "Listening for Messages from the Server",
 * "Resumability and Redelivery"): each POSTed request's answer stream, and
 * the session's GET stream for what belongs to no request.
 *
 * Every message gets an event id naming its stream (`g-<n>` for the GET
 * stream, `p<k>-<n>` for the k-th POST stream; `n` grows across the whole
 * session, so ids are unique in it) and is kept in the session's log for
 * `resumptionWindowMs`: a client whose connection dropped sends GET with
 * `Last-Event-ID` and gets what followed on that stream, then the rest of it
 * live (transports.mdx:176-187). A GET without it replaces the GET stream at
 * once (a dropped one may not be noticed until the next heartbeat) and
 * carries what waited while none was open. The log is held within the
 * session's share of the binding's memory (docs/architecture.md, "Fair
 * shares"): when it cannot grow, its oldest delivered messages go first.
 *
 * A POST stream whose connection went away (the request's signal aborted,
 * or its reader cancelled) and is not resumed within `droppedStreamGraceMs`
 * gives up its call if the call waits for the client's answers (`abandon`):
 * a question nobody can see is not held for `inputTimeoutMs`. A call still
 * running is left to finish (a dropped connection is not a cancellation in
 * this revision), and given up if it asks while its stream is still gone.
 */
import { SseStream, utf8Length, type SseOptions } from "@mrtr/internal";
import type { RequestId } from "@mrtr/schema";

/** One message sent on a stream of the session. */
interface Entry {
  /** The stream it belongs to: "g", or "p<k>". */
  readonly stream: string;
  readonly seq: number;
  readonly json: string;
  readonly bytes: number;
  readonly at: number;
  /** Whether it was written to a live stream (GET messages wait in the log until one opens). */
  delivered: boolean;
  /** A server-to-client request, which a waiting notification makes room for. */
  readonly request: boolean;
  /** The answer that ends a POST stream. */
  readonly final: boolean;
}

/** One connection a POST stream's messages go to: the POST's own, or a GET that resumed it. */
interface Connection {
  /** Whether it went away. */
  gone: boolean;
}

/** A POSTed request's answer stream while its request is served. */
interface PostStream {
  readonly id: RequestId;
  readonly stream: string;
  /** The live connection, once the answer became an event stream. */
  sse: SseStream | undefined;
  /** Gives the POST its answer: the event stream, the first time something is sent. */
  readonly start: (response: Response) => void;
  started: boolean;
  /** The connection its messages go to now. */
  connection: Connection;
  /** Stops following the signals of its connections. */
  readonly unlisten: (() => void)[];
  /** Runs while its connection is gone and its call would be given up when it ends. */
  grace: ReturnType<typeof setTimeout> | undefined;
}

/** How the log is counted against the binding's memory budget. */
export interface LogBudget {
  /** Counts the log at `bytes`; false when that is past the session's share or the limit in all. */
  resize(bytes: number): boolean;
}

/** The limits of a session's streams. */
export interface StreamLimits {
  readonly sse: Required<SseOptions>;
  /** Messages for the GET stream that wait while none is open. */
  readonly maxWaitingMessages: number;
  /** How long a delivered message is kept for resumption, in ms. */
  readonly resumptionWindowMs: number;
  /** How long a POST stream whose connection went away may wait to be resumed before its waiting call is given up, in ms. */
  readonly droppedStreamGraceMs: number;
  readonly now: () => number;
}

/** Gives up the call of client request `id`, if it waits for the client's answers (`LegacySession.abandon`); `reason` is its answer. */
export type Abandon = (id: RequestId, reason: string) => void;

const key = (id: unknown) => JSON.stringify(id);
const EVENT_ID = /^(g|p\d+)-(\d+)$/;

export class SessionStreams {
  readonly #limits: StreamLimits;
  readonly #budget: LogBudget;
  readonly #abandon: Abandon;
  readonly #log: Entry[] = [];
  #logBytes = 0;
  #seq = 0;
  #posts = 0;
  /** The live POST streams, by request id and by stream name. */
  readonly #byRequest = new Map<string, PostStream>();
  readonly #byStream = new Map<string, PostStream>();
  #get: SseStream | undefined;
  #closed = false;

  constructor(limits: StreamLimits, budget: LogBudget, abandon: Abandon = () => undefined) {
    this.#limits = limits;
    this.#budget = budget;
    this.#abandon = abandon;
  }

  /** Whether the GET stream is open. */
  get listening(): boolean {
    return this.#get !== undefined && !this.#get.ended;
  }

  /**
   * Registers a POSTed request's answer stream; `start` gets the event-stream
   * response when the first message is sent on it. `signal` aborts when the
   * POST's connection goes away (the request's signal).
   */
  openPost(id: RequestId, start: (response: Response) => void, signal?: AbortSignal): void {
    const post: PostStream = { id, stream: `p${++this.#posts}`, sse: undefined, start, started: false, connection: { gone: false }, unlisten: [], grace: undefined };
    this.#byRequest.set(key(id), post);
    this.#byStream.set(post.stream, post);
    this.#follow(post, post.connection, signal);
  }

  /**
   * The request's answer: undefined when nothing was sent on its stream (the
   * binding answers it as JSON), else sent as the stream's last event and the
   * stream ended.
   */
  finishPost(id: RequestId, answer: unknown): boolean {
    const post = this.#byRequest.get(key(id));
    if (!post) return false;
    this.#byRequest.delete(key(id));
    this.#byStream.delete(post.stream);
    this.#settle(post);
    if (!post.started) return false;
    if (answer !== undefined) this.#write(post.stream, post.sse, JSON.stringify(answer), { urgent: true, final: true });
    post.sse?.close();
    return true;
  }

  /**
   * Sends a message of the session: on the stream of client request `related`
   * while it is open, else on the GET stream (or into the log, to wait for
   * one). False when it was dropped: a notification past `maxWaitingMessages`
   * or a full stream queue.
   */
  send(message: Record<string, unknown>, related: RequestId | undefined, urgent = false): boolean {
    if (this.#closed) return false;
    const post = related === undefined ? undefined : this.#byRequest.get(key(related));
    const json = JSON.stringify(message);
    if (post) {
      const request = "method" in message && "id" in message;
      if (!post.started) {
        post.started = true;
        const connection = post.connection;
        post.sse = this.#stream(() => this.#gone(post, connection));
        post.start(post.sse.response);
      }
      // A question sent where nobody can see it: its call is given up unless the stream is resumed in time.
      if (request && post.connection.gone) this.#arm(post);
      return this.#write(post.stream, post.sse, json, { urgent, request });
    }
    const request = "method" in message && "id" in message;
    if (!this.listening) {
      const waiting = this.#log.filter((e) => e.stream === "g" && !e.delivered);
      if (waiting.length >= this.#limits.maxWaitingMessages) {
        if (!urgent) return false;
        const notification = waiting.find((e) => !e.request);
        if (notification) this.#drop(notification);
      }
    }
    return this.#write("g", this.listening ? this.#get : undefined, json, { urgent, request });
  }

  /**
   * A GET: without `lastEventId` (or with one this session does not know) it
   * becomes the GET stream, replacing any open one, and carries what waited;
   * with one it resumes the stream that id names from after it.
   */
  openGet(lastEventId: string | null, signal?: AbortSignal): Response {
    const resumed = lastEventId === null ? undefined : EVENT_ID.exec(lastEventId.trim());
    const stream = resumed?.[1] ?? "g";
    const after = resumed ? Number(resumed[2]) : undefined;
    if (stream === "g") {
      this.#get?.close();
      const sse = this.#stream();
      this.#get = sse;
      this.#replay("g", sse, after);
      return sse.response;
    }
    // A POST stream: what followed on it, then (while its request is served) the rest of it, here, on this connection.
    const post = this.#byStream.get(stream);
    const connection: Connection = { gone: false };
    const sse = this.#stream(() => post && this.#gone(post, connection));
    this.#replay(stream, sse, after);
    if (post) {
      post.sse?.close();
      post.sse = sse;
      post.started = true;
      post.connection = connection;
      this.#settle(post); // the connections it replaces no longer count
      this.#follow(post, connection, signal);
    } else sse.close();
    return sse.response;
  }

  /** Ends every stream; nothing more is sent. */
  close(): void {
    this.#closed = true;
    this.#get?.close();
    for (const post of this.#byRequest.values()) {
      this.#settle(post);
      post.sse?.close();
    }
    this.#log.length = 0;
    this.#logBytes = 0;
    this.#budget.resize(0);
  }

  /** A new event stream; when its reader goes away it is `ended` (and `gone` runs), and messages meant for it wait in the log. */
  #stream(gone?: () => void): SseStream {
    const sse: SseStream = new SseStream(this.#limits.sse, () => {
      if (this.#get === sse) this.#get = undefined;
      gone?.();
    });
    return sse;
  }

  /** Follows `signal`, the request whose connection carries `post` now: when it aborts, the connection is gone. */
  #follow(post: PostStream, connection: Connection, signal: AbortSignal | undefined): void {
    if (!signal) return;
    if (signal.aborted) return this.#gone(post, connection);
    const onAbort = () => this.#gone(post, connection);
    signal.addEventListener("abort", onAbort, { once: true });
    post.unlisten.push(() => signal.removeEventListener("abort", onAbort));
  }

  /** `connection` went away: if `post` is still served there, its call is given up unless the stream is resumed within the grace. */
  #gone(post: PostStream, connection: Connection): void {
    connection.gone = true;
    if (this.#closed || this.#byStream.get(post.stream) !== post || post.connection !== connection) return; // answered, or resumed elsewhere
    this.#arm(post);
  }

  /** Starts the grace of a POST stream whose connection is gone (once); at its end its call is given up if it waits for answers. */
  #arm(post: PostStream): void {
    if (post.grace !== undefined) return;
    const graceMs = this.#limits.droppedStreamGraceMs;
    post.grace = setTimeout(() => {
      post.grace = undefined;
      if (this.#closed || this.#byStream.get(post.stream) !== post || !post.connection.gone) return;
      this.#abandon(
        post.id,
        `This request was given up while it waited for your answers: its event stream dropped and was not resumed within ${graceMs} ms (droppedStreamGraceMs). Send it again; to keep a request across a dropped connection, resume its stream sooner with GET and Last-Event-ID.`,
      );
    }, graceMs);
    (post.grace as { unref?: () => void }).unref?.();
  }

  /** `post`'s request is answered (or the session ended): its grace and signal listeners go. */
  #settle(post: PostStream): void {
    clearTimeout(post.grace);
    post.grace = undefined;
    for (const unlisten of post.unlisten.splice(0)) unlisten();
  }

  /** Logs a message under its stream and writes it to the live connection, if any. */
  #write(stream: string, sse: SseStream | undefined, json: string, how: { urgent: boolean; request?: boolean; final?: boolean }): boolean {
    const entry: Entry = { stream, seq: ++this.#seq, json, bytes: utf8Length(json), at: this.#limits.now(), delivered: false, request: how.request === true, final: how.final === true };
    if (sse && !sse.ended) {
      if (!sse.sendJson(json, how.urgent, `${stream}-${entry.seq}`)) return false; // a full queue: the caller decides
      entry.delivered = true;
    }
    if (!this.#keep(entry) && !entry.delivered && !how.urgent) return false;
    return true;
  }

  /**
   * Keeps `entry` in the log within the budget. Past the resumption window a
   * message goes (one waiting for the GET stream stays: `maxWaitingMessages`
   * bounds those); when the budget refuses, the oldest that is not waiting for
   * the GET stream goes first. False when `entry` itself could not be kept.
   */
  #keep(entry: Entry): boolean {
    const oldest = entry.at - this.#limits.resumptionWindowMs;
    for (let i = 0; i < this.#log.length && this.#log[i]!.at < oldest; ) {
      const e = this.#log[i]!;
      if (e.stream === "g" && !e.delivered) i++;
      else this.#drop(e);
    }
    this.#log.push(entry);
    this.#logBytes += entry.bytes;
    while (!this.#budget.resize(this.#logBytes)) {
      const victim = this.#log.find((e) => e !== entry && (e.delivered || e.stream !== "g")) ?? (entry.request || entry.final ? undefined : entry);
      if (!victim) return true; // a question or an answer is kept regardless: its call's own bytes are counted already
      this.#drop(victim);
      if (victim === entry) return false;
    }
    return true;
  }

  #drop(entry: Entry): void {
    const at = this.#log.indexOf(entry);
    if (at < 0) return;
    this.#log.splice(at, 1);
    this.#logBytes -= entry.bytes;
  }

  /** Writes to `sse` what `stream` carried after `after` (everything kept when undefined: for the GET stream, what waited). */
  #replay(stream: string, sse: SseStream, after: number | undefined): void {
    for (const entry of this.#log) {
      if (entry.stream !== stream) continue;
      if (after === undefined ? stream === "g" && entry.delivered : entry.seq <= after) continue;
      sse.sendJson(entry.json, true, `${stream}-${entry.seq}`);
      entry.delivered = true;
      if (entry.final) sse.close();
    }
  }
}
