import { createHttpHandler, type McpServer } from "@mrtr/server";

/**
 * For a runtime that serves one fetch function with no router in front of it:
 * the handler is that function, and `path` answers 404 on every other path.
 *
 *   Deno.serve({ port: 3000 }, fetchHandler(server));
 *   Bun.serve({ port: 3000, fetch: fetchHandler(server) });
 *   export default { fetch: fetchHandler(server) }; // a worker
 */
export function fetchHandler(server: McpServer): (request: Request) => Promise<Response> {
  return createHttpHandler(server, { path: "/mcp" });
}
