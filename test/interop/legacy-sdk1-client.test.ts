/**
 * The official TypeScript SDK 1.x client (`@modelcontextprotocol/sdk`,
 * protocol 2025-11-25: it opens with `initialize` and holds a session)
 * against our dual-era server (fixtures/mrtr-dual-era-server.ts), over
 * Streamable HTTP (served in process with `legacyHttp()`) and over stdio
 * (launched as a child with `legacyStdio()`). The same handlers serve it as
 * serve modern clients: an elicitation round reaches the SDK as a real
 * `elicitation/create` request, sampling and roots (through
 * @mrtr/deprecated) as `sampling/createMessage` and `roots/list`; progress,
 * log messages, cancellation, list changes and resource subscriptions work
 * as that revision has them.
 */
import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import { resolve } from "node:path";
import type { Readable } from "node:stream";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import type { Transport } from "@modelcontextprotocol/sdk/shared/transport.js";
import {
  CreateMessageRequestSchema,
  ElicitRequestSchema,
  ListRootsRequestSchema,
  LoggingMessageNotificationSchema,
  ResourceUpdatedNotificationSchema,
  ToolListChangedNotificationSchema,
} from "@modelcontextprotocol/sdk/types.js";
import { createHttpHandler } from "@mrtr/server";
import { createNodeServer } from "@mrtr/server/node";
import { legacyHttp } from "@mrtr/server/legacy";
import { repoRoot } from "../helpers/paths.js";
import { sourceArgs } from "../helpers/processes.js";
import { dualEraServer } from "./fixtures/mrtr-dual-era-server.js";

const fixture = resolve(repoRoot, "test/interop/fixtures/mrtr-dual-era-server.ts");

/** Waits (bounded) until `condition` holds. */
async function until(condition: () => boolean, what: string, ms = 10_000): Promise<void> {
  const start = Date.now();
  while (!condition()) {
    if (Date.now() - start > ms) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 10));
  }
}

type Message = { id?: unknown; method?: string; params?: Record<string, unknown>; result?: Record<string, unknown> };

/** A 1.x client with elicitation, sampling and roots answered as a host would, and what it received. */
function sdkClient() {
  const client = new Client({ name: "sdk1-host", version: "1.0.0" }, { capabilities: { elicitation: { form: {} }, sampling: {}, roots: { listChanged: true } } });
  const asked: string[] = [];
  const answers = ["Ada", "green"];
  client.setRequestHandler(ElicitRequestSchema, async (request) => {
    asked.push(`elicit: ${request.params.message}`);
    const props = Object.keys((request.params as { requestedSchema?: { properties?: object } }).requestedSchema?.properties ?? {});
    return { action: "accept", content: { [props[0]!]: answers[asked.filter((a) => a.startsWith("elicit")).length - 1]! } };
  });
  client.setRequestHandler(CreateMessageRequestSchema, async (request) => {
    asked.push(`sample: ${(request.params.messages[0]!.content as { text: string }).text}`);
    return { role: "assistant", content: { type: "text", text: "4" }, model: "test-model" };
  });
  client.setRequestHandler(ListRootsRequestSchema, async () => {
    asked.push("roots");
    return { roots: [{ uri: "file:///home/ada/project", name: "project" }] };
  });
  const logs: string[] = [];
  client.setNotificationHandler(LoggingMessageNotificationSchema, (n) => void logs.push(`${n.params.level}: ${String(n.params.data)}`));
  const updated: string[] = [];
  client.setNotificationHandler(ResourceUpdatedNotificationSchema, (n) => void updated.push(n.params.uri));
  let listChanged = 0;
  client.setNotificationHandler(ToolListChangedNotificationSchema, () => void listChanged++);
  return { client, asked, logs, updated, listChanged: () => listChanged };
}

/** Records what the SDK sends and receives on `transport` (wrap after connect). */
function record(transport: Transport): { sent: Message[]; received: Message[] } {
  const sent: Message[] = [];
  const received: Message[] = [];
  const send = transport.send.bind(transport);
  transport.send = (message, options) => (sent.push(message as Message), send(message, options));
  const deliver = transport.onmessage!;
  transport.onmessage = (message, extra) => (received.push(message as Message), deliver(message, extra));
  return { sent, received };
}

const textOf = (r: object) => (((r as { content?: { text?: string }[] }).content)?.[0]?.text ?? "");

