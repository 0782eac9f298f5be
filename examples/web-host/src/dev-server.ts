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
 *
 * The cross-origin mode (`crossOrigin`) moves the MCP endpoints to a server
 * of their own, on another host name (`localhost`, another port), with CORS
 * for the page's origin (`cors` of `createHttpHandler`; `protect` answers its
 * own 401 and 403 with the same headers). The protected endpoint's resource
 * identifier is its URL there, and it takes DPoP-bound tokens only, issued
 * by the development authorization server with its `dpop` option, which
 * lets the page's origin call it. `/host-config.json` names the
 * endpoints and asks the page for DPoP; the page's CSP lets it fetch from
 * their origin. The page's origin serves no MCP endpoint then. Every request
 * the MCP server receives is recorded (method, path, headers, status), for
 * tests.
 */
import { randomBytes } from "node:crypto";
import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import { createSandboxProxyHandler } from "@mrtr/apps/sandbox";
import { createHttpHandler, type CorsOptions } from "@mrtr/server";
import { jwtVerifier, protect } from "@mrtr/server/auth";
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
  /** Serve the MCP endpoints from another origin than the page's (true: the defaults of {@link CrossOriginOptions}). */
  crossOrigin?: boolean | CrossOriginOptions;
}

/** The cross-origin mode: the MCP endpoints on a server of their own, reached as `localhost`. */
export interface CrossOriginOptions {
  /** Its port (default 0: a free one). */
  port?: number;
  /**
   * The browser origins its endpoints let in (`cors.origins`); default the
   * page's origin alone. Anything else shows what a page not listed meets.
   */
  corsOrigins?: CorsOptions["origins"];
}

/** One request the MCP server of the cross-origin mode received, and its answer's status. */
export interface McpRequestRecord {
  method: string;
  path: string;
  /** The request's headers, names in lower case. */
  headers: Record<string, string>;
  status: number;
  /** The answer's headers, names in lower case. */
  responseHeaders: Record<string, string>;
}

