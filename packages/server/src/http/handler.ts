/**
 * Streamable HTTP for the draft protocol as a web-standard handler
 * `(Request) => Promise<Response>`: one endpoint (the path it is mounted at,
 * or `path`), one JSON-RPC message per POST, a JSON answer or, when there
 * are notifications to send first, an event stream (streams.ts). Stateless:
 * no session, no stream to resume; any instance serves any request.
 */
import { INVALID_REQUEST, type JSONRPCResponse } from "@mrtr/schema";
import type { McpServer } from "../server.js";
import type { HttpEra } from "../eras.js";
import { errorResponse } from "../error-response.js";
import { decodeMessage } from "../intake.js";
import { incomingFromRequest, type IncomingHttp } from "./incoming.js";
import { withIncomingFace } from "./incoming-face.js";
import { jsonAnswer, jsonResponse, toResponse, type HttpAnswer } from "./json-response.js";
import { answer, type StreamOptions } from "./streams.js";
import { defaultHttpEra } from "../lazy-eras.js";
import { corsFace, corsVetted, withCorsPolicy } from "./cors.js";
import { corsPolicy, type CorsOptions, type CorsPolicy } from "./cors-policy.js";
import { LOOPBACK_HOST } from "./loopback-host.js";

/** Options of the HTTP handler. */
export interface HttpHandlerOptions extends StreamOptions {
  /**
   * The endpoint path, for a handler served with no router in front of it
   * (`createNodeServer`, `Deno.serve`): other paths answer 404. Without it the
   * handler serves whatever path a request arrives on, so the framework or
   * router that mounts it decides what reaches it.
   */
  path?: string;
  /**
   * Browser origins allowed to call the endpoint. A request with an `Origin`
   * header not listed (and not the endpoint's own origin) gets 403: this stops
   * DNS-rebinding attacks on local servers. Requests without `Origin` (non-browser clients) pass.
   * The origins of `cors` are allowed too: list them there only.
   */
  allowedOrigins?: string[] | ((origin: string) => boolean);
  /**
   * The Host names the endpoint answers to (others get 403): `"loopback"`
   * for `localhost`, `127.x.y.z` and `[::1]` (any port), a list of host names
   * (with the port when not the scheme's default, as a `Host` header has it;
   * case aside), or a function. Default: any. A local server on Bun, Deno or
   * another fetch runtime sets `"loopback"` to stop DNS rebinding (a web
   * page's own host name pointed at 127.0.0.1), which the handler cannot
   * detect alone; `createNodeServer` does this by itself for a loopback
   * listener.
   */
  allowedHosts?: "loopback" | readonly string[] | ((host: string) => boolean);
  /**
   * CORS, for browser pages on other origins (off by default): preflights
   * from `cors.origins` are answered (204; 403 for another origin), and every
   * answer to such a page carries the headers that let it read the answer,
   * its status and `WWW-Authenticate`, `Retry-After`, `DPoP-Nonce`,
   * `Mcp-Session-Id`. An origin allowed here passes the `Origin` check too.
   * `protect` wrapping this handler answers its 401/403 the same way.
   * Options that cannot be right (`credentials` with `["*"]`) throw here.
   */
  cors?: CorsOptions;
  /** Largest request body in bytes (default 1 MiB); larger gets 413. */
  maxBodyBytes?: number;
  /** Time for the request body to arrive, in ms (default 30 000); slower gets 408. */
  bodyTimeoutMs?: number;
  /**
   * Clients of the earlier, initialize-based revisions (2025-11-25,
   * 2025-06-18), served on the same endpoint. Default: served, by
   * `legacyHttp()` with its defaults (sessions; see `@mrtr/server/legacy`),
   * loaded only when the first such client arrives. Pass `legacyHttp({ ... })`
   * to set its options (`mode: "stateless"` for a fleet without sticky
   * routing), or `false` to serve 2026-07-28 clients only (such a client's
   * `initialize` then gets -32022 naming the versions served).
   */
  legacy?: HttpEra | false;
}

const UTF8 = new TextDecoder();

/** An error response of the binding's own (no message was read, so no id to echo). */
function rpcError(code: number, message: string): JSONRPCResponse {
  return errorResponse(undefined, { code, message });
}

/** The Host check of `allowedHosts` (none: every host), made once. */
function hostCheck(allowed: HttpHandlerOptions["allowedHosts"]): (host: string) => boolean {
  if (allowed === undefined) return () => true;
  if (allowed === "loopback") return (host) => LOOPBACK_HOST.test(host);
  if (typeof allowed === "function") return (host) => allowed(host) === true;
  if (!Array.isArray(allowed) || !allowed.every((h) => typeof h === "string" && h !== "")) {
    throw new TypeError('createHttpHandler: allowedHosts must be "loopback", a list of host names (host[:port]) or a function.');
  }
  const hosts = new Set(allowed.map((h) => h.toLowerCase()));
  return (host) => hosts.has(host.toLowerCase());
}

