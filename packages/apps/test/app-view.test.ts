import { createServer, type McpServer } from "@mrtr/server";
import { LegacySession } from "@mrtr/server/legacy";
import { describe, expect, it } from "vitest";
import { APPS_EXTENSION_ID, toolViewOf, VIEW_MIME_TYPE } from "../src/index.js";
import { appView, supportsViews } from "../src/server/index.js";

const HTML = "<!doctype html><html><body>weather</body></html>";
const WITH_VIEWS = { extensions: { [APPS_EXTENSION_ID]: { mimeTypes: [VIEW_MIME_TYPE] } } };

/** One request to `server` as a 2026-07-28 client with these capabilities sends it. */
async function ask(server: McpServer, method: string, params: Record<string, unknown>, capabilities: object = WITH_VIEWS) {
  const meta = { "io.modelcontextprotocol/protocolVersion": "2026-07-28", "io.modelcontextprotocol/clientCapabilities": capabilities, "io.modelcontextprotocol/clientInfo": { name: "host", version: "1" } };
  return (await server.handle({ jsonrpc: "2.0", id: 1, method, params: { ...params, _meta: meta } })) as { result?: any; error?: { code: number; message: string } };
}

function weather() {
  const server = createServer({ name: "weather", version: "1.0.0" });
  appView(server, { uri: "ui://weather/dashboard", name: "Weather dashboard", html: HTML, csp: { connectDomains: ["https://api.example.com"] }, prefersBorder: true })
    .tool({ name: "get_weather", description: "The weather, with a dashboard", handler: () => ({ content: [{ type: "text", text: "Sunny, 21 °C" }], structuredContent: { c: 21 } }) })
    .tool({ name: "refresh", visibility: ["app"], handler: (_a, ctx) => ({ content: [{ type: "text", text: `refreshed (views: ${supportsViews(ctx)})` }] }) })
    .tool({ name: "empty", handler: () => ({ content: [] }) });
  return server;
}

describe("appView: a view and the tools it renders", () => {
  it("serves the view as a ui:// resource of the MCP App MIME type, its _meta.ui in the listing and in what resources/read gives", async () => {
    const server = weather();
    const listed = (await ask(server, "resources/list", {})).result.resources.find((r: { uri: string }) => r.uri === "ui://weather/dashboard");
    expect(listed).toMatchObject({ name: "Weather dashboard", mimeType: VIEW_MIME_TYPE, _meta: { ui: { csp: { connectDomains: ["https://api.example.com"] }, prefersBorder: true } } });
    const read = (await ask(server, "resources/read", { uri: "ui://weather/dashboard" })).result;
    expect(read.contents).toEqual([{ uri: "ui://weather/dashboard", mimeType: VIEW_MIME_TYPE, text: HTML, _meta: { ui: { csp: { connectDomains: ["https://api.example.com"] }, prefersBorder: true } } }]);
  });

  it("gives each tool _meta.ui naming the view, and its visibility when given; toolViewOf reads it back (the deprecated flat key too)", async () => {
    const tools = (await ask(weather(), "tools/list", {})).result.tools as { name: string; _meta?: Record<string, unknown> }[];
    const byName = (name: string) => tools.find((t) => t.name === name)!;
    expect(byName("get_weather")._meta).toEqual({ ui: { resourceUri: "ui://weather/dashboard" } });
    expect(byName("refresh")._meta).toEqual({ ui: { resourceUri: "ui://weather/dashboard", visibility: ["app"] } });
    expect(toolViewOf(byName("get_weather"))).toEqual({ resourceUri: "ui://weather/dashboard", visibility: ["model", "app"] });
    expect(toolViewOf(byName("refresh")).visibility).toEqual(["app"]);
    expect(toolViewOf({ _meta: { "ui/resourceUri": "ui://old/view" } })).toEqual({ resourceUri: "ui://old/view", visibility: ["model", "app"] });
    expect(toolViewOf({ _meta: { ui: { resourceUri: "ui://new" }, "ui/resourceUri": "ui://old" } }).resourceUri).toBe("ui://new");
  });

  it("an app-only tool answers a client that shows no views with a tool error saying what it is for; a client that does is served", async () => {
    const server = weather();
    const refused = (await ask(server, "tools/call", { name: "refresh", arguments: {} }, {})).result;
    expect(refused.isError).toBe(true);
    expect(refused.content[0].text).toMatch(/called by the view ui:\/\/weather\/dashboard only/);
    const served = (await ask(server, "tools/call", { name: "refresh", arguments: {} })).result;
    expect(served.content[0].text).toBe("refreshed (views: true)");
  });

  it("a view tool that returns no content is refused, with a message for the server's author", async () => {
    const errors: unknown[] = [];
    const server = createServer({ name: "w", version: "1", onError: (e) => void errors.push(e) });
    appView(server, { uri: "ui://w/v", name: "v", html: HTML }).tool({ name: "empty", handler: () => ({ content: [] }) });
    const answer = await ask(server, "tools/call", { name: "empty", arguments: {} });
    expect(answer.error?.code).toBe(-32603);
    expect(String(errors[0])).toMatch(/returned no content: return a text summary too/);
  });

  it("refuses at registration: a URI that is not ui://, a CSP origin that is not an origin, an unknown permission, a view registered twice, a visibility of neither", () => {
    const server = createServer({ name: "w", version: "1" });
    expect(() => appView(server, { uri: "https://x/view", name: "v", html: HTML })).toThrow(/must start with ui:\/\//);
    expect(() => appView(server, { uri: "ui://v/1", name: "v", html: HTML, csp: { connectDomains: ["https://api.example.com/path"] } })).toThrow(/is not an origin/);
    expect(() => appView(server, { uri: "ui://v/2", name: "v", html: HTML, csp: { resourceDomains: ["'unsafe-eval'"] } })).toThrow(/is not an origin/);
    expect(() => appView(server, { uri: "ui://v/3", name: "v", html: HTML, permissions: { usb: {} } as never })).toThrow(/permissions.usb is not one of/);
    appView(server, { uri: "ui://v/4", name: "v", html: HTML, csp: { resourceDomains: ["https://*.cdn.example.com", "wss://live.example.com:8443"] } });
    expect(() => appView(server, { uri: "ui://v/4", name: "v", html: HTML })).toThrow(/registered already/);
    expect(() => appView(server, { uri: "ui://v/5", name: "v", html: HTML }).tool({ name: "t", visibility: [], handler: () => ({ content: [] }) })).toThrow(/visibility must list/);
  });

  it("knows a 2025-11-25 client's views from what it declared in initialize", async () => {
    const server = createServer({ name: "w", version: "1" });
    appView(server, { uri: "ui://w/v", name: "v", html: HTML }).tool({ name: "refresh", visibility: ["app"], handler: (_a, ctx) => ({ content: [{ type: "text", text: String(supportsViews(ctx)) }] }) });
    for (const [capabilities, expected] of [
      [WITH_VIEWS, "true"],
      [{}, undefined],
    ] as const) {
      const session = new LegacySession(server, { send: () => true });
      await session.receive({ jsonrpc: "2.0", id: 0, method: "initialize", params: { protocolVersion: "2025-11-25", capabilities, clientInfo: { name: "old", version: "1" } } });
      const answer = (await session.receive({ jsonrpc: "2.0", id: 1, method: "tools/call", params: { name: "refresh", arguments: {} } })) as unknown as { result: { content: { text: string }[]; isError?: boolean } };
      if (expected) expect(answer.result.content[0]!.text).toBe(expected);
      else expect(answer.result.isError).toBe(true);
    }
  });
});
