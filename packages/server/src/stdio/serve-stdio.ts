/**
 * Serving over stdio (basic/transports/stdio.mdx): one JSON-RPC message per
 * line in on stdin, one per line out on stdout, nothing else on stdout. The
 * same `createServer` definition as over HTTP; this binding owns only the
 * channel:
 *
 * - Framing: lines through `@mrtr/schema/lines`; a line over `maxLineBytes`
 *   is dropped as it arrives (never held whole) and answered -32600 with the
 *   id it seems to carry; a line that is not UTF-8 is -32700; reading goes on.
 * - Concurrency: every request is served at once; past `maxInFlight` a new
 *   request is refused (-32603, retry later) while notifications, such as the
 *   cancellation that frees a slot, are still read.
 * - Backpressure: when more than `maxQueuedBytes` wait to be written (the
 *   client reads too slowly), `send` refuses notifications (the core drops
 *   progress, tears listen streams down), errors that name no request are
 *   dropped, and reading pauses until the output drains; answers to requests
 *   are always written, so memory stays bounded by what is in flight.
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
import { INTERNAL_ERROR, INVALID_REQUEST, PARSE_ERROR } from "@mrtr/schema";
import { LineSplitter, type LineFrame } from "@mrtr/schema/lines";
import type { Readable, Writable } from "node:stream";
import { definedOnly } from "../defined-only.js";
import { errorResponse, idOf } from "../error-response.js";
import type { McpServer, ServerResponse } from "../server.js";

/** Options of {@link serveStdio}. */
export interface StdioServeOptions {
  /** Where messages arrive (default `process.stdin`): any readable byte stream, such as a socket. */
  input?: Readable;
  /** Where messages go (default `process.stdout`): any writable byte stream, such as the same socket. */
  output?: Writable;
  /** Longest line read, in bytes (default 1 MiB, as HTTP's body limit); longer ones are refused with -32600 without being held. */
  maxLineBytes?: number;
  /** Bytes waiting to be written past which notifications are refused and reading pauses (default 1 MiB). */
  maxQueuedBytes?: number;
  /** Requests served at once on this channel (default 256); more are refused with -32603 until one finishes. */
  maxInFlight?: number;
  /** Send `process.stdout.write` (so `console.log`) to stderr while serving (default: true when the output is `process.stdout`). */
  redirectStdout?: boolean;
  /** Exit the process once the input ended and the output is flushed (default: true when the input is `process.stdin`). */
  exitOnEnd?: boolean;
  /** Called when serving ends (input ended or output closed), before an exit; for the host's own clean-up. */
  onEnd?: () => void | Promise<void>;
}

/** The defaults of {@link StdioServeOptions}' limits. */
export const STDIO_SERVE_DEFAULTS = { maxLineBytes: 1024 * 1024, maxQueuedBytes: 1024 * 1024, maxInFlight: 256 } as const;

/** A running stdio binding. */
export interface StdioServing {
  /** Resolves once serving ended: input over, everything in flight aborted, the output flushed. */
  readonly closed: Promise<void>;
  /** Ends serving now, as if the input had ended. */
  close(): Promise<void>;
  /** What this channel is doing: requests in flight, lines refused (too long, not UTF-8, over the in-flight limit), messages dropped because the output was backed up. */
  stats(): { inFlight: number; refused: number; dropped: number };
}

