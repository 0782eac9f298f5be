/**
 * Reading a subscriptions/listen event stream, which lasts as long as the
 * subscription: no limit on its length or total size, but one on each event
 * (`maxEventBytes`) and on silence (`idleTimeoutMs`: servers send a comment
 * now and then, so a stream quiet for longer is dead). Every message goes to
 * `onMessage`; the response to the listen request, if the server closes the
 * stream gracefully, is returned.
 */
import { createParser } from "eventsource-parser";
import { ResponseTooLargeError, TransportError } from "../errors.js";
import { answerWatch, type StreamMessage } from "./event-stream.js";

export async function readListenStream(
  body: ReadableStream<Uint8Array>,
  id: unknown,
  limits: { maxEventBytes: number; idleTimeoutMs: number },
  onMessage: (message: StreamMessage) => void,
): Promise<StreamMessage | undefined> {
  const events = answerWatch(id, onMessage);
  let failure: Error | undefined;
  const parser = createParser({
    maxBufferSize: limits.maxEventBytes,
    onError(error) {
      if (error.type === "max-buffer-size-exceeded") failure = new ResponseTooLargeError(limits.maxEventBytes, "httpTransport's listen.maxEventBytes option");
    },
    onEvent: events.onEvent,
  });
  const reader = body.getReader();
  const decoder = new TextDecoder();
  let timer: ReturnType<typeof setTimeout> | undefined;
  try {
    for (;;) {
      const idle = new Promise<"idle">((resolve) => {
        timer = setTimeout(() => resolve("idle"), limits.idleTimeoutMs);
      });
      const next = await Promise.race([reader.read(), idle]);
      clearTimeout(timer);
      if (next === "idle") throw new TransportError(`The subscription stream was silent for ${limits.idleTimeoutMs} ms; it is taken as dropped.`);
      if (next.done) break;
      parser.feed(decoder.decode(next.value, { stream: true }));
      if (failure) throw failure;
      if (events.answer) return events.answer;
    }
    return events.answer;
  } finally {
    clearTimeout(timer);
    await reader.cancel().catch(() => undefined);
  }
}
