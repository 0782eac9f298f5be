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

/** The JSON-RPC message an event carries, or undefined when its data is not a JSON object. */
function messageOf(data: string): StreamMessage | undefined {
  if (!data) return undefined;
  let message: unknown;
  try {
    message = JSON.parse(data);
  } catch {
    return undefined; // not JSON: not a JSON-RPC message
  }
  return message !== null && typeof message === "object" && !Array.isArray(message) ? (message as StreamMessage) : undefined;
}

/** Whether `m` answers request `id` (an error response without an id counts too). */
function isAnswerTo(m: StreamMessage, id: unknown): boolean {
  return ("result" in m || "error" in m) && (m.id === id || ("error" in m && (m.id === undefined || m.id === null)));
}

/**
 * An event handler that keeps the first response to request `id` (an error
 * response without an id counts too) and passes every other message to
 * `onMessage`; events after the answer are ignored.
 */
export function answerWatch(id: unknown, onMessage: (message: StreamMessage) => void): { readonly answer: StreamMessage | undefined; onEvent(event: { data: string }): void } {
  let answer: StreamMessage | undefined;
  return {
    get answer() {
      return answer;
    },
    onEvent(event) {
      if (answer) return;
      const m = messageOf(event.data);
      if (!m) return;
      if (isAnswerTo(m, id)) answer = m;
      else onMessage(m);
    },
  };
}

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
  const events = answerWatch(id, onMessage);
  const parser = createParser({ onEvent: events.onEvent });
  const decoder = new TextDecoder();
  for await (const chunk of chunksWithin(body, maxBytes)) {
    parser.feed(decoder.decode(chunk, { stream: true }));
    if (events.answer) return events.answer; // leaving the loop cancels the stream
  }
  parser.feed(decoder.decode());
  parser.reset({ consume: true });
  return events.answer;
}
