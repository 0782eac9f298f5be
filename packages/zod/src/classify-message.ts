/**
 * classifyMessage: classifies one JSON-RPC message (request, notification,
 * result, error), validates it by method with the generated checks, and
 * reports the first thing wrong with its JSON path and the rule broken,
 * together with the JSON-RPC error code a receiver should answer with. No
 * zod: a server that only needs verdicts loads the checks alone.
 * `parseMessage` (parse-message.ts) is the same classification, with zod's
 * list of every problem on request (`issues: "all"`).
 */
import type {
  ClientRequest,
  JSONRPCErrorResponse,
  JSONRPCNotification,
  JSONRPCResultResponse,
} from "@mrtr/schema";
import { INVALID_PARAMS, INVALID_REQUEST, METHOD_NOT_FOUND, PARSE_ERROR } from "@mrtr/schema";
import { jsonPointer } from "@mrtr/internal";
import { hasOwn as has, type Check } from "./check-runtime.js";
import { checks, notificationChecks, requestChecks, resultResponseChecks } from "./check-tables.gen.js";
import { firstIssueOf } from "./first-issue.js";
import { checkJsonLimits, type JsonLimitHit, type JsonLimits } from "./json-limits.js";

/** One rule a message breaks. */
export interface ValidationIssue {
  /** JSON Pointer (RFC 6901) to the offending value; "" is the whole message. */
  path: string;
  /** The rule broken, in words. */
  message: string;
  /** zod's issue code (e.g. `invalid_type`, `invalid_value`, `custom`); `too_big` for a limit. */
  code: string;
  /** First-issue mode: the JSON Schema keyword broken (`type`, `required`, …), or the limit hit (`maxDepth`, …). */
  keyword?: string;
  /** First-issue mode: JSON Pointer, as a URI fragment, of the schema rule broken in the core projection of `@mrtr/schema`'s schema.json. */
  schemaPath?: string;
}

/** What a JSON-RPC message is. */
export type MessageKind = "request" | "notification" | "result" | "error";

/** What {@link parseMessage} found: the message, validated and classified, or why it is refused. */
export type ParsedMessage =
  | {
      /** Valid. */
      ok: true;
      /** A request. */
      kind: "request";
      /** Its method. */
      method: string;
      /** The request, as validated. */
      message: ClientRequest;
    }
  | {
      /** Valid. */
      ok: true;
      /** A notification. */
      kind: "notification";
      /** Its method. */
      method: string;
      /** The notification, as validated. */
      message: JSONRPCNotification;
    }
  | {
      /** Valid. */
      ok: true;
      /** A result response (its result is checked against the request's method when `options.method` names it). */
      kind: "result";
      /** The response. */
      message: JSONRPCResultResponse;
    }
  | {
      /** Valid. */
      ok: true;
      /** An error response. */
      kind: "error";
      /** The response. */
      message: JSONRPCErrorResponse;
    }
  | {
      /** Invalid. */
      ok: false;
      /** What the message looked like, when that could be told. */
      kind: MessageKind | undefined;
      /** The JSON-RPC error a receiver should answer a request with. */
      code: typeof PARSE_ERROR | typeof INVALID_REQUEST | typeof METHOD_NOT_FOUND | typeof INVALID_PARAMS;
      /** A one-line summary naming the first problem. */
      message: string;
      /** The first problem (default), or every problem zod finds (`issues: "all"`). */
      issues: ValidationIssue[];
      /** The message's `id`, when it is a string or an integer (to answer a request with). */
      id?: string | number;
      /** The intake limit the message broke, if that is why it was refused. */
      limit?: JsonLimitHit;
    };

/** Options of {@link parseMessage}. */
export interface ParseMessageOptions {
  /** For a result: the method of the request it answers, so the result is checked against that method's result type. */
  method?: string;
  /**
   * `"first"` (default): stop at the first problem; the cost is linear in the
   * message, whatever is wrong with it. `"all"`: every problem zod finds, for
   * error reports and tools. Its cost on a large invalid message can be far
   * higher (zod reports every member of every union that fails), so use it on
   * trusted or size-limited input; the verdict is the same either way.
   */
  issues?: "first" | "all";
  /**
   * Limits on the message's shape, checked in one pass before anything else
   * (see `checkJsonLimits`): each one given replaces its default in
   * `DEFAULT_JSON_LIMITS`; `false` skips the check. A message past a limit is
   * refused with -32600 naming the limit.
   */
  limits?: Partial<JsonLimits> | false;
}

/** What a value breaks of one check: nothing (undefined) when it is valid. */
export type ProblemsOf = (check: Check, value: unknown) => ValidationIssue[] | undefined;

type Failure = Extract<ParsedMessage, { ok: false }>;

function failure(
  kind: MessageKind | undefined,
  code: Failure["code"],
  summary: string,
  issues: ValidationIssue[],
  obj?: Record<string, unknown>,
): Failure {
  const first = issues[0];
  const message = first ? `${summary}: ${first.path || "/"} ${first.message}` : summary;
  const out: Failure = { ok: false, kind, code, message, issues };
  const id = obj && has(obj, "id") ? obj.id : undefined;
  if (typeof id === "string" || (typeof id === "number" && Number.isInteger(id))) out.id = id;
  return out;
}

