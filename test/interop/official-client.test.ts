/**
 * The official TypeScript SDK's client against our server over HTTP on
 * loopback: in `auto` version negotiation it probes with server/discover,
 * stays modern, mirrors x-mcp-header parameters our server checks, and
 * answers a multi round-trip elicitation; in its default legacy mode its
 * `initialize` is answered with UnsupportedProtocolVersionError naming the
 * version we serve.
 */
import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Client, StreamableHTTPClientTransport } from "@modelcontextprotocol/client";
import { createHttpHandler, createServer, type McpServer } from "@mrtr/server";
import { createNodeServer } from "@mrtr/server/node";

let http: Server;
let url: URL;
let mcp: McpServer;
const seenHeaders: Record<string, string | null>[] = [];

beforeAll(async () => {
  const server = createServer({ name: "interop", version: "1.0.0", requestState: { secrets: ["interop-secret-0123456789abcdef0123"] } })
    .tool({
      name: "route",
      inputSchema: { type: "object", properties: { region: { type: "string", "x-mcp-header": "Region" }, query: { type: "string" } }, required: ["region"] },
      handler: (args, ctx) => {
        seenHeaders.push({ region: (ctx.request as Request).headers.get("mcp-param-region") });
        return { content: [{ type: "text", text: `routed to ${String(args.region)}` }] };
      },
    })
    .tool({
      name: "greet",
      async handler(_args, ctx) {
        const r = await ctx.elicit("name", { message: "Your name?", requestedSchema: { type: "object", properties: { name: { type: "string" } }, required: ["name"] } });
        return { content: [{ type: "text", text: `hello ${String(r.content?.name)}` }] };
      },
    });
  mcp = server;
  http = createNodeServer(createHttpHandler(server));
  await new Promise<void>((r) => http.listen(0, "127.0.0.1", r));
  url = new URL(`http://127.0.0.1:${(http.address() as AddressInfo).port}/mcp`);
});
afterAll(() => new Promise<void>((r) => http.close(() => r())));

describe("the official SDK client against our server", () => {
  it("in auto mode stays modern, lists tools, mirrors Mcp-Param headers (checked by our server), and answers input_required", async () => {
    const client = new Client({ name: "official", version: "1" }, { capabilities: { elicitation: {} }, versionNegotiation: { mode: "auto" } });
    client.setRequestHandler("elicitation/create", async () => ({ action: "accept", content: { name: "Ada" } }));
    await client.connect(new StreamableHTTPClientTransport(url));
    try {
      expect((await client.listTools()).tools.map((t) => t.name).sort()).toEqual(["greet", "route"]);
      const routed = await client.callTool({ name: "route", arguments: { region: "Zürich", query: "q" } });
      expect(routed.content).toEqual([{ type: "text", text: "routed to Zürich" }]);
      expect(seenHeaders.at(-1)!.region).toMatch(/^=\?base64\?/);
      const greeted = await client.callTool({ name: "greet", arguments: {} });
      expect(greeted.content).toEqual([{ type: "text", text: "hello Ada" }]);
    } finally {
      await client.close();
    }
  });

  it("in its default legacy mode is served too (our handler serves initialize-based clients by default): it initializes, lists tools, and answers elicitation/create", async () => {
    const client = new Client({ name: "official-legacy", version: "1" }, { capabilities: { elicitation: {} } });
    client.setRequestHandler("elicitation/create", async () => ({ action: "accept", content: { name: "Grace" } }));
    await client.connect(new StreamableHTTPClientTransport(url));
    try {
      expect((await client.listTools()).tools.map((t) => t.name).sort()).toEqual(["greet", "route"]);
      expect((await client.callTool({ name: "greet", arguments: {} })).content).toEqual([{ type: "text", text: "hello Grace" }]);
    } finally {
      await client.close();
    }
  });

  it("in its default legacy mode, against a handler with legacy: false, fails to connect with our UnsupportedProtocolVersionError, which names 2026-07-28", async () => {
    const modernOnly = createNodeServer(createHttpHandler(mcp, { legacy: false }));
    await new Promise<void>((r) => modernOnly.listen(0, "127.0.0.1", () => r()));
    const client = new Client({ name: "official-legacy", version: "1" }, { capabilities: {} });
    const error = await client.connect(new StreamableHTTPClientTransport(new URL(`http://127.0.0.1:${(modernOnly.address() as { port: number }).port}/mcp`))).then(
      () => undefined,
      (e: unknown) => e,
    );
    await new Promise<void>((r) => modernOnly.close(() => r()));
    expect(String(error)).toMatch(/-32022/);
    expect(String(error)).toMatch(/2026-07-28/);
  });
});
