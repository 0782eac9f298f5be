/**
 * Streamable HTTP transport: POSTs each JSON-RPC message to one URL with the
 * headers the draft asks for (`MCP-Protocol-Version`, `Mcp-Method`, and
 * `Mcp-Name` on tools/call, prompts/get, resources/read, and on the
 * extension methods the client names) and reads the answer
 * as JSON or as a server-sent event stream, within a time and size limit.
 * Whatever the server sends, the answer is one JSON-RPC response to this
 * request, or a typed error.
 *
 * What only HTTP has lives here too: the `Mcp-Param-*` headers of tools
 * whose parameters are annotated `x-mcp-header` (learnt from the tools/list
 * results this transport carries, invalid definitions left out and
 * reported), the one retry after a -32020 on tools/call, and closing the
 * response as the request's cancellation.
 */
import { HEADER_MISMATCH, LATEST_PROTOCOL_VERSION, MCP_NAME_HEADER_PARAMS } from "@mrtr/schema";
import { encodeHeaderValue } from "@mrtr/schema/http";
import type { JSONRPCRequest } from "@mrtr/schema";
import { startClock, type ExchangeClock } from "@mrtr/internal";
import { LegacyServerError, McpClientError, RequestTimeoutError, TransportError } from "./errors.js";
import { isModernError } from "./era-evidence.js";
import { answerFromEventStream, type StreamMessage } from "./http/event-stream.js";
import { readListenStream } from "./http/listen-stream.js";
import { textWithin } from "./http/read-limited.js";
import { ToolHeaders, type ClientWarning, type WarningListener } from "./tool-headers.js";
import type { ExchangeOptions, Transport, TransportResponse } from "./transport.js";

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

const NAMED: Readonly<Record<string, "name" | "uri">> = MCP_NAME_HEADER_PARAMS;

/** Most pages of tools/list read when the tools are listed again after a -32020. */
const MAX_REFRESH_PAGES = 50;

function defaultWarning(warning: ClientWarning): void {
  console.warn(`mrtr client: tool "${warning.tool}" left out of tools/list: ${warning.reason}`);
}

const mediaType = (response: Response) => (response.headers.get("content-type") ?? "").split(";")[0]!.trim().toLowerCase();

/** Checks that `body` is a JSON-RPC response to request `id` that an HTTP `status` may carry. */
function checkAnswer(body: unknown, id: unknown, status: number, where: string): StreamMessage {
  if (body === null || typeof body !== "object" || Array.isArray(body) || !("result" in body || "error" in body)) {
    throw new TransportError(`HTTP ${status} from ${where}: not a JSON-RPC response.`, status);
  }
  const r = body as StreamMessage;
  if ("error" in r) {
    // An error may come without an id when the server could not read the request's.
    if (r.id !== undefined && r.id !== null && r.id !== id) {
      throw new TransportError(`${where} answered request ${JSON.stringify(id)} with an error for id ${JSON.stringify(r.id)}.`, status);
    }
    return r;
  }
  if (r.id !== id) throw new TransportError(`${where} answered request ${JSON.stringify(id)} with a result for id ${JSON.stringify(r.id)}.`, status);
  if (status < 200 || status > 299) throw new TransportError(`${where} sent a result with HTTP ${status}; a result needs a 2xx status.`, status);
  return r;
}

