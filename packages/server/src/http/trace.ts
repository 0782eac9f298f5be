/**
 * Recording traffic for `mrtr lint-trace`: `traceHandler` wraps a
 * web-standard handler `(Request) => Promise<Response>` and hands each
 * JSON-RPC message that passes through to a sink, as one record of the trace
 * format (docs/trace-format.md): direction, message, HTTP headers and status,
 * time. The handler and the client see the very same bytes:
 *
 * - the request body is read from a clone (a tee of the stream), at most
 *   `maxBodyBytes` of it;
 * - the response body is observed as it passes to the caller (a pass-through
 *   stream, not a tee), so a caller that cancels an event stream cancels it at
 *   the source and nothing keeps reading behind its back. JSON bodies give one
 *   record when complete; event streams one record per event, each event
 *   bounded by `maxBodyBytes`.
 *
 * Records reach the sink in order per exchange (request first). The sink may
 * be async; its failures go to `onError` and never reach the traffic.
 * Credential headers are redacted by default.
 */
import { corsPolicyOf, withCorsPolicy } from "./cors.js";
import { observeTraceBody, readBounded, TRACE_MAX_BODY_BYTES, TRACE_REDACTED_HEADERS, traceHeaders, traceMessage } from "@mrtr/internal";
import type { TraceRecord, TraceSink } from "@mrtr/schema/http";

/** Options of {@link traceHandler}. */
export interface TraceHandlerOptions {
  /** Largest body (or event of a stream, in characters) recorded, in bytes (default 1 MiB); larger ones get an `omitted` record. */
  maxBodyBytes?: number;
  /** Header names whose values are replaced by "[redacted]" (default: authorization, cookie, set-cookie, proxy-authorization). */
  redactHeaders?: string[];
  /** Called when the sink throws or rejects (default: ignore). */
  onError?: (error: unknown) => void;
  /**
   * Names the client of a request (e.g. from its authenticated principal), so
   * a trace of several clients keeps their ids and rounds apart: each record
   * of the exchange gets it as `peer`.
   */
  peer?: (request: Request) => string | undefined;
}

/** Wraps a web-standard handler so each message it receives and sends is recorded to `sink`. */
export function traceHandler(
  handler: (request: Request) => Promise<Response>,
  sink: TraceSink,
  options: TraceHandlerOptions = {},
): (request: Request) => Promise<Response> {
  const limit = options.maxBodyBytes ?? TRACE_MAX_BODY_BYTES;
  const redact = new Set((options.redactHeaders ?? TRACE_REDACTED_HEADERS).map((h) => h.toLowerCase()));
  const onError = options.onError ?? (() => {});
  let chain: Promise<void> = Promise.resolve();
  const deliver = (record: Promise<TraceRecord | undefined> | TraceRecord) => {
    chain = chain
      .then(() => record)
      .then((r) => (r ? sink(r) : undefined))
      .catch(onError);
  };

  const traced = async (request: Request): Promise<Response> => {
    const time = new Date().toISOString();
    const headers = traceHeaders(request.headers, redact);
    const who = options.peer?.(request);
    const peer = who === undefined ? {} : { peer: who };
    if (request.body) {
      const copy = request.clone();
      deliver(
        readBounded(copy.body!, limit).then((bytes): TraceRecord => ({
          direction: "client-to-server",
          ...(bytes ? traceMessage(new TextDecoder().decode(bytes)) : { omitted: `body larger than ${limit} bytes` }),
          headers,
          time,
          ...peer,
        })),
      );
    }
    const response = await handler(request);
    const type = response.headers.get("content-type") ?? "";
    const sse = type.includes("text/event-stream");
    if (!response.body || !(sse || type.includes("json"))) return response;
    const meta = { headers: traceHeaders(response.headers, redact), status: response.status, ...peer };
    const body = observeTraceBody(response.body, sse, limit, (part) => deliver({ direction: "server-to-client", ...part, ...meta, time: new Date().toISOString() }));
    return new Response(body, { status: response.status, statusText: response.statusText, headers: response.headers });
  };
  // The CORS policy of what it traces stays visible, so `protect` around the trace answers its own challenges with it.
  const policy = corsPolicyOf(handler);
  return policy ? withCorsPolicy(traced, policy) : traced;
}
