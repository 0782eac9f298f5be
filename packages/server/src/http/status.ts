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

/** 200 for a result; for an error, its mapped status (400 for any other client error). */
export function httpStatusOf(response: { error?: { code: number } }): number {
  if (!response.error) return 200;
  return BY_CODE.get(response.error.code) ?? 400;
}
