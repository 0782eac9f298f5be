/**
 * Streamable HTTP for the draft protocol as a web-standard handler
 * `(Request) => Promise<Response>`: one endpoint, one JSON-RPC message per
 * POST, a JSON answer or, when there are notifications to send first, an
 * event stream (streams.ts). Stateless: no session, no stream to resume; any
 * instance serves any request.
 */
import { INVALID_REQUEST } from "@mrtr/schema";
import type { McpServer, ServerResponse } from "../server.js";
import { errorResponse } from "../error-response.js";
import { jsonAnswer, jsonResponse } from "./json-response.js";
import { answer, type StreamOptions } from "./streams.js";

/** Options of the HTTP handler. */
export interface HttpHandlerOptions extends StreamOptions {
  /** The endpoint path (default "/mcp"). Other paths answer 404. */
  path?: string;
  /**
   * Browser origins allowed to call the endpoint. A request with an `Origin`
   * header not listed (and not the endpoint's own origin) gets 403: this stops
   * DNS-rebinding attacks on local servers. Requests without `Origin` (non-browser clients) pass.
   */
  allowedOrigins?: string[] | ((origin: string) => boolean);
  /** Largest request body in bytes (default 1 MiB); larger gets 413. */
  maxBodyBytes?: number;
  /** Time for the request body to arrive, in ms (default 30 000); slower gets 408. */
  bodyTimeoutMs?: number;
}

/** An error response of the binding's own (no message was read, so no id to echo). */
function rpcError(code: number, message: string): ServerResponse {
  return errorResponse(undefined, { code, message });
}

/**
 * Reads the body, refusing more than `limit` bytes without buffering them and
 * giving up on a body that takes longer than `timeoutMs` to arrive.
 */
async function readBody(request: Request, limit: number, timeoutMs: number): Promise<string | "too large" | "too slow"> {
  const declared = Number(request.headers.get("content-length") ?? "NaN");
  if (Number.isFinite(declared) && declared > limit) return "too large";
  if (!request.body) return "";
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<"too slow">((resolve) => {
    timer = setTimeout(() => resolve("too slow"), timeoutMs);
  });
  try {
    for (;;) {
      const next = await Promise.race([reader.read(), late]);
      if (next === "too slow") {
        await reader.cancel().catch(() => undefined);
        return next;
      }
      if (next.done) break;
      size += next.value.byteLength;
      if (size > limit) {
        await reader.cancel().catch(() => undefined);
        return "too large";
      }
      chunks.push(next.value);
    }
  } finally {
    clearTimeout(timer);
  }
  const bytes = new Uint8Array(size);
  let offset = 0;
  for (const c of chunks) {
    bytes.set(c, offset);
    offset += c.byteLength;
  }
  return new TextDecoder().decode(bytes);
}

function originAllowed(request: Request, allowed: HttpHandlerOptions["allowedOrigins"]): boolean {
  const origin = request.headers.get("origin");
  if (origin === null) return true;
  if (origin === new URL(request.url).origin) return true;
  if (typeof allowed === "function") return allowed(origin);
  return (allowed ?? []).includes(origin);
}

/** A web-standard request handler serving `server` over Streamable HTTP. */
export function createHttpHandler(server: McpServer, options: HttpHandlerOptions = {}): (request: Request) => Promise<Response> {
  const path = options.path ?? "/mcp";
  const limit = options.maxBodyBytes ?? 1024 * 1024;
  const bodyTimeoutMs = options.bodyTimeoutMs ?? 30_000;
  return async (request) => {
    try {
      const url = new URL(request.url);
      if (url.pathname !== path) return jsonResponse({ error: "Not found" }, 404);
      if (!originAllowed(request, options.allowedOrigins)) return jsonResponse(rpcError(INVALID_REQUEST, "Origin not allowed"), 403);
      if (request.method !== "POST") {
        return jsonResponse(rpcError(INVALID_REQUEST, "Send JSON-RPC messages by POST; this stateless server has no stream to GET"), 405, { allow: "POST" });
      }
      const body = await readBody(request, limit, bodyTimeoutMs);
      if (body === "too large") return jsonResponse(rpcError(INVALID_REQUEST, `Request body larger than ${limit} bytes; the server's maxBodyBytes sets the limit`), 413);
      if (body === "too slow") return jsonResponse(rpcError(INVALID_REQUEST, `Request body not received within ${bodyTimeoutMs} ms`), 408);
      // The core decodes it (once), checks the headers through the binding's precheck, and serves it.
      return await answer(server, body, request, options);
    } catch {
      return jsonAnswer(rpcError(-32603, "Internal error"));
    }
  };
}