/** The scenarios both transports pass; `connect` gives a connected client and its transport. */
function scenarios(connect: () => Promise<{ host: ReturnType<typeof sdkClient>; transport: Transport }>) {
  let host: ReturnType<typeof sdkClient>;
  let wire: ReturnType<typeof record>;

  beforeAll(async () => {
    const c = await connect();
    host = c.host;
    wire = record(c.transport);
  });
  afterAll(async () => {
    await host?.client.close();
  });

  it("negotiates 2025-11-25 in initialize, with our server's info, instructions and capabilities", () => {
    expect(host.client.getServerVersion()).toMatchObject({ name: "mrtr-dual-era", version: "1.0.0" });
    expect(host.client.getInstructions()).toBe("A server for both eras.");
    const caps = host.client.getServerCapabilities()!;
    expect(caps.tools).toBeDefined();
    expect(caps.prompts).toBeDefined();
    expect(caps.resources).toBeDefined();
    expect(caps.logging).toBeDefined();
  });

  it("lists and calls tools, lists and gets prompts, lists and reads resources and templates, and pings", async () => {
    const tools = (await host.client.listTools()).tools.map((t) => t.name);
    expect(tools).toEqual(expect.arrayContaining(["greet", "two-questions", "ask-model", "list-roots", "steps", "wait"]));
    expect((await host.client.listPrompts()).prompts.map((p) => p.name)).toEqual(["greeting"]);
    const prompt = await host.client.getPrompt({ name: "greeting", arguments: { name: "Ada" } });
    expect(prompt.messages[0]!.content).toEqual({ type: "text", text: "Say hello to Ada." });
    expect((await host.client.listResources()).resources.map((r) => r.uri)).toEqual(["test://doc"]);
    expect((await host.client.listResourceTemplates()).resourceTemplates.map((t) => t.uriTemplate)).toEqual(["test://items/{id}"]);
    expect((await host.client.readResource({ uri: "test://items/7" })).contents).toEqual([{ uri: "test://items/7", text: "item 7" }]);
    expect(await host.client.ping()).toEqual({});
    // Nothing modern leaks into a legacy session's results.
    const results = wire.received.filter((m) => m.result !== undefined);
    expect(results.length).toBeGreaterThan(5);
    for (const m of results) expect(Object.keys(m.result!)).not.toContain("resultType");
  });

  it("turns an elicitation round into a real elicitation/create that the SDK answers, and two rounds into two", async () => {
    host.asked.length = 0;
    expect(textOf(await host.client.callTool({ name: "greet", arguments: {} }))).toBe("hello Ada");
    expect(host.asked).toEqual(["elicit: Your name?"]);
    host.asked.length = 0;
    expect(textOf(await host.client.callTool({ name: "two-questions", arguments: {} }))).toBe("Ada likes green");
    expect(host.asked).toEqual(["elicit: Your name?", "elicit: Your favourite colour, Ada?"]);
    // The server's requests came with ids the client had never used, and no requestState reached the client.
    const elicitations = wire.received.filter((m) => m.method === "elicitation/create");
    expect(elicitations).toHaveLength(3);
    expect(new Set(elicitations.map((m) => m.id)).size).toBe(3);
    expect(JSON.stringify(wire.received)).not.toContain("requestState");
  });

  it("serves sampling and roots (through @mrtr/deprecated) as sampling/createMessage and roots/list", async () => {
    host.asked.length = 0;
    expect(textOf(await host.client.callTool({ name: "ask-model", arguments: {} }))).toBe("the model said 4 (test-model)");
    expect(textOf(await host.client.callTool({ name: "list-roots", arguments: {} }))).toBe("file:///home/ada/project");
    expect(host.asked).toEqual(["sample: What is 2 + 2?", "roots"]);
  });

  it("reports progress in order on the request's own token", async () => {
    const seen: number[] = [];
    const r = await host.client.callTool({ name: "steps", arguments: {} }, undefined, { onprogress: (p) => void seen.push(p.progress) });
    expect(textOf(r)).toBe("done");
    expect(seen).toEqual([1, 2, 3]);
  });

  it("sends log messages at the level logging/setLevel chose, and none below it", async () => {
    host.logs.length = 0;
    await host.client.setLoggingLevel("info");
    await host.client.callTool({ name: "chatty", arguments: {} });
    await until(() => host.logs.length > 0, "a log message");
    expect(host.logs).toEqual(["info: an info message"]);
    await host.client.setLoggingLevel("debug");
    host.logs.length = 0;
    await host.client.callTool({ name: "chatty", arguments: {} });
    await until(() => host.logs.length >= 2, "two log messages");
    expect(host.logs).toEqual(["info: an info message", "debug: a debug message"]);
  });

  it("cancels: an aborted call sends notifications/cancelled and the handler's signal aborts", async () => {
    const before = Number(textOf(await host.client.callTool({ name: "cancellations", arguments: {} })));
    const controller = new AbortController();
    let progressed = false;
    const call = host.client.callTool({ name: "wait", arguments: {} }, undefined, { signal: controller.signal, onprogress: () => void (progressed = true) });
    await until(() => progressed, "the wait tool's first progress");
    controller.abort("the user gave up");
    await expect(call).rejects.toThrow();
    expect(wire.sent.some((m) => m.method === "notifications/cancelled")).toBe(true);
    // The handler counts the cancellation as its signal aborts; asked until it shows (bounded).
    let after = before;
    for (let i = 0; i < 100 && after === before; i++) {
      after = Number(textOf(await host.client.callTool({ name: "cancellations", arguments: {} })));
      if (after === before) await new Promise((r) => setTimeout(r, 20));
    }
    expect(after).toBe(before + 1);
  });

  it("delivers resource updates to a subscriber until it unsubscribes, and tool list changes", async () => {
    await host.client.subscribeResource({ uri: "test://doc" });
    await host.client.callTool({ name: "touch", arguments: { uri: "test://doc" } });
    await until(() => host.updated.includes("test://doc"), "notifications/resources/updated");
    await host.client.unsubscribeResource({ uri: "test://doc" });
    host.updated.length = 0;
    await host.client.callTool({ name: "touch", arguments: { uri: "test://doc" } });
    const before = host.listChanged();
    await host.client.callTool({ name: "add-tool", arguments: { name: `added-${Date.now()}` } });
    await until(() => host.listChanged() > before, "notifications/tools/list_changed");
    // The list change came after the second touch on the same stream: the update, had it been sent, would have arrived first.
    expect(host.updated).toEqual([]);
  });
}

