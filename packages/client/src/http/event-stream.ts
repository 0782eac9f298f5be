/**
 * Reading a JSON-RPC answer from a server-sent event stream as it arrives:
 * events are parsed incrementally, and the stream is released as soon as the
 * response to the request is seen (a server that keeps the stream open, or
 * floods it after the answer, costs nothing more).
 */
import { createParser } from "eventsource-parser";
import { chunksWithin } from "./read-limited.js";

/** A message the stream carried before the answer (a notification, or a response to something else). */
export type StreamMessage = Record<string, unknown>;

/**
 * The first JSON-RPC response in `body` whose id is `id` (an error response
 * without an id counts too), or undefined if the stream ends without one.
 * Other messages go to `onMessage`. At most `maxBytes` are read in all.
 */
export async function answerFromEventStream(
  body: ReadableStream<Uint8Array>,
  id: unknown,
  maxBytes: number,
  onMessage: (message: StreamMessage) => void = () => undefined,
): Promise<StreamMessage | undefined> {
  let answer: StreamMessage | undefined;
  const parser = createParser({
    onEvent(event) {
      if (answer || !event.data) return;
      let message: unknown;
      try {
        message = JSON.parse(event.data);
      } catch {
        return; // not JSON: not a JSON-RPC message
      }
      if (message === null || typeof message !== "object" || Array.isArray(message)) return;
      const m = message as StreamMessage;
      const isResponse = "result" in m || "error" in m;
      if (isResponse && (m.id === id || ("error" in m && (m.id === undefined || m.id === null)))) answer = m;
      else onMessage(m);
    },
  });
  const decoder = new TextDecoder();
  for await (const chunk of chunksWithin(body, maxBytes)) {
    parser.feed(decoder.decode(chunk, { stream: true }));
    if (answer) return answer; // leaving the loop cancels the stream
  }
  parser.feed(decoder.decode());
  parser.reset({ consume: true });
  return answer;
}
