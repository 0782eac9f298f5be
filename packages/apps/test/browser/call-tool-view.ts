/**
 * What a test host page does before it shows a view, whichever host it is
 * (ours in page-entry.ts, ext-apps' AppBridge in ext-apps-bridge-page.ts):
 * connect a client that declares views, find the tool, call it, read its view.
 */
import { toolViewOf } from "@mrtr/apps";
import { appsExtension, viewResourceOf, type ViewResource } from "@mrtr/apps/host";
import { createClient, httpTransport, type McpClient } from "@mrtr/client";

/** The call and its view. */
export interface CalledView {
  client: McpClient;
  tools: Awaited<ReturnType<McpClient["listTools"]>>["tools"];
  tool: Awaited<ReturnType<McpClient["listTools"]>>["tools"][number];
  result: Awaited<ReturnType<McpClient["callTool"]>>;
  resource: ViewResource;
}

/** Calls `toolName` of the server at `endpoint` as the host `clientName`, and reads the view it declares; throws when it has none. */
export async function callToolWithView(endpoint: string, toolName: string, args: Record<string, unknown>, clientName: string): Promise<CalledView> {
  const client = createClient({ transport: httpTransport(new URL(endpoint, location.href)), name: clientName, version: "1.0.0", extensions: [appsExtension()] });
  const { tools } = await client.listTools();
  const tool = tools.find((t) => t.name === toolName);
  if (!tool) throw new Error(`no tool ${toolName}`);
  const uri = toolViewOf(tool).resourceUri;
  if (!uri) throw new Error(`${toolName} has no view`);
  const result = await client.callTool(toolName, args);
  const resource = viewResourceOf(await client.readResource(uri), uri);
  return { client, tools, tool, result, resource };
}
