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

const DEFAULT_REDACT = ["authorization", "cookie", "set-cookie", "proxy-authorization"];
const DEFAULT_MAX = 1024 * 1024;

/** Reads at most `limit` bytes of a body; undefined when it is longer (reading stops there). */
async function readBounded(body: ReadableStream<Uint8Array>, limit: number): Promise<Uint8Array | undefined> {
  const reader = body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      size += value.byteLength;
      if (size > limit) {
        // Not awaited: cancelling one branch of a tee settles only once the other branch is done too.
        reader.cancel().catch(() => {});
        return undefined;
      }
      chunks.push(value);
    }
  } catch {
    return undefined;
  }
  const out = new Uint8Array(size);
  let offset = 0;
  for (const c of chunks) {
    out.set(c, offset);
    offset += c.byteLength;
  }
  return out;
}

type Part = Pick<TraceRecord, "message" | "omitted">;

function messageOf(text: string): Part {
  try {
    return { message: JSON.parse(text) };
  } catch {
    return { omitted: "body is not JSON" };
  }
}

/** The request body as text when it can be read without consuming anything the caller holds. */
async function requestBody(input: RequestInfo | URL, init: RequestInit | undefined, limit: number): Promise<Part | undefined> {
  const body = init?.body ?? undefined;
  const bounded = (text: string): Part => (new TextEncoder().encode(text).byteLength > limit ? { omitted: `body larger than ${limit} bytes` } : messageOf(text));
  if (typeof body === "string") return bounded(body);
  if (body instanceof ArrayBuffer || ArrayBuffer.isView(body)) {
    const bytes = body instanceof ArrayBuffer ? new Uint8Array(body) : new Uint8Array(body.buffer, body.byteOffset, body.byteLength);
    return bytes.byteLength > limit ? { omitted: `body larger than ${limit} bytes` } : messageOf(new TextDecoder().decode(bytes));
  }
  if (body !== undefined && body !== null) return { omitted: "body of a kind not recorded (stream, form or blob)" };
  if (input instanceof Request && input.body) {
    const bytes = await readBounded(input.clone().body!, limit);
    return bytes ? messageOf(new TextDecoder().decode(bytes)) : { omitted: `body larger than ${limit} bytes` };
  }
  return undefined;
}

/** Watches a response body as it passes: JSON recorded when complete, an event stream event by event. */
function observe(body: ReadableStream<Uint8Array>, sse: boolean, limit: number, emit: (part: Part) => void): ReadableStream<Uint8Array> {
  const decoder = new TextDecoder();
  let held = "";
  let size = 0;
  let over = false;
  const event = (raw: string) => {
    const data = raw
      .split(/\r?\n/)
      .filter((line) => line.startsWith("data:"))
      .map((line) => line.slice(5).replace(/^ /, ""))
      .join("\n");
    if (data) emit(messageOf(data));
  };
  const BOUNDARY = /\r?\n\r?\n/;
  return body.pipeThrough(
    new TransformStream<Uint8Array, Uint8Array>({
      transform(chunk, controller) {
        controller.enqueue(chunk);
        if (!sse) {
          size += chunk.byteLength;
          if (size > limit) over = true;
          else held += decoder.decode(chunk, { stream: true });
          return;
        }
        held += decoder.decode(chunk, { stream: true });
        for (let m = BOUNDARY.exec(held); m; m = BOUNDARY.exec(held)) {
          if (over || m.index > limit) emit({ omitted: `event larger than ${limit} bytes` });
          else event(held.slice(0, m.index));
          held = held.slice(m.index + m[0].length);
          over = false;
        }
        if (held.length > limit) {
          over = true;
          held = "";
        }
      },
      flush() {
        held += decoder.decode();
        if (over) emit({ omitted: `${sse ? "event" : "body"} larger than ${limit} bytes` });
        else if (held.trim() !== "") sse ? event(held) : emit(messageOf(held));
      },
    }),
  );
}

function headersOf(headers: Headers, redact: Set<string>): Record<string, string> {
  const out: Record<string, string> = {};
  headers.forEach((value, name) => {
    out[name] = redact.has(name) ? "[redacted]" : value;
  });
  return out;
}

/** A fetch that records each JSON-RPC message it carries to `sink`, then behaves exactly as `fetchImpl`. */
export function traceFetch(fetchImpl: typeof fetch, sink: TraceSink, options: TraceFetchOptions = {}): typeof fetch {
  const limit = options.maxBodyBytes ?? DEFAULT_MAX;
  const redact = new Set((options.redactHeaders ?? DEFAULT_REDACT).map((h) => h.toLowerCase()));
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
    if (sent) deliver({ direction: "client-to-server", ...sent, headers: headersOf(headers, redact), time: new Date().toISOString() });
    const response = await fetchImpl(input, init);
    const type = response.headers.get("content-type") ?? "";
    const sse = type.includes("text/event-stream");
    if (!response.body || !(sse || type.includes("json"))) return response;
    const meta = { headers: headersOf(response.headers, redact), status: response.status };
    const body = observe(response.body, sse, limit, (part) => deliver({ direction: "server-to-client", ...part, ...meta, time: new Date().toISOString() }));
    const wrapped = new Response(body, { status: response.status, statusText: response.statusText, headers: response.headers });
    for (const key of ["url", "redirected", "type"] as const) Object.defineProperty(wrapped, key, { value: response[key] });
    return wrapped;
  };
  return traced as typeof fetch;
}
