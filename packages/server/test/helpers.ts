/** Builders shared by the server tests. */
import { createServer, type McpServer, type ServerOptions } from "@mrtr/server";

export const SECRET = "test-secret-0123456789-abcdefghijklmnop";
export const OTHER_SECRET = "another-secret-0123456789-abcdefghijkl";

export function server(overrides: Partial<ServerOptions> = {}): McpServer {
  return createServer({ name: "test-server", version: "1.0.0", requestState: { secrets: [SECRET] }, ...overrides });
}

export { errorOf, request, resultOf, retry, type AnyResult } from "../../../test/helpers/rpc.js";