/** A running development server. */
export interface DevServer {
  /** The page. */
  url: string;
  /** The three MCP endpoints. */
  endpoints: { open: string; protected: string; apps: string };
  /** The sandbox proxy of MCP Apps views (another origin than the page's). */
  sandboxProxyUrl: string;
  /** The authorization server of the protected endpoint (its recorded requests, for tests). */
  authorizationServer: DevAuthorizationServer;
  /** In the cross-origin mode: the MCP server's origin, and the requests it received. */
  crossOrigin?: { origin: string; requests: McpRequestRecord[] };
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

/** `handler` recording each request and its answer's status in `requests`. */
function recording(handler: Handler, requests: McpRequestRecord[]): Handler {
  return async (request) => {
    const record: McpRequestRecord = { method: request.method, path: new URL(request.url).pathname, headers: Object.fromEntries(request.headers), status: 0, responseHeaders: {} };
    requests.push(record);
    const response = await handler(request);
    record.status = response.status;
    record.responseHeaders = Object.fromEntries(response.headers);
    return response;
  };
}

/** The three MCP endpoints at their paths, and the protected one's metadata; `undefined` for any other path. */
function mcpRoutes(open: Handler, guarded: Handler, apps: Handler): (request: Request) => Response | Promise<Response> | undefined {
  return (request) => {
    const path = new URL(request.url).pathname;
    if (path === ENDPOINT_PATHS.open) return open(request);
    if (path === ENDPOINT_PATHS.apps) return apps(request);
    if (path === ENDPOINT_PATHS.protected || path.startsWith("/.well-known/oauth-protected-resource")) return guarded(request);
    return undefined;
  };
}

/** Starts the page, the endpoints, the sandbox proxy and the authorization server. */
export async function startDevServer(options: DevServerOptions = {}): Promise<DevServer> {
  let handler: Handler = () => new Response("Starting", { status: 503 });
  let sandbox: Handler = () => new Response("Starting", { status: 503 });
  let mcp: Handler = () => new Response("Starting", { status: 503 });
  const cross = options.crossOrigin === true ? {} : options.crossOrigin || undefined;
  const main = await listen(options.port ?? 0, () => handler);
  const proxy = await listen(options.sandboxPort ?? 0, () => sandbox);
  const mcpServer = cross ? await listen(cross.port ?? 0, () => mcp) : undefined;
  const origin = `http://127.0.0.1:${main.port}`;
  const proxyOrigin = `http://localhost:${proxy.port}`;
  const sandboxProxyUrl = `${proxyOrigin}${SANDBOX_PATH}`;
  const mcpOrigin = mcpServer ? `http://localhost:${mcpServer.port}` : origin;
  const endpoints = { open: `${mcpOrigin}${ENDPOINT_PATHS.open}`, protected: `${mcpOrigin}${ENDPOINT_PATHS.protected}`, apps: `${mcpOrigin}${ENDPOINT_PATHS.apps}` };
  sandbox = sandboxRoutes(origin);

  let as: DevAuthorizationServer;
  let routes: ReturnType<typeof mcpRoutes>;
  let config: HostConfig;
  const requests: McpRequestRecord[] = [];
  if (cross) {
    // DPoP in the browser needs tokens bound to the page's key: the development authorization server issues them with `dpop`.
    // A page keeps no secret: every client it registers is public (`none`), whatever it asks for.
    as = await startAuthorizationServer({ scopesSupported: ["mcp"], corsOrigins: [origin], dpop: true, authMethods: ["none"] });
    const cors: CorsOptions = { origins: cross.corsOrigins ?? [origin] };
    const open = createHttpHandler(createDemoServer(options.demo), { path: ENDPOINT_PATHS.open, cors });
    // protect around a handler with CORS: its 401 and 403 carry the same headers, and preflights pass through to the handler.
    const guarded = protect(createHttpHandler(createDemoServer(options.demo), { path: ENDPOINT_PATHS.protected, cors }), {
      resource: endpoints.protected,
      authorizationServers: [as.issuer],
      requiredScopes: ["mcp"],
      verify: jwtVerifier({ jwksUrl: as.jwksUrl, issuer: as.issuer, audience: endpoints.protected }),
      metadata: { resource_name: "mrtr demo server" },
      dpop: { required: true, nonce: { secrets: [randomBytes(32)] } },
    });
    const apps = createHttpHandler(createAppsDemoServer(), { path: ENDPOINT_PATHS.apps, cors });
    const crossRoutes = mcpRoutes(open, guarded, apps);
    mcp = recording((request) => crossRoutes(request) ?? new Response("Not found", { status: 404 }), requests);
    routes = () => undefined;
    config = { sandboxProxyUrl, endpoints, dpop: true };
  } else {
    as = await startAuthorizationServer({ scopesSupported: DEMO_SCOPES, corsOrigins: [origin] });
    const open = createHttpHandler(createDemoServer(options.demo), { path: ENDPOINT_PATHS.open });
    const guarded = protectDemo(createHttpHandler(createDemoServer(options.demo), { path: ENDPOINT_PATHS.protected }), endpoints.protected, as);
    const apps = createHttpHandler(createAppsDemoServer(), { path: ENDPOINT_PATHS.apps });
    routes = mcpRoutes(open, guarded, apps);
    config = { sandboxProxyUrl };
  }

  const connectTo = [new URL(as.issuer).origin, ...(cross ? [mcpOrigin] : [])];
  const page = staticFiles(options.root ?? DIST_DIR, { connectTo, frameFrom: [proxyOrigin] });
  handler = (request) => {
    if (new URL(request.url).pathname === HOST_CONFIG_PATH) return hostConfigResponse(config);
    return routes(request) ?? page(request);
  };

  return {
    url: `${origin}/`,
    endpoints,
    sandboxProxyUrl,
    authorizationServer: as,
    ...(cross && { crossOrigin: { origin: mcpOrigin, requests } }),
    close: async () => {
      await Promise.all([stop(main.server), stop(proxy.server), ...(mcpServer ? [stop(mcpServer.server)] : [])]);
      await as.close();
    },
  };
}
