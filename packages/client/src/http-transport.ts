/**
 * Streamable HTTP transport: each JSON-RPC message is one exchange with one
 * URL (http/exchange.ts: the draft's headers, the answer as JSON or as a
 * server-sent event stream, within a time and size limit; whatever the
 * server sends, one JSON-RPC response to this request or a typed error).
 *
 * What only HTTP has lives here too: the `Mcp-Param-*` headers of tools
 * whose parameters are annotated `x-mcp-header` (learnt from the tools/list
 * results this transport carries, invalid definitions left out and
 * reported), the one retry after a -32020 on tools/call, and closing the
 * response as the request's cancellation.
 */
import { HEADER_MISMATCH } from "@mrtr/schema";
import { TransportError } from "./errors.js";
import type { JSONRPCRequest } from "@mrtr/schema";
import { checkAnswer, exchange, jsonAnswer, mediaType, post, streamBody, type HttpExchangeSettings } from "./http/exchange.js";
import type { StreamMessage } from "./http/event-stream.js";
import { readListenStream } from "./http/listen-stream.js";
import { ToolHeaders, type ClientWarning, type WarningListener } from "./tool-headers.js";
import type { ExchangeOptions, TransportResponse } from "./exchange.js";
import type { Transport } from "./transport.js";

/** Options of `httpTransport`. */
export interface HttpTransportOptions {
  /** The fetch to use (default the global one). */
  fetch?: typeof fetch;
  /** Extra headers on every request (for example Authorization), or a function returning them. */
  headers?: Record<string, string> | (() => Record<string, string> | Promise<Record<string, string>>);
  /**
   * Time limit of one HTTP exchange, from sending the request to reading its
   * answer, in ms (default 60 000). A flow of several rounds has one per round;
   * `createClient`'s `timeoutMs` bounds the whole flow.
   */
  timeoutMs?: number;
  /** Most bytes read from one response, JSON or event stream up to the answer (default 16 MiB). */
  maxResponseBytes?: number;
  /**
   * Longest one exchange may last, in ms, however often progress reports
   * restart its `timeoutMs` clock (default 600 000). A request answered as an
   * event stream gets `timeoutMs` again from each progress report it carries.
   */
  maxTimeoutMs?: number;
  /** subscriptions/listen streams: the largest event (default 1 MiB) and the longest silence (default 60 000 ms; servers send a comment every 15 s) before the stream counts as dropped. */
  listen?: {
    /** The largest event, in bytes. */
    maxEventBytes?: number;
    /** The longest silence, in ms. */
    idleTimeoutMs?: number;
  };
  /**
   * Receives what the transport set aside, such as a tool definition left
   * out of a tools/list result because its `x-mcp-header` annotations break
   * the rules (default: `console.warn`).
   */
  onWarning?: WarningListener;
}

/** The defaults of {@link HttpTransportOptions}' limits. */
export const HTTP_TRANSPORT_DEFAULTS = {
  timeoutMs: 60_000,
  maxResponseBytes: 16 * 1024 * 1024,
  maxTimeoutMs: 600_000,
  listen: { maxEventBytes: 1024 * 1024, idleTimeoutMs: 60_000 },
} as const;

/** Most pages of tools/list read when the tools are listed again after a -32020. */
const MAX_REFRESH_PAGES = 50;

function defaultWarning(warning: ClientWarning): void {
  console.warn(`mrtr client: tool "${warning.tool}" left out of tools/list: ${warning.reason}`);
}