/** The `Origin` check: no Origin, the endpoint's own, one of `allowed`, or one CORS allows (this handler's policy, or a `cors` wrapper's around it). */
function originAllowed(request: IncomingHttp, allowed: HttpHandlerOptions["allowedOrigins"], policy: CorsPolicy | undefined): boolean {
  const origin = request.header("origin");
  if (origin === null) return true;
  if (origin === request.url.origin) return true;
  if (typeof allowed === "function" ? allowed(origin) : (allowed ?? []).includes(origin)) return true;
  if (policy?.allows(origin)) return true;
  // Only for an origin about to be refused: on the Node path this makes the request's Request (a header it cannot hold: refused).
  try {
    return corsVetted(request.request());
  } catch {
    return false;
  }
}

/**
 * A web-standard request handler serving `server` over Streamable HTTP, on
 * the path it is mounted at (or only on `options.path`): one JSON-RPC message
 * per POST, answered as JSON or, once the request sends
 * notifications ahead of its answer, as an event stream. Fetch-based hosts
 * (Deno, Bun, workers) use it as it is; Node through `@mrtr/server/node`.
 *
 * @example
 * ```ts
 * const handler = createHttpHandler(server);
 * createNodeServer(handler).listen(3000); // from @mrtr/server/node
 * ```
 */
export function createHttpHandler(server: McpServer, options: HttpHandlerOptions = {}): (request: Request) => Promise<Response> {
  const path = options.path;
  const hostAllowed = hostCheck(options.allowedHosts);
  const limit = options.maxBodyBytes ?? 1024 * 1024;
  const bodyTimeoutMs = options.bodyTimeoutMs ?? 30_000;
  const era = options.legacy === false ? undefined : (options.legacy ?? defaultHttpEra());
  // GET and DELETE are served to legacy sessions only.
  const cors = options.cors === undefined ? undefined : corsPolicy(options.cors, era ? ["POST", "GET", "DELETE"] : ["POST"]);
  // Whether `era` claims a request: from its method and headers where the plugin can tell so (no web Request is made), else from the Request.
  const claimed = (incoming: IncomingHttp, message: Record<string, unknown> | undefined) =>
    era !== undefined && (era.claimsIncoming ? era.claimsIncoming(incoming, message) : era.claims(incoming.request(), message));
  const serve = async (incoming: IncomingHttp): Promise<HttpAnswer> => {
    try {
      if (path !== undefined && incoming.url.pathname !== path) return jsonResponse({ error: "Not found" }, 404);
      if (!hostAllowed(incoming.url.host)) return jsonResponse(rpcError(INVALID_REQUEST, "Host not allowed: this endpoint answers only the host names its allowedHosts lists"), 403);
      if (!originAllowed(incoming, options.allowedOrigins, cors)) return jsonResponse(rpcError(INVALID_REQUEST, "Origin not allowed"), 403);
      if (incoming.method !== "POST") {
        if (era && claimed(incoming, undefined)) return await era.serve(incoming.request(), undefined, server);
        return jsonResponse(rpcError(INVALID_REQUEST, "Send JSON-RPC messages by POST; this stateless server has no stream to GET"), 405, { allow: "POST" });
      }
      // Never more than the limit held, never longer than the time limit waited.
      const read = await incoming.readBody({ maxBytes: limit, timeoutMs: bodyTimeoutMs, declaredLength: incoming.header("content-length") });
      if (!read.ok && read.failure === "too-large") return jsonResponse(rpcError(INVALID_REQUEST, `Request body larger than ${limit} bytes; the server's maxBodyBytes sets the limit`), 413);
      if (!read.ok && read.failure === "too-slow") return jsonResponse(rpcError(INVALID_REQUEST, `Request body not received within ${bodyTimeoutMs} ms`), 408);
      if (!read.ok) return jsonResponse(rpcError(INVALID_REQUEST, "The request body could not be read"), 400);
      const body = UTF8.decode(read.bytes);
      if (era) {
        // Decoded once here: the era plugin takes what opens or continues its sessions, the core the rest.
        const decoded = decodeMessage(body);
        const message = decoded.ok ? decoded.message : undefined;
        if (claimed(incoming, message)) return await era.serve(incoming.request(), message, server);
        if (message) return await answer(server, message, incoming, options);
      }
      // The core decodes it (once), checks the headers through the binding's precheck, and serves it.
      return await answer(server, body, incoming, options);
    } catch {
      return jsonAnswer(rpcError(-32603, "Internal error"));
    }
  };
  const served = cors ? corsFace(cors, serve) : serve;
  // The web face; the Node adapter finds the other (`served`, on a request description) through incoming-face.ts.
  const handler = withIncomingFace(async (request: Request) => toResponse(await served(incomingFromRequest(request))), served);
  return cors ? withCorsPolicy(handler, cors) : handler;
}
