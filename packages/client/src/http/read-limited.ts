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

/** The whole body as text, at most `maxBytes` of it. */
export async function textWithin(response: Response, maxBytes: number): Promise<string> {
  if (!response.body) return "";
  const declared = Number(response.headers.get("content-length") ?? "NaN");
  if (Number.isFinite(declared) && declared > maxBytes) {
    await response.body.cancel().catch(() => undefined);
    throw new ResponseTooLargeError(maxBytes);
  }
  const decoder = new TextDecoder();
  let text = "";
  for await (const chunk of chunksWithin(response.body, maxBytes)) text += decoder.decode(chunk, { stream: true });
  return text + decoder.decode();
}
