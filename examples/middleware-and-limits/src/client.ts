/**
 * The client side: a client calling as one user, and what a refused call
 * tells it. A refusal is a `JsonRpcError` whose `code` and `data` say which
 * limit and when to come back; the HTTP status and `Retry-After` header say
 * the same to proxies and to clients that read headers, so this client's
 * `fetch` writes them down too.
 */
import { createClient, httpTransport, JsonRpcError, type McpClient } from "@mrtr/client";

/** One HTTP exchange as the client saw it. */
export interface Exchange {
  /** The request's method, from its `Mcp-Method` header. */
  readonly method: string | null;
  readonly status: number;
  readonly retryAfter: string | null;
}

/** A client of `url` calling as `user`, and the HTTP exchanges it made. */
export function clientAs(url: string, user: string): { client: McpClient; exchanges: Exchange[] } {
  const exchanges: Exchange[] = [];
  const client = createClient({
    name: "catalog-client",
    version: "1.0.0",
    transport: httpTransport(url, {
      headers: { "x-user": user },
      fetch: async (input, init) => {
        const response = await fetch(input, init);
        const method = new Headers(init?.headers).get("mcp-method");
        exchanges.push({ method, status: response.status, retryAfter: response.headers.get("retry-after") });
        return response;
      },
    }),
  });
  return { client, exchanges };
}

/** How one call ended: its text, or the error's code, message and data. */
export type Outcome = { ok: true; text: string } | { ok: false; code: number; message: string; data: unknown };

/** Calls `tool` and describes how it ended; a JSON-RPC error is an outcome, anything else is thrown. */
export async function attempt(client: McpClient, tool: string, args: Record<string, unknown> = {}): Promise<Outcome> {
  try {
    const result = await client.callTool(tool, args);
    return { ok: true, text: result.content.map((block) => (block.type === "text" ? block.text : `[${block.type}]`)).join("\n") };
  } catch (error) {
    if (error instanceof JsonRpcError) return { ok: false, code: error.code, message: error.message, data: error.data };
    throw error;
  }
}
