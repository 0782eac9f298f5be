/**
 * Reading a response body without holding more than a set number of bytes:
 * whole (through @mrtr/internal's one bounded reader), or chunk by chunk for
 * an event stream parsed as it arrives.
 */
import { readWithin } from "@mrtr/internal";
import { ResponseTooLargeError, TransportError } from "../errors.js";

/**
 * The chunks of `body`, failing with ResponseTooLargeError as soon as more
 * than `maxBytes` have arrived (the stream is cancelled; nothing more is read).
 */
export async function* chunksWithin(body: ReadableStream<Uint8Array>, maxBytes: number): AsyncGenerator<Uint8Array> {
  const reader = body.getReader();
  let size = 0;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return;
      size += value.byteLength;
      if (size > maxBytes) throw new ResponseTooLargeError(maxBytes);
      yield value;
    }
  } finally {
    // Stops the transfer when the caller is done early (an answer found, a limit hit, an error).
    await reader.cancel().catch(() => undefined);
  }
}

/** The whole body, at most `maxBytes` of it (a declared content-length over the limit fails before anything is read); null when it has none. */
export async function bytesWithin(response: Response, maxBytes: number): Promise<Uint8Array | null> {
  if (!response.body) return null;
  const read = await readWithin(response.body, { maxBytes, declaredLength: response.headers.get("content-length") });
  if (read.ok) return read.bytes;
  if (read.failure === "too-large") {
    // A declared length over the limit left the body unread: release the connection (one already read was cancelled).
    await response.body.cancel().catch(() => undefined);
    throw new ResponseTooLargeError(maxBytes);
  }
  throw new TransportError("The response body could not be read (the connection failed while it arrived).", response.status);
}

/** The whole body as text, at most `maxBytes` of it. */
export async function textWithin(response: Response, maxBytes: number): Promise<string> {
  const bytes = await bytesWithin(response, maxBytes);
  return bytes ? new TextDecoder().decode(bytes) : "";
}
