/**
 * Serving over stdio (basic/transports/stdio.mdx): one JSON-RPC message per
 * line in on stdin, one per line out on stdout, nothing else on stdout. The
 * same `createServer` definition as over HTTP; this binding owns only the
 * channel:
 *
 * - Framing: lines through `LineSplitter` (@mrtr/internal); a line over `maxLineBytes`
 *   is dropped as it arrives (never held whole) and answered -32600 with the
 *   id it seems to carry; a line that is not UTF-8 is -32700; reading goes on.
 * - Concurrency: requests are served as they arrive, up to `maxInFlight` at
 *   once; further ones wait in order for a slot (up to `maxQueuedBytes` of
 *   them), and past that are refused (-32603, send again later).
 *   Notifications, such as the cancellation that frees a slot (or withdraws
 *   a request still waiting), are served at once: slow handlers never stop
 *   the channel from being read.
 * - Backpressure: when more than `maxQueuedBytes` wait to be written (the
 *   client reads too slowly), `send` refuses notifications (the core drops
 *   progress, tears listen streams down) and reading pauses, the lines of
 *   the chunk at hand waiting, until the output drains. Every line gets its
 *   answer; memory is bounded by the limit, one chunk of input and the
 *   answers of the requests in flight.
 * - One connection: `notifications/cancelled` reaches this channel's
 *   requests (in-flight.ts scopes by connection).
 * - The end: when stdin ends, everything in flight is aborted (no answer, as
 *   for any cancelled request), what is written is flushed, and, on the
 *   process's own streams, the process exits. A closed stdout (EPIPE) ends it
 *   the same way, quietly.
 * - stdout belongs to the protocol: on the process's own stdout,
 *   `process.stdout.write` (and with it `console.log`, `console.info`,
 *   `console.debug`) is sent to stderr while serving, so a handler's logging
 *   cannot corrupt the stream.
 */
import { INTERNAL_ERROR, INVALID_REQUEST, PARSE_ERROR, type JSONRPCResponse } from "@mrtr/schema";
import { definedOnly, LineSplitter, type LineFrame } from "@mrtr/internal";
import type { Readable, Writable } from "node:stream";
import { errorResponse, idOf } from "../error-response.js";
import type { ChannelEra, EraConnection } from "../eras.js";
import { decodeMessage } from "../intake.js";
import { RequestAbort } from "../request-abort.js";
import type { McpServer } from "../server.js";
import { defaultChannelEra } from "../lazy-eras.js";

/** Options of {@link serveStdio}. */
export interface StdioServeOptions {
  /** Where messages arrive (default `process.stdin`): any readable byte stream, such as a socket. */
  input?: Readable;
  /** Where messages go (default `process.stdout`): any writable byte stream, such as the same socket. */
  output?: Writable;
  /** Longest line read, in bytes (default 1 MiB, as HTTP's body limit); longer ones are refused with -32600 without being held. */
  maxLineBytes?: number;
  /** Bytes waiting to be written past which notifications are refused and reading pauses, and bytes of requests that may wait for a slot (default 1 MiB each). */
  maxQueuedBytes?: number;
  /** Requests served at once on this channel (default 256); more wait for a slot (up to `maxQueuedBytes` of them), and past that they are refused with -32603. */
  maxInFlight?: number;
  /** Send `process.stdout.write` (so `console.log`) to stderr while serving (default: true when the output is `process.stdout`). */
  redirectStdout?: boolean;
  /** Exit the process once the input ended and the output is flushed (default: true when the input is `process.stdin`). */
  exitOnEnd?: boolean;
  /** Called when serving ends (input ended or output closed), before an exit; for the host's own clean-up. */
  onEnd?: () => void | Promise<void>;
  /**
   * Clients of the earlier, initialize-based revisions (2025-11-25,
   * 2025-06-18), as desktop hosts launch servers today: a connection whose
   * first message is such an `initialize` is served in that era from then
   * on. Default: served, by `legacyStdio()` with its defaults, loaded only
   * when such a connection opens. Pass `legacyStdio({ ... })` to set its
   * limits, or `false` to serve 2026-07-28 clients only (that `initialize`
   * then gets -32022 naming the versions served).
   */
  legacy?: ChannelEra | false;
}

/** The defaults of {@link StdioServeOptions}' limits. */
export const STDIO_SERVE_DEFAULTS = { maxLineBytes: 1024 * 1024, maxQueuedBytes: 1024 * 1024, maxInFlight: 256 } as const;

