/**
 * The second face of a handler `createHttpHandler` makes. Its first face is
 * the handler itself, web-standard: `(Request) => Promise<Response>`. The
 * second takes a request description (`IncomingHttp`, incoming.ts) and
 * answers JSON as text (`HttpAnswer`), for an adapter that reads its host's
 * requests itself: the Node adapter, which then builds no web `Request` body
 * stream and no `Response` for a JSON answer. The pair is recorded here,
 * keyed by the first face, so the handler stays a plain function; a handler
 * made any other way (wrapped by `protect`, `traceHandler`, a framework) has
 * only its first face, and the adapter serves it through the web `Request`.
 */
import type { IncomingHttp } from "./incoming.js";
import type { HttpAnswer } from "./json-response.js";

/** Serves one request description. */
export type IncomingFace = (incoming: IncomingHttp) => Promise<HttpAnswer>;

const faces = new WeakMap<object, IncomingFace>();

/** Records `face` as the second face of `handler`; returns `handler`. */
export function withIncomingFace<H extends object>(handler: H, face: IncomingFace): H {
  faces.set(handler, face);
  return handler;
}

/** The second face of `handler`, when `createHttpHandler` made it. */
export function incomingFaceOf(handler: object): IncomingFace | undefined {
  return faces.get(handler);
}
