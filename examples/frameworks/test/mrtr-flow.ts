/**
 * What every recipe test runs against its mounted endpoint: a server with a
 * tool that asks one question, and the checks that our client's full MRTR
 * flow goes through (tools/list; tools/call answered input_required, the
 * question answered, the call complete), that a page of another origin gets
 * 403, and the path the handler saw on each round.
 */
import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import { expect } from "vitest";
import { createClient, httpTransport, type RoundEvent } from "@mrtr/client";
import { createServer, type McpServer } from "@mrtr/server";

/** A server whose `greet` tool asks for a name, and the URL path of each request its handler ran for. */
export function greetingServer(): { server: McpServer; paths: string[] } {
  const paths: string[] = [];
  const server = createServer({ name: "recipes", version: "1.0.0", requestState: { secrets: ["framework-recipes-test-secret-0123456789abcdef"] } });
  server.tool({
    name: "greet",
    description: "Asks for a name, then greets.",
    async handler(_args, ctx) {
      paths.push(new URL((ctx.request as Request).url).pathname);
      const answer = await ctx.elicit("name", {
        message: "Your name?",
        requestedSchema: { type: "object", properties: { name: { type: "string" } }, required: ["name"] },
      });
      return { content: [{ type: "text", text: answer.action === "accept" ? `Hello, ${String(answer.content?.name)}` : "Hello" }] };
    },
  });
  return { server, paths };
}

/** Runs tools/list and the two-round tools/call through `endpoint` with our client's HTTP transport. */
export async function expectMrtrFlow(endpoint: string, options: { fetch?: typeof fetch; headers?: Record<string, string> } = {}): Promise<void> {
  const events: RoundEvent[] = [];
  const asked: string[] = [];
  const client = createClient({
    transport: httpTransport(endpoint, { ...(options.fetch && { fetch: options.fetch }), ...(options.headers && { headers: options.headers }) }),
    name: "recipe-test",
    version: "1.0.0",
    elicitation: {
      form: async (params) => {
        asked.push(params.message);
        return { action: "accept", content: { name: "Ada" } };
      },
    },
    onRound: (event) => events.push(event),
  });
  const { tools } = await client.listTools();
  expect(tools.map((t) => t.name)).toEqual(["greet"]);
  const result = await client.callTool("greet", {});
  expect(result.content).toEqual([{ type: "text", text: "Hello, Ada" }]);
  expect(asked).toEqual(["Your name?"]);
  const call = events.filter((e) => e.method === "tools/call");
  expect(call.map((e) => e.type)).toEqual(["input_required", "answered", "retrying", "completed"]);
}

/** A POST of a real message from a page of another origin: the handler's own 403, a JSON-RPC error. */
export async function expectForeignOriginRefused(endpoint: string, send: typeof fetch = fetch): Promise<void> {
  const message = {
    jsonrpc: "2.0",
    id: 1,
    method: "server/discover",
    params: { _meta: { "io.modelcontextprotocol/protocolVersion": "2026-07-28", "io.modelcontextprotocol/clientInfo": { name: "page", version: "1" } } },
  };
  const response = await send(endpoint, {
    method: "POST",
    headers: { "content-type": "application/json", "mcp-method": "server/discover", "mcp-protocol-version": "2026-07-28", origin: "https://evil.example" },
    body: JSON.stringify(message),
  });
  expect(response.status).toBe(403);
  expect(await response.json()).toMatchObject({ jsonrpc: "2.0", error: { code: -32600, message: "Origin not allowed" } });
}

/** `http://127.0.0.1:PORT` of a listening Node server. */
export function baseUrl(server: Server): string {
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

/** Listens on 127.0.0.1, a free port. */
export function listen(server: Server): Promise<string> {
  return new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => resolve(baseUrl(server)));
  });
}

/** Closes a Node server, idle keep-alive connections included. */
export function close(server: Server): Promise<void> {
  return new Promise((resolve) => {
    server.close(() => resolve());
    server.closeAllConnections();
  });
}
