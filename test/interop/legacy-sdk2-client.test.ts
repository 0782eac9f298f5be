/**
 * The official SDK v2 client against our dual-era server
 * (fixtures/mrtr-dual-era-server.ts) in both of its modes at once: in its
 * default legacy mode it opens with `initialize` and is served a 2025-11-25
 * session (an elicitation round reaches it as a real `elicitation/create`);
 * in `auto` mode, on the same endpoint or process at the same time, it
 * probes, stays modern and answers the same handler's input_required.
 * Over Streamable HTTP (served in process) and stdio (a child per client).
 */
import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import { resolve } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Client, StreamableHTTPClientTransport } from "@modelcontextprotocol/client";
import { StdioClientTransport } from "@modelcontextprotocol/client/stdio";
import { createHttpHandler } from "@mrtr/server";
import { createNodeServer } from "@mrtr/server/node";
import { legacyHttp } from "@mrtr/server/legacy";
import { repoRoot } from "../helpers/paths.js";
import { sourceArgs } from "../helpers/processes.js";
import { dualEraServer } from "./fixtures/mrtr-dual-era-server.js";

const fixture = resolve(repoRoot, "test/interop/fixtures/mrtr-dual-era-server.ts");
const textOf = (r: object) => (r as { content?: { text?: string }[] }).content?.[0]?.text ?? "";
type Message = { method?: string; params?: Record<string, unknown> };

/** A v2 client in `mode` that answers every elicitation with the name Grace, and the methods it sent. */
function v2Client(mode: "legacy" | "auto") {
  const client = new Client(
    { name: `sdk2-${mode}`, version: "2.0.0" },
    { capabilities: { elicitation: {} }, ...(mode === "auto" && { versionNegotiation: { mode: "auto" as const } }) },
  );
  const asked: string[] = [];
  client.setRequestHandler("elicitation/create", async (request) => {
    asked.push(String((request.params as { message?: string }).message));
    return { action: "accept", content: { name: "Grace" } };
  });
  return { client, asked };
}

/** What the transport sends, recorded (wrap before connect: the opening message is what tells the eras apart). */
function recordSent(transport: { send(message: unknown, options?: unknown): Promise<void> }): Message[] {
  const sent: Message[] = [];
  const send = transport.send.bind(transport);
  transport.send = (message, options) => (sent.push(message as Message), send(message, options));
  return sent;
}

function bothModes(transportFor: () => StreamableHTTPClientTransport | StdioClientTransport) {
  it("in its default legacy mode initializes, lists tools, and answers an elicitation round sent as elicitation/create", async () => {
    const { client, asked } = v2Client("legacy");
    const transport = transportFor();
    const sent = recordSent(transport as never);
    await client.connect(transport);
    try {
      expect(sent[0]?.method).toBe("initialize");
      expect(client.getServerVersion()).toMatchObject({ name: "mrtr-dual-era" });
      expect((await client.listTools()).tools.map((t) => t.name)).toContain("greet");
      expect(textOf(await client.callTool({ name: "greet", arguments: {} }))).toBe("hello Grace");
      expect(asked).toEqual(["Your name?"]);
    } finally {
      await client.close();
    }
  });

  it("serves a legacy and a modern client at the same time, from the same handler", async () => {
    const legacy = v2Client("legacy");
    const modern = v2Client("auto");
    const legacyTransport = transportFor();
    const modernTransport = transportFor();
    const legacySent = recordSent(legacyTransport as never);
    const modernSent = recordSent(modernTransport as never);
    await Promise.all([legacy.client.connect(legacyTransport), modern.client.connect(modernTransport)]);
    try {
      const [a, b] = await Promise.all([legacy.client.callTool({ name: "greet", arguments: {} }), modern.client.callTool({ name: "greet", arguments: {} })]);
      expect([textOf(a), textOf(b)]).toEqual(["hello Grace", "hello Grace"]);
      expect(legacySent.map((m) => m.method)).toContain("initialize");
      expect(modernSent.map((m) => m.method)).not.toContain("initialize");
      // The modern client answered through inputResponses on a retry; the legacy one answered a server request.
      expect(modernSent.some((m) => m.method === "tools/call" && m.params?.inputResponses !== undefined)).toBe(true);
      expect(legacySent.some((m) => m.method === "tools/call" && m.params?.inputResponses !== undefined)).toBe(false);
    } finally {
      await Promise.all([legacy.client.close(), modern.client.close()]);
    }
  });
}

describe("the official SDK v2 client over Streamable HTTP against our dual-era server", () => {
  let http: Server;
  let url: URL;
  beforeAll(async () => {
    http = createNodeServer(createHttpHandler(dualEraServer(), { legacy: legacyHttp() }));
    await new Promise<void>((r) => http.listen(0, "127.0.0.1", r));
    url = new URL(`http://127.0.0.1:${(http.address() as AddressInfo).port}/mcp`);
  });
  afterAll(() => new Promise<void>((r) => http.close(() => r())));
  bothModes(() => new StreamableHTTPClientTransport(url));
});

describe("the official SDK v2 client over stdio against our dual-era server", () => {
  bothModes(() => new StdioClientTransport({ command: process.execPath, args: sourceArgs(fixture), cwd: repoRoot, stderr: "ignore" }));
});
