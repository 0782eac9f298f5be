/**
 * The fetch used for every request to metadata, registration and token
 * endpoints: a time limit, a size limit on the body (read without buffering
 * past the limit), and no credentials of the MCP server ever attached.
 */
import { AuthorizationLimitError } from "./errors.js";
import type { ResolvedLimits } from "./limits.js";

export type FetchLike = (input: string | URL | Request, init?: RequestInit) => Promise<Response>;

async function readLimited(response: Response, limit: number, url: string): Promise<Uint8Array | null> {
  if (!response.body) return null;
  const declared = Number(response.headers.get("content-length") ?? "NaN");
  if (Number.isFinite(declared) && declared > limit) {
    await response.body.cancel().catch(() => undefined);
    throw tooLarge(url, limit);
  }
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > limit) {
      await reader.cancel().catch(() => undefined);
      throw tooLarge(url, limit);
    }
    chunks.push(value);
  }
  const bytes = new Uint8Array(size);
  let offset = 0;
  for (const c of chunks) {
    bytes.set(c, offset);
    offset += c.byteLength;
  }
  return bytes;
}

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
      const body = await readLimited(response, limits.maxResponseBytes, url);
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
