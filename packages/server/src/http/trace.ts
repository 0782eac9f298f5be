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

/** The record of one body's text: its message, or why there is none. */
function messageOf(text: string): Part {
  try {
    return { message: JSON.parse(text) };
  } catch {
    return { omitted: "body is not JSON" };
  }
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

/** Header values by lower-cased name, with credentials redacted. */
function headersOf(headers: Headers, redact: Set<string>): Record<string, string> {
  const out: Record<string, string> = {};
  headers.forEach((value, name) => {
    out[name] = redact.has(name) ? "[redacted]" : value;
  });
  return out;
}

/** Wraps a web-standard handler so each message it receives and sends is recorded to `sink`. */
export function traceHandler(
  handler: (request: Request) => Promise<Response>,
  sink: TraceSink,
  options: TraceHandlerOptions = {},
): (request: Request) => Promise<Response> {
  const limit = options.maxBodyBytes ?? DEFAULT_MAX;
  const redact = new Set((options.redactHeaders ?? DEFAULT_REDACT).map((h) => h.toLowerCase()));
  const onError = options.onError ?? (() => {});
  let chain: Promise<void> = Promise.resolve();
  const deliver = (record: Promise<TraceRecord | undefined> | TraceRecord) => {
    chain = chain
      .then(() => record)
      .then((r) => (r ? sink(r) : undefined))
      .catch(onError);
  };

  return async (request) => {
    const time = new Date().toISOString();
    const headers = headersOf(request.headers, redact);
    const who = options.peer?.(request);
    const peer = who === undefined ? {} : { peer: who };
    if (request.body) {
      const copy = request.clone();
      deliver(
        readBounded(copy.body!, limit).then((bytes): TraceRecord => ({
          direction: "client-to-server",
          ...(bytes ? messageOf(new TextDecoder().decode(bytes)) : { omitted: `body larger than ${limit} bytes` }),
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
    const meta = { headers: headersOf(response.headers, redact), status: response.status, ...peer };
    const body = observe(response.body, sse, limit, (part) => deliver({ direction: "server-to-client", ...part, ...meta, time: new Date().toISOString() }));
    return new Response(body, { status: response.status, statusText: response.statusText, headers: response.headers });
  };
}
