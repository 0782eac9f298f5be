/**
 * Serving the web-standard handler from Node's `http` module. Everything that
 * turns a Node request into a web `Request` happens inside the error
 * boundary: a request that cannot be represented (a Host or target that is
 * not a URL, a method the fetch API refuses) gets a plain 4xx/5xx answer, and
 * nothing a peer sends can throw out of the listener.
 *
 * Our own handler (`createHttpHandler`) has a second face (incoming-face.ts):
 * the same handler on a request description, which this adapter reads from
 * the Node request directly (node-incoming.ts), answering JSON as text,
 * written with its length in one write. Any other handler gets the web
 * `Request` and its `Response` is streamed.
 */
import { createServer as createHttpServer, type IncomingMessage, type Server, type ServerResponse as NodeResponse } from "node:http";
import { Readable } from "node:stream";
import { defaultShare, definedOnly, readWithin } from "@mrtr/internal";
import { incomingFaceOf } from "./incoming-face.js";
import { JsonAnswer, type HttpAnswer } from "./json-response.js";
import { holdConnections } from "./node-connections.js";
import { headersOf, incomingFromNode, withPeer } from "./node-incoming.js";
import { LOOPBACK_ADDRESS, LOOPBACK_HOST } from "./loopback-host.js";
import { corsPolicyOf } from "./cors.js";
import { corsHeaders } from "./cors-answer.js";
import { RequestAbort } from "../request-abort.js";

/** Options of {@link toNodeListener}. */
export interface NodeListenerOptions {
  /**
   * Serve a loopback listener under any Host name. Off by default: a server
   * listening on a loopback address answers only requests whose Host is
   * localhost, 127.0.0.1 or [::1] (403 otherwise), which defeats DNS
   * rebinding, where a web page's own host name is pointed at 127.0.0.1.
   */
  allowAnyHost?: boolean;
}

/** Options of {@link createNodeServer}: the listener's, plus limits on connections and slow peers. */
export interface NodeServerOptions extends NodeListenerOptions {
  /** Time to receive a whole request, headers and body, in ms (default 30 000); slower peers get 408 and are disconnected. */
  requestTimeoutMs?: number;
  /** Time to receive the request headers, in ms (default 10 000). */
  headersTimeoutMs?: number;
  /** How long an idle keep-alive connection stays open, in ms (default 5 000). */
  keepAliveTimeoutMs?: number;
  /**
   * Most simultaneous connections (default 1 024). When all are open, the idle
   * keep-alive connection used longest ago of the peer holding the most is
   * closed to make room; with none idle, a new one is answered 503 and closed.
   */
  maxConnections?: number;
  /**
   * Most simultaneous connections from one peer address (IPv6: one /64;
   * default 256, less than `maxConnections`); past it a new one is answered
   * 429 and closed. Behind a proxy every connection comes from the proxy:
   * raise it to fit the proxy's pool.
   */
  maxConnectionsPerPeer?: number;
}

/** The defaults of {@link createNodeServer}'s limits. */
export const NODE_SERVER_DEFAULTS = {
  requestTimeoutMs: 30_000,
  headersTimeoutMs: 10_000,
  keepAliveTimeoutMs: 5_000,
  maxConnections: 1024,
  maxConnectionsPerPeer: 256,
} as const satisfies Required<Omit<NodeServerOptions, keyof NodeListenerOptions>>;


/** One value of a Node request's header (several joined by ", "), or null. */
function headerOf(req: IncomingMessage, name: string): string | null {
  const value = req.headers[name];
  return value === undefined ? null : Array.isArray(value) ? value.join(", ") : value;
}

/** A plain answer from the adapter itself (no JSON-RPC message could be read). */
function refuseWith(res: NodeResponse, status: number, message: string, headers: Record<string, string> = {}): void {
  if (res.headersSent) {
    res.destroy();
    return;
  }
  res.writeHead(status, { "content-type": "application/json", ...headers });
  res.end(JSON.stringify({ jsonrpc: "2.0", error: { code: -32600, message } }));
}

