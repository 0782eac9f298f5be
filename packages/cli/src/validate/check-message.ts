/**
 * The one place the CLI calls `@mrtr/zod`'s `parseMessage`: classifies a
 * message (request, notification, result, error), validates it with the
 * exact generated validators, and lays the full-protocol variants of
 * `@mrtr/deprecated/zod` over the core verdict, so deprecated traffic (still
 * valid on the wire) passes and invalid deprecated fields fail.
 *
 * Each invalid message gets its first issue, as the validators report by
 * default: the cost stays linear in the message, whatever a file holds.
 */
import type { z } from "zod";
import { parseMessage } from "@mrtr/zod";
import type { MessageKind, ParsedMessage, ValidationIssue } from "@mrtr/zod";
import { errorTypes, fullSchemas, fullVariantNames, notificationTypes, requestTypes, responseTypes } from "./full-protocol.js";
import { jsonPointer } from "@mrtr/internal";

/** The verdict on one message. */
export interface MessageCheck {
  /** Whether the message is valid. */
  valid: boolean;
  /** What the message is, when that could be told. */
  kind: MessageKind | undefined;
  /** The method of a request or notification. */
  method?: string;
  /** The type the message was checked against (e.g. `CallToolRequest`). */
  type?: string;
  /** What is wrong (empty when valid). */
  issues: ValidationIssue[];
  /** One line naming the problem, when invalid. */
  summary?: string;
}

/** Options of {@link checkMessage}. */
export interface CheckOptions {
  /** For a response: the method of the request it answers, so its result is checked against that method's result type. */
  requestMethod?: string;
}

/** The adapter around parseMessage (see the file comment). */
function classify(value: unknown, method: string | undefined): ParsedMessage {
  return parseMessage(value, method === undefined ? {} : { method });
}


/** The issues of a failed zod parse, with JSON Pointers. */
export function issuesOf(error: z.ZodError): ValidationIssue[] {
  return error.issues.map((i) => ({ path: jsonPointer(i.path), message: i.message, code: i.code }));
}

const field = (value: unknown, key: string): unknown =>
  value !== null && typeof value === "object" && !Array.isArray(value) ? (value as Record<string, unknown>)[key] : undefined;

/** The type a message of `kind` is validated against. */
function typeOf(kind: MessageKind | undefined, value: unknown, requestMethod: string | undefined): string | undefined {
  const method = field(value, "method");
  switch (kind) {
    case "request":
      return typeof method === "string" ? (requestTypes[method] ?? "JSONRPCRequest") : "JSONRPCRequest";
    case "notification":
      return typeof method === "string" ? (notificationTypes()[method] ?? "JSONRPCNotification") : "JSONRPCNotification";
    case "result":
      return requestMethod !== undefined ? (responseTypes[requestMethod] ?? "JSONRPCResultResponse") : "JSONRPCResultResponse";
    case "error": {
      const code = field(field(value, "error"), "code");
      return (typeof code === "number" ? errorTypes[code] : undefined) ?? "JSONRPCErrorResponse";
    }
    default:
      return undefined;
  }
}

/** Validates `value` against the full-protocol validator of `type`. */
export function checkAsType(value: unknown, type: string): MessageCheck {
  return guarded(() => checkType(value, type));
}

function checkType(value: unknown, type: string): MessageCheck {
  const schema = fullSchemas[type];
  if (!schema) throw new Error(`No validator named ${type}`);
  const parsed = schema.safeParse(value);
  if (parsed.success) return { valid: true, kind: undefined, type, issues: [] };
  const issues = issuesOf(parsed.error);
  return { valid: false, kind: undefined, type, issues, summary: `Invalid ${type}` };
}

/** A value nested beyond what the validators' recursion can take (a raised --max-depth): invalid, not a crash. */
function guarded(run: () => MessageCheck): MessageCheck {
  try {
    return run();
  } catch (error) {
    if (!(error instanceof RangeError)) throw error;
    return { valid: false, kind: undefined, issues: [{ path: "", message: "Too deeply nested to validate", code: "too_deep" }], summary: "Too deeply nested" };
  }
}

/** Classifies and validates one JSON-RPC message (full protocol). Never throws on bad input. */
export function checkMessage(value: unknown, options: CheckOptions = {}): MessageCheck {
  return guarded(() => classifyAndCheck(value, options));
}

function classifyAndCheck(value: unknown, options: CheckOptions): MessageCheck {
  const known = options.requestMethod !== undefined && responseTypes[options.requestMethod] !== undefined ? options.requestMethod : undefined;
  const parsed = classify(value, known);
  const method = field(value, "method");
  const base = { kind: parsed.kind, ...(typeof method === "string" && { method }) };
  const type = typeOf(parsed.kind, value, known);
  // Where the full protocol differs (or knows a method the core does not), its validator decides.
  const deprecatedNotification = parsed.kind === "notification" && typeof method === "string" && !parsed.ok && type !== "JSONRPCNotification";
  if (type && (fullVariantNames.has(type) || deprecatedNotification)) {
    const full = checkType(value, type);
    const summary = parsed.ok ? `Invalid ${type}` : parsed.message.split(":")[0];
    return full.valid ? { ...base, valid: true, type, issues: [] } : { ...base, valid: false, type, issues: full.issues, summary };
  }
  if (parsed.ok) return { ...base, valid: true, ...(type && { type }), issues: [] };
  return { ...base, valid: false, ...(type && { type }), issues: parsed.issues, summary: parsed.message.split(":")[0] };
}
