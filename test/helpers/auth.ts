/**
 * Auth test fixtures: the development authorization server (a real one, on
 * node:http and jose), a protected MCP server on @mrtr/server (protect +
 * jwtVerifier against that server's JWKS), and a headless user agent that
 * follows the authorization URL the way a browser would and hands the
 * redirect back.
 */
import { createServer as createHttpServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { callbackUserAgent, type CallbackUserAgent } from "@mrtr/client/auth";
import { createHttpHandler, createServer } from "@mrtr/server";
import { toNodeListener } from "@mrtr/server/node";
import { jwtVerifier, protect, type ProtectOptions } from "@mrtr/server/auth";

export { startAuthorizationServer } from "../../examples/terminal-client/src/dev-authorization-server.js";
export type { DevAuthorizationServer, DevAuthorizationServerOptions, RecordedRequest } from "../../examples/terminal-client/src/dev-authorization-server.js";

/** A running HTTP server on 127.0.0.1. */
export interface Running {
  url: string;
  close(): Promise<void>;
}

/** Serves a web-standard handler on a free loopback port. */
export async function serve(handler: (request: Request) => Promise<Response>): Promise<Running & { origin: string }> {
  const http: Server = createHttpServer(toNodeListener(handler));
  await new Promise<void>((resolve) => http.listen(0, "127.0.0.1", resolve));
  const origin = `http://127.0.0.1:${(http.address() as AddressInfo).port}`;
  return {
    origin,
    url: origin,
    close: () =>
      new Promise<void>((resolve) => {
        http.closeAllConnections();
        http.close(() => resolve());
      }),
  };
}

/** The demo tools of a protected server: `whoami` (any token) and `write` (needs files:write). */
export function protectedMcpServer() {
  return createServer({ name: "protected", version: "1.0.0", requestState: { secrets: ["a-test-secret-of-at-least-32-bytes!!"] } })
    .tool({
      name: "whoami",
      handler: (_args, ctx) => ({ content: [{ type: "text", text: JSON.stringify({ subject: ctx.auth?.subject, principal: ctx.principal, scopes: ctx.auth?.scopes }) }] }),
    })
    .tool({ name: "write", scopes: ["files:write"], handler: () => ({ content: [{ type: "text", text: "written" }] }) });
}

/**
 * Starts `protectedMcpServer()` behind `protect`, verifying the tokens of
 * `issuer` with its JWKS. The resource is the endpoint URL (…/mcp).
 */
export async function startProtectedServer(
  as: { issuer: string; jwksUrl: string },
  options: Partial<ProtectOptions> & { wrap?: (inner: (r: Request) => Promise<Response>) => (r: Request) => Promise<Response> } = {},
): Promise<Running & { origin: string; resource: string }> {
  let resource = "";
  let protectedHandler: ((r: Request) => Promise<Response>) | undefined;
  const running = await serve((request) => protectedHandler!(request));
  resource = `${running.origin}/mcp`;
  const inner = protect(createHttpHandler(protectedMcpServer()), {
    resource,
    authorizationServers: [as.issuer],
    verify: jwtVerifier({ jwksUrl: as.jwksUrl, issuer: as.issuer, audience: resource }),
    ...options,
  });
  protectedHandler = options.wrap ? options.wrap(inner) : inner;
  return { ...running, url: resource, resource };
}

/** A user agent that fetches the authorization URL like a browser and completes with the redirect; records what it opened. */
export function headlessUserAgent(options: { redirectUri?: string; tamper?: (redirect: URL) => URL } = {}): CallbackUserAgent & { opened: URL[] } {
  const opened: URL[] = [];
  const agent = callbackUserAgent({
    redirectUri: options.redirectUri ?? "http://127.0.0.1:1/callback",
    open: async (authorizationUrl) => {
      opened.push(authorizationUrl);
      const response = await fetch(authorizationUrl, { redirect: "manual" });
      const location = response.headers.get("location");
      if (location === null) throw new Error(`authorization endpoint answered ${response.status}`);
      const redirect = new URL(location, authorizationUrl);
      agent.complete(options.tamper ? options.tamper(redirect) : redirect);
    },
  });
  return Object.assign(agent, { opened });
}
