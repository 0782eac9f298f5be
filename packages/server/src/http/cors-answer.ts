/**
 * The CORS headers of an actual answer (not a preflight): every answer to a
 * request from an allowed origin, whatever its status (a 401 challenge, a
 * 4xx or 5xx error, an event stream), so the page can read it, its
 * `WWW-Authenticate`, `Retry-After`, `DPoP-Nonce` and `Mcp-Session-Id`.
 * Answers to other requests get `Vary: Origin` only (when the answer depends
 * on the origin), never an origin.
 */
import { JsonAnswer, type HttpAnswer } from "./json-response.js";
import type { CorsPolicy } from "./cors-policy.js";
import type { HeaderOf } from "./cors-preflight.js";

/** The CORS headers an answer to a request with these headers gets. */
export function corsHeaders(policy: CorsPolicy, header: HeaderOf): Record<string, string> {
  const origin = header("origin");
  const vary: Record<string, string> = policy.anyOrigin ? {} : { vary: "Origin" };
  if (origin === null || !policy.allows(origin)) return vary;
  return {
    ...vary,
    "access-control-allow-origin": policy.anyOrigin ? "*" : origin,
    ...(policy.credentials && { "access-control-allow-credentials": "true" }),
    "access-control-expose-headers": policy.exposed,
  };
}

/** `existing` (a `Vary` value or null) with `Origin` in it. */
function varyWithOrigin(existing: string | null | undefined): string {
  if (!existing) return "Origin";
  if (existing.split(",").some((v) => ["origin", "*"].includes(v.trim().toLowerCase()))) return existing;
  return `${existing}, Origin`;
}

/** `response` with `headers` set (`Vary` merged); its own headers when they can change, else a copy around the same body. */
export function withCorsHeaders(response: Response, headers: Record<string, string>): Response {
  const apply = (target: Headers) => {
    for (const [name, value] of Object.entries(headers)) target.set(name, name === "vary" ? varyWithOrigin(target.get("vary")) : value);
  };
  try {
    apply(response.headers);
    return response;
  } catch {
    // A fetched Response's headers are immutable: answer a copy, its body passed through unread.
    const copy = new Headers(response.headers);
    apply(copy);
    return new Response(response.body, { status: response.status, statusText: response.statusText, headers: copy });
  }
}

/** The handler's answer (JSON not yet a `Response`, or a `Response`) with `headers` set. */
export function withCorsAnswerHeaders(answer: HttpAnswer, headers: Record<string, string>): HttpAnswer {
  if (!(answer instanceof JsonAnswer)) return withCorsHeaders(answer, headers);
  const merged = { ...answer.headers, ...headers };
  if (headers.vary !== undefined) merged.vary = varyWithOrigin(answer.headers.vary);
  return new JsonAnswer(answer.status, merged, answer.text);
}
