/**
 * parseMessage: classifies one JSON-RPC message (request, notification,
 * result, error), validates it by method, and reports what is wrong with JSON
 * paths and the rule broken, together with the JSON-RPC error code a receiver
 * should answer with.
 */
import type { z } from "zod";
import type {
  ClientRequest,
  JSONRPCErrorResponse,
  JSONRPCNotification,
  JSONRPCResultResponse,
} from "@mrtr/schema";
import { INVALID_PARAMS, INVALID_REQUEST, METHOD_NOT_FOUND, PARSE_ERROR } from "@mrtr/schema";
import {
  HeaderMismatchErrorSchema,
  JSONRPCErrorResponseSchema,
  JSONRPCNotificationSchema,
  JSONRPCRequestSchema,
  JSONRPCResultResponseSchema,
  MissingRequiredClientCapabilityErrorSchema,
  UnsupportedProtocolVersionErrorSchema,
  notificationSchemas,
  requestSchemas,
  resultResponseSchemas,
} from "./validators.gen.js";

/** One rule a message breaks. */
export interface ValidationIssue {
  /** JSON Pointer (RFC 6901) to the offending value; "" is the whole message. */
  path: string;
  /** The rule broken, in words. */
  message: string;
  /** zod's issue code (e.g. `invalid_type`, `invalid_value`, `custom`). */
  code: string;
}

export type MessageKind = "request" | "notification" | "result" | "error";

export type ParsedMessage =
  | { ok: true; kind: "request"; method: string; message: ClientRequest }
  | { ok: true; kind: "notification"; method: string; message: JSONRPCNotification }
  | { ok: true; kind: "result"; message: JSONRPCResultResponse }
  | { ok: true; kind: "error"; message: JSONRPCErrorResponse }
  | {
      ok: false;
      /** What the message looked like, when that could be told. */
      kind: MessageKind | undefined;
      /** The JSON-RPC error a receiver should answer a request with. */
      code: typeof PARSE_ERROR | typeof INVALID_REQUEST | typeof METHOD_NOT_FOUND | typeof INVALID_PARAMS;
      /** A one-line summary naming the first problem. */
      message: string;
      issues: ValidationIssue[];
    };

export interface ParseMessageOptions {
  /** For a result: the method of the request it answers, so the result is checked against that method's result type. */
  method?: string;
}

const pointer = (path: PropertyKey[]) =>
  path.map((p) => `/${String(p).replace(/~/g, "~0").replace(/\//g, "~1")}`).join("");

function issuesOf(error: z.ZodError): ValidationIssue[] {
  return error.issues.map((i) => ({ path: pointer(i.path), message: i.message, code: i.code }));
}

function failure(
  kind: MessageKind | undefined,
  code: Extract<ParsedMessage, { ok: false }>["code"],
  summary: string,
  issues: ValidationIssue[],
): ParsedMessage {
  const first = issues[0];
  const message = first ? `${summary}: ${first.path || "/"} ${first.message}` : summary;
  return { ok: false, kind, code, message, issues };
}

const has = (o: object, key: string) => Object.prototype.hasOwnProperty.call(o, key);

/**
 * Classifies and validates one JSON-RPC message. `raw` is the message's JSON
 * text or the already-parsed value. Never throws on bad input.
 */
export function parseMessage(raw: unknown, options: ParseMessageOptions = {}): ParsedMessage {
  let value = raw;
  if (typeof raw === "string") {
    try {
      value = JSON.parse(raw);
    } catch (e) {
      return failure(undefined, PARSE_ERROR, "Parse error", [{ path: "", message: (e as Error).message, code: "invalid_json" }]);
    }
  }
  if (value === null || typeof value !== "object" || Array.isArray(value)) {
    const what = Array.isArray(value) ? "an array (batches are not part of this protocol)" : `${value === null ? "null" : typeof value}`;
    return failure(undefined, INVALID_REQUEST, "Invalid request", [{ path: "", message: `Expected one JSON-RPC message object, got ${what}`, code: "invalid_type" }]);
  }
  const obj = value as Record<string, unknown>;
  if (has(obj, "method")) return has(obj, "id") ? request(obj) : notification(obj);
  if (has(obj, "result")) return result(obj, options.method);
  if (has(obj, "error")) return errorResponse(obj);
  return failure(undefined, INVALID_REQUEST, "Invalid request", [
    { path: "", message: "Not a JSON-RPC message: expected `method`, `result` or `error`", code: "invalid_type" },
  ]);
}

