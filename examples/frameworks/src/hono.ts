import { Hono } from "hono";

/**
 * A Hono app with the MCP endpoint at /mcp beside its own routes. `mcp` is
 * `createHttpHandler(server)`, with no `path`: the route decides what reaches
 * it. Hono hands a route the web `Request` as it arrived (`c.req.raw`, full
 * URL and unread body), which is what the handler takes. Serve the app as any
 * Hono app: `app.fetch` on Deno, Bun and workers, `serve({ fetch: app.fetch })`
 * from @hono/node-server on Node.
 */
export function honoApp(mcp: (request: Request) => Promise<Response>): Hono {
  const app = new Hono();
  app.get("/health", (c) => c.text("ok"));
  // `all`, so GET and DELETE reach the handler too (405, or a legacy session with `legacy`).
  app.all("/mcp", (c) => mcp(c.req.raw));
  return app;
}
