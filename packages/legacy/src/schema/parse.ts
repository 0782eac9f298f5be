/**
 * What a client of the 2025-11-25 revision sends a server, classified and
 * validated with the generated checks of the legacy schema (no zod), in the
 * manner of @mrtr/zod's `parseMessage`: the first issue the check finds,
 * worded only when the value is invalid, and the JSON-RPC error code a server
 * answers a bad request with.
 */
import { INVALID_PARAMS, INVALID_REQUEST, METHOD_NOT_FOUND } from "@mrtr/schema";
import { checkJsonLimits, firstIssueOf, hasOwn, isObj, type Check, type JsonLimitHit, type JsonLimits } from "@mrtr/zod/checks";
import { jsonPointer } from "@mrtr/internal";
import { checks, notificationChecks, requestChecks, resultChecks } from "./check-tables.gen.js";
import type { ClientNotification, ClientRequest, JSONRPCErrorResponse, JSONRPCNotification, JSONRPCResultResponse } from "./types.gen.js";

/** One rule a message breaks. */
export interface LegacyIssue {
  /** JSON Pointer (RFC 6901) to the offending value; "" is the whole message. */
  path: string;
  /** The rule broken, in words. */
  message: string;
  /** The JSON Schema keyword broken (`type`, `required`, …), or the intake limit hit (`maxDepth`, …). */
  keyword?: string;
  /** JSON Pointer, as a URI fragment, of the rule broken in `packages/legacy/schema.json`. */
  schemaPath?: string;
}

/** What a message looked like. */
export type LegacyMessageKind = "request" | "notification" | "result" | "error";

/** A message a legacy client may send a server, or why it is not one. */
export type ParsedLegacyMessage =
  | {
      /** Valid. */
      ok: true;
      /** A request. */
      kind: "request";
      /** Its method. */
      method: ClientRequest["method"];
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
      message: ClientNotification | JSONRPCNotification;
    }
  | {
      /** Valid. */
      ok: true;
      /** A result response. */
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
      kind?: LegacyMessageKind;
      /** The JSON-RPC error a server answers a request with. */
      code: typeof INVALID_REQUEST | typeof METHOD_NOT_FOUND | typeof INVALID_PARAMS;
      /** One line naming the first problem. */
      message: string;
      /** The first problem. */
      issues: LegacyIssue[];
      /** The message's `id`, when it is a string or an integer (to answer a request with). */
      id?: string | number;
      /** The intake limit the message broke, if that is why it was refused. */
      limit?: JsonLimitHit;
    };

/** Options of {@link parseLegacyMessage}. */
export interface ParseLegacyMessageOptions {
  /**
   * Limits on the message's shape, checked in one pass before anything else
   * (`checkJsonLimits` of @mrtr/zod/checks): each one given replaces its
   * default; `false` skips the check. A message past a limit is refused with
   * -32600 naming the limit.
   */
  limits?: Partial<JsonLimits> | false;
}

type Failure = Extract<ParsedLegacyMessage, { ok: false }>;

function failure(kind: LegacyMessageKind | undefined, code: Failure["code"], summary: string, issue: LegacyIssue, obj?: Record<string, unknown>): Failure {
  const out: Failure = { ok: false, code, message: `${summary}: ${issue.path || "/"} ${issue.message}`, issues: [issue] };
  if (kind !== undefined) out.kind = kind;
  const id = obj && hasOwn(obj, "id") ? obj.id : undefined;
  if (typeof id === "string" || (typeof id === "number" && Number.isInteger(id))) out.id = id;
  return out;
}

/** The first issue of `value` against `check`, worded; undefined when it is valid. */
function issueOf(check: Check, value: unknown): LegacyIssue | undefined {
  const found = firstIssueOf(check, value);
  return found && { path: jsonPointer(found.path), message: found.message, keyword: found.keyword, schemaPath: found.schemaPath };
}

const lookup = (table: Readonly<Record<string, Check>>, method: string): Check | undefined => (hasOwn(table, method) ? table[method] : undefined);