/** A running stdio binding. */
export interface StdioServing {
  /** Resolves once serving ended: input over, everything in flight aborted, the output flushed. */
  readonly closed: Promise<void>;
  /** Ends serving now, as if the input had ended. */
  close(): Promise<void>;
  /** What this channel is doing: requests in flight, lines refused (too long, not UTF-8, over the in-flight limits), notifications dropped because the output was backed up. */
  stats(): {
    /** Requests being served. */
    inFlight: number;
    /** Lines refused so far. */
    refused: number;
    /** Notifications dropped so far. */
    dropped: number;
  };
}

/**
 * Serves `server` over a newline-delimited stream pair (by default this
 * process's stdin and stdout): one JSON-RPC message per line, requests served
 * concurrently within the limits. Stdout then belongs to the protocol: log to
 * stderr.
 *
 * @example
 * ```ts
 * const server = createServer({ name: "notes", version: "1.0.0", requestState: { secrets: secretsFromEnv() } });
 * serveStdio(server); // from @mrtr/server/stdio
 * ```
 */
export function serveStdio(server: McpServer, options: StdioServeOptions = {}): StdioServing {
  // Long because the reader, the backlog, the writer and the end share one channel's
  // state (what is in flight, what waits, whether the output backed up, whether it ended); each step inside is a
  // short function, and split into modules they would pass all of that state around.
  const input = options.input ?? process.stdin;
  const output = options.output ?? process.stdout;
  const limits = { ...STDIO_SERVE_DEFAULTS, ...definedOnly({ maxLineBytes: options.maxLineBytes, maxQueuedBytes: options.maxQueuedBytes, maxInFlight: options.maxInFlight }) };
  const ownStdout = output === process.stdout;
  const exitOnEnd = options.exitOnEnd ?? input === process.stdin;
  const connection = {}; // one per channel: cancellations reach only its requests
  const legacy = options.legacy === false ? undefined : (options.legacy ?? defaultChannelEra());
  // Every request in flight follows this one abort, through a hook (request-abort.ts): no listener per request.
  const ending = new RequestAbort();
  const active = new Set<Promise<unknown>>();
  let refused = 0;
  let dropped = 0;
  let done = false;
  let era: EraConnection | "modern" | undefined;

  // stdout belongs to the protocol: whatever else writes to it goes to stderr (this binding writes through the original).
  const write = output.write.bind(output) as (chunk: string, callback?: (error?: Error | null) => void) => boolean;
  const redirect = options.redirectStdout ?? ownStdout;
  const stdoutWrite = process.stdout.write;
  if (redirect) process.stdout.write = ((...args: Parameters<typeof process.stderr.write>) => process.stderr.write(...args)) as typeof process.stdout.write;

  // Backed up: the stream itself asks to wait (its buffer is past its high-water mark) and more than our limit waits.
  const backedUp = () => output.writableNeedDrain && output.writableLength > limits.maxQueuedBytes;
  // Lines written in one tick leave in one write (cork until the tick ends): far fewer system calls under load.
  let corked = false;
  const uncork = () => {
    corked = false;
    output.uncork();
  };
  const writeLine = (message: unknown): void => {
    if (done || output.destroyed || output.writableEnded) return;
    if (!corked) {
      corked = true;
      output.cork();
      process.nextTick(uncork);
    }
    write(`${JSON.stringify(message)}\n`);
  };
  const answer = (response: JSONRPCResponse | undefined): void => {
    if (response) writeLine(response);
  };
  const send = (notification: unknown, urgent?: boolean): boolean => {
    if (done || (!urgent && backedUp())) {
      dropped++;
      return false;
    }
    writeLine(notification);
    return true;
  };

  // Requests waiting to be served, while maxInFlight are or while the output is backed up: at most
  // maxQueuedBytes of them (of their lines), so a client that sends many at once is served in turn; past that, refused.
  const backlog: { message: unknown; bytes: number }[] = [];
  let backlogBytes = 0;
  const backlogFull = () => backlogBytes >= limits.maxQueuedBytes;
  const serve = (message: unknown): void => {
    const work = server.handle(message, { connection, abort: ending, send, transport: "stdio" }).then(answer, () => undefined);
    active.add(work);
    void work.finally(() => {
      active.delete(work);
      if (waiting.length > 0) pump();
      else admit();
    });
  };
  /** A cancelled request that is still waiting is never served (and, as any cancelled request, gets no answer). */
  const withdraw = (id: unknown): void => {
    const at = backlog.findIndex((waiting) => (waiting.message as { id?: unknown }).id === id);
    if (at >= 0) backlogBytes -= backlog.splice(at, 1)[0]!.bytes;
  };
  const admit = (): void => {
    while (backlog.length > 0 && active.size < limits.maxInFlight && !backedUp() && !done) {
      const item = backlog.shift()!;
      backlogBytes -= item.bytes;
      serve(item.message);
    }
    if (backlog.length > 0 && backedUp()) afterDrain();
  };

  const onLine = (text: string, bytes: number): void => {
    if (text.trim() === "") return; // blank lines carry nothing
    // Decoded once, by the core's own intake (a line that is no JSON object is answered here, as the core would).
    const decoded = decodeMessage(text);
    if (!decoded.ok) return answer(decoded.response);
    const message = decoded.message;
    // The first message decides the connection's era (basic/versioning.mdx, "Backward Compatibility").
    if (era === undefined) era = legacy?.claims(message) ? legacy.open(server, { send: (m, urgent) => (urgent ? (writeLine(m), true) : send(m)) }) : "modern";
    if (era !== "modern") return era.receive(message);
    const m = message as { id?: unknown; method?: unknown; params?: { requestId?: unknown } } | null;
    // Notifications (such as the cancellation that frees a slot) and stray responses are served at once.
    if (!(m && typeof m === "object" && "id" in m && typeof m.method === "string")) {
      if (m?.method === "notifications/cancelled") withdraw(m.params?.requestId);
      return serve(message);
    }
    if (!backlogFull()) {
      backlog.push({ message, bytes }); // in order: behind whatever already waits
      backlogBytes += bytes;
      return admit();
    }
    refused++;
    answer(errorResponse(idOf(m), { code: INTERNAL_ERROR, message: `Too many requests in flight on this connection (serveStdio's maxInFlight: ${limits.maxInFlight}, and maxQueuedBytes: ${limits.maxQueuedBytes} of them waiting); send it again when one has finished.` }));
  };

  const take = (frame: LineFrame): void => {
    if (frame.kind === "line") return onLine(frame.text, frame.bytes);
    refused++;
    if (frame.kind === "too-long") {
      return answer(errorResponse(frame.id, { code: INVALID_REQUEST, message: `Message of ${frame.bytes} bytes is longer than this server reads (serveStdio's maxLineBytes: ${limits.maxLineBytes}).` }));
    }
    answer(errorResponse(undefined, { code: PARSE_ERROR, message: "Parse error: the line is not UTF-8" }));
  };

  // Backpressure: while the output is backed up, lines wait here (at most one chunk's worth: reading is paused) until it drains.
  const waiting: LineFrame[] = [];
  let next = 0;
  let draining = false;
  function afterDrain(): void {
    if (draining || done) return;
    draining = true;
    output.once("drain", () => {
      draining = false;
      pump();
    });
  }
  /** Takes the lines that wait, as far as the output and the backlog allow; reading resumes once none waits. */
  function pump(): void {
    admit();
    while (next < waiting.length && !backedUp() && !backlogFull() && !done) take(waiting[next++]!);
    if (done) return;
    if (next < waiting.length) {
      if (backedUp()) afterDrain(); // otherwise a request finishing makes room and pumps again
      return;
    }
    waiting.length = 0;
    next = 0;
    input.resume();
  }
  const onFrame = (frame: LineFrame): void => {
    if (done) return;
    if (waiting.length === 0 && !backedUp()) return take(frame);
    if (waiting.length === 0) {
      input.pause(); // the client reads too slowly: take no more work until the output drains
      afterDrain();
    }
    waiting.push(frame);
  };
  const splitter = new LineSplitter(limits.maxLineBytes, onFrame);

  let finished: Promise<void> | undefined;
  let markClosed: () => void = () => undefined;
  const closed = new Promise<void>((resolve) => (markClosed = resolve));
  const finish = (): Promise<void> =>
    (finished ??= (async () => {
      input.off("data", onData);
      ending.abort(new Error("The input ended.")); // nothing in flight is answered once the client has gone
      if (era !== undefined && era !== "modern") era.close();
      await Promise.allSettled([...active]);
      done = true;
      if (corked) uncork();
      if (!output.destroyed && !output.writableEnded && output.writableLength > 0) {
        // Flushed: the callback of a last, empty write runs once everything before it is written.
        await new Promise<void>((resolve) => {
          write("", () => resolve());
          output.once("close", resolve);
        });
      }
      if (redirect) process.stdout.write = stdoutWrite;
      try {
        await options.onEnd?.();
      } finally {
        markClosed();
        if (exitOnEnd) process.exit(0);
      }
    })());

  const onData = (chunk: Uint8Array) => splitter.push(chunk);
  input.on("data", onData);
  input.once("end", () => {
    splitter.end();
    void finish();
  });
  input.once("error", () => void finish());
  // A closed stdout (EPIPE): the client is gone; end quietly.
  output.on("error", () => void finish());
  output.once("close", () => void finish());

  return {
    closed,
    close: () => finish(),
    stats: () => ({ inFlight: active.size, refused, dropped }),
  };
}
