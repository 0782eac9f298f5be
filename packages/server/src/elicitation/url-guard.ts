/**
 * The URL-mode guard: what a server may send as the URL of a URL-mode
 * elicitation (client/elicitation.mdx, "Safe URL Handling"): no credentials
 * or sensitive data in the URL, nothing pre-authenticated, HTTPS outside
 * development. Checked before the question leaves, in both handler styles; a
 * refusal is a mistake in the server's code, like the form guard's.
 */
import { ElicitationDefinitionError } from "./errors.js";
import { findSecret } from "./secret-words.js";

/** Explicit exceptions to the URL guard, for URLs known to be safe. */
export interface UrlAllowance {
  /** Allow `http:` on a host that is not loopback (a test setup without TLS). Loopback hosts may use `http:` anyway. */
  http?: boolean;
  /** Query parameter names the secret screen must not flag (false positives such as `token_budget`). */
  params?: string[];
}

/** A URL-mode elicitation whose URL is unsafe to send. */
export class UnsafeUrlError extends ElicitationDefinitionError {}

/** Whether `hostname` (as URL parses it) is this machine: localhost names, 127.0.0.0/8, ::1. */
export function isLoopbackHost(hostname: string): boolean {
  return hostname === "localhost" || hostname.endsWith(".localhost") || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(hostname) || hostname === "[::1]";
}

/** A JSON Web Token: three base64url parts, the first a JSON object. */
const JWT = /^eyJ[A-Za-z0-9_-]*\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]*$/;

/**
 * Throws UnsafeUrlError unless `raw` is an https URL (http only on a loopback
 * host, or with `allow.http`), with no user name or password, and no query
 * or fragment parameter whose name looks like a secret (password, token,
 * api key, …: the form guard's screen) or whose value is a bearer token (a JWT).
 */
export function assertSafeUrl(raw: string, allow: UrlAllowance = {}): void {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new UnsafeUrlError(`URL-mode elicitation: ${JSON.stringify(raw)} is not an absolute URL.`);
  }
  if (url.protocol !== "https:" && url.protocol !== "http:") {
    throw new UnsafeUrlError(`URL-mode elicitation: only https URLs may be sent, not ${url.protocol}.`);
  }
  if (url.protocol === "http:" && !isLoopbackHost(url.hostname) && !allow.http) {
    throw new UnsafeUrlError(`URL-mode elicitation: ${url.host} must be reached over https (http is for localhost); pass allowUrl: { http: true } only for a test setup.`);
  }
  if (url.username !== "" || url.password !== "") {
    throw new UnsafeUrlError("URL-mode elicitation: the URL carries a user name or password; credentials never go in a URL.");
  }
  const allowed = new Set(allow.params ?? []);
  const fragment = new URLSearchParams(url.hash.slice(1));
  for (const [where, params] of [["query", url.searchParams], ["fragment", fragment]] as const) {
    for (const [name, value] of params) {
      if (allowed.has(name)) continue;
      const secret = findSecret({ name });
      if (secret) {
        throw new UnsafeUrlError(
          `URL-mode elicitation: ${where} parameter "${name}" looks like a secret ("${secret.term}"); sensitive data never goes in the URL ` +
            `(bind it server-side, e.g. with ConnectLinks). If it is not a secret, allow it: allowUrl: { params: ["${name}"] }.`,
        );
      }
      if (JWT.test(value)) {
        throw new UnsafeUrlError(`URL-mode elicitation: ${where} parameter "${name}" holds a bearer token; a URL must not be pre-authenticated.`);
      }
    }
  }
}
