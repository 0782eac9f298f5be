/**
 * The web host's development server, one origin on loopback for everything
 * the page talks to, so the browser needs no CORS for MCP:
 *
 * - `/` and the built page (static-files.ts);
 * - `/mcp`: the terminal client's demo server over Streamable HTTP;
 * - `/protected/mcp`: another demo server behind `protect`, with its
 *   protected-resource metadata under `/.well-known/oauth-protected-resource`;
 * - `/apps/mcp`: the trip planner, whose tool has an MCP Apps view
 *   (apps-demo-server.ts);
 * - `/host-config.json`: where the sandbox proxy is (host-config.ts), so
 *   the page stays static;
 * - beside it, on its own port, the development authorization server, which
 *   lets this page's origin call it (CORS) for discovery, registration and tokens;
 * - and on another port and another host name (`localhost`, where the page is
 *   `127.0.0.1`: cookies ignore ports, so only another host name keeps the
 *   page's cookies from views), the sandbox proxy of `@mrtr/apps/sandbox`
 *   at `/sandbox`, serving this page's origin only. The page's
 *   Content-Security-Policy lets it frame that origin and no other.
 *
 * The MCP handlers accept the page's origin as their own (a request's Origin
 * equal to the endpoint's origin passes `allowedOrigins`); any other
 * browser origin gets 403.
 */
import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import { createSandboxProxyHandler } from "@mrtr/apps/sandbox";
import { createHttpHandler } from "@mrtr/server";
import { createNodeServer } from "@mrtr/server/node";
import { createDemoServer, type DemoServerOptions } from "@mrtr/example-terminal-client/demo-server";
import { startAuthorizationServer, type DevAuthorizationServer } from "@mrtr/example-terminal-client/dev-authorization-server";
import { DEMO_SCOPES, protectDemo } from "@mrtr/example-terminal-client/serve-demo";
import { createAppsDemoServer } from "./apps-demo-server.js";
import { DIST_DIR } from "./build-page.js";
import { HOST_CONFIG_PATH, type HostConfig } from "./host-config.js";
import { staticFiles } from "./static-files.js";

/** The paths of the three MCP endpoints. */
export const ENDPOINT_PATHS = { open: "/mcp", protected: "/protected/mcp", apps: "/apps/mcp" } as const;

/** The sandbox proxy's path on its own origin. */
export const SANDBOX_PATH = "/sandbox";

/** Options of {@link startDevServer}. */
export interface DevServerOptions {
  /** Port on 127.0.0.1 (default 0: a free one). */
  port?: number;
  /** Port of the sandbox proxy, reached as `localhost` (default 0: a free one). */
  sandboxPort?: number;
  /** The built page (default dist/). */
  root?: string;
  /** Options of both demo servers (step time of the long tool, a cancellation hook, …). */
  demo?: DemoServerOptions;
}

/** A running development server. */
export interface DevServer {
  /** The page. */
  url: string;
  /** The three MCP endpoints. */
  endpoints: { open: string; protected: string; apps: string };
  /** The sandbox proxy of MCP Apps views (another origin than the page's). */
  sandboxProxyUrl: string;
  /** The development authorization server (its recorded requests, for tests). */
  authorizationServer: DevAuthorizationServer;
  close(): Promise<void>;
}

type Handler = (request: Request) => Response | Promise<Response>;

/** A node server on 127.0.0.1:`port` answering with whatever `handler()` is when a request comes; resolves with it and its port. */
async function listen(port: number, handler: () => Handler): Promise<{ server: Server; port: number }> {
  const server = createNodeServer(async (request) => handler()(request));
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
  return { server, port: (server.address() as AddressInfo).port };
}

/** Stops a node server, dropping its open connections. */
function stop(server: Server): Promise<void> {
  return new Promise<void>((resolve) => {
    server.closeAllConnections();
    server.close(() => resolve());
  });
}

/** The sandbox proxy for pages of `pageOrigin`, at SANDBOX_PATH only. */
function sandboxRoutes(pageOrigin: string): Handler {
  const proxy = createSandboxProxyHandler({ hostOrigins: [pageOrigin] });
  return (request) => (new URL(request.url).pathname === SANDBOX_PATH ? proxy(request) : new Response("Not found", { status: 404 }));
}

/** `/host-config.json`: the page's configuration, never cached. */
function hostConfigResponse(config: HostConfig): Response {
  return Response.json(config, { headers: { "cache-control": "no-store", "x-content-type-options": "nosniff" } });
}

/** Starts the page, the endpoints, the sandbox proxy and the authorization server. */
export async function startDevServer(options: DevServerOptions = {}): Promise<DevServer> {
  let handler: Handler = () => new Response("Starting", { status: 503 });
  let sandbox: Handler = () => new Response("Starting", { status: 503 });
  const main = await listen(options.port ?? 0, () => handler);
  const proxy = await listen(options.sandboxPort ?? 0, () => sandbox);
  const origin = `http://127.0.0.1:${main.port}`;
  const proxyOrigin = `http://localhost:${proxy.port}`;
  const sandboxProxyUrl = `${proxyOrigin}${SANDBOX_PATH}`;
  const endpoints = { open: `${origin}${ENDPOINT_PATHS.open}`, protected: `${origin}${ENDPOINT_PATHS.protected}`, apps: `${origin}${ENDPOINT_PATHS.apps}` };
  const as = await startAuthorizationServer({ scopesSupported: DEMO_SCOPES, corsOrigins: [origin] });
  sandbox = sandboxRoutes(origin);

  const page = staticFiles(options.root ?? DIST_DIR, { connectTo: [new URL(as.issuer).origin], frameFrom: [proxyOrigin] });
  const open = createHttpHandler(createDemoServer(options.demo), { path: ENDPOINT_PATHS.open });
  const guarded = protectDemo(createHttpHandler(createDemoServer(options.demo), { path: ENDPOINT_PATHS.protected }), endpoints.protected, as);
  const apps = createHttpHandler(createAppsDemoServer(), { path: ENDPOINT_PATHS.apps });
  handler = (request) => {
    const path = new URL(request.url).pathname;
    if (path === ENDPOINT_PATHS.open) return open(request);
    if (path === ENDPOINT_PATHS.apps) return apps(request);
    if (path === HOST_CONFIG_PATH) return hostConfigResponse({ sandboxProxyUrl });
    if (path === ENDPOINT_PATHS.protected || path.startsWith("/.well-known/oauth-protected-resource")) return guarded(request);
    return page(request);
  };

  return {
    url: `${origin}/`,
    endpoints,
    sandboxProxyUrl,
    authorizationServer: as,
    close: async () => {
      await Promise.all([stop(main.server), stop(proxy.server)]);
      await as.close();
    },
  };
}
