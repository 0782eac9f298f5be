/**
 * Message intake: what every incoming message goes through before anything
 * else reads it. JSON text is decoded once; the result must be one JSON-RPC
 * message object (a string, array, number or null is -32600, so a JSON string
 * holding a message is never decoded a second time); a numeric id must be a
 * safe integer, so the answer echoes it exactly; the whole message must keep
 * within the JSON limits (depth, values, array length, string length, keys:
 * one bounded pass, -32600 with the id) before any validation runs.
 */
import { INPUT_REQUIRED_METHODS, INVALID_PARAMS, INVALID_REQUEST, PARSE_ERROR } from "@mrtr/schema";
import type { ClientRequest, JSONRPCResponse, RequestId } from "@mrtr/schema";
import { checkJSONRPCRequest, checkJsonLimits, checkRequestParams, classifyMessage, firstIssueOf, type JsonLimits } from "@mrtr/zod/checks";
import { jsonPointer } from "@mrtr/internal";
import { errorResponse, idOf } from "./error-response.js";

/** The outcome of intake: the message object, or the answer refusing it. */
export type Intake = { ok: true; message: Record<string, unknown> } | { ok: false; response: JSONRPCResponse };

const refuse = (code: number, message: string, id?: RequestId): Intake => ({ ok: false, response: errorResponse(id, { code, message }) });

/**
 * Takes in one message: JSON text (decoded once) or an already decoded value.
 * Numeric ids beyond ±(2^53−1) cannot be echoed exactly once decoded
 * (123456789012345678901234567890 would come back as 1.2345678901234568e+29),
 * so they are refused with -32600: send such ids as strings.
 */
export function decodeMessage(input: unknown): Intake {
  let value = input;
  if (typeof input === "string") {
    // Text that cannot start a JSON value (a log line printed in the wrong place) is refused without the cost of a thrown SyntaxError.
    if (!mayBeJson(input)) return refuse(PARSE_ERROR, "Parse error: the message is not valid JSON");
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

/** Whether `text`, after JSON whitespace, starts as some JSON value may (RFC 8259: object, array, string, number, true, false, null). */
function mayBeJson(text: string): boolean {
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 0x20 || c === 0x09 || c === 0x0a || c === 0x0d) continue;
    // { [ " - 0-9 t f n
    return c === 0x7b || c === 0x5b || c === 0x22 || c === 0x2d || (c >= 0x30 && c <= 0x39) || c === 0x74 || c === 0x66 || c === 0x6e;
  }
  return false;
}

/** `decodeMessage`, then the JSON limits (each absent one is the default). */
export function takeIn(input: unknown, limits: Partial<JsonLimits> = {}): Intake {
  const decoded = decodeMessage(input);
  if (!decoded.ok) return decoded;
  const message = decoded.message;
  const hit = checkJsonLimits(message, limits);
  if (hit) {
    return {
      ok: false,
      response: errorResponse(idOf(message), {
        code: INVALID_REQUEST,
        message: `Message over the server's JSON limits: ${hit.path || "/"} is ${hit.message.replace("(limits: {", "(createServer({ jsonLimits: {").replace("})", "} }))")}`,
        data: { limit: hit.limit, max: hit.max, path: hit.path },
      }),
    };
  }
  return { ok: true, message };
}

/** A request ready to serve: typed by `classifyMessage`, with its answers set aside. */
export type ReadRequest =
  | { kind: "request"; request: ClientRequest; inputResponses: Record<string, unknown> | undefined }
  | { kind: "answer"; response: JSONRPCResponse }
  /** A notification or a stray response: no answer. */
  | { kind: "none" };

/**
 * Validates a taken-in message and classifies it. `params.inputResponses` of
 * a multi round-trip method is set aside before validation: answers are
 * checked one by one against what was asked (unknown keys ignored, invalid
 * ones asked again); it must be an object (anything else is -32602).
 */
export function readRequest(message: Record<string, unknown>): ReadRequest {
  const { message: checked, inputResponses, problem } = setAsideInputResponses(message);
  const id = idOf(message);
  if (problem) return { kind: "answer", response: errorResponse(id, { code: INVALID_PARAMS, message: problem }) };
  // The limits were checked on the whole message by takeIn.
  const parsed = classifyMessage(checked, { limits: false });
  if (!parsed.ok) {
    if (parsed.kind === "notification" || parsed.kind === "result" || parsed.kind === "error") return { kind: "none" };
    return { kind: "answer", response: errorResponse(id, { code: parsed.code, message: parsed.message, data: { issues: parsed.issues.slice(0, 20) } }) };
  }
  if (parsed.kind !== "request") return { kind: "none" };
  return { kind: "request", request: parsed.message, inputResponses };
}

/**
 * Validates a request of a method an extension serves: the JSON-RPC envelope
 * (-32600), the `_meta` every request carries (-32602), then the extension's
 * own check of the request (-32602).
 */
export function readExtensionRequest(message: Record<string, unknown>, check: (request: Record<string, unknown>) => string | undefined): ReadRequest {
  const id = idOf(message);
  const envelope = firstIssueOf(checkJSONRPCRequest, message);
  if (envelope) return { kind: "answer", response: errorResponse(id, { code: INVALID_REQUEST, message: `Invalid request: ${jsonPointer(envelope.path)} ${envelope.message}` }) };
  const meta = firstIssueOf(checkRequestParams, message.params);
  const problem = meta ? `${jsonPointer(["params", ...meta.path])} ${meta.message}` : check(message);
  if (problem) return { kind: "answer", response: errorResponse(id, { code: INVALID_PARAMS, message: `Invalid params for ${String(message.method)}: ${problem}` }) };
  return { kind: "request", request: message as unknown as ClientRequest, inputResponses: undefined };
}

const MRTR_METHODS = new Set<string>(INPUT_REQUIRED_METHODS);

function setAsideInputResponses(raw: Record<string, unknown>): { message: Record<string, unknown>; inputResponses?: Record<string, unknown>; problem?: string } {
  const m = raw as { method?: unknown; params?: unknown };
  if (typeof m.method !== "string" || !MRTR_METHODS.has(m.method)) return { message: raw };
  if (!m.params || typeof m.params !== "object" || Array.isArray(m.params)) return { message: raw };
  const params = m.params as Record<string, unknown>;
  if (!Object.prototype.hasOwnProperty.call(params, "inputResponses")) return { message: raw };
  const value = params.inputResponses;
  if (value === null || typeof value !== "object" || Array.isArray(value)) {
    return { message: raw, problem: "inputResponses must be an object mapping each input request key to its answer" };
  }
  const { inputResponses: _set, ...rest } = params;
  return { message: { ...raw, params: rest }, inputResponses: value as Record<string, unknown> };
}
