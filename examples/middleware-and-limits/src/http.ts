/**
 * The server over Streamable HTTP on Node, with the request body limited to
 * 4 KiB (the default is 1 MiB): a larger body is refused with 413 before it is
 * read to its end, let alone parsed.
 */
import type { AddressInfo } from "node:net";
import { createHttpHandler, type McpServer } from "@mrtr/server";
import { createNodeServer } from "@mrtr/server/node";

/** A running endpoint and how to stop it. */
export interface Endpoint {
  readonly url: string;
  close(): Promise<void>;
}

/** Serves `server` at /mcp on a free loopback port. */
export async function serveHttp(server: McpServer): Promise<Endpoint> {
  const http = createNodeServer(createHttpHandler(server, { path: "/mcp", maxBodyBytes: 4 * 1024 }));
  await new Promise<void>((resolve) => http.listen(0, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${(http.address() as AddressInfo).port}/mcp`,
    // Stop accepting, let requests in flight finish, then end the server's own streams.
    close: () => new Promise<void>((resolve) => http.close(() => void server.close().then(resolve))),
  };
}
