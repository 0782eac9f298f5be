/**
 * Serves the demo server over Streamable HTTP on loopback, optionally as a
 * protected resource: then a development authorization server starts beside
 * it and the endpoint accepts only tokens it issued for this endpoint.
 */
import type { AddressInfo } from "node:net";
import { createHttpHandler } from "@mrtr/server";
import { createNodeServer } from "@mrtr/server/node";
import { jwtVerifier, protect } from "@mrtr/server/auth";
import { createDemoServer } from "./demo-server.js";
import { startAuthorizationServer } from "./dev-authorization-server.js";

/** A served demo. */
export interface ServedDemo {
  /** The MCP endpoint. */
  url: string;
  /** The authorization server's issuer, when protected. */
  issuer?: string;
  close(): Promise<void>;
}

/** Starts the demo server on 127.0.0.1:`port` (0: a free one), protected when asked. */
export async function serveDemo(options: { port?: number; protected?: boolean } = {}): Promise<ServedDemo> {
  let handler: (request: Request) => Promise<Response> = createHttpHandler(createDemoServer());
  const http = createNodeServer((request) => handler(request));
  await new Promise<void>((resolve) => http.listen(options.port ?? 0, "127.0.0.1", resolve));
  const url = `http://127.0.0.1:${(http.address() as AddressInfo).port}/mcp`;
  const closeHttp = () =>
    new Promise<void>((resolve) => {
      http.closeAllConnections();
      http.close(() => resolve());
    });
  if (!options.protected) return { url, close: closeHttp };
  const as = await startAuthorizationServer({ scopesSupported: ["mcp", "offline_access"] });
  handler = protect(handler, {
    resource: url,
    authorizationServers: [as.issuer],
    requiredScopes: ["mcp"],
    verify: jwtVerifier({ jwksUrl: as.jwksUrl, issuer: as.issuer, audience: url }),
    metadata: { resource_name: "mrtr demo server" },
  });
  return {
    url,
    issuer: as.issuer,
    close: async () => {
      await closeHttp();
      await as.close();
    },
  };
}
