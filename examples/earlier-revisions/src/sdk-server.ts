import { randomUUID } from "node:crypto";
import { createServer, type IncomingMessage } from "node:http";
import type { AddressInfo } from "node:net";
import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { StreamableHTTPServerTransport } from "@modelcontextprotocol/sdk/server/streamableHttp.js";
import { isInitializeRequest } from "@modelcontextprotocol/sdk/types.js";
import { z } from "zod";

// A server of the initialize-based revision 2025-11-25, built with the official TypeScript SDK 1.x as most servers
// in use are: a session per client, and questions sent as elicitation/create requests inside the tool call.
function buildServer(): McpServer {
  const server = new McpServer({ name: "old-coffee-bar", version: "1.0.0" });
  server.registerTool("order_coffee", { description: "Orders a coffee, asking which size.", inputSchema: { drink: z.string() } }, async ({ drink }, extra) => {
    const answer = await server.server.elicitInput(
      { message: `Which size of ${drink}?`, requestedSchema: { type: "object", properties: { size: { type: "string", enum: ["small", "large"] } }, required: ["size"] } },
      { relatedRequestId: extra.requestId },
    );
    const text = answer.action === "accept" ? `One ${String(answer.content?.size)} ${drink}, coming up (said a 2025-11-25 server).` : "No order taken.";
    return { content: [{ type: "text", text }] };
  });
  return server;
}

async function readJson(req: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return chunks.length === 0 ? undefined : JSON.parse(Buffer.concat(chunks).toString("utf8"));
}

/** Serves the SDK server over Streamable HTTP, one session per initialize, on a free loopback port. */
export async function startSdkServer(): Promise<{ url: string; close(): Promise<void> }> {
  const sessions = new Map<string, StreamableHTTPServerTransport>();
  const http = createServer((req, res) => {
    void (async () => {
      const body = req.method === "POST" ? await readJson(req) : undefined;
      const id = req.headers["mcp-session-id"];
      const open = typeof id === "string" ? sessions.get(id) : undefined;
      if (open) return open.handleRequest(req, res, body);
      if (id === undefined && req.method === "POST" && isInitializeRequest(body)) {
        const transport: StreamableHTTPServerTransport = new StreamableHTTPServerTransport({ sessionIdGenerator: randomUUID, onsessioninitialized: (sid) => void sessions.set(sid, transport) });
        transport.onclose = () => void (transport.sessionId && sessions.delete(transport.sessionId));
        await buildServer().connect(transport);
        return transport.handleRequest(req, res, body);
      }
      // Anything else (a 2026-07-28 request, an unknown session) gets the 400 such servers answer: how clients tell the era.
      res.writeHead(400, { "content-type": "application/json" }).end(JSON.stringify({ jsonrpc: "2.0", id: null, error: { code: -32000, message: "Bad Request: no valid session id" } }));
    })().catch(() => res.headersSent || res.writeHead(500).end());
  });
  await new Promise<void>((resolve) => http.listen(0, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${(http.address() as AddressInfo).port}/mcp`,
    async close() {
      await Promise.all([...sessions.values()].map((t) => t.close()));
      http.closeAllConnections();
      await new Promise<void>((resolve) => http.close(() => resolve()));
    },
  };
}
