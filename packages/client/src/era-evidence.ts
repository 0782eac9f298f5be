/**
 * Telling a modern (2026-07-28) server from one of an earlier,
 * initialize-based revision by what it answers (basic/versioning.mdx,
 * "Backward Compatibility"): a recognized modern JSON-RPC error means modern
 * (the client corrects the request or its version); anything else means
 * legacy. One rule, used by the HTTP transport, the stdio probe and the
 * legacy plugin.
 */
import { HEADER_MISMATCH, MISSING_REQUIRED_CLIENT_CAPABILITY, UNSUPPORTED_PROTOCOL_VERSION } from "@mrtr/schema";
import { isRecord } from "@mrtr/internal";

/** The error codes only the draft defines. */
const MODERN_CODES = new Set<unknown>([HEADER_MISMATCH, MISSING_REQUIRED_CLIENT_CAPABILITY, UNSUPPORTED_PROTOCOL_VERSION]);

/**
 * Whether `body` is a JSON-RPC error a modern server sends: one of the
 * draft's own codes, or (with `ownId`, for a 400 to an ordinary request) a
 * standard code answering the request's own id. A legacy server's "no
 * session" refusal answers id null with a code of its own.
 */
export function isModernError(body: unknown, ownId?: unknown): boolean {
  if (!isRecord(body) || !isRecord(body.error)) return false;
  const code = body.error.code;
  if (MODERN_CODES.has(code)) return true;
  return ownId !== undefined && body.id === ownId && typeof code === "number" && code <= -32600 && code >= -32700;
}

/** Whether `body` is a response carrying a `server/discover` result (its `supportedVersions`). */
export function isDiscoverAnswer(body: unknown): boolean {
  return isRecord(body) && isRecord(body.result) && Array.isArray(body.result.supportedVersions);
}
