/**
 * Message intake: what every incoming message goes through before anything
 * else reads it. JSON text is decoded once; the result must be one JSON-RPC
 * message object (a string, array, number or null is -32600, so a JSON string
 * holding a message is never decoded a second time); a numeric id must be a
 * safe integer, so the answer echoes it exactly.
 */
import { INVALID_REQUEST, PARSE_ERROR } from "@mrtr/schema";
import type { RequestId } from "@mrtr/schema";
import { errorResponse } from "./error-response.js";
import type { ServerResponse } from "./server.js";

/** The outcome of intake: the message object, or the answer refusing it. */
export type Intake = { ok: true; message: Record<string, unknown> } | { ok: false; response: ServerResponse };

const refuse = (code: number, message: string, id?: RequestId): Intake => ({ ok: false, response: errorResponse(id, { code, message }) });

/**
 * Takes in one message: JSON text (decoded once) or an already decoded value.
 * Numeric ids beyond ±(2^53−1) cannot be echoed exactly once decoded
 * (123456789012345678901234567890 would come back as 1.2345678901234568e+29),
 * so they are refused with -32600: send such ids as strings.
 */
export function takeIn(input: unknown): Intake {
  let value = input;
  if (typeof input === "string") {
    try {
      value = JSON.parse(input);
    } catch {
      return refuse(PARSE_ERROR, "Parse error: the message is not valid JSON");
    }
  }
  if (value === null || typeof value !== "object" || Array.isArray(value)) {
    const what = Array.isArray(value) ? "an array (batches are not part of this protocol)" : value === null ? "null" : `a ${typeof value}`;
    return refuse(INVALID_REQUEST, `Expected one JSON-RPC message object, got ${what}`);
  }
  const message = value as Record<string, unknown>;
  const id = message.id;
  if (typeof id === "number" && !Number.isSafeInteger(id)) {
    return refuse(INVALID_REQUEST, "A numeric request id must be an integer within ±(2^53−1); send larger ids as strings");
  }
  return { ok: true, message };
}
