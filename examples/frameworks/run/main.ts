/**
 * The recipes of src/ in one command (`npm start -w @mrtr/example-frameworks`):
 * one server, mounted in turn in each framework's app on a free port, and a
 * client that calls its tool through a question; each answer is checked, and
 * a wrong one exits 1. Not in src/, which holds only the recipes the server
 * README shows.
 */
import assert from "node:assert/strict";
import { once } from "node:events";
import { createServer as createNodeHttpServer, type RequestListener } from "node:http";
import type { AddressInfo } from "node:net";
import { getRequestListener } from "@hono/node-server";
import { createClient, httpTransport } from "@mrtr/client";
import { createHttpHandler, createServer } from "@mrtr/server";
import { toNodeListener } from "@mrtr/server/node";
import { expressApp } from "../src/express.js";
import { fastifyApp } from "../src/fastify.js";
import { fetchHandler } from "../src/fetch.js";
import { honoApp } from "../src/hono.js";

const server = createServer({ name: "recipes", version: "1.0.0" });
server.tool({
  name: "greet",
  description: "Asks for a name, then greets.",
  async handler(_args, ctx) {
    const answer = await ctx.elicit("name", {
      message: "Your name?",
      requestedSchema: { type: "object", properties: { name: { type: "string" } }, required: ["name"] },
    });
    return { content: [{ type: "text", text: answer.action === "accept" ? `Hello, ${String(answer.content?.name)}` : "Hello" }] };
  },
});
const mcp = createHttpHandler(server);

/** Serves `listener` on a free port of 127.0.0.1 until `use` is done with its endpoint. */
async function served(listener: RequestListener, use: (endpoint: string) => Promise<void>): Promise<void> {
  const http = createNodeHttpServer(listener);
  http.listen(0, "127.0.0.1");
  await once(http, "listening");
  try {
    await use(`http://127.0.0.1:${(http.address() as AddressInfo).port}/mcp`);
  } finally {
    http.closeAllConnections();
    http.close();
  }
}

/** Calls `greet` at `endpoint`, answering its question; the tool's text. */
async function greet(endpoint: string): Promise<string> {
  const client = createClient({
    name: "recipes-demo",
    version: "1.0.0",
    transport: httpTransport(endpoint),
    elicitation: { form: async () => ({ action: "accept", content: { name: "Ada" } }) },
  });
  try {
    const result = await client.callTool("greet");
    return result.content.map((block) => (block.type === "text" ? block.text : `[${block.type}]`)).join("\n");
  } finally {
    await client.close();
  }
}

const fastify = fastifyApp(mcp);
await fastify.ready();
const apps: [string, RequestListener][] = [
  ["Hono", getRequestListener(honoApp(mcp).fetch)],
  ["Express", expressApp(mcp)],
  ["Fastify", (req, res) => fastify.routing(req, res)],
  ["fetch", toNodeListener(fetchHandler(server))],
];
for (const [name, listener] of apps) {
  await served(listener, async (endpoint) => {
    const text = await greet(endpoint);
    console.log(`${name}: greet answered "${text}"`);
    assert.equal(text, "Hello, Ada");
  });
}
await fastify.close();
