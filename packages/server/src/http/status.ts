/** The HTTP status of a JSON-RPC answer, as the draft's Streamable HTTP binding maps them. */
import {
  HEADER_MISMATCH,
  INTERNAL_ERROR,
  INVALID_PARAMS,
  INVALID_REQUEST,
  METHOD_NOT_FOUND,
  MISSING_REQUIRED_CLIENT_CAPABILITY,
  PARSE_ERROR,
  UNSUPPORTED_PROTOCOL_VERSION,
} from "@mrtr/schema";
import { retryableStatus } from "../errors.js";

const BY_CODE = new Map<number, number>([
  [PARSE_ERROR, 400],
  [INVALID_REQUEST, 400],
  [INVALID_PARAMS, 400],
  [MISSING_REQUIRED_CLIENT_CAPABILITY, 400],
  [UNSUPPORTED_PROTOCOL_VERSION, 400],
  [HEADER_MISMATCH, 400],
  [METHOD_NOT_FOUND, 404],
  [INTERNAL_ERROR, 500],
]);

/** 200 for a result; for an error, its mapped status (400 for any other client error; 429 or 503 for a share or limit reached, 503 for a limit's store unavailable). */
export function httpStatusOf(response: { error?: { code: number; data?: unknown } }): number {
  if (!response.error) return 200;
  return retryableStatus(response.error)?.status ?? BY_CODE.get(response.error.code) ?? 400;
}

/** The headers an error answer adds: `Retry-After` when a share or limit was reached (docs/architecture.md, "Fair shares") or a limit's store did not answer. */
export function httpHeadersOf(response: { error?: { code: number; data?: unknown } }): Record<string, string> {
  const reached = response.error && retryableStatus(response.error);
  return reached ? { "retry-after": String(reached.retryAfterSeconds) } : {};
}
