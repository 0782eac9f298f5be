/**
 * One Streamable HTTP exchange: a POST of one JSON-RPC message with the
 * headers the draft asks for (`MCP-Protocol-Version`, `Mcp-Method`, and
 * `Mcp-Name` on the named methods and on the extension methods the client
 * names), and its answer read as JSON or as an event stream, within the time
 * and size limits. Whatever the server sends, the answer is one JSON-RPC
 * response to this request, or a typed error. `httpTransport` adds what
 * spans exchanges (tool headers, the retry after a -32020).
 */
import { LATEST_PROTOCOL_VERSION, MCP_NAME_HEADER_PARAMS } from "@mrtr/schema";
import { encodeHeaderValue } from "@mrtr/schema/http";
import type { JSONRPCRequest } from "@mrtr/schema";
import { startClock, type ExchangeClock } from "@mrtr/internal";
import { isModernError } from "../era-evidence.js";
import { LegacyServerError, McpClientError, RequestTimeoutError, TransportError } from "../errors.js";
import type { ExchangeOptions } from "../exchange.js";
import { answerFromEventStream, type StreamMessage } from "./event-stream.js";
import { textWithin } from "./read-limited.js";

/** Where and within which limits a transport's exchanges run. */
export interface HttpExchangeSettings {
  /** The server's URL. */
  readonly url: string | URL;
  /** The server as messages name it. */
  readonly where: string;
  /** The fetch to use. */
  readonly fetch: typeof fetch;
  /** The caller's extra headers for one exchange. */
  readonly headers: () => Promise<Record<string, string>>;
  /** Time limit of one exchange, in ms (each progress report gives it again). */
  readonly timeoutMs: number;
  /** Longest one exchange may last however often progress renews it, in ms. */
  readonly maxTimeoutMs: number;
  /** Most bytes read from one response. */
  readonly maxBytes: number;
}

const NAMED: Readonly<Record<string, "name" | "uri">> = MCP_NAME_HEADER_PARAMS;

/** The media type of a response, lower case, without parameters. */
export const mediaType = (response: Response) => (response.headers.get("content-type") ?? "").split(";")[0]!.trim().toLowerCase();

/** Checks that `body` is a JSON-RPC response to request `id` that an HTTP `status` may carry. */
export function checkAnswer(body: unknown, id: unknown, status: number, where: string): StreamMessage {
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

/**
 * The standard headers mirroring the body: `MCP-Protocol-Version` on every
 * POST (a notification without `_meta` carries this package's version),
 * `Mcp-Method`, and `Mcp-Name` (Base64 sentinel when not header-safe) from
 * the named methods' field, or from `namedParam` on an extension's method.
 */
function headersOf(message: { method: string; params?: Record<string, any> }, namedParam: string | undefined): Record<string, string> {
  const version = message.params?._meta?.["io.modelcontextprotocol/protocolVersion"];
  const headers: Record<string, string> = { "mcp-method": message.method, "mcp-protocol-version": typeof version === "string" ? version : LATEST_PROTOCOL_VERSION };
  const field = NAMED[message.method] ?? namedParam;
  const name = field ? message.params?.[field] : undefined;
  if (typeof name === "string") headers["mcp-name"] = encodeHeaderValue(name);
  return headers;
}

/**
 * Runs one exchange under the time limit, translating its expiry and
 * connection failures into typed errors. `read` may restart the clock
 * (`touch`, bounded by maxTimeoutMs) or stop it (`disarm`, for a stream
 * that has limits of its own).
 */
export async function exchange<T>(
  s: HttpExchangeSettings,
  message: { method: string; id?: unknown },
  caller: AbortSignal | undefined,
  extra: Record<string, string>,
  read: (response: Response, clock: ExchangeClock) => Promise<T>,
  namedParam?: string,
): Promise<T> {
  const clock = startClock({ timeoutMs: s.timeoutMs, maxTimeoutMs: s.maxTimeoutMs });
  const signal = caller ? AbortSignal.any([caller, clock.signal]) : clock.signal;
  const fail = (error: unknown): never => {
    if (caller?.aborted) throw caller.reason;
    if (clock.signal.aborted) throw new RequestTimeoutError(clock.limitMs, `${message.method} from ${s.where}`);
    throw error;
  };
  try {
    const extraHeaders = await s.headers();
    let response: Response;
    try {
      response = await s.fetch(s.url, {
        method: "POST",
        headers: { "content-type": "application/json", accept: "application/json, text/event-stream", ...extraHeaders, ...extra, ...headersOf(message as never, namedParam) },
        body: JSON.stringify(message),
        signal,
      });
    } catch (error) {
      // Typed failures of a wrapped fetch (such as @mrtr/client/auth's) pass through as they are.
      return fail(error instanceof McpClientError ? error : new TransportError(`Could not reach ${s.where}: ${(error as Error).message}`));
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
export async function jsonAnswer({ where, maxBytes }: HttpExchangeSettings, response: Response, id: unknown): Promise<StreamMessage> {
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
export function streamBody(s: HttpExchangeSettings, response: Response): ReadableStream<Uint8Array> {
  if (!response.ok || !response.body) throw new TransportError(`HTTP ${response.status} from ${s.where} with an event stream; expected 200.`, response.status);
  return response.body;
}

/** One POST of `message` and its answer, JSON or event stream. */
export function post(s: HttpExchangeSettings, message: JSONRPCRequest, { signal, onMessage, namedParam }: ExchangeOptions, extra: Record<string, string>): Promise<StreamMessage> {
  return exchange(s, message, signal, extra, async (response, clock) => {
    if (mediaType(response) === "text/event-stream") {
      const answer = await answerFromEventStream(streamBody(s, response), message.id, s.maxBytes, (m) => {
        // Progress means work is happening: the exchange gets timeoutMs again (up to maxTimeoutMs in all).
        if (m.method === "notifications/progress") clock.touch();
        onMessage?.(m);
      });
      if (!answer) throw new TransportError(`The event stream from ${s.where} ended without a response to request ${String(message.id)}.`, response.status);
      return checkAnswer(answer, message.id, response.status, s.where);
    }
    return jsonAnswer(s, response, message.id);
  }, namedParam);
}