/**
 * The request's URL from its target and Host, or undefined when they do not
 * form one (a port out of range, a malformed address, an absolute-form
 * target that is not an http URL).
 */
function requestUrl(req: IncomingMessage): URL | undefined {
  const target = req.url ?? "/";
  const host = req.headers.host;
  try {
    if (target.startsWith("/")) return host === undefined ? undefined : new URL(target, `http://${host}`);
    const url = new URL(target); // absolute form: it names the host itself (RFC 9112, 3.2.2)
    return url.protocol === "http:" || url.protocol === "https:" ? url : undefined;
  } catch {
    return undefined;
  }
}

/** The web `Request` for a Node request, or why there is none. */
function toRequest(req: IncomingMessage, signal: AbortSignal): { request: Request } | { status: number; message: string } {
  const url = requestUrl(req);
  if (!url) return { status: 400, message: "The request target and Host header do not form a valid URL" };
  let headers: Headers;
  try {
    headers = headersOf(req);
  } catch {
    return { status: 400, message: "A request header cannot be represented" };
  }
  const method = req.method ?? "GET";
  const hasBody = method !== "GET" && method !== "HEAD";
  try {
    const init: RequestInit & { duplex?: "half" } = { method, headers, signal };
    if (hasBody) {
      init.body = Readable.toWeb(req) as ReadableStream<Uint8Array>;
      init.duplex = "half";
    }
    return { request: withPeer(new Request(url, init), req) };
  } catch {
    // The fetch API refuses some methods (CONNECT, TRACE, TRACK) and malformed tokens.
    return { status: 501, message: `Method ${method} is not supported; send JSON-RPC messages by POST` };
  }
}

/** The methods the fetch API represents; others (CONNECT, TRACE, TRACK, malformed tokens) take the path that refuses them. */
const FETCH_METHODS = new Set(["GET", "HEAD", "POST", "PUT", "DELETE", "OPTIONS", "PATCH"]);

/** Writes an answer: JSON text with its length in one write, a `Response` streamed. */
function write(answer: HttpAnswer, res: NodeResponse, close: boolean): Promise<void> {
  if (close) res.setHeader("connection", "close"); // the body was not read to its end: do not read the rest
  if (!(answer instanceof JsonAnswer)) return send(answer, res);
  if (res.destroyed) return Promise.resolve();
  const headers: Record<string, string | number> = { ...answer.headers, "content-length": answer.text === null ? 0 : Buffer.byteLength(answer.text) };
  res.writeHead(answer.status, headers);
  res.end(answer.text ?? undefined);
  return Promise.resolve();
}

/** Bodies up to this size with a declared length are written in one write rather than streamed. */
const WHOLE_BODY_BYTES = 1024 * 1024;

/** Writes a web `Response` to Node, streaming its body and stopping when the peer goes away. */
async function send(response: Response, res: NodeResponse): Promise<void> {
  res.statusCode = response.status;
  response.headers.forEach((value, key) => res.setHeader(key, value));
  if (!response.body) {
    res.end();
    return;
  }
  // A small body of declared length that is not an event stream: read whole, written with the headers in one write.
  const length = Number(response.headers.get("content-length") ?? Number.NaN);
  if (Number.isSafeInteger(length) && length <= WHOLE_BODY_BYTES && !(response.headers.get("content-type") ?? "").includes("text/event-stream")) {
    const read = await readWithin(response.body, { maxBytes: length });
    if (!read.ok || read.bytes.byteLength !== length) {
      res.destroy(); // the handler's body disagrees with its own Content-Length
      return;
    }
    res.end(read.bytes);
    return;
  }
  res.flushHeaders();
  const reader = response.body.getReader();
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      if (res.destroyed) break;
      if (!res.write(value)) await new Promise<void>((resolve) => {
        const go = () => {
          res.off("drain", go);
          res.off("close", go);
          resolve();
        };
        res.on("drain", go);
        res.on("close", go);
      });
    }
  } finally {
    await reader.cancel().catch(() => undefined);
    if (!res.destroyed) res.end();
  }
}

