/**
 * The answer to a CORS preflight: the `OPTIONS` a browser sends, with
 * `Origin` and `Access-Control-Request-Method`, before a cross-origin request
 * that is not "simple" (every MCP POST: its `Content-Type` and `Mcp-*`
 * headers). From an allowed origin: 204 allowing the methods the endpoint
 * serves and, of the headers asked for, only those allowed, so a browser
 * refuses anything else itself. From any other origin: 403 without CORS
 * headers. A request-headers list past the limits: 431, not echoed.
 */
import { CORS_LIMITS, TOKEN, type CorsPolicy } from "./cors-policy.js";

/** A header lookup: the value, or null when absent. */
export type HeaderOf = (name: string) => string | null;

/** A preflight's answer, before it is a `Response` or a `JsonAnswer`. */
export interface PreflightAnswer {
  status: 204 | 403 | 431;
  headers: Record<string, string>;
  /** A JSON-RPC error for a refusal (no id: no message was read); null for 204. */
  body: string | null;
}

/** Whether a request is a CORS preflight (an `OPTIONS` with `Origin` and `Access-Control-Request-Method`). */
export function isPreflight(method: string, header: HeaderOf): boolean {
  return method === "OPTIONS" && header("origin") !== null && header("access-control-request-method") !== null;
}

/** A refusal: the status and a JSON-RPC error saying why, with no CORS headers. */
function refused(status: 403 | 431, message: string): PreflightAnswer {
  return { status, headers: { "content-type": "application/json" }, body: JSON.stringify({ jsonrpc: "2.0", id: null, error: { code: -32600, message } }) };
}

/** The header names a preflight asks for, lower case, or undefined past the limits. */
function askedHeaders(value: string | null): string[] | undefined {
  if (value === null) return [];
  if (value.length > CORS_LIMITS.maxRequestHeadersBytes) return undefined;
  const names = value.split(",").map((n) => n.trim().toLowerCase()).filter((n) => n !== "");
  return names.length > CORS_LIMITS.maxRequestHeaderNames ? undefined : names;
}

/** The answer to the preflight whose headers `header` looks up. */
export function preflightAnswer(policy: CorsPolicy, header: HeaderOf): PreflightAnswer {
  const origin = header("origin")!;
  if (!policy.allows(origin)) return refused(403, "Origin not allowed to call this endpoint from a browser (the server's cors.origins)");
  const asked = askedHeaders(header("access-control-request-headers"));
  if (asked === undefined) {
    return refused(431, `Access-Control-Request-Headers asks for more than ${CORS_LIMITS.maxRequestHeaderNames} headers or ${CORS_LIMITS.maxRequestHeadersBytes} bytes`);
  }
  const allowed = [...new Set(asked.filter((name) => TOKEN.test(name) && policy.allowsHeader(name)))];
  const headers: Record<string, string> = {
    "access-control-allow-origin": policy.anyOrigin ? "*" : origin,
    "access-control-allow-methods": policy.methods.join(", "),
    "access-control-max-age": String(policy.maxAgeSeconds),
    vary: "Origin, Access-Control-Request-Method, Access-Control-Request-Headers",
  };
  if (allowed.length > 0) headers["access-control-allow-headers"] = allowed.join(", ");
  if (policy.credentials) headers["access-control-allow-credentials"] = "true";
  return { status: 204, headers, body: null };
}
