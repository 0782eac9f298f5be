/**
 * The binding's JSON answers before they are web `Response`s: text, status
 * and headers. The fetch face makes the `Response` (`toResponse`); the Node
 * adapter writes the text to the socket in one go, with its length, and never
 * builds one.
 */
import type { JSONRPCResponse } from "@mrtr/schema";
import { httpHeadersOf, httpStatusOf } from "./status.js";

/** A JSON body (or none) with its status and headers, not yet a `Response`. */
export class JsonAnswer {
  constructor(
    readonly status: number,
    readonly headers: Record<string, string>,
    /** The body; null for none (202). */
    readonly text: string | null,
  ) {}
}

/** What the handler answers: JSON not yet made a `Response`, or a `Response` (an event stream, an era plugin's answer). */
export type HttpAnswer = JsonAnswer | Response;

/** `body` as JSON with `status` (and any extra headers). */
export function jsonResponse(body: unknown, status: number, extra: Record<string, string> = {}): JsonAnswer {
  return new JsonAnswer(status, { "content-type": "application/json", ...extra }, JSON.stringify(body));
}

/** A JSON-RPC answer as JSON, with its HTTP status (200 for a result, the mapped status for an error). */
export function jsonAnswer(response: JSONRPCResponse): JsonAnswer {
  if (!("error" in response)) return jsonResponse(response, 200);
  return jsonResponse(response, httpStatusOf(response), httpHeadersOf(response));
}

const utf8 = new TextEncoder();

/** The web `Response` of an answer; a JSON one carries its `Content-Length`, so an adapter can write it in one go. */
export function toResponse(answer: HttpAnswer): Response {
  if (!(answer instanceof JsonAnswer)) return answer;
  if (answer.text === null) return new Response(null, { status: answer.status, headers: answer.headers });
  const bytes = utf8.encode(answer.text);
  return new Response(bytes, { status: answer.status, headers: { ...answer.headers, "content-length": String(bytes.byteLength) } });
}
