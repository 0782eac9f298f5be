/**
 * URL rules of the authorization layer: which endpoints may be plain http,
 * and which URLs a protected resource's identifier covers.
 */
import { InsecureUrlError } from "./errors.js";

/**
 * Where plain http is accepted for metadata, authorization and token
 * endpoints: `"loopback"` (default) only for localhost, 127.0.0.0/8 and [::1],
 * whose traffic never leaves the machine; `"never"`; `"always"` (tests and
 * closed networks only).
 */
export type InsecureHttpPolicy = "loopback" | "never" | "always";

const LOOPBACK = /^(localhost|127\.\d{1,3}\.\d{1,3}\.\d{1,3}|\[::1\])$/i;

export function isLoopbackHost(hostname: string): boolean {
  return LOOPBACK.test(hostname);
}

/** Whether oauth4webapi must be told to allow this http URL. Throws for http the policy refuses, and for schemes other than http(s). */
export function checkEndpoint(url: URL | string, policy: InsecureHttpPolicy): boolean {
  const u = typeof url === "string" ? new URL(url) : url;
  if (u.protocol === "https:") return false;
  if (u.protocol !== "http:") throw new InsecureUrlError(u.href);
  if (policy === "always" || (policy === "loopback" && isLoopbackHost(u.hostname))) return true;
  throw new InsecureUrlError(u.href);
}

/** Parses an absolute http(s) URL, or returns undefined. */
export function parseHttpUrl(value: unknown): URL | undefined {
  if (typeof value !== "string") return undefined;
  try {
    const u = new URL(value);
    return u.protocol === "http:" || u.protocol === "https:" ? u : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Whether the resource identifier `resource` covers `target`: same origin,
 * no fragment, and its path is `target`'s path or a whole-segment prefix of it
 * (`https://h/mcp` covers `https://h/mcp` and `https://h/mcp/x`, not `https://h/mcpx`).
 */
export function resourceCovers(resource: string, target: URL): boolean {
  const r = parseHttpUrl(resource);
  if (!r || r.hash || resource.includes("#")) return false;
  if (r.origin !== target.origin) return false;
  const base = r.pathname.endsWith("/") ? r.pathname : `${r.pathname}/`;
  return target.pathname === r.pathname || target.pathname.startsWith(base);
}

/** The URL without query and fragment: the key under which a server's tokens are kept. */
export function serverKey(url: URL): string {
  return `${url.origin}${url.pathname}`;
}
