/** Serving the web-standard handler from Node's `http` module. */
import type { IncomingMessage, ServerResponse as NodeResponse } from "node:http";
import { Readable } from "node:stream";

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

const LOOPBACK_ADDRESS = /^(127\.|::1$|::ffff:127\.)/;
const LOOPBACK_HOST = /^(localhost|127\.\d{1,3}\.\d{1,3}\.\d{1,3}|\[::1\])(:\d+)?$/i;

/** Adapts `(Request) => Promise<Response>` to a Node `http` request listener. */
export function toNodeListener(handler: (request: Request) => Promise<Response>, options: NodeListenerOptions = {}) {
  return (req: IncomingMessage, res: NodeResponse): void => {
    const local = req.socket.localAddress ?? "";
    if (!options.allowAnyHost && LOOPBACK_ADDRESS.test(local) && !LOOPBACK_HOST.test(req.headers.host ?? "")) {
      res.writeHead(403, { "content-type": "application/json" });
      res.end(JSON.stringify({ jsonrpc: "2.0", error: { code: -32600, message: "Host not allowed for a server on a loopback address" } }));
      return;
    }
    const controller = new AbortController();
    res.on("close", () => {
      if (!res.writableFinished) controller.abort();
    });
    const host = req.headers.host ?? "localhost";
    const url = new URL(req.url ?? "/", `http://${host}`);
    const headers = new Headers();
    for (const [key, value] of Object.entries(req.headers)) {
      if (Array.isArray(value)) value.forEach((v) => headers.append(key, v));
      else if (value !== undefined) headers.set(key, value);
    }
    const hasBody = req.method !== "GET" && req.method !== "HEAD";
    const request = new Request(url, {
      method: req.method ?? "GET",
      headers,
      signal: controller.signal,
      ...(hasBody && { body: Readable.toWeb(req) as ReadableStream, duplex: "half" }),
    } as RequestInit);
    handler(request)
      .then(async (response) => {
        res.statusCode = response.status;
        response.headers.forEach((value, key) => res.setHeader(key, value));
        const body = response.body ? new Uint8Array(await response.arrayBuffer()) : undefined;
        res.end(body);
      })
      .catch(() => {
        if (!res.headersSent) res.statusCode = 500;
        res.end();
      });
  };
}
