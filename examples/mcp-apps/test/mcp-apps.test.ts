/**
 * The MCP Apps example: what the server declares (the tools' _meta.ui, the
 * ui:// resource, its policy), what the host makes of it (the model's tools,
 * the CSP and allow under the host's policy), and the bridge over a
 * MessageChannel (held notifications, the view's calls limited to app tools,
 * links put to the user, teardown).
 */
import { APPS_EXTENSION_ID, VIEW_MIME_TYPE } from "@mrtr/apps";
import { appsExtension, RESTRICTIVE_DEFAULT_CSP, VIEW_BRIDGE_ERROR_CODES, viewPolicy } from "@mrtr/apps/host";
import { createClient } from "@mrtr/client";
import { inProcessTransport } from "@mrtr/server";
import { afterEach, describe, expect, it } from "vitest";
import { HeadlessView } from "../src/headless-view.js";
import { callWithView, connectView, hostClient, modelTools, type ConnectedView } from "../src/host.js";
import { POLL_VIEW_HTML } from "../src/poll-view.js";
import { createPollServer } from "../src/server.js";

const args = { question: "Lunch?", options: ["Pizza", "Sushi"] };
const cleanups: (() => unknown)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0)) await cleanup();
});

/** A host client, a start_poll call with its view, and the view connected headlessly. */
async function shownPoll(overrides: Partial<Parameters<typeof connectView>[1]> = {}) {
  const client = hostClient(createPollServer());
  const call = await callWithView(client, "start_poll", args);
  const connected: ConnectedView = connectView(call.view!.policy, { client, tool: call.tool, tools: call.tools, hostInfo: { name: "test-host", version: "1.0.0" }, ...overrides });
  const view = new HeadlessView(connected.viewPort);
  cleanups.push(() => connected.close(), () => view.close(), () => client.close());
  return { client, call, connected, view };
}

describe("the server's view", () => {
  it("gives each tool a _meta.ui naming the view, with the visibility declared", async () => {
    const client = hostClient(createPollServer());
    cleanups.push(() => client.close());
    const { tools } = await client.listTools();
    expect(Object.fromEntries(tools.map((t) => [t.name, t._meta?.ui]))).toEqual({
      start_poll: { resourceUri: "ui://polls/board" },
      cast_vote: { resourceUri: "ui://polls/board", visibility: ["app"] },
      close_poll: { resourceUri: "ui://polls/board", visibility: ["model"] },
    });
    expect(modelTools(tools).map((t) => t.name)).toEqual(["start_poll", "close_poll"]);
  });

  it("serves the view as text/html;profile=mcp-app with its declared policy, in resources/read and resources/list", async () => {
    const client = hostClient(createPollServer());
    cleanups.push(() => client.close());
    const read = await client.readResource("ui://polls/board");
    const meta = { ui: { csp: { resourceDomains: ["https://cdn.example.com"] }, permissions: { clipboardWrite: {} }, prefersBorder: true } };
    expect(read.contents).toEqual([{ uri: "ui://polls/board", mimeType: VIEW_MIME_TYPE, text: POLL_VIEW_HTML, _meta: meta }]);
    const { resources } = await client.listResources();
    expect(resources).toContainEqual(expect.objectContaining({ uri: "ui://polls/board", mimeType: VIEW_MIME_TYPE }));
  });

  it("answers the app-only tool with a tool error to a client that renders no views", async () => {
    const plain = createClient({ name: "plain", version: "1.0.0", transport: inProcessTransport(createPollServer()) });
    cleanups.push(() => plain.close());
    const result = await plain.callTool("cast_vote", { pollId: "x", option: "Pizza" });
    expect(result.isError).toBe(true);
    expect(JSON.stringify(result.content)).toMatch(/called by the view ui:\/\/polls\/board only/);
  });

  it("checks what the view sends like any client's input", async () => {
    const { client, call } = await shownPoll();
    const pollId = (call.result.structuredContent as { pollId: string }).pollId;
    expect((await client.callTool("cast_vote", { pollId, option: "Tacos" })).isError).toBe(true);
  });
});

describe("the host's policy for the view", () => {
  it("keeps the declared origin host allowed, refuses the clipboard the host does not grant, and never opens connect-src", async () => {
    const { call } = await shownPoll();
    const { policy } = call.view!;
    expect(policy.csp).toContain("style-src 'self' 'unsafe-inline' https://cdn.example.com");
    expect(policy.csp).toContain("connect-src 'none'");
    expect(policy.allow).toBe("");
    expect(policy.approved).toEqual({ csp: { resourceDomains: ["https://cdn.example.com"] }, permissions: {} });
    expect(policy.refused).toEqual(["_meta.ui.permissions.clipboardWrite: not granted by the host"]);
  });

  it("drops an origin the host does not allow, and grants the clipboard to a host that allows it", () => {
    const meta = { csp: { resourceDomains: ["https://cdn.example.com"] }, permissions: { clipboardWrite: {} } };
    const narrow = viewPolicy(meta, { allowOrigins: ["https://static.example.org"] });
    expect(narrow.csp).toContain("script-src 'self' 'unsafe-inline';");
    expect(narrow.refused).toEqual(['_meta.ui.csp.resourceDomains[0] "https://cdn.example.com": not allowed by the host']);
    expect(viewPolicy(meta).allow).toBe("clipboard-write");
    expect(viewPolicy(undefined).csp).toBe(RESTRICTIVE_DEFAULT_CSP);
  });
});