/** Serves `server` over a newline-delimited stream pair (by default this process's stdin and stdout). */
export function serveStdio(server: McpServer, options: StdioServeOptions = {}): StdioServing {
  const input = options.input ?? process.stdin;
  const output = options.output ?? process.stdout;
  const limits = { ...STDIO_SERVE_DEFAULTS, ...definedOnly({ maxLineBytes: options.maxLineBytes, maxQueuedBytes: options.maxQueuedBytes, maxInFlight: options.maxInFlight }) };
  const ownStdout = output === process.stdout;
  const exitOnEnd = options.exitOnEnd ?? input === process.stdin;
  const connection = {}; // one per channel: cancellations reach only its requests
  const ending = new AbortController();
  const active = new Set<Promise<void>>();
  let refused = 0;
  let dropped = 0;
  let done = false;

  // stdout belongs to the protocol: whatever else writes to it goes to stderr.
  const write = output.write.bind(output) as (chunk: string, callback?: (error?: Error | null) => void) => boolean;
  const originalWrite = output.write;
  if (options.redirectStdout ?? ownStdout) {
    output.write = ((...args: Parameters<typeof process.stderr.write>) => process.stderr.write(...args)) as typeof output.write;
  }

  const backedUp = () => output.writableLength > limits.maxQueuedBytes;
  const writeLine = (message: unknown): void => {
    if (done || output.destroyed || output.writableEnded) return;
    write(`${JSON.stringify(message)}\n`);
    if (backedUp() && !input.isPaused()) {
      input.pause(); // the client reads too slowly: stop taking work until the output drains
      output.once("drain", () => done || input.resume());
    }
  };
  /** An answer: always written, but one that names no request is dropped while the output is backed up (nobody can match it). */
  const answer = (response: ServerResponse | undefined): void => {
    if (!response) return;
    if (!("id" in response) && backedUp()) return void dropped++;
    writeLine(response);
  };
  const send = (notification: unknown, urgent?: boolean): boolean => {
    if (done || (!urgent && backedUp())) {
      dropped++;
      return false;
    }
    writeLine(notification);
    return true;
  };

  const track = (work: Promise<void>) => {
    active.add(work);
    void work.finally(() => active.delete(work));
  };
  const serve = (message: unknown) => track(server.handle(message, { connection, signal: ending.signal, send }).then(answer, () => undefined));

  const onFrame = (frame: LineFrame): void => {
    if (done) return;
    if (frame.kind === "too-long") {
      refused++;
      return answer(errorResponse(frame.id, { code: INVALID_REQUEST, message: `Message of ${frame.bytes} bytes is longer than this server reads (serveStdio's maxLineBytes: ${limits.maxLineBytes}).` }));
    }
    if (frame.kind === "invalid-utf8") {
      refused++;
      return answer(errorResponse(undefined, { code: PARSE_ERROR, message: "Parse error: the line is not UTF-8" }));
    }
    if (frame.text.trim() === "") return; // blank lines carry nothing
    if (active.size < limits.maxInFlight) return serve(frame.text);
    // At the limit: notifications (a cancellation frees a slot) are still served; requests are refused.
    let message: unknown;
    try {
      message = JSON.parse(frame.text);
    } catch {
      return serve(frame.text); // the core answers -32700
    }
    const m = message as { id?: unknown; method?: unknown } | null;
    if (m && typeof m === "object" && "id" in m && typeof m.method === "string") {
      refused++;
      return answer(errorResponse(idOf(m), { code: INTERNAL_ERROR, message: `Too many requests in flight on this connection (serveStdio's maxInFlight: ${limits.maxInFlight}); send it again when one has finished.` }));
    }
    serve(message);
  };
  const splitter = new LineSplitter(limits.maxLineBytes, onFrame);

  let finished: Promise<void> | undefined;
  let markClosed: () => void = () => undefined;
  const closed = new Promise<void>((resolve) => (markClosed = resolve));
  const finish = (): Promise<void> =>
    (finished ??= (async () => {
      input.off("data", onData);
      ending.abort(new Error("The input ended.")); // nothing in flight is answered once the client has gone
      await Promise.allSettled([...active]);
      done = true;
      if (!output.destroyed && !output.writableEnded && output.writableLength > 0) {
        await new Promise<void>((resolve) => {
          output.once("drain", resolve);
          output.once("close", resolve);
          output.once("error", resolve);
        });
      }
      output.write = originalWrite;
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
