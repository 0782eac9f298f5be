/**
 * The handshake and the host's notifications: ui/initialize answered as the
 * spec and ext-apps' schema say; nothing reaches the view before its
 * initialized notification, and what waits is sent then, in order.
 */
import { describe, expect, it } from "vitest";
import { VIEW_BRIDGE_ERROR_CODES, VIEW_PROTOCOL_VERSION } from "../../src/host/index.js";
import { bare, fakeBridge, listed, oracle, withoutDimensions } from "./fixtures.js";

const context = { theme: "dark" as const, displayMode: "inline" as const, availableDisplayModes: ["inline" as const, "fullscreen" as const], containerDimensions: { width: 400, maxHeight: 600 }, locale: "fr-FR", timeZone: "Europe/Paris", platform: "web" as const };

describe("ui/initialize", () => {
  it("answers with protocolVersion, hostInfo, hostCapabilities and hostContext, valid against ext-apps' McpUiInitializeResult", async () => {
    const { view, bridge } = fakeBridge({ hostContext: context, onOpenLink: () => true, onLog: () => {} });
    const request = { appInfo: { name: "view", version: "1.0.0" }, appCapabilities: { availableDisplayModes: ["inline"] }, protocolVersion: "2026-01-26" };
    expect(oracle("McpUiInitializeRequest", { method: "ui/initialize", params: request })).toEqual([]);
    const { result } = await view.request("ui/initialize", request);
    expect(oracle("McpUiInitializeResult", withoutDimensions(result))).toEqual([]);
    expect(result).toEqual({
      protocolVersion: VIEW_PROTOCOL_VERSION,
      hostInfo: { name: "test-host", version: "1.0.0" },
      hostCapabilities: { serverTools: {}, serverResources: {}, openLinks: {}, logging: {} },
      hostContext: { ...context, toolInfo: { tool: listed("show") } },
    });
    expect(bridge.phase).toBe("initializing");
    expect(bridge.app).toEqual({ info: request.appInfo, capabilities: request.appCapabilities, protocolVersion: "2026-01-26" });
  });

  it("offers model context and messages, with the content kinds it checks, only when the host takes them (valid against ext-apps' McpUiHostCapabilities)", async () => {
    const initialize = { appInfo: { name: "v", version: "1" }, appCapabilities: {}, protocolVersion: "2026-01-26" };
    const kinds = { text: {}, image: {}, audio: {}, resource: {}, resourceLink: {} };
    const taking = fakeBridge({ onUpdateModelContext: () => true, onMessage: () => true });
    const { result } = await taking.view.request("ui/initialize", initialize);
    expect(result.hostCapabilities).toEqual({ serverTools: {}, serverResources: {}, updateModelContext: { ...kinds, structuredContent: {} }, message: kinds });
    expect(oracle("McpUiHostCapabilities", result.hostCapabilities)).toEqual([]);
    const plain = await fakeBridge().view.request("ui/initialize", initialize);
    expect(plain.result.hostCapabilities).toEqual({ serverTools: {}, serverResources: {} });
  });

  it("keeps the host's toolInfo and capabilities when given, and projects the tool to its MCP fields", async () => {
    const tool = { ...listed("show"), execution: { taskSupport: "forbidden" }, somethingNew: 1 };
    const { view } = fakeBridge({ tool, hostCapabilities: { serverTools: { listChanged: true }, sandbox: { csp: { connectDomains: ["https://api.example.com"] } } } });
    const { result } = await view.request("ui/initialize", { appInfo: { name: "v", version: "1" }, appCapabilities: {}, protocolVersion: "2026-01-26" });
    expect(result.hostContext.toolInfo.tool).toEqual({ ...listed("show"), execution: { taskSupport: "forbidden" } });
    expect(result.hostCapabilities).toEqual({ serverTools: { listChanged: true }, serverResources: {}, sandbox: { csp: { connectDomains: ["https://api.example.com"] } } });
    expect(oracle("McpUiInitializeResult", result)).toEqual([]);
    const withId = fakeBridge({ hostContext: { toolInfo: { id: 7, tool: { name: "show", inputSchema: { type: "object" } } } } });
    const answer = await withId.view.request("ui/initialize", { appInfo: { name: "v", version: "1" }, appCapabilities: {}, protocolVersion: "2026-01-26" });
    expect(answer.result.hostContext.toolInfo).toEqual({ id: 7, tool: { name: "show", inputSchema: { type: "object" } } });
  });

  it("answers its own version to a view asking for one it does not speak", async () => {
    const { view } = fakeBridge();
    const { result } = await view.request("ui/initialize", { appInfo: { name: "v", version: "1" }, appCapabilities: {}, protocolVersion: "2099-01-01" });
    expect(result.protocolVersion).toBe("2026-01-26");
  });

  it("refuses requests other than ping before ui/initialize, and a second ui/initialize", async () => {
    const { view } = fakeBridge();
    expect((await view.request("ping")).result).toEqual({});
    const early = await view.request("tools/call", { name: "refresh" });
    expect(early.error.code).toBe(VIEW_BRIDGE_ERROR_CODES.invalidRequest);
    expect(early.error.message).toMatch(/before ui\/initialize/);
    await view.handshake();
    const again = await view.request("ui/initialize", { appInfo: { name: "v", version: "1" }, appCapabilities: {}, protocolVersion: "2026-01-26" });
    expect(again.error.code).toBe(VIEW_BRIDGE_ERROR_CODES.invalidRequest);
  });

  it("refuses malformed initialize params with -32602 naming the field", async () => {
    const { view } = fakeBridge();
    const answer = await view.request("ui/initialize", { appInfo: { name: "v" }, appCapabilities: {}, protocolVersion: "2026-01-26" });
    expect(answer.error).toMatchObject({ code: -32602, message: expect.stringContaining("appInfo") });
    const modes = await view.request("ui/initialize", { appInfo: { name: "v", version: "1" }, appCapabilities: { availableDisplayModes: ["huge"] }, protocolVersion: "2026-01-26" });
    expect(modes.error.message).toMatch(/availableDisplayModes/);
  });
});

