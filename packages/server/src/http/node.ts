/** Serving the web-standard handler from Node's `http` module. */
import type { IncomingMessage, ServerResponse as NodeResponse } from "node:http";
import { Readable } from "node:stream";

/** Adapts `(Request) => Promise<Response>` to a Node `http` request listener. */
export function toNodeListener(handler: (request: Request) => Promise<Response>) {
  return (req: IncomingMessage, res: NodeResponse): void => {
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
