/**
 * One HTTP request as the HTTP handler reads it, whichever way it arrived: a
 * web `Request` (the fetch face: Deno, Bun, workers, any framework that has
 * one) or a Node `IncomingMessage` (the Node adapter, node-incoming.ts, which
 * builds no `Request` body stream and a body-less `Request` only when a
 * handler or hook asks for the host's request). One handler serves both, so
 * the two paths cannot drift apart; the core sees neither, only the
 * `HandleOptions` the handler makes of this description (streams.ts).
 */
import { readWithin, type BodyRead, type ReadLimits } from "@mrtr/internal";
import { authInfoOf, type AuthInfo } from "../auth/auth-info.js";
import type { AbortLink } from "../request-abort.js";
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
  /** The verified token's facts `protect` attached to the request, if any (a request the Node adapter reads itself has passed no `protect`). */
  readonly auth: AuthInfo | undefined;
  /** Aborts `signal` (the client closed an event stream), where the binding lets the handler do so; otherwise the handler follows `signal` with a controller of its own. */
  abort?(reason: Error): void;
  /** The request's abort without its signal, where the binding has one (the Node adapter): the core follows it with no listener, and `signal` is made only if read. */
  readonly abortLink?: AbortLink;
  /**
   * The web `Request` handlers and hooks see as the host's request: the one
   * given on the fetch face; on the Node path one with the same method, URL,
   * headers and signal, made on first call, whose body the handler has read.
   */
  request(): Request;
}

/**
 * A header value without leading or trailing whitespace (RFC 9110 §5.5: OWS
 * is not part of the value). Node and most fetch runtimes strip it when they
 * parse; workerd hands incoming values over as sent.
 */
function withoutOws(value: string | null): string | null {
  return value === null ? null : value.replace(/^[ \t]+|[ \t]+$/g, "");
}

/** A web `Request` as the handler reads it. */
export function incomingFromRequest(request: Request): IncomingHttp {
  return {
    method: request.method,
    url: new URL(request.url),
    header: (name) => withoutOws(request.headers.get(name)),
    readBody: (limits) => readWithin(request.body, limits),
    signal: request.signal,
    peer: peerOf(request),
    auth: authInfoOf(request),
    request: () => request,
  };
}
