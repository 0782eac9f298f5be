/** JSON responses of the HTTP binding: any body with its status, and a JSON-RPC answer with the status the draft maps it to. */
import type { ServerResponse } from "../server.js";
import { httpStatusOf } from "./status.js";

/** `body` as JSON with `status` (and any extra headers). */
export function jsonResponse(body: unknown, status: number, extra: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json", ...extra } });
}

/** A JSON-RPC answer as JSON, with its HTTP status (200 for a result, the mapped status for an error). */
export function jsonAnswer(response: ServerResponse): Response {
  return jsonResponse(response, httpStatusOf(response as { error?: { code: number } }));
}