/**
 * Classifies one decoded JSON-RPC message from a 2025-11-25 client (or a
 * 2025-06-18 one, whose messages that revision keeps) and validates it:
 *
 * - a request (`method` and `id`): the JSON-RPC request shape (-32600), a
 *   method a client may send (-32601, with the request's `id`), then that
 *   method's request type (-32602);
 * - a notification (`method`, no `id`): the JSON-RPC notification shape
 *   (-32600), then, for a method a client may send, its notification type
 *   (-32602; a receiver does not answer notifications, the code says what
 *   kind of fault it is); an unknown method passes as a notification;
 * - a response (`result` or `error`): the JSON-RPC response shape (-32600);
 * - anything else: -32600.
 *
 * Never throws on bad input.
 */
export function parseLegacyMessage(value: unknown, options: ParseLegacyMessageOptions = {}): ParsedLegacyMessage {
  if (!isObj(value)) {
    const what = Array.isArray(value) ? "an array (batches are not part of this revision)" : value === null ? "null" : typeof value;
    return failure(undefined, INVALID_REQUEST, "Invalid request", { path: "", message: `Expected one JSON-RPC message object, got ${what}` });
  }
  const kind: LegacyMessageKind | undefined = hasOwn(value, "method") ? (hasOwn(value, "id") ? "request" : "notification") : hasOwn(value, "result") ? "result" : hasOwn(value, "error") ? "error" : undefined;
  if (options.limits !== false) {
    const hit = checkJsonLimits(value, options.limits);
    if (hit) {
      const out = failure(kind, INVALID_REQUEST, "Message exceeds a limit", { path: hit.path, message: hit.message, keyword: hit.limit }, value);
      out.limit = hit;
      return out;
    }
  }
  switch (kind) {
    case "request": {
      const envelope = issueOf(checks.JSONRPCRequest, value);
      if (envelope) return failure(kind, INVALID_REQUEST, "Invalid request", envelope, value);
      const method = value.method as string;
      const check = lookup(requestChecks, method);
      if (!check) return failure(kind, METHOD_NOT_FOUND, "Method not found", { path: "/method", message: `Unknown method ${JSON.stringify(method)}` }, value);
      const issue = issueOf(check, value);
      if (issue) return failure(kind, INVALID_PARAMS, `Invalid params for ${method}`, issue, value);
      return { ok: true, kind, method: method as ClientRequest["method"], message: value as unknown as ClientRequest };
    }
    case "notification": {
      const envelope = issueOf(checks.JSONRPCNotification, value);
      if (envelope) return failure(kind, INVALID_REQUEST, "Invalid notification", envelope, value);
      const method = value.method as string;
      const check = lookup(notificationChecks, method);
      const issue = check && issueOf(check, value);
      if (issue) return failure(kind, INVALID_PARAMS, `Invalid params for ${method}`, issue, value);
      return { ok: true, kind, method, message: value as unknown as JSONRPCNotification };
    }
    case "result": {
      const issue = issueOf(checks.JSONRPCResultResponse, value);
      if (issue) return failure(kind, INVALID_REQUEST, "Invalid response", issue, value);
      return { ok: true, kind, message: value as unknown as JSONRPCResultResponse };
    }
    case "error": {
      const issue = issueOf(checks.JSONRPCErrorResponse, value);
      if (issue) return failure(kind, INVALID_REQUEST, "Invalid error response", issue, value);
      return { ok: true, kind, message: value as unknown as JSONRPCErrorResponse };
    }
    default:
      return failure(undefined, INVALID_REQUEST, "Invalid request", { path: "", message: "Not a JSON-RPC message: expected `method`, `result` or `error`" }, value);
  }
}

/** The methods a server may send a 2025-11-25 client as requests, whose results `checkLegacyResult` checks. */
export type LegacyServerRequestMethod = keyof typeof resultChecks;

/**
 * Checks the `result` a 2025-11-25 client answered a server's request of
 * `method` with (`elicitation/create`, `sampling/createMessage`,
 * `roots/list`, `ping`). A method the server may not send gives
 * `ok: false` too.
 */
export function checkLegacyResult(
  method: string,
  result: unknown,
):
  | {
      /** The result is valid for `method`. */
      ok: true;
    }
  | {
      /** It is not. */
      ok: false;
      /** The first problem, in words. */
      message: string;
    } {
  const check = lookup(resultChecks, method);
  if (!check) return { ok: false, message: `No result to check for method ${JSON.stringify(method)}: a server does not send it to a client` };
  const issue = issueOf(check, result);
  if (issue) return { ok: false, message: `Invalid result for ${method}: ${issue.path || "/"} ${issue.message}` };
  return { ok: true };
}