/** Adapts `(Request) => Promise<Response>` to a Node `http` request listener. Never throws. */
export function toNodeListener(handler: (request: Request) => Promise<Response>, options: NodeListenerOptions = {}) {
  const entry = incomingFaceOf(handler);
  const policy = corsPolicyOf(handler);
  return (req: IncomingMessage, res: NodeResponse): void => {
    // The adapter's own answers to a page the handler's CORS allows are readable by it too (not the Host refusal: no allowed page sends a rebound Host).
    const refuse = (status: number, message: string, headers: Record<string, string> = {}) =>
      refuseWith(res, status, message, policy ? { ...headers, ...corsHeaders(policy, (name) => headerOf(req, name)) } : headers);
    try {
      const local = req.socket.localAddress ?? "";
      if (!options.allowAnyHost && LOOPBACK_ADDRESS.test(local) && !LOOPBACK_HOST.test(req.headers.host ?? "")) {
        refuseWith(res, 403, "Host not allowed for a server on a loopback address");
        return;
      }
      const controller = new RequestAbort();
      res.on("close", () => {
        if (!res.writableFinished) controller.abort();
      });
      if (entry && FETCH_METHODS.has(req.method ?? "")) {
        const url = requestUrl(req);
        if (!url) {
          req.resume();
          refuse(400, "The request target and Host header do not form a valid URL");
          return;
        }
        let readFailed = false;
        const incoming = incomingFromNode(req, url, controller, () => (readFailed = true));
        entry(incoming)
          .then((answer) => write(answer, res, readFailed))
          .catch(() => refuse(500, "Internal error"));
        return;
      }
      const converted = toRequest(req, controller.signal);
      if (!("request" in converted)) {
        req.resume(); // drain what the peer sends; the answer does not need it
        refuse(converted.status, converted.message, converted.status === 501 ? { allow: "POST" } : {});
        return;
      }
      Promise.resolve()
        .then(() => handler(converted.request))
        .then((response) => send(response, res))
        .catch(() => refuse(500, "Internal error"));
    } catch {
      refuse(400, "Bad request");
    }
  };
}

/**
 * A Node HTTP server for the handler, with limits a public endpoint needs:
 * whole-request and header timeouts (a peer sending one byte a second is cut
 * off), an idle keep-alive timeout, and connections held fairly: a cap in all
 * and a share per peer address (docs/architecture.md, "Fair shares"). Call
 * `.listen()` on it. Throws a `RangeError` for a share not below the cap.
 */
export function createNodeServer(handler: (request: Request) => Promise<Response>, options: NodeServerOptions = {}): Server {
  const limits = { ...NODE_SERVER_DEFAULTS, ...definedOnly(options) };
  // A smaller cap lowers the default share with it, so setting maxConnections alone stays valid.
  if (options.maxConnectionsPerPeer === undefined && options.maxConnections !== undefined) {
    limits.maxConnectionsPerPeer = defaultShare(options.maxConnections, NODE_SERVER_DEFAULTS.maxConnectionsPerPeer);
  }
  const server = createHttpServer(
    {
      requestTimeout: limits.requestTimeoutMs,
      headersTimeout: Math.min(limits.headersTimeoutMs, limits.requestTimeoutMs),
      keepAliveTimeout: limits.keepAliveTimeoutMs,
      // Node checks the timeouts on this interval (default 30 s): often enough for the limits set.
      connectionsCheckingInterval: Math.max(250, Math.min(1000, limits.headersTimeoutMs / 4)),
    },
    toNodeListener(handler, options),
  );
  holdConnections(server, limits);
  return server;
}
