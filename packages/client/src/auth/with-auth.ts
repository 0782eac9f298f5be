/**
 * `withAuth(fetch, options)`: a fetch that makes an MCP client an OAuth 2.1
 * client of the servers it calls, as the draft's authorization pages say. Use
 * it as the transport's fetch: `httpTransport(url, { fetch: withAuth(fetch, options) })`.
 */
import type { FetchLike } from "./bounded-fetch.js";
import { AuthSession, type AuthOptions } from "./session.js";

/** A fetch that authorizes itself: on 401 it discovers, logs in and retries; on 403 insufficient_scope it steps up. */
export function withAuth(fetch: FetchLike, options: AuthOptions): typeof globalThis.fetch {
  const session = new AuthSession(fetch, options);
  return ((input: string | URL | Request, init?: RequestInit) => session.fetch(input, init)) as typeof globalThis.fetch;
}

/** Options for `httpTransport` that authorize its requests: `httpTransport(url, authorized(options))`. */
export function authorized(options: AuthOptions & { fetch?: FetchLike }): {
  /** The authorizing fetch. */
  fetch: typeof globalThis.fetch;
} {
  return { fetch: withAuth(options.fetch ?? ((input, init) => globalThis.fetch(input, init)), options) };
}
