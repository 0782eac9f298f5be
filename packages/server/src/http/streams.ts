/**
 * The answer to one POSTed message: JSON, or an event stream when the
 * server has notifications to send ahead of the answer — progress reports of
 * a request that carried a `progressToken`, or a subscriptions/listen stream
 * (whose acknowledgement comes at once). The stream starts with the first
 * notification, so a request refused before its handler runs keeps its JSON
 * error and HTTP status.
 *
 * Cancellation (basic/patterns/cancellation.mdx): a client that closes the
 * response, or whose connection drops, cancels the request; the handler's
 * `ctx.signal` aborts and nothing more is written.
 */
import type { JSONRPCNotification } from "@mrtr/schema";
import { definedOnly } from "../defined-only.js";
import { follow } from "../follow-signal.js";
import type { McpServer } from "../server.js";
import { jsonAnswer } from "./json-response.js";
import { SSE_DEFAULTS, SseStream, type SseOptions } from "./sse.js";

/** What the HTTP handler's streaming takes: the event-stream limits. */
export type StreamOptions = SseOptions;

/** Serves `message` (a decoded JSON-RPC message object) and answers it over HTTP. */
export function answer(server: McpServer, message: Record<string, unknown>, request: Request, options: StreamOptions = {}): Promise<Response> {
  const limits: Required<SseOptions> = { ...SSE_DEFAULTS, ...definedOnly(options) };
  const controller = new AbortController();
  const unlink = follow(request.signal, controller);

  return new Promise<Response>((resolve) => {
    let sse: SseStream | undefined;
    const stream = (): SseStream => {
      if (!sse) {
        sse = new SseStream(limits, () => controller.abort(new Error("The client closed the response stream.")));
        resolve(sse.response);
      }
      return sse;
    };
    const onNotification = (notification: JSONRPCNotification) => {
      const s = stream();
      if (s.send(notification)) return;
      // Progress is a hint: a reader that falls behind skips reports.
      if (notification.method === "notifications/progress") return;
      // A listen stream whose reader falls behind is torn down; the draft asks the
      // server to say so with notifications/cancelled. The client opens a new one.
      s.send({ jsonrpc: "2.0", method: "notifications/cancelled", params: { requestId: message.id, reason: "The client did not keep up with the stream." } }, true);
      s.close();
      controller.abort(new Error("Stream queue full"));
    };
    void server.handle(message, { transport: request, signal: controller.signal, headers: request.headers, onNotification }).then((response) => {
      unlink();
      if (!sse) {
        resolve(response ? jsonAnswer(response) : new Response(null, { status: 202 }));
        return;
      }
      if (response && !controller.signal.aborted) sse.send(response, true);
      sse.close();
    });
  });
}
