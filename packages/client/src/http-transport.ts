/**
 * Streamable HTTP transport: POSTs each JSON-RPC message to one URL with the
 * headers the draft asks for (`MCP-Protocol-Version`, `Mcp-Method`, and
 * `Mcp-Name` on tools/call, prompts/get, resources/read) and reads the answer
 * as JSON or as a server-sent event stream.
 */
import { MCP_NAME_HEADER_PARAMS } from "@mrtr/schema";
import type { JSONRPCRequest } from "@mrtr/schema";
import { McpClientError } from "./errors.js";
import type { Transport } from "./transport.js";

/** Options of `httpTransport`. */
export interface HttpTransportOptions {
  /** The fetch to use (default the global one). */
  fetch?: typeof fetch;
  /** Extra headers on every request (for example Authorization), or a function returning them. */
  headers?: Record<string, string> | (() => Record<string, string> | Promise<Record<string, string>>);
}

/** The connection failed, or the server answered with something that is not JSON-RPC. */
export class TransportError extends McpClientError {
  constructor(
    message: string,
    readonly status?: number,
  ) {
    super(message);
  }
}

const NAMED: Readonly<Record<string, "name" | "uri">> = MCP_NAME_HEADER_PARAMS;

/** The JSON-RPC messages of a server-sent event stream. */
function* sseMessages(text: string): Generator<unknown> {
  for (const event of text.split(/\r?\n\r?\n/)) {
    const data = event
      .split(/\r?\n/)
      .filter((line) => line.startsWith("data:"))
      .map((line) => line.slice(5).replace(/^ /, ""))
      .join("\n");
    if (!data) continue;
    try {
      yield JSON.parse(data);
    } catch {
      // not JSON: not a JSON-RPC message
    }
  }
}

/** A transport that talks to a draft-protocol server at `url`. */
export function httpTransport(url: string | URL, options: HttpTransportOptions = {}): Transport {
  const doFetch = options.fetch ?? globalThis.fetch;
  async function post(message: unknown, extra: Record<string, string>, signal?: AbortSignal): Promise<Response> {
    const custom = typeof options.headers === "function" ? await options.headers() : (options.headers ?? {});
    return doFetch(url, {
      method: "POST",
      headers: { "content-type": "application/json", accept: "application/json, text/event-stream", ...custom, ...extra },
      body: JSON.stringify(message),
      ...(signal && { signal }),
    });
  }
  const headersOf = (message: { method: string; params?: Record<string, any> }) => {
    const headers: Record<string, string> = { "mcp-method": message.method };
    const version = message.params?._meta?.["io.modelcontextprotocol/protocolVersion"];
    if (typeof version === "string") headers["mcp-protocol-version"] = version;
    const field = NAMED[message.method];
    const name = field ? message.params?.[field] : undefined;
    if (typeof name === "string") headers["mcp-name"] = name;
    return headers;
  };
  return {
    async request(message: JSONRPCRequest, { signal } = {}) {
      let response: Response;
      try {
        response = await post(message, headersOf(message as never), signal);
      } catch (error) {
        if (signal?.aborted) throw signal.reason;
        // Typed failures of a wrapped fetch (such as @mrtr/client/auth's) pass through as they are.
        if (error instanceof McpClientError) throw error;
        throw new TransportError(`Could not reach ${String(url)}: ${(error as Error).message}`);
      }
      const type = response.headers.get("content-type") ?? "";
      const text = await response.text();
      if (type.includes("text/event-stream")) {
        for (const m of sseMessages(text)) {
          const r = m as { id?: unknown; result?: unknown; error?: unknown };
          if (r && r.id === message.id && ("result" in r || "error" in r)) return r as never;
        }
        throw new TransportError(`The event stream from ${String(url)} ended without a response to request ${String(message.id)}.`, response.status);
      }
      let body: unknown;
      try {
        body = JSON.parse(text);
      } catch {
        throw new TransportError(`HTTP ${response.status} from ${String(url)} without a JSON-RPC body.`, response.status);
      }
      const r = body as { result?: unknown; error?: unknown };
      if (!r || typeof r !== "object" || !("result" in r || "error" in r)) {
        throw new TransportError(`HTTP ${response.status} from ${String(url)}: not a JSON-RPC response.`, response.status);
      }
      return r as never;
    },
    async notify(message) {
      await post(message, headersOf(message as never));
    },
  };
}
