/**
 * A round-robin HTTP balancer for tests: each request goes to the next
 * backend in turn (no affinity), body and response streamed through, and
 * which backend served which request is recorded.
 */
import { createServer, request as httpRequest, type Server } from "node:http";
import type { AddressInfo } from "node:net";

/** The balancer: its URL, the backend index of each request so far, and how to stop it. */
export interface RoundRobin {
  url: string;
  served: number[];
  close(): Promise<void>;
}

/** Balances over `backends` (origins such as http://127.0.0.1:1234). */
export async function roundRobin(backends: readonly string[]): Promise<RoundRobin> {
  let next = 0;
  const served: number[] = [];
  const server: Server = createServer((req, res) => {
    const index = next++ % backends.length;
    served.push(index);
    const target = new URL(req.url ?? "/", backends[index]);
    const upstream = httpRequest(target, { method: req.method, headers: { ...req.headers, host: target.host } }, (answer) => {
      res.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(res);
    });
    upstream.on("error", () => {
      if (!res.headersSent) res.writeHead(502);
      res.end();
    });
    req.pipe(upstream);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    served,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
