/**
 * JSON-RPC 2.0 as the bridge reads it from a view: what one message is (a
 * request, a notification, a response, a request too broken to serve, or
 * nothing that can be answered), and the messages it writes back.
 */
import { isPlainObject } from "./json-size.js";

/** A JSON-RPC id the bridge answers to: a string of at most 256 characters or a safe integer. */
export type RequestId = string | number;

/** The JSON-RPC error codes the bridge answers with. */
export const VIEW_BRIDGE_ERROR_CODES = Object.freeze({
  /** The message is not a valid request, or came before `ui/initialize`. */
  invalidRequest: -32600,
  /** The method is not one the host serves. */
  methodNotFound: -32601,
  /** The params are not what the method takes; an unknown tool. */
  invalidParams: -32602,
  /** The host failed to serve it. */
  internalError: -32603,
  /** The host (or its user) refused it: a tool the view may not call, a link or message denied. */
  refused: -32000,
  /** A limit of the bridge refused it; `data` names the limit and its option. */
  limitExceeded: -32001,
});

/** A JSON-RPC error as sent to the view. */
export interface RpcErrorBody {
  /** The code. */
  readonly code: number;
  /** What went wrong, for the view's developer. */
  readonly message: string;
  /** Facts a program may read (the limit, the tool, …). */
  readonly data?: unknown;
}

/** An error a handler throws to answer the view with a JSON-RPC error. */
export class RpcError extends Error implements RpcErrorBody {
  /** An error answered with `code`, `message` and `data`. */
  constructor(
    readonly code: number,
    message: string,
    readonly data?: unknown,
  ) {
    super(message);
    this.name = "RpcError";
  }
}

/** One message from the view, as classified. */
export type Incoming =
  | { readonly kind: "request"; readonly id: RequestId; readonly method: string; readonly params: unknown }
  | { readonly kind: "notification"; readonly method: string; readonly params: unknown }
  | { readonly kind: "response"; readonly id: RequestId; readonly result?: Record<string, unknown>; readonly error?: RpcErrorBody }
  | { readonly kind: "invalid-request"; readonly id: RequestId; readonly problem: string }
  | { readonly kind: "unanswerable"; readonly problem: string };

const MAX_ID_LENGTH = 256;

/** Whether `message` has `key`: a member whose value is undefined is absent, as in its JSON text. */
const has = (message: Record<string, unknown>, key: string) => message[key] !== undefined;

/** Whether `id` is an id the bridge answers to. */
export function isRequestId(id: unknown): id is RequestId {
  return (typeof id === "string" && id.length <= MAX_ID_LENGTH) || (typeof id === "number" && Number.isSafeInteger(id));
}

/** What one message from the view is. */
export function classify(message: unknown): Incoming {
  if (!isPlainObject(message)) return { kind: "unanswerable", problem: "a message must be a JSON-RPC object" };
  if (!has(message, "id")) return classifyNotification(message);
  const { id } = message;
  if (!isRequestId(id)) return { kind: "unanswerable", problem: "its id is neither a string (at most 256 characters) nor an integer" };
  if (has(message, "method")) return classifyRequest(message, id);
  return classifyResponse(message, id);
}

function classifyNotification(message: Record<string, unknown>): Incoming {
  if (message.jsonrpc !== "2.0" || typeof message.method !== "string") return { kind: "unanswerable", problem: 'a notification needs jsonrpc "2.0" and a method' };
  return { kind: "notification", method: message.method, params: message.params };
}

function classifyRequest(message: Record<string, unknown>, id: RequestId): Incoming {
  if (message.jsonrpc !== "2.0") return { kind: "invalid-request", id, problem: 'jsonrpc must be "2.0"' };
  if (typeof message.method !== "string") return { kind: "invalid-request", id, problem: "method must be a string" };
  if (has(message, "result") || has(message, "error")) return { kind: "invalid-request", id, problem: "a request carries no result or error" };
  return { kind: "request", id, method: message.method, params: message.params };
}

function classifyResponse(message: Record<string, unknown>, id: RequestId): Incoming {
  const { result, error } = message;
  if (!has(message, "result") && !has(message, "error")) return { kind: "invalid-request", id, problem: "a message with an id needs a method (a request) or a result or error (a response)" };
  if (message.jsonrpc !== "2.0") return { kind: "unanswerable", problem: 'a response needs jsonrpc "2.0"' };
  if (has(message, "result") && has(message, "error")) return { kind: "unanswerable", problem: "a response carries a result or an error, not both" };
  if (has(message, "result")) return isPlainObject(result) ? { kind: "response", id, result } : { kind: "unanswerable", problem: "a result must be an object" };
  if (isPlainObject(error) && Number.isSafeInteger(error.code) && typeof error.message === "string") {
    return { kind: "response", id, error: { code: error.code as number, message: error.message, ...(has(error, "data") && { data: error.data }) } };
  }
  return { kind: "unanswerable", problem: "an error needs an integer code and a message" };
}

/** The id of a message that is a request (it has a usable id and is no response), or undefined: where an error about a message refused whole goes. */
export function requestIdOf(message: unknown): RequestId | undefined {
  if (!isPlainObject(message) || !isRequestId(message.id)) return undefined;
  return has(message, "method") || !(has(message, "result") || has(message, "error")) ? message.id : undefined;
}

/** A JSON-RPC notification. */
export const notification = (method: string, params: Record<string, unknown>) => ({ jsonrpc: "2.0" as const, method, params });
/** A JSON-RPC request. */
export const request = (id: RequestId, method: string, params: Record<string, unknown>) => ({ jsonrpc: "2.0" as const, id, method, params });
/** A JSON-RPC result response. */
export const resultResponse = (id: RequestId, result: Record<string, unknown>) => ({ jsonrpc: "2.0" as const, id, result });
/** A JSON-RPC error response. */
export const errorResponse = (id: RequestId, { code, message, data }: RpcErrorBody) => ({ jsonrpc: "2.0" as const, id, error: { code, message, ...(data !== undefined && { data }) } });

/** A string of the view's quoted for an error message: at most 80 characters of it. */
export function quote(value: unknown): string {
  const text = typeof value === "string" ? value : String(value);
  return JSON.stringify(text.length > 80 ? `${text.slice(0, 80)}…` : text);
}