describe("the official SDK 1.x client over Streamable HTTP against our dual-era server", () => {
  let http: Server;
  let url: URL;
  let transport: StreamableHTTPClientTransport;
  beforeAll(async () => {
    http = createNodeServer(createHttpHandler(dualEraServer(), { legacy: legacyHttp() }));
    await new Promise<void>((r) => http.listen(0, "127.0.0.1", r));
    url = new URL(`http://127.0.0.1:${(http.address() as AddressInfo).port}/mcp`);
  });
  afterAll(() => new Promise<void>((r) => http.close(() => r())));

  scenarios(async () => {
    const host = sdkClient();
    transport = new StreamableHTTPClientTransport(url);
    await host.client.connect(transport);
    return { host, transport };
  });

  it("holds a session: an unguessable Mcp-Session-Id, and DELETE ends it (the id is then unknown: 404)", async () => {
    const host = sdkClient();
    const t = new StreamableHTTPClientTransport(url);
    await host.client.connect(t);
    const id = t.sessionId!;
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    await t.terminateSession();
    const r = await fetch(url, {
      method: "POST",
      headers: { "content-type": "application/json", accept: "application/json, text/event-stream", "mcp-session-id": id, "mcp-protocol-version": "2025-11-25" },
      body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "tools/list", params: {} }),
    });
    expect(r.status).toBe(404);
    await host.client.close();
  });
});

describe("the official SDK 1.x client over stdio against our dual-era server", () => {
  let transport: StdioClientTransport;
  const stderr: string[] = [];
  scenarios(async () => {
    const host = sdkClient();
    transport = new StdioClientTransport({ command: process.execPath, args: sourceArgs(fixture), cwd: repoRoot, stderr: "pipe" });
    (transport.stderr as Readable).on("data", (d: Buffer) => void stderr.push(d.toString()));
    await host.client.connect(transport);
    return { host, transport };
  });

  it("ends the server when the client closes its end", async () => {
    const pid = transport.pid;
    await transport.close();
    await until(() => stderr.join("").includes("exit 0"), "the server exiting with 0");
    expect(() => process.kill(pid!, 0)).toThrow();
  });
});
