/**
 * Recording traffic for `mrtr lint-trace`: `traceFetch` wraps a `fetch` so
 * each JSON-RPC message the client sends and receives is handed to a sink as
 * one record of the trace format (docs/trace-format.md): direction, message,
 * HTTP headers and status, time. Use it under any transport that takes a
 * fetch: `httpTransport(url, { fetch: traceFetch(fetch, sink) })`.
 *
 * The wrapped fetch is called with the caller's own arguments, and the
 * caller reads the very same bytes: a string or byte body is recorded as is,
 * a `Request` from a clone; the response body is observed as it passes to
 * the caller (a pass-through stream, not a tee), so cancelling an event
 * stream cancels it at the source. JSON bodies give one record when complete;
 * event streams one record per event. Each body (or event) is recorded up to
 * `maxBodyBytes`. The sink may be async; its failures go to `onError` and
 * never reach the traffic. Credential headers are redacted by default.
 */
import { observeTraceBody, readBounded, TRACE_MAX_BODY_BYTES, TRACE_REDACTED_HEADERS, traceHeaders, traceMessage, type TracePart } from "@mrtr/internal";
import type { TraceRecord, TraceSink } from "@mrtr/schema/http";

/** Options of {@link traceFetch}. */
export interface TraceFetchOptions {
  /** Largest body (or event of a stream, in characters) recorded, in bytes (default 1 MiB); larger ones get an `omitted` record. */
  maxBodyBytes?: number;
  /** Header names whose values are replaced by "[redacted]" (default: authorization, cookie, set-cookie, proxy-authorization). */
  redactHeaders?: string[];
  /** Called when the sink throws or rejects (default: ignore). */
  onError?: (error: unknown) => void;
  /** A name for this client, written as `peer` on every record (for traces merged from several clients). */
  peer?: string;
}

/** The request body as text when it can be read without consuming anything the caller holds. */
async function requestBody(input: RequestInfo | URL, init: RequestInit | undefined, limit: number): Promise<TracePart | undefined> {
  const body = init?.body ?? undefined;
  const bounded = (text: string): TracePart => (new TextEncoder().encode(text).byteLength > limit ? { omitted: `body larger than ${limit} bytes` } : traceMessage(text));
  if (typeof body === "string") return bounded(body);
  if (body instanceof ArrayBuffer || ArrayBuffer.isView(body)) {
    const bytes = body instanceof ArrayBuffer ? new Uint8Array(body) : new Uint8Array(body.buffer, body.byteOffset, body.byteLength);
    return bytes.byteLength > limit ? { omitted: `body larger than ${limit} bytes` } : traceMessage(new TextDecoder().decode(bytes));
  }
  if (body !== undefined && body !== null) return { omitted: "body of a kind not recorded (stream, form or blob)" };
  if (input instanceof Request && input.body) {
    const bytes = await readBounded(input.clone().body!, limit);
    return bytes ? traceMessage(new TextDecoder().decode(bytes)) : { omitted: `body larger than ${limit} bytes` };
  }
  return undefined;
}

/** A fetch that records each JSON-RPC message it carries to `sink`, then behaves exactly as `fetchImpl`. */
export function traceFetch(fetchImpl: typeof fetch, sink: TraceSink, options: TraceFetchOptions = {}): typeof fetch {
  const limit = options.maxBodyBytes ?? TRACE_MAX_BODY_BYTES;
  const redact = new Set((options.redactHeaders ?? TRACE_REDACTED_HEADERS).map((h) => h.toLowerCase()));
  const onError = options.onError ?? (() => {});
  let chain: Promise<void> = Promise.resolve();
  const peer = options.peer === undefined ? {} : { peer: options.peer };
  const deliver = (record: TraceRecord) => {
    const labelled = { ...record, ...peer };
    chain = chain.then(() => sink(labelled)).catch(onError);
  };

  const traced = async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const headers = new Headers(input instanceof Request ? input.headers : undefined);
    new Headers(init?.headers).forEach((value, name) => headers.set(name, value));
    const sent = await requestBody(input, init, limit);
    if (sent) deliver({ direction: "client-to-server", ...sent, headers: traceHeaders(headers, redact), time: new Date().toISOString() });
    const response = await fetchImpl(input, init);
    const type = response.headers.get("content-type") ?? "";
    const sse = type.includes("text/event-stream");
    if (!response.body || !(sse || type.includes("json"))) return response;
    const meta = { headers: traceHeaders(response.headers, redact), status: response.status };
    const body = observeTraceBody(response.body, sse, limit, (part) => deliver({ direction: "server-to-client", ...part, ...meta, time: new Date().toISOString() }));
    const wrapped = new Response(body, { status: response.status, statusText: response.statusText, headers: response.headers });
    for (const key of ["url", "redirected", "type"] as const) Object.defineProperty(wrapped, key, { value: response[key] });
    return wrapped;
  };
  return traced as typeof fetch;
}
