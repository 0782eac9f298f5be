/**
 * The client's side of one newline-delimited channel over Node streams: the
 * bytes the server writes go through the stdio framing into the
 * multiplexer, the lines the multiplexer writes go out with a newline, and
 * what waits to be written is bounded (a server that stops reading gets
 * `QueueFullError`s, not unbounded memory).
 */
import type { Readable, Writable } from "node:stream";
import { LineSplitter } from "@mrtr/internal";
import { Multiplexer, type LineWriter, type MultiplexLimits } from "../multiplex.js";

/** Limits of a stream channel. */
export interface ChannelLimits {
  /** Time from a request to its answer, in ms (default 60 000); each progress report for it grants it again. */
  timeoutMs?: number;
  /** Longest one request may last however often progress renews its time, in ms (default 600 000). */
  maxTimeoutMs?: number;
  /** Bytes read for one request up to its answer, its notifications included, and the longest line read (default 16 MiB). */
  maxResponseBytes?: number;
  /** Bytes of one message of a subscriptions/listen stream (default 1 MiB). */
  maxEventBytes?: number;
  /** Bytes that may wait to be written to the server before further requests fail with QueueFullError (default 16 MiB). */
  maxQueuedBytes?: number;
}

/** The defaults of {@link ChannelLimits}. */
export const CHANNEL_DEFAULTS = {
  timeoutMs: 60_000,
  maxTimeoutMs: 600_000,
  maxResponseBytes: 16 * 1024 * 1024,
  maxEventBytes: 1024 * 1024,
  maxQueuedBytes: 16 * 1024 * 1024,
} as const satisfies Required<ChannelLimits>;

/** One channel: its multiplexer, and what the binding learns of its end. */
export interface Channel {
  readonly mux: Multiplexer;
  /** Resolves when the server's output ended (or failed). */
  readonly ended: Promise<void>;
}

/** Connects a multiplexer to `readable` (the server's output) and `writable` (its input). */
export function connectStreams(readable: Readable, writable: Writable, limits: Required<ChannelLimits>, owner: string, where: string): Channel {
  const write: LineWriter = (line, urgent) => {
    if (writable.destroyed || writable.writableEnded) return false;
    if (!urgent && writable.writableLength > limits.maxQueuedBytes) return false;
    writable.write(`${line}\n`);
    return true;
  };
  const muxLimits: MultiplexLimits = { ...limits, owner };
  const mux = new Multiplexer(write, muxLimits, where);
  const splitter = new LineSplitter(limits.maxResponseBytes, (frame) => mux.receive(frame));
  writable.on("error", () => undefined); // EPIPE when the server is gone: its exit says more
  const ended = new Promise<void>((resolve) => {
    readable.on("data", (chunk: Uint8Array) => splitter.push(chunk));
    readable.on("end", () => {
      splitter.end();
      resolve();
    });
    readable.on("error", () => resolve());
    readable.on("close", () => resolve());
  });
  return { mux, ended };
}
