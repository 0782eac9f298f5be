/** JSON-RPC error responses, and the request id they echo. */
import { JSONRPC_VERSION } from "@mrtr/schema";
import type { JSONRPCErrorResponse, RequestId } from "@mrtr/schema";

/** Whether `value` is a request id that can be echoed exactly: a string, or an integer within ±(2^53−1). */
export function isRequestId(value: unknown): value is RequestId {
  return typeof value === "string" || (typeof value === "number" && Number.isSafeInteger(value));
}

/** The id of a raw message when it can be echoed exactly (see {@link isRequestId}). Otherwise undefined. */
export function idOf(raw: unknown): RequestId | undefined {
  const id = raw && typeof raw === "object" ? (raw as { id?: unknown }).id : undefined;
  return isRequestId(id) ? id : undefined;
}

/** An error response echoing `id` when there is one (JSON-RPC ids are never null in this protocol). */
export function errorResponse(id: RequestId | undefined, error: { code: number; message: string; data?: unknown }): JSONRPCErrorResponse {
  return {
    jsonrpc: JSONRPC_VERSION,
    ...(id !== undefined && { id }),
    error: { code: error.code, message: error.message, ...(error.data !== undefined && { data: error.data }) },
  };
}
