/**
 * The answer to one POSTed message: JSON, or an event stream when the
 * server has notifications to send ahead of the answer — progress reports of
 * a request that carried a `progressToken`, or a subscriptions/listen stream
 * (whose acknowledgement comes at once). The stream starts with the first
 * notification, so a request refused before its handler runs keeps its JSON
 * error and HTTP status. When the stream's queue is full, `send` says so and
 * the core decides (backpressure.ts): progress dropped, a listen stream torn down.
 *
 * Cancellation (basic/patterns/cancellation.mdx): a client that closes the
 * response, or whose connection drops, cancels the request; the handler's
 * `ctx.signal` aborts and nothing more is written.
 *
 * The core is handed the message with a `HandleOptions` made of the request's
 * description (incoming.ts): its auth and peer as facts, the host's request
 * as a getter (so the Node path makes its `Request` only for a handler or
 * hook that reads it), the signal, `send`, and the header rules as `precheck`.
 */
import type { JSONRPCNotification } from "@mrtr/schema";
import { definedOnly } from "@mrtr/internal";
import type { HandleOptions } from "../exchange.js";
import { follow } from "../follow-signal.js";
import { RequestAbort } from "../request-abort.js";
import type { McpServer } from "../server.js";
import type { IncomingHttp } from "./incoming.js";
import { JsonAnswer, jsonAnswer, type HttpAnswer } from "./json-response.js";
import { httpPrecheck } from "./precheck.js";
import { SSE_DEFAULTS, SseStream, type SseOptions } from "@mrtr/internal";

/** What the HTTP handler's streaming takes: the event-stream limits. */
export type StreamOptions = SseOptions;

/** Serves `body` (the POSTed JSON text, or the message already decoded from it) and answers it over HTTP. */
export function answer(server: McpServer, body: string | Record<string, unknown>, incoming: IncomingHttp, options: StreamOptions = {}): Promise<HttpAnswer> {
  // The Node path's incoming can abort itself (its adapter's abort); elsewhere an abort of our own follows the request's signal.
  // Either way the core follows an abort link where there is one, and no AbortSignal is made unless something reads it.
  const own = incoming.abort ? undefined : new RequestAbort();
  const unlink = own ? follow(incoming.signal, own) : () => undefined;
  const link = own ?? incoming.abortLink;
  const abort = (reason: Error) => (own ? own.abort(reason) : incoming.abort!(reason));
  const aborted = () => (link ? link.aborted : incoming.signal.aborted);

  return new Promise<HttpAnswer>((resolve) => {
    let sse: SseStream | undefined;
    const send = (notification: JSONRPCNotification, urgent?: boolean): boolean => {
      if (!sse) {
        // The stream's limits, worked out only for a request that streams.
        const limits: Required<SseOptions> = { ...SSE_DEFAULTS, ...definedOnly(options) };
        sse = new SseStream(limits, () => abort(new Error("The client closed the response stream.")));
        resolve(sse.response);
      }
      return sse.send(notification, urgent);
    };
    const exchange: HandleOptions = {
      // Read only when a handler or hook reads it: the Node path makes its Request then.
      get request() {
        return incoming.request();
      },
      auth: incoming.auth ?? null,
      peer: incoming.peer ?? null,
      ...(link ? { abort: link } : { signal: incoming.signal }),
      send,
      precheck: httpPrecheck(incoming),
      transport: "http",
      header: incoming.header,
    };
    void server.handle(body, exchange).then((response) => {
      unlink();
      if (!sse) {
        resolve(response ? jsonAnswer(response) : new JsonAnswer(202, {}, null));
        return;
      }
      if (response && !aborted()) sse.send(response, true);
      sse.close();
    });
  });
}
