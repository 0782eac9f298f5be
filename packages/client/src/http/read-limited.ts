/** Reading a response body without holding more than a set number of bytes. */
import { ResponseTooLargeError } from "../errors.js";

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

/**
 * The chunks of a response's body (none when it has none), at most
 * `maxBytes` in all; a declared content-length over the limit fails before
 * anything is read.
 */
async function* bodyChunksWithin(response: Response, maxBytes: number): AsyncGenerator<Uint8Array> {
  if (!response.body) return;
  const declared = Number(response.headers.get("content-length") ?? "NaN");
  if (Number.isFinite(declared) && declared > maxBytes) {
    await response.body.cancel().catch(() => undefined);
    throw new ResponseTooLargeError(maxBytes);
  }
  yield* chunksWithin(response.body, maxBytes);
}

/** The whole body as text, at most `maxBytes` of it. */
export async function textWithin(response: Response, maxBytes: number): Promise<string> {
  const decoder = new TextDecoder();
  let text = "";
  for await (const chunk of bodyChunksWithin(response, maxBytes)) text += decoder.decode(chunk, { stream: true });
  return text + decoder.decode();
}

/** The whole body as bytes, at most `maxBytes` of it; null when it has none. */
export async function bytesWithin(response: Response, maxBytes: number): Promise<Uint8Array | null> {
  if (!response.body) return null;
  const chunks: Uint8Array[] = [];
  let size = 0;
  for await (const chunk of bodyChunksWithin(response, maxBytes)) {
    chunks.push(chunk);
    size += chunk.byteLength;
  }
  const bytes = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return bytes;
}