/** A transport that talks to a draft-protocol server at `url`. */
export function httpTransport(url: string | URL, options: HttpTransportOptions = {}): Transport {
  const doFetch = options.fetch ?? globalThis.fetch;
  const timeoutMs = options.timeoutMs ?? HTTP_TRANSPORT_DEFAULTS.timeoutMs;
  const maxBytes = options.maxResponseBytes ?? HTTP_TRANSPORT_DEFAULTS.maxResponseBytes;
  const maxTimeoutMs = options.maxTimeoutMs ?? HTTP_TRANSPORT_DEFAULTS.maxTimeoutMs;
  const listenLimits = { ...HTTP_TRANSPORT_DEFAULTS.listen, ...options.listen };
  const where = String(url);
  const custom = async () => (typeof options.headers === "function" ? await options.headers() : { ...options.headers });

  /**
   * The standard headers mirroring the body: `MCP-Protocol-Version` on every
   * POST (a notification without `_meta` carries this package's version),
   * `Mcp-Method`, and `Mcp-Name` (Base64 sentinel when not header-safe) from
   * the named methods' field, or from `namedParam` on an extension's method.
   */
  const headersOf = (message: { method: string; params?: Record<string, any> }, namedParam: string | undefined) => {
    const version = message.params?._meta?.["io.modelcontextprotocol/protocolVersion"];
    const headers: Record<string, string> = { "mcp-method": message.method, "mcp-protocol-version": typeof version === "string" ? version : LATEST_PROTOCOL_VERSION };
    const field = NAMED[message.method] ?? namedParam;
    const name = field ? message.params?.[field] : undefined;
    if (typeof name === "string") headers["mcp-name"] = encodeHeaderValue(name);
    return headers;
  };

  /**
   * Runs one exchange under the time limit, translating its expiry and
   * connection failures into typed errors. `read` may restart the clock
   * (`touch`, bounded by maxTimeoutMs) or stop it (`disarm`, for a stream
   * that has limits of its own).
   */
  async function exchange<T>(
    message: { method: string; id?: unknown },
    caller: AbortSignal | undefined,
    extra: Record<string, string>,
    read: (response: Response, clock: ExchangeClock) => Promise<T>,
    namedParam?: string,
  ): Promise<T> {
    const clock = startClock({ timeoutMs, maxTimeoutMs });
    const signal = caller ? AbortSignal.any([caller, clock.signal]) : clock.signal;
    const fail = (error: unknown): never => {
      if (caller?.aborted) throw caller.reason;
      if (clock.signal.aborted) throw new RequestTimeoutError(clock.limitMs, `${message.method} from ${where}`);
      throw error;
    };
    try {
      const extraHeaders = await custom();
      let response: Response;
      try {
        response = await doFetch(url, {
          method: "POST",
          headers: { "content-type": "application/json", accept: "application/json, text/event-stream", ...extraHeaders, ...extra, ...headersOf(message as never, namedParam) },
          body: JSON.stringify(message),
          signal,
        });
      } catch (error) {
        // Typed failures of a wrapped fetch (such as @mrtr/client/auth's) pass through as they are.
        return fail(error instanceof McpClientError ? error : new TransportError(`Could not reach ${where}: ${(error as Error).message}`));
      }
      try {
        return await read(response, clock);
      } catch (error) {
        return fail(error);
      }
    } finally {
      clock.stop();
    }
  }

  /** A JSON answer, read within the size limit. */
  async function jsonAnswer(response: Response, id: unknown): Promise<StreamMessage> {
    const type = mediaType(response);
    // A 400 is read whatever its type: modern servers send a modern error; anything else is a legacy server's refusal (streamable-http.mdx, "Backward Compatibility").
    const legacy = response.status === 400;
    if (type !== "application/json" && !legacy) {
      await response.body?.cancel().catch(() => undefined);
      const shown = type || "no content type";
      throw new TransportError(`HTTP ${response.status} from ${where} with ${shown}; expected a JSON-RPC answer as application/json or text/event-stream.`, response.status);
    }
    const text = await textWithin(response, maxBytes);
    let body: unknown;
    try {
      body = JSON.parse(text);
    } catch {
      // not JSON (body stays undefined)
    }
    if (legacy && !isModernError(body, id)) throw new LegacyServerError(`HTTP 400 ${JSON.stringify(text.slice(0, 200))}`, 400);
    if (body === undefined) throw new TransportError(`HTTP ${response.status} from ${where} with a body that is not valid JSON.`, response.status);
    return checkAnswer(body, id, response.status, where);
  }

  /** The body of an event-stream answer, which only a 2xx status may carry. */
  function streamBody(response: Response): ReadableStream<Uint8Array> {
    if (!response.ok || !response.body) throw new TransportError(`HTTP ${response.status} from ${where} with an event stream; expected 200.`, response.status);
    return response.body;
  }

  /** One POST of `message` and its answer, JSON or event stream. */
  function post(message: JSONRPCRequest, { signal, onMessage, namedParam }: ExchangeOptions, extra: Record<string, string>): Promise<StreamMessage> {
    return exchange(message, signal, extra, async (response, clock) => {
      const type = mediaType(response);
      if (type === "text/event-stream") {
        const answer = await answerFromEventStream(streamBody(response), message.id, maxBytes, (m) => {
          // Progress means work is happening: the exchange gets timeoutMs again (up to maxTimeoutMs in all).
          if (m.method === "notifications/progress") clock.touch();
          onMessage?.(m);
        });
        if (!answer) throw new TransportError(`The event stream from ${where} ended without a response to request ${String(message.id)}.`, response.status);
        return checkAnswer(answer, message.id, response.status, where);
      }
      return jsonAnswer(response, message.id);
    }, namedParam);
  }

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
      const answer = await post(list, signal ? { signal } : {}, {});
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
      const headersFor = () => (message.method === "tools/call" ? toolHeaders.headersFor(params.name, params.arguments) : undefined) ?? {};
      const answer = await post(message, exchangeOptions, headersFor());
      learn(message, answer);
      const error = answer.error as { code?: unknown } | undefined;
      if (message.method !== "tools/call" || error?.code !== HEADER_MISMATCH) return answer as TransportResponse;
      // Headers from tool parameters disagree: the tool's schema may have changed. List the tools
      // again, once, and resend with the headers it now asks for (streamable-http.mdx, "Client Behavior").
      await refreshTools(params._meta, exchangeOptions.signal);
      const again = { ...message, id: ownId() };
      const second = await post(again, exchangeOptions, headersFor());
      // The resent call answers the caller's request: its id is the caller's.
      return (second.id === again.id ? { ...second, id: message.id } : second) as TransportResponse;
    },
    listen(message: JSONRPCRequest, { signal, onMessage }) {
      return exchange(message, signal, {}, async (response, clock) => {
        if (mediaType(response) !== "text/event-stream") return (await jsonAnswer(response, message.id)) as never;
        const body = streamBody(response);
        clock.disarm(); // the stream lasts as long as the subscription; silence and event size bound it instead
        const answer = await readListenStream(body, message.id, listenLimits, (m) => onMessage?.(m));
        return (answer && checkAnswer(answer, message.id, response.status, where)) as never;
      });
    },
    async notify(message) {
      await exchange(message, undefined, {}, async (response) => {
        await response.body?.cancel().catch(() => undefined);
        if (!response.ok) throw new TransportError(`HTTP ${response.status} from ${where} for notification ${message.method}.`, response.status);
      });
    },
  };
}
