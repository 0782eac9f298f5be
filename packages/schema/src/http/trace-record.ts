/**
 * The trace format (docs/trace-format.md): one JSON line per JSON-RPC message
 * a client and server exchanged over HTTP, as `traceHandler` (@mrtr/server),
 * `traceFetch` (@mrtr/client) write it and `mrtr lint-trace` (@mrtr/cli) reads it.
 */

/** Which way a message went. */
export type TraceDirection = "client-to-server" | "server-to-client";

/** One record of the trace format. */
export interface TraceRecord {
  /** Which way the message went. */
  direction: TraceDirection;
  /** The JSON-RPC message; absent when not recorded (see `omitted`). */
  message?: unknown;
  /** The HTTP headers it travelled with, names lower-cased, credentials redacted. */
  headers?: Record<string, string>;
  /** HTTP status of the response that carried a server-to-client message. */
  status?: number;
  /** When it was recorded (RFC 3339, UTC). */
  time?: string;
  /** Why `message` is absent. */
  omitted?: string;
  /** Which client the message belongs to, when a trace mixes several. */
  peer?: string;
}

/** Receives each record; may be async (records are delivered one at a time, in order). */
export type TraceSink = (record: TraceRecord) => void | Promise<void>;