/** The first issue `check` finds in `value`, as a ValidationIssue; undefined when valid. */
export function firstProblem(check: Check, value: unknown): ValidationIssue | undefined {
  const found = firstIssueOf(check, value);
  return found && { path: jsonPointer(found.path), message: found.message, code: found.code, keyword: found.keyword, schemaPath: found.schemaPath };
}

/** The verdict of the first issue only (linear in the message, whatever is wrong with it). */
export const firstProblems: ProblemsOf = (check, value) => {
  const issue = firstProblem(check, value);
  return issue && [issue];
};

/**
 * Classifies and validates one JSON-RPC message with the generated checks,
 * reporting the first problem. `raw` is the message's JSON text or the
 * already-parsed value. Never throws on bad input. The same verdicts as
 * `parseMessage` of `@mrtr/zod`, without zod.
 */
export function classifyMessage(raw: unknown, options: Omit<ParseMessageOptions, "issues"> = {}): ParsedMessage {
  return classifyWith(raw, options, firstProblems);
}

/** The classification, with `problems` giving each check's verdict (the first issue, or more). */
export function classifyWith(raw: unknown, options: Omit<ParseMessageOptions, "issues">, problems: ProblemsOf): ParsedMessage {
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
  const kind: MessageKind | undefined = has(obj, "method") ? (has(obj, "id") ? "request" : "notification") : has(obj, "result") ? "result" : has(obj, "error") ? "error" : undefined;
  if (options.limits !== false) {
    const hit = checkJsonLimits(obj, options.limits);
    if (hit) {
      const out = failure(kind, INVALID_REQUEST, "Message exceeds a limit", [{ path: hit.path, message: hit.message, code: "too_big", keyword: hit.limit }], obj);
      out.limit = hit;
      return out;
    }
  }
  if (kind === "request") return byMethod("request", obj, checks.JSONRPCRequest as Check, requestChecks, problems, { invalid: "Invalid request", unknown: "Method not found" });
  if (kind === "notification") return byMethod("notification", obj, checks.JSONRPCNotification as Check, notificationChecks, problems, { invalid: "Invalid notification", unknown: "Unknown notification" });
  if (kind === "result") return result(obj, options.method, problems);
  if (kind === "error") return errorResponse(obj, problems);
  return failure(undefined, INVALID_REQUEST, "Invalid request", [
    { path: "", message: "Not a JSON-RPC message: expected `method`, `result` or `error`", code: "invalid_type" },
  ], obj);
}

/** A message with a method: the envelope, then the method's own check from `table`. */
function byMethod(
  kind: "request" | "notification",
  obj: Record<string, unknown>,
  envelopeCheck: Check,
  table: Readonly<Record<string, unknown>>,
  problems: ProblemsOf,
  words: { invalid: string; unknown: string },
): ParsedMessage {
  const envelope = problems(envelopeCheck, obj);
  if (envelope) return failure(kind, INVALID_REQUEST, words.invalid, envelope, obj);
  const method = obj.method as string;
  const check = has(table, method) ? (table[method] as Check) : undefined;
  if (!check) {
    return failure(kind, METHOD_NOT_FOUND, words.unknown, [{ path: "/method", message: `Unknown method "${method}"`, code: "invalid_value" }], obj);
  }
  const issues = problems(check, obj);
  if (issues) return failure(kind, INVALID_PARAMS, `Invalid params for ${method}`, issues, obj);
  return { ok: true, kind, method, message: obj } as unknown as ParsedMessage;
}

function result(obj: Record<string, unknown>, method: string | undefined, problems: ProblemsOf): ParsedMessage {
  const envelope = problems(checks.JSONRPCResultResponse as Check, obj);
  if (envelope) return failure("result", INVALID_REQUEST, "Invalid response", envelope, obj);
  if (method === undefined) return { ok: true, kind: "result", message: obj as unknown as JSONRPCResultResponse };
  const check = has(resultResponseChecks, method) ? (resultResponseChecks[method as keyof typeof resultResponseChecks] as Check) : undefined;
  if (!check) {
    return failure("result", METHOD_NOT_FOUND, "Unknown method", [{ path: "", message: `No result type for method "${method}"`, code: "invalid_value" }], obj);
  }
  const issues = problems(check, obj);
  if (issues) return failure("result", INVALID_PARAMS, `Invalid result for ${method}`, issues, obj);
  return { ok: true, kind: "result", message: obj as unknown as JSONRPCResultResponse };
}

/** The errors whose `data` the schema describes, by code. */
const SPECIFIC_ERRORS: Readonly<Record<number, Check>> = {
  [-32020]: checks.HeaderMismatchError as Check,
  [-32021]: checks.MissingRequiredClientCapabilityError as Check,
  [-32022]: checks.UnsupportedProtocolVersionError as Check,
};

function errorResponse(obj: Record<string, unknown>, problems: ProblemsOf): ParsedMessage {
  const envelope = problems(checks.JSONRPCErrorResponse as Check, obj);
  if (envelope) return failure("error", INVALID_REQUEST, "Invalid error response", envelope, obj);
  const code = (obj as unknown as JSONRPCErrorResponse).error.code;
  const specific = has(SPECIFIC_ERRORS, String(code)) ? SPECIFIC_ERRORS[code] : undefined;
  if (specific) {
    const issues = problems(specific, obj);
    if (issues) return failure("error", INVALID_PARAMS, `Invalid data for error ${code}`, issues, obj);
  }
  return { ok: true, kind: "error", message: obj as unknown as JSONRPCErrorResponse };
}
