/**
 * The fetch used for every request to metadata, registration and token
 * endpoints: a time limit, a size limit on the body (read without buffering
 * past the limit), and no credentials of the MCP server ever attached.
 */
import { ResponseTooLargeError } from "../errors.js";
import { bytesWithin } from "../http/read-limited.js";
import { AuthorizationLimitError } from "./errors.js";
import type { ResolvedLimits } from "./limits.js";

/** The `fetch` the authorization layer calls: the global one, or any with its signature. */
export type FetchLike = (input: string | URL | Request, init?: RequestInit) => Promise<Response>;

function tooLarge(url: string, limit: number): AuthorizationLimitError {
  return new AuthorizationLimitError("maxResponseBytes", `The response from ${url} is larger than ${limit} bytes; raise limits.maxResponseBytes if that server is trusted.`);
}

/** A fetch that gives up after `timeoutMs` and refuses bodies larger than `maxResponseBytes`; the body is read in full. */
export function boundedFetch(base: FetchLike, limits: Pick<ResolvedLimits, "timeoutMs" | "maxResponseBytes">): (url: string, init?: RequestInit) => Promise<Response> {
  return async (url, init = {}) => {
    const timeout = AbortSignal.timeout(limits.timeoutMs);
    const signal = init.signal ? AbortSignal.any([init.signal, timeout]) : timeout;
    try {
      const response = await base(url, { ...init, signal });
      const body = await bytesWithin(response, limits.maxResponseBytes).catch((error: unknown) => {
        // The authorization layer's own limit error, naming its own option.
        throw error instanceof ResponseTooLargeError ? tooLarge(url, limits.maxResponseBytes) : error;
      });
      const status = response.status;
      const empty = status === 204 || status === 205 || status === 304;
      return new Response(empty ? null : (body as BodyInit | null), { status, statusText: response.statusText, headers: response.headers });
    } catch (error) {
      if (timeout.aborted && !init.signal?.aborted) {
        throw new AuthorizationLimitError("timeoutMs", `${url} did not answer within ${limits.timeoutMs} ms; raise limits.timeoutMs if it is just slow.`);
      }
      throw error;
    }
  };
}