/** A transport that talks to a draft-protocol server at `url`. */
export function httpTransport(url: string | URL, options: HttpTransportOptions = {}): Transport {
  // Called through a wrapper: a browser refuses `fetch` called as a method of another object ("Illegal invocation").
  const doFetch = options.fetch ?? ((input: string | URL | Request, init?: RequestInit) => globalThis.fetch(input, init));
  const timeoutMs = options.timeoutMs ?? HTTP_TRANSPORT_DEFAULTS.timeoutMs;
  const maxBytes = options.maxResponseBytes ?? HTTP_TRANSPORT_DEFAULTS.maxResponseBytes;
  const maxTimeoutMs = options.maxTimeoutMs ?? HTTP_TRANSPORT_DEFAULTS.maxTimeoutMs;
  const listenLimits = { ...HTTP_TRANSPORT_DEFAULTS.listen, ...options.listen };
  const where = String(url);
  const custom = async () => (typeof options.headers === "function" ? await options.headers() : { ...options.headers });
  const s: HttpExchangeSettings = { url, where, fetch: doFetch, headers: custom, timeoutMs, maxTimeoutMs, maxBytes };

  const toolHeaders = new ToolHeaders((warning: ClientWarning) => {
    try {
      (options.onWarning ?? defaultWarning)(warning);
    } catch {
      // A failing listener must not break the request.
    }
  });
  // The transport's own requests (tools/list after a -32020, the resent call) have ids of their own.
  const idPrefix = `http-${globalThis.crypto.randomUUID().slice(0, 8)}-`;
  let counter = 0;
  const ownId = () => `${idPrefix}${++counter}`;

  /** The headers learnt from each tools/list result this transport carries; invalid tool definitions are left out. */
  const learn = (message: JSONRPCRequest, answer: StreamMessage) => {
    const result = answer.result;
    if (message.method === "tools/list" && result !== null && typeof result === "object" && !Array.isArray(result)) toolHeaders.takeList(result as Record<string, unknown>);
  };

  /** Lists the tools again, following cursors, to learn their current annotations. */
  async function refreshTools(meta: unknown, signal: AbortSignal | undefined): Promise<void> {
    const { progressToken: _, ...rest } = (meta ?? {}) as Record<string, unknown>;
    let cursor: string | undefined;
    for (let page = 0; page < MAX_REFRESH_PAGES; page++) {
      const list = { jsonrpc: "2.0", id: ownId(), method: "tools/list", params: { _meta: rest, ...(cursor !== undefined && { cursor }) } } as JSONRPCRequest;
      const answer = await post(s, list, signal ? { signal } : {}, {});
      if (!answer.result) return;
      learn(list, answer);
      const next = (answer.result as { nextCursor?: unknown }).nextCursor;
      if (typeof next !== "string") return;
      cursor = next;
    }
  }

  return {
    wire: {
      kind: "http",
      url: where,
      fetch: doFetch,
      headers: custom,
      limits: { timeoutMs, maxTimeoutMs, maxResponseBytes: maxBytes, ...listenLimits },
    },
    async request(message: JSONRPCRequest, exchangeOptions: ExchangeOptions = {}): Promise<TransportResponse> {
      const params = (message.params ?? {}) as Record<string, unknown>;
      const headersFor = () => ({ ...exchangeOptions.headers, ...(message.method === "tools/call" ? toolHeaders.headersFor(params.name, params.arguments) : undefined) });
      const answer = await post(s, message, exchangeOptions, headersFor());
      learn(message, answer);
      const error = answer.error as { code?: unknown } | undefined;
      if (message.method !== "tools/call" || error?.code !== HEADER_MISMATCH) return answer as TransportResponse;
      // Headers from tool parameters disagree: the tool's schema may have changed. List the tools
      // again, once, and resend with the headers it now asks for (streamable-http.mdx, "Client Behavior").
      await refreshTools(params._meta, exchangeOptions.signal);
      const again = { ...message, id: ownId() };
      const second = await post(s, again, exchangeOptions, headersFor());
      // The resent call answers the caller's request: its id is the caller's.
      return (second.id === again.id ? { ...second, id: message.id } : second) as TransportResponse;
    },
    listen(message: JSONRPCRequest, { signal, onMessage }) {
      return exchange(s, message, signal, {}, async (response, clock) => {
        if (mediaType(response) !== "text/event-stream") return (await jsonAnswer(s, response, message.id)) as never;
        const body = streamBody(s, response);
        clock.disarm(); // the stream lasts as long as the subscription; silence and event size bound it instead
        const answer = await readListenStream(body, message.id, listenLimits, (m) => onMessage?.(m));
        return (answer && checkAnswer(answer, message.id, response.status, where)) as never;
      });
    },
    async notify(message) {
      await exchange(s, message, undefined, {}, async (response) => {
        await response.body?.cancel().catch(() => undefined);
        if (!response.ok) throw new TransportError(`HTTP ${response.status} from ${where} for notification ${message.method}.`, response.status);
      });
    },
  };
}
