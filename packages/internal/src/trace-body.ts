/**
 * What the two trace hooks (`traceHandler` in @mrtr/server, `traceFetch` in
 * @mrtr/client) do alike, written once: read a body up to a limit, turn its
 * text into a record's `message` (or `omitted`), watch a response body as it
 * passes (a JSON body recorded when complete, an event stream event by event)
 * and copy headers with credentials redacted. Web-standard streams only.
 */
import { readWithin } from "./bounded-read.js";

/** Headers whose values a trace records as "[redacted]" unless told otherwise. */
export const TRACE_REDACTED_HEADERS: readonly string[] = ["authorization", "cookie", "set-cookie", "proxy-authorization"];
/** Largest body (or event) a trace records unless told otherwise: 1 MiB. */
export const TRACE_MAX_BODY_BYTES = 1024 * 1024;

/** The part of a trace record that one body (or event) gives: its message, or why there is none. */
export interface TracePart {
  message?: unknown;
  omitted?: string;
}

/** Reads at most `limit` bytes of a body; undefined when it is longer or cannot be read (reading stops there). */
export async function readBounded(body: ReadableStream<Uint8Array>, limit: number): Promise<Uint8Array | undefined> {
  // The hooks read a clone (a tee): waiting for its cancellation would wait for the caller's reading too.
  const read = await readWithin(body, { maxBytes: limit, awaitCancel: false });
  return read.ok ? read.bytes : undefined;
}

/** The record of one body's text: its message, or why there is none. */
export function traceMessage(text: string): TracePart {
  try {
    return { message: JSON.parse(text) };
  } catch {
    return { omitted: "body is not JSON" };
  }
}

/**
 * Watches a response body as it passes (a pass-through stream, not a tee):
 * a JSON body is handed to `emit` when complete, an event stream (`sse`)
 * event by event, each bounded by `limit`.
 */
export function observeTraceBody(body: ReadableStream<Uint8Array>, sse: boolean, limit: number, emit: (part: TracePart) => void): ReadableStream<Uint8Array> {
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
    if (data) emit(traceMessage(data));
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
        else if (held.trim() !== "") sse ? event(held) : emit(traceMessage(held));
      },
    }),
  );
}

/** Header values by lower-cased name, those named in `redact` (lower-cased) replaced by "[redacted]". */
export function traceHeaders(headers: Headers, redact: ReadonlySet<string>): Record<string, string> {
  const out: Record<string, string> = {};
  headers.forEach((value, name) => {
    out[name] = redact.has(name) ? "[redacted]" : value;
  });
  return out;
}