describe("host → view notifications", () => {
  it("sends nothing before initialized, then what waited in the lifecycle's order, each valid against ext-apps' schema", async () => {
    const { view, bridge } = fakeBridge();
    bridge.toolInputPartial({ city: "Ly" });
    bridge.toolInputPartial({ city: "Lyon" });
    await view.request("ui/initialize", { appInfo: { name: "v", version: "1" }, appCapabilities: {}, protocolVersion: "2026-01-26" });
    bridge.hostContextChanged({ theme: "light" });
    bridge.hostContextChanged({ locale: "en-GB" });
    bridge.toolResult({ content: [{ type: "text", text: "sunny" }], structuredContent: { c: 21 }, resultType: "complete" });
    bridge.toolInput({ city: "Lyon" });
    expect(view.notifications()).toEqual([]);
    view.notify("ui/notifications/initialized");
    expect(bridge.phase).toBe("ready");
    expect(view.notifications().map((m) => [m.method, m.params])).toEqual([
      ["ui/notifications/host-context-changed", { theme: "light", locale: "en-GB" }],
      ["ui/notifications/tool-input", { arguments: { city: "Lyon" } }],
      ["ui/notifications/tool-result", { content: [{ type: "text", text: "sunny" }], structuredContent: { c: 21 } }],
    ]);
    const schemas: Record<string, string> = {
      "ui/notifications/host-context-changed": "McpUiHostContextChangedNotification",
      "ui/notifications/tool-input": "McpUiToolInputNotification",
      "ui/notifications/tool-result": "McpUiToolResultNotification",
    };
    for (const m of view.notifications()) {
      expect(m.jsonrpc).toBe("2.0");
      expect(oracle(schemas[m.method]!, bare(m))).toEqual([]);
    }
  });

  it("keeps only the last partial input while waiting, and sends no partial input after the complete input", async () => {
    const { view, bridge } = fakeBridge();
    bridge.toolInputPartial({ city: "L" });
    bridge.toolInputPartial({ city: "Ly" });
    await view.handshake();
    expect(view.notifications().map((m) => m.params)).toEqual([{ arguments: { city: "Ly" } }]);
    bridge.toolInputPartial({ city: "Lyo" });
    bridge.toolInput({ city: "Lyon" });
    bridge.toolInputPartial({ city: "Lyon!" });
    bridge.toolCancelled("user action");
    bridge.toolCancelled();
    const sent = view.notifications().slice(1);
    expect(sent.map((m) => [m.method, m.params])).toEqual([
      ["ui/notifications/tool-input-partial", { arguments: { city: "Lyo" } }],
      ["ui/notifications/tool-input", { arguments: { city: "Lyon" } }],
      ["ui/notifications/tool-cancelled", { reason: "user action" }],
      ["ui/notifications/tool-cancelled", {}],
    ]);
    expect(oracle("McpUiToolInputPartialNotification", bare(sent[0]!))).toEqual([]);
    expect(oracle("McpUiToolCancelledNotification", bare(sent[2]!))).toEqual([]);
    expect(oracle("McpUiToolCancelledNotification", bare(sent[3]!))).toEqual([]);
  });

  it("puts context changes made before ui/initialize into its answer, and sends only the fields that changed", async () => {
    const { view, bridge } = fakeBridge({ hostContext: { theme: "dark", locale: "fr-FR" } });
    bridge.hostContextChanged({ theme: "light" });
    const { result } = await view.request("ui/initialize", { appInfo: { name: "v", version: "1" }, appCapabilities: {}, protocolVersion: "2026-01-26" });
    expect(result.hostContext).toMatchObject({ theme: "light", locale: "fr-FR" });
    view.notify("ui/notifications/initialized");
    expect(view.notifications()).toEqual([]);
    bridge.hostContextChanged({ theme: "light", locale: "fr-FR", containerDimensions: { width: 300, maxHeight: 500 } });
    bridge.hostContextChanged({ containerDimensions: { width: 300, maxHeight: 500 } });
    expect(view.notifications().map((m) => m.params)).toEqual([{ containerDimensions: { width: 300, maxHeight: 500 } }]);
    expect(bridge.hostContext).toMatchObject({ theme: "light", locale: "fr-FR", containerDimensions: { width: 300, maxHeight: 500 } });
    expect(oracle("McpUiHostContextChangedNotification", withoutDimensions(bare(view.notifications()[0]!)))).toEqual([]);
    bridge.hostContextChanged({ theme: "dark" });
    expect(oracle("McpUiHostContextChangedNotification", bare(view.notifications()[1]!))).toEqual([]);
  });

  it("drops an initialized notification that no ui/initialize preceded", () => {
    const { view, bridge, warnings } = fakeBridge();
    view.notify("ui/notifications/initialized");
    bridge.toolInput({ a: 1 });
    expect(bridge.phase).toBe("connecting");
    expect(view.sent).toEqual([]);
    expect(warnings).toHaveLength(1);
  });
});
