/**
 * The view's calls to its own server, through a real @mrtr/client over
 * inProcessTransport to a real @mrtr/server with appView: tools the view
 * may call are served, the model's and unknown ones refused before the
 * server sees them; resources are read.
 */
import type { McpClient } from "@mrtr/client";
import { describe, expect, it } from "vitest";
import { createViewBridge, VIEW_BRIDGE_ERROR_CODES, type ViewServerClient } from "../../src/host/index.js";
import { FakeView, hostClient, weatherServer } from "./fixtures.js";

async function connected(overrides: { canReadResource?: (uri: string) => boolean } = {}) {
  const { server, calls } = weatherServer();
  const client = hostClient(server);
  const tools = await client.listAllTools();
  const view = new FakeView();
  const warnings: unknown[] = [];
  view.bridge = createViewBridge({ send: view.send, client, tool: tools.find((t) => t.name === "show")!, tools, hostInfo: { name: "h", version: "1" }, onWarning: (w) => warnings.push(w), ...overrides });
  await view.handshake();
  return { view, calls, client, warnings };
}

describe("tools/call from the view", () => {
  it("takes an McpClient as its client, and its tools/list and tools/call results as they come", async () => {
    const client: ViewServerClient = {} as McpClient;
    expect(client).toBeDefined();
    const { view, client: real } = await connected();
    view.bridge.toolResult(await real.callTool("show", {}));
    expect(view.notifications("ui/notifications/tool-result")[0]!.params).toEqual({ content: [{ type: "text", text: "Lyon: sunny" }], structuredContent: { city: "Lyon", c: 21 } });
  });

  it("serves an app-only tool of the view's server, with the server's result in the view's protocol", async () => {
    const { view, calls } = await connected();
    const answer = await view.request("tools/call", { name: "refresh", arguments: { city: "Lyon" } });
    expect(answer).toEqual({ jsonrpc: "2.0", id: answer.id, result: { content: [{ type: "text", text: 'refreshed {"city":"Lyon"}' }] } });
    expect(calls).toEqual(["refresh"]);
  });

  it("serves a tool for both, and one without _meta.ui (visibility defaults to both)", async () => {
    const { view, calls } = await connected();
    expect((await view.request("tools/call", { name: "show" })).result.structuredContent).toEqual({ city: "Lyon", c: 21 });
    expect((await view.request("tools/call", { name: "plain", arguments: {} })).result.content[0].text).toBe("plain");
    expect(calls).toEqual(["show", "plain"]);
  });

  it("refuses a model-only tool with -32000 naming its visibility, without calling the server", async () => {
    const { view, calls } = await connected();
    const { error } = await view.request("tools/call", { name: "secret" });
    expect(error.code).toBe(VIEW_BRIDGE_ERROR_CODES.refused);
    expect(error.message).toMatch(/model only.*"app"/);
    expect(error.data).toEqual({ tool: "secret", visibility: ["model"] });
    expect(calls).toEqual([]);
  });

  it("refuses an unknown tool (another server's) with -32602, without calling the server", async () => {
    const { view, calls } = await connected();
    const { error } = await view.request("tools/call", { name: "other_server_tool" });
    expect(error).toMatchObject({ code: -32602, message: expect.stringMatching(/Unknown tool "other_server_tool"/), data: { tool: "other_server_tool" } });
    expect(calls).toEqual([]);
  });

  it("passes the server's own JSON-RPC error on", async () => {
    const { view } = await connected();
    const { error } = await view.request("tools/call", { name: "failing" });
    expect(error).toEqual({ code: -32602, message: "no such city", data: { city: "Atlantis" } });
  });

  it("answers -32603 without details when the client fails, and reports it", async () => {
    const view = new FakeView();
    const warnings: any[] = [];
    const failing: ViewServerClient = { callTool: () => Promise.reject(new TypeError("socket hang up at 10.0.0.1")), readResource: () => Promise.reject(new Error("x")) };
    view.bridge = createViewBridge({ send: view.send, client: failing, tool: { name: "t" }, tools: [{ name: "t" }], hostInfo: { name: "h", version: "1" }, onWarning: (w) => warnings.push(w) });
    await view.handshake();
    const { error } = await view.request("tools/call", { name: "t" });
    expect(error).toEqual({ code: -32603, message: "The host could not pass tools/call to the view's server (TypeError)." });
    expect(warnings[0]).toMatchObject({ type: "callback-failed", method: "tools/call" });
  });

  it("refuses malformed tools/call params with -32602", async () => {
    const { view } = await connected();
    for (const params of [undefined, {}, { name: "" }, { name: 3 }, { name: "refresh", arguments: [] }, { name: "refresh", arguments: "x" }]) {
      expect((await view.request("tools/call", params)).error.code).toBe(-32602);
    }
  });

  it("reads the tool list through a function when given one (a list that changed)", async () => {
    const view = new FakeView();
    let tools = [{ name: "a" }];
    const client: ViewServerClient = { callTool: async (name) => ({ content: [{ type: "text", text: name }] }), readResource: async () => ({ contents: [] }) };
    view.bridge = createViewBridge({ send: view.send, client, tool: { name: "a" }, tools: () => tools, hostInfo: { name: "h", version: "1" } });
    await view.handshake();
    expect((await view.request("tools/call", { name: "b" })).error.code).toBe(-32602);
    tools = [{ name: "a" }, { name: "b" }];
    expect((await view.request("tools/call", { name: "b" })).result.content[0].text).toBe("b");
  });

  it("aborts a call the view cancels and does not answer it", async () => {
    const view = new FakeView();
    let seen: AbortSignal | undefined;
    const client: ViewServerClient = {
      callTool: (_n, _a, o) => new Promise((_, reject) => ((seen = o?.signal), o?.signal?.addEventListener("abort", () => reject(o.signal!.reason)))),
      readResource: async () => ({}),
    };
    view.bridge = createViewBridge({ send: view.send, client, tool: { name: "t" }, tools: [{ name: "t" }], hostInfo: { name: "h", version: "1" } });
    await view.handshake();
    view.bridge.receive({ jsonrpc: "2.0", id: "slow", method: "tools/call", params: { name: "t" } });
    view.notify("notifications/cancelled", { requestId: "slow", reason: "user left" });
    await new Promise((r) => setTimeout(r, 5));
    expect(seen?.aborted).toBe(true);
    expect(view.sent.filter((m) => m.id === "slow")).toEqual([]);
  });
});

describe("resources/read from the view", () => {
  it("reads the view's own ui:// resource and a data resource of its server", async () => {
    const { view } = await connected();
    const ui = await view.request("resources/read", { uri: "ui://w/v" });
    expect(ui.result.contents[0]).toMatchObject({ uri: "ui://w/v", mimeType: "text/html;profile=mcp-app" });
    expect(ui.result).not.toHaveProperty("resultType");
    expect(ui.result).not.toHaveProperty("ttlMs");
    const data = await view.request("resources/read", { uri: "data://w/config" });
    expect(data.result.contents[0].text).toBe('{"unit":"C"}');
  });

  it("refuses what canReadResource refuses, and passes the server's error for an unknown resource", async () => {
    const { view } = await connected({ canReadResource: (uri) => uri.startsWith("ui://") });
    expect((await view.request("resources/read", { uri: "ui://w/v" })).result.contents).toHaveLength(1);
    const refused = await view.request("resources/read", { uri: "data://w/config" });
    expect(refused.error).toMatchObject({ code: -32000, data: { uri: "data://w/config" } });
    const missing = await view.request("resources/read", { uri: "ui://w/none" });
    expect(missing.error.code).toBeLessThan(0);
    expect(missing.error.code).not.toBe(-32603);
  });
});
