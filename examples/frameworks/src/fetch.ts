import { createHttpHandler, type McpServer } from "@mrtr/server";

/**
 * For a runtime that serves one fetch function with no router in front of it:
 * the handler is that function, and `path` answers 404 on every other path.
 *
 *   Deno.serve({ port: 3000 }, fetchHandler(server));
 *   Bun.serve({ port: 3000, idleTimeout: 30, fetch: fetchHandler(server) });
 *   export default { fetch: fetchHandler(server) }; // a worker
 *
 * Bun closes a connection idle for `idleTimeout` seconds (default 10), which
 * would cut an event stream between two of the server's heartbeats (every
 * 15 s): give it more than the heartbeat, or a shorter `heartbeatMs`.
 */
export function fetchHandler(server: McpServer): (request: Request) => Promise<Response> {
  return createHttpHandler(server, { path: "/mcp" });
}
