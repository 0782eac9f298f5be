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
import { startAuthorizationServer, type DevAuthorizationServer } from "./dev-authorization-server.js";

/** A served demo. */
export interface ServedDemo {
  /** The MCP endpoint. */
  url: string;
  /** The authorization server's issuer, when protected. */
  issuer?: string;
  close(): Promise<void>;
}

/** The scopes the protected demo asks for: `mcp` is required, `offline_access` lets the client refresh. */
export const DEMO_SCOPES = ["mcp", "offline_access"];

/**
 * The demo's endpoint `handler` as a protected resource at `resource` (its
 * canonical URL): only tokens of the development authorization server `as`
 * for that resource, with the `mcp` scope, reach it.
 */
export function protectDemo(handler: (request: Request) => Promise<Response>, resource: string, as: DevAuthorizationServer): (request: Request) => Promise<Response> {
  return protect(handler, {
    resource,
    authorizationServers: [as.issuer],
    requiredScopes: ["mcp"],
    verify: jwtVerifier({ jwksUrl: as.jwksUrl, issuer: as.issuer, audience: resource }),
    metadata: { resource_name: "mrtr demo server" },
  });
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
  const as = await startAuthorizationServer({ scopesSupported: DEMO_SCOPES });
  handler = protectDemo(handler, url, as);
  return {
    url,
    issuer: as.issuer,
    close: async () => {
      await closeHttp();
      await as.close();
    },
  };
}
