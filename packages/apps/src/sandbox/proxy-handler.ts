/**
 * `createSandboxProxyHandler`: serves the sandbox proxy document, as a
 * web-standard `fetch` handler, from an origin other than the host page's.
 * The page asks for it with the view's declared `csp` in the query
 * (`sandboxProxyUrl` writes it); the handler builds the view's
 * Content-Security-Policy from that declaration itself, with its own
 * `hostPolicy`, and sends it as a response header. So the policy in force
 * never depends on the page getting it right, and no URL can make it looser
 * than the host's policy allows: anyone may ask for the proxy, but only
 * with a policy `viewPolicy` builds.
 */
import { viewPolicy, type HostPolicy } from "../host/view-policy.js";
import type { ViewCsp } from "../ui-meta.js";
import { isHostOrigin, sandboxProxyPage } from "./proxy-page.js";

/** The options of `createSandboxProxyHandler`. */
export interface SandboxProxyOptions {
  /** The origins of the host pages that embed the proxy (each `scheme://host[:port]`); a request names one with `host`, which may be left out when there is one. */
  hostOrigins: readonly string[];
  /** What the host lets views have (as `viewPolicy` takes it): the declared `csp` is narrowed by it, never widened. */
  hostPolicy?: HostPolicy;
  /** Longest query accepted, in characters (default 16 384); past it, 414. */
  maxQueryLength?: number;
}

/** The default of `SandboxProxyOptions.maxQueryLength`. */
export const DEFAULT_MAX_PROXY_QUERY_LENGTH = 16_384;

/**
 * A handler serving the proxy document for `GET ?host=<origin>&csp=<JSON of
 * _meta.ui.csp>` (`csp` omitted: the restrictive default). Answers 400 for a
 * host origin it does not serve or a `csp` that is not JSON, 405 for other
 * methods, 414 for a query past `maxQueryLength`. Throws a TypeError for
 * options it cannot work with.
 */
export function createSandboxProxyHandler(options: SandboxProxyOptions): (request: Request) => Response {
  const hostOrigins = checkedOrigins(options?.hostOrigins);
  const maxQueryLength = options.maxQueryLength ?? DEFAULT_MAX_PROXY_QUERY_LENGTH;
  if (!Number.isInteger(maxQueryLength) || maxQueryLength <= 0) throw new TypeError(`createSandboxProxyHandler: maxQueryLength must be a positive integer (got ${String(maxQueryLength)}).`);
  const frameAncestors = `frame-ancestors ${hostOrigins.join(" ")}`;
  return (request) => {
    if (request.method !== "GET" && request.method !== "HEAD") return text(405, "The sandbox proxy answers GET only.", { allow: "GET, HEAD" });
    const url = new URL(request.url);
    if (url.search.length > maxQueryLength) return text(414, `The query is longer than ${maxQueryLength} characters: declare fewer origins.`);
    const host = url.searchParams.get("host") ?? (hostOrigins.length === 1 ? hostOrigins[0] : undefined);
    if (host === undefined || !hostOrigins.includes(host)) return text(400, `host must name one of the host origins this proxy serves (${hostOrigins.join(", ")}).`);
    const csp = declaredCsp(url.searchParams.get("csp"));
    if (csp instanceof Error) return text(400, csp.message);
    const policy = viewPolicy(csp === undefined ? undefined : { csp }, options.hostPolicy);
    const headers = new Headers({
      "content-type": "text/html; charset=utf-8",
      "cache-control": "no-store",
      "x-content-type-options": "nosniff",
      "referrer-policy": "no-referrer",
    });
    headers.append("content-security-policy", policy.csp);
    headers.append("content-security-policy", frameAncestors);
    return new Response(request.method === "HEAD" ? null : sandboxProxyPage(host), { status: 200, headers });
  };
}

/** The query's `csp`: absent, a JSON object, or an Error saying what is wrong (its content is `viewPolicy`'s to judge). */
function declaredCsp(value: string | null): ViewCsp | undefined | Error {
  if (value === null) return undefined;
  try {
    const parsed: unknown = JSON.parse(value);
    if (typeof parsed === "object" && parsed !== null && !Array.isArray(parsed)) return parsed as ViewCsp;
  } catch {
    // said below
  }
  return new Error("csp must be the JSON of the view's _meta.ui.csp (an object of origin lists).");
}

function checkedOrigins(origins: unknown): string[] {
  if (!Array.isArray(origins) || origins.length === 0 || !origins.every(isHostOrigin)) {
    throw new TypeError("createSandboxProxyHandler needs hostOrigins: the origins of the host pages that embed it, each scheme://host[:port] (http or https).");
  }
  return [...new Set(origins)];
}

function text(status: number, body: string, extra: Record<string, string> = {}): Response {
  return new Response(`${body}\n`, { status, headers: { "content-type": "text/plain; charset=utf-8", "cache-control": "no-store", ...extra } });
}