/** A message with a method: the envelope, then the method's own validator from `table`. */
function byMethod(
  kind: "request" | "notification",
  obj: Record<string, unknown>,
  envelopeSchema: z.ZodType<{ method: string }>,
  table: Readonly<Record<string, z.ZodType>>,
  words: { invalid: string; unknown: string },
): ParsedMessage {
  const envelope = envelopeSchema.safeParse(obj);
  if (!envelope.success) return failure(kind, INVALID_REQUEST, words.invalid, issuesOf(envelope.error));
  const method = envelope.data.method;
  const schema = has(table, method) ? table[method] : undefined;
  if (!schema) {
    return failure(kind, METHOD_NOT_FOUND, words.unknown, [{ path: "/method", message: `Unknown method "${method}"`, code: "invalid_value" }]);
  }
  const parsed = schema.safeParse(obj);
  if (!parsed.success) return failure(kind, INVALID_PARAMS, `Invalid params for ${method}`, issuesOf(parsed.error));
  return { ok: true, kind, method, message: parsed.data } as ParsedMessage;
}

const request = (obj: Record<string, unknown>): ParsedMessage =>
  byMethod("request", obj, JSONRPCRequestSchema, requestSchemas, { invalid: "Invalid request", unknown: "Method not found" });

const notification = (obj: Record<string, unknown>): ParsedMessage =>
  byMethod("notification", obj, JSONRPCNotificationSchema, notificationSchemas, { invalid: "Invalid notification", unknown: "Unknown notification" });

function result(obj: Record<string, unknown>, method: string | undefined): ParsedMessage {
  const envelope = JSONRPCResultResponseSchema.safeParse(obj);
  if (!envelope.success) return failure("result", INVALID_REQUEST, "Invalid response", issuesOf(envelope.error));
  if (method === undefined) return { ok: true, kind: "result", message: envelope.data };
  const schema = has(resultResponseSchemas, method) ? resultResponseSchemas[method as keyof typeof resultResponseSchemas] : undefined;
  if (!schema) {
    return failure("result", METHOD_NOT_FOUND, "Unknown method", [{ path: "", message: `No result type for method "${method}"`, code: "invalid_value" }]);
  }
  const parsed = (schema as z.ZodType<JSONRPCResultResponse>).safeParse(obj);
  if (!parsed.success) return failure("result", INVALID_PARAMS, `Invalid result for ${method}`, issuesOf(parsed.error));
  return { ok: true, kind: "result", message: parsed.data };
}

const SPECIFIC_ERRORS: Record<number, z.ZodType<JSONRPCErrorResponse>> = {
  [-32020]: HeaderMismatchErrorSchema as z.ZodType<JSONRPCErrorResponse>,
  [-32021]: MissingRequiredClientCapabilityErrorSchema as z.ZodType<JSONRPCErrorResponse>,
  [-32022]: UnsupportedProtocolVersionErrorSchema as z.ZodType<JSONRPCErrorResponse>,
};

function errorResponse(obj: Record<string, unknown>): ParsedMessage {
  const envelope = JSONRPCErrorResponseSchema.safeParse(obj);
  if (!envelope.success) return failure("error", INVALID_REQUEST, "Invalid error response", issuesOf(envelope.error));
  const specific = SPECIFIC_ERRORS[envelope.data.error.code];
  if (specific) {
    const parsed = specific.safeParse(obj);
    if (!parsed.success) return failure("error", INVALID_PARAMS, `Invalid data for error ${envelope.data.error.code}`, issuesOf(parsed.error));
    return { ok: true, kind: "error", message: parsed.data };
  }
  return { ok: true, kind: "error", message: envelope.data };
}
