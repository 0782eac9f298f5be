/**
 * A program that serves modern clients, then one legacy client, on each
 * binding with every default (test/lazy-eras/lazy-eras.test.ts reads which
 * modules it loaded before and after each mark it prints on stderr).
 */
import { PassThrough } from "node:stream";
import { createClient, httpTransport } from "@mrtr/client";
import { createHttpHandler, createServer } from "@mrtr/server";
import { serveStdio } from "@mrtr/server/stdio";

const mark = (name: string) => process.stderr.write(`mark ${name}\n`);
const server = createServer({ name: "lazy", version: "1.0.0", onWarning: () => undefined }).tool({ name: "echo", handler: () => ({ content: [{ type: "text", text: "hi" }] }) });
const handler = createHttpHandler(server);
const fetchIt = (input: RequestInfo | URL, init?: RequestInit) => handler(new Request(input, init));

// Modern traffic: HTTP through our client, and a stdio channel.
const client = createClient({ name: "c", version: "1", transport: httpTransport("http://localhost/mcp", { fetch: fetchIt }) });
await client.callTool("echo");
const input = new PassThrough();
const output = new PassThrough();
serveStdio(server, { input, output, exitOnEnd: false });
const answered = new Promise((r) => output.once("data", r));
input.write(`${JSON.stringify({ jsonrpc: "2.0", id: 1, method: "tools/list", params: { _meta: { "io.modelcontextprotocol/protocolVersion": "2026-07-28", "io.modelcontextprotocol/clientCapabilities": {} } } })}\n`);
await answered;
mark("modern");

// A legacy client over HTTP: the server loads its era.
const init = { jsonrpc: "2.0", id: 0, method: "initialize", params: { protocolVersion: "2025-11-25", capabilities: {}, clientInfo: { name: "old", version: "1" } } };
const r = await handler(new Request("http://localhost/mcp", { method: "POST", headers: { "content-type": "application/json", accept: "application/json, text/event-stream" }, body: JSON.stringify(init) }));
if (r.status !== 200) throw new Error(`legacy initialize: ${r.status}`);
mark("legacy-server");

// A legacy server reached by our client with its defaults: the client loads its era.
const legacyServer = createHttpHandler(createServer({ name: "old", version: "1.0.0", onWarning: () => undefined }).tool({ name: "echo", handler: () => ({ content: [{ type: "text", text: "old" }] }) }));
const onlyLegacy = async (input: RequestInfo | URL, init?: RequestInit) => {
  const request = new Request(input, init);
  // A server of the earlier revision: a request without a session gets its 400.
  if (request.method === "POST" && !request.headers.has("mcp-session-id")) {
    const body = (await request.clone().json()) as { method?: string };
    if (body.method !== "initialize") return Response.json({ jsonrpc: "2.0", id: null, error: { code: -32000, message: "Bad Request: Server not initialized" } }, { status: 400 });
  }
  return legacyServer(request);
};
const old = createClient({ name: "c", version: "1", transport: httpTransport("http://localhost/mcp", { fetch: onlyLegacy }) });
const result = await old.callTool("echo");
if ((result.content[0] as { text?: string }).text !== "old") throw new Error("the legacy call did not complete");
mark("legacy-client");
input.end();
process.exit(0);
