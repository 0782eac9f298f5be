// The host's side of MCP Apps, without a browser: a client that says it renders views, a tool call that
// reads the tool's _meta.ui and fetches its ui:// resource, the view's security policy under the host's own,
// and a view bridge whose messages travel over a MessageChannel (a web page's binding is mountView instead).
import { MessageChannel, type MessagePort } from "node:worker_threads";
import { toolViewOf } from "@mrtr/apps";
import { appsExtension, createViewBridge, viewPolicy, viewResourceOf, type HostPolicy, type ViewBridge, type ViewBridgeOptions, type ViewPolicy, type ViewResource } from "@mrtr/apps/host";
import { createClient, type McpClient } from "@mrtr/client";
import { inProcessTransport, type McpServer } from "@mrtr/server";

/** A tool as `tools/list` gives it. */
export type Tool = Awaited<ReturnType<McpClient["listTools"]>>["tools"][number];

/** A tool's result as `callTool` gives it. */
export type ToolResult = Awaited<ReturnType<McpClient["callTool"]>>;

/** What this host lets any view have, whatever it declares: origins under example.com, and no clipboard. */
export const HOST_POLICY: HostPolicy = { allowOrigins: ["https://*.example.com"], permissions: { clipboardWrite: false } };

/** A client of `server` whose every request says it renders views (`appsExtension()`). */
export function hostClient(server: McpServer): McpClient {
  return createClient({ name: "headless-host", version: "1.0.0", transport: inProcessTransport(server), extensions: [appsExtension()] });
}

/** The tools a host gives its model: those whose visibility includes "model" (app-only tools are the view's). */
export const modelTools = (tools: readonly Tool[]): Tool[] => tools.filter((tool) => toolViewOf(tool).visibility.includes("model"));

/** A view to show: its URI, its document and declared `_meta.ui`, and the policy the host gives it. */
export interface ViewToShow {
  uri: string;
  resource: ViewResource;
  policy: ViewPolicy;
}

/** A tool call as a host that renders views makes it: the text result always, the view when the tool has one. */
export async function callWithView(client: McpClient, name: string, args: Record<string, unknown>, hostPolicy = HOST_POLICY) {
  const { tools } = await client.listTools();
  const tool = tools.find((t) => t.name === name);
  if (!tool) throw new Error(`The server has no tool ${name}.`);
  const result = await client.callTool(name, args);
  const uri = toolViewOf(tool).resourceUri;
  if (uri === undefined) return { tool, tools, result };
  // Throws unless the server answers the URI with the view MIME type (text/html;profile=mcp-app) and a document.
  const resource = viewResourceOf(await client.readResource(uri), uri);
  const view: ViewToShow = { uri, resource, policy: viewPolicy(resource.meta, hostPolicy) };
  return { tool, tools, result, view };
}

/** A view's bridge, and the other end of its channel: where the view's document would post from. */
export interface ConnectedView {
  bridge: ViewBridge;
  viewPort: MessagePort;
  close(): void;
}

/** Starts the bridge of a view whose policy is `policy`; its messages go through a MessageChannel. */
export function connectView(policy: ViewPolicy, options: Omit<ViewBridgeOptions, "send">): ConnectedView {
  const { port1: hostPort, port2: viewPort } = new MessageChannel();
  const bridge = createViewBridge({
    ...options,
    // Tells the view what the host approved of what it declared (the origins and permissions kept).
    hostCapabilities: { sandbox: policy.approved, ...options.hostCapabilities },
    send: (message) => hostPort.postMessage(message),
  });
  // The bridge checks every message itself (shape, size, rate, what the view may call): hand it each as it comes.
  hostPort.on("message", (message: unknown) => bridge.receive(message));
  return {
    bridge,
    viewPort,
    close: () => {
      bridge.close();
      hostPort.close();
    },
  };
}