describe("the view bridge over a MessageChannel", () => {
  it("answers the handshake with the host's capabilities, then sends the held input and result in order", async () => {
    const { call, connected, view } = await shownPoll({ onOpenLink: () => false });
    connected.bridge.toolInput(args);
    connected.bridge.toolResult(call.result);
    expect(connected.bridge.phase).toBe("connecting");
    const hello = await view.initialize();
    expect(hello.result).toMatchObject({
      protocolVersion: "2026-01-26",
      hostInfo: { name: "test-host", version: "1.0.0" },
      hostCapabilities: { serverTools: {}, serverResources: {}, openLinks: {}, sandbox: call.view!.policy.approved },
      hostContext: { toolInfo: { tool: { name: "start_poll" } } },
    });
    const result = await view.notification("ui/notifications/tool-result");
    expect(view.notifications.map((n) => n.method)).toEqual(["ui/notifications/tool-input", "ui/notifications/tool-result"]);
    expect(view.notifications[0]!.params).toEqual({ arguments: args });
    expect(result.structuredContent).toMatchObject({ question: "Lunch?", votes: {} });
    expect(connected.bridge.phase).toBe("ready");
  });

  it("passes the view's call of an app tool to its server and refuses a model-only or unknown tool", async () => {
    const { call, view } = await shownPoll();
    await view.initialize();
    const pollId = (call.result.structuredContent as { pollId: string }).pollId;
    const vote = await view.request("tools/call", { name: "cast_vote", arguments: { pollId, option: "Pizza" } });
    expect(vote.result?.structuredContent?.votes).toEqual({ Pizza: 1 });
    expect((await view.request("tools/call", { name: "close_poll", arguments: { pollId } })).error?.code).toBe(VIEW_BRIDGE_ERROR_CODES.refused);
    expect((await view.request("tools/call", { name: "delete_everything" })).error?.code).toBe(VIEW_BRIDGE_ERROR_CODES.invalidParams);
  });

  it("puts a link to the host's user and answers a refusal; refuses a javascript: link without asking", async () => {
    const asked: string[] = [];
    const { view } = await shownPoll({ onOpenLink: (url) => (asked.push(url), url === "https://example.com/ok") });
    await view.initialize();
    expect((await view.request("ui/open-link", { url: "https://example.com/ok" })).result).toEqual({});
    expect((await view.request("ui/open-link", { url: "https://example.com/no" })).error?.code).toBe(VIEW_BRIDGE_ERROR_CODES.refused);
    expect((await view.request("ui/open-link", { url: "javascript:alert(1)" })).error?.code).toBe(VIEW_BRIDGE_ERROR_CODES.refused);
    expect(asked).toEqual(["https://example.com/ok", "https://example.com/no"]);
  });

  it("does not serve links or model context to a host without the callbacks", async () => {
    const { view } = await shownPoll();
    await view.initialize();
    expect((await view.request("ui/open-link", { url: "https://example.com/" })).error?.code).toBe(VIEW_BRIDGE_ERROR_CODES.methodNotFound);
    expect((await view.request("ui/update-model-context", { structuredContent: {} })).error?.code).toBe(VIEW_BRIDGE_ERROR_CODES.methodNotFound);
  });

  it("tears the view down when it answers, and closes the bridge", async () => {
    const { connected, view } = await shownPoll();
    await view.initialize();
    await view.request("ping"); // answered after the initialized notification was taken: a channel keeps order
    expect(await connected.bridge.teardown({ timeoutMs: 1000 })).toBe("answered");
    expect(connected.bridge.phase).toBe("closed");
  });

  it("the client says it renders views in every request", async () => {
    const seen: unknown[] = [];
    const server = createPollServer();
    const client = createClient({
      name: "h",
      version: "1",
      transport: { request: (message, options) => (seen.push(message.params?._meta), inProcessTransport(server).request(message, options)), notify: async () => {} },
      extensions: [appsExtension()],
    });
    cleanups.push(() => client.close());
    await client.listTools();
    expect(seen[0]).toMatchObject({ "io.modelcontextprotocol/clientCapabilities": { extensions: { [APPS_EXTENSION_ID]: { mimeTypes: [VIEW_MIME_TYPE] } } } });
  });
});
