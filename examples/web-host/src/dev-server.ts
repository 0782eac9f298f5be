/**
 * The web host's development server, one origin on loopback for everything
 * the page talks to, so the browser needs no CORS for MCP:
 *
 * - `/` and the built page (static-files.ts);
 * - `/mcp`: the terminal client's demo server over Streamable HTTP;
 * - `/protected/mcp`: another demo server behind `protect`, with its
 *   protected-resource metadata under `/.well-known/oauth-protected-resource`;
 * - beside it, on its own port, the development authorization server, which
 *   lets this page's origin call it (CORS) for discovery, registration and tokens.
 *
 * The MCP handlers accept the page's origin as their own (a request's Origin
 * equal to the endpoint's origin passes `allowedOrigins`); any other
 * browser origin gets 403.
 */
import type { AddressInfo } from "node:net";
import { createHttpHandler } from "@mrtr/server";
import { createNodeServer } from "@mrtr/server/node";
import { createDemoServer, type DemoServerOptions } from "@mrtr/example-terminal-client/demo-server";
import { startAuthorizationServer, type DevAuthorizationServer } from "@mrtr/example-terminal-client/dev-authorization-server";
import { DEMO_SCOPES, protectDemo } from "@mrtr/example-terminal-client/serve-demo";
import { DIST_DIR } from "./build-page.js";
import { staticFiles } from "./static-files.js";

/** The paths of the two MCP endpoints. */
export const ENDPOINT_PATHS = { open: "/mcp", protected: "/protected/mcp" } as const;

/** Options of {@link startDevServer}. */
export interface DevServerOptions {
  /** Port on 127.0.0.1 (default 0: a free one). */
  port?: number;
  /** The built page (default dist/). */
  root?: string;
  /** Options of both demo servers (step time of the long tool, a cancellation hook, …). */
  demo?: DemoServerOptions;
}

/** A running development server. */
export interface DevServer {
  /** The page. */
  url: string;
  /** The two MCP endpoints. */
  endpoints: { open: string; protected: string };
  /** The development authorization server (its recorded requests, for tests). */
  authorizationServer: DevAuthorizationServer;
  close(): Promise<void>;
}

/** Starts the page, both endpoints and the authorization server. */
export async function startDevServer(options: DevServerOptions = {}): Promise<DevServer> {
  let handler: (request: Request) => Promise<Response> = async () => new Response("Starting", { status: 503 });
  const http = createNodeServer((request) => handler(request));
  await new Promise<void>((resolve) => http.listen(options.port ?? 0, "127.0.0.1", resolve));
  const origin = `http://127.0.0.1:${(http.address() as AddressInfo).port}`;
  const endpoints = { open: `${origin}${ENDPOINT_PATHS.open}`, protected: `${origin}${ENDPOINT_PATHS.protected}` };
  const as = await startAuthorizationServer({ scopesSupported: DEMO_SCOPES, corsOrigins: [origin] });

  const page = staticFiles(options.root ?? DIST_DIR, { connectTo: [new URL(as.issuer).origin] });
  const open = createHttpHandler(createDemoServer(options.demo), { path: ENDPOINT_PATHS.open });
  const guarded = protectDemo(createHttpHandler(createDemoServer(options.demo), { path: ENDPOINT_PATHS.protected }), endpoints.protected, as);
  handler = (request) => {
    const path = new URL(request.url).pathname;
    if (path === ENDPOINT_PATHS.open) return open(request);
    if (path === ENDPOINT_PATHS.protected || path.startsWith("/.well-known/oauth-protected-resource")) return guarded(request);
    return page(request);
  };

  return {
    url: `${origin}/`,
    endpoints,
    authorizationServer: as,
    close: async () => {
      await new Promise<void>((resolve) => {
        http.closeAllConnections();
        http.close(() => resolve());
      });
      await as.close();
    },
  };
}
