/**
 * What the HTTP handler reads of a request, whichever way it arrived: a web
 * `Request` (the fetch face: Deno, Bun, workers, any framework that has one)
 * or a Node `IncomingMessage` (the Node adapter, which then builds no
 * `Request` body stream and, for the core, only a body-less `Request` on
 * demand). One handler serves both, so the web-standard path and the Node
 * path cannot drift apart.
 */
import { readWithin, type BodyRead, type ReadLimits } from "@mrtr/internal";
import { peerOf } from "../shares/peer-address.js";

/** One HTTP request as the handler sees it. */
export interface IncomingHttp {
  readonly method: string;
  /** The request's URL (target and Host). */
  readonly url: URL;
  /** A header's value (several joined by ", "), or null. */
  header(name: string): string | null;
  /** The body, within the limits; read once. */
  readBody(limits: ReadLimits): Promise<BodyRead>;
  /** Aborts when the peer goes away. */
  readonly signal: AbortSignal;
  /** The peer's network address, where the binding knows it. */
  readonly peer: string | undefined;
  /** Aborts `signal` (the client closed an event stream), where the binding lets the handler do so; otherwise the handler follows `signal` with a controller of its own. */
  abort?(reason: Error): void;
  /**
   * The web `Request` handlers and hooks see as the host's request: the one
   * given on the fetch face; on the Node path one with the same method, URL,
   * headers and signal, made on first call, whose body the handler has read.
   */
  request(): Request;
  /** Whether `request()` makes the `Request` on first call (the Node path): made only for a handler or hook that reads it. */
  readonly lazy: boolean;
}

/** A web `Request` as the handler reads it. */
export function incomingFromRequest(request: Request): IncomingHttp {
  return {
    method: request.method,
    url: new URL(request.url),
    header: (name) => request.headers.get(name),
    readBody: (limits) => readWithin(request.body, limits),
    signal: request.signal,
    peer: peerOf(request),
    request: () => request,
    lazy: false,
  };
}
