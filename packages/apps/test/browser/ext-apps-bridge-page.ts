/**
 * A host page whose view host is ext-apps' `AppBridge`
 * (@modelcontextprotocol/ext-apps/app-bridge), not ours; bundled by
 * harness.ts's `pageBundle` for ext-apps-app-bridge.test.ts. `showInAppBridge`
 * reads a tool's view from an @mrtr server with our client (`appsExtension`,
 * `viewResourceOf`), puts its HTML in a sandboxed `srcdoc` iframe, connects an
 * `AppBridge` (no MCP client of its own) over ext-apps' `PostMessageTransport`
 * to that iframe, and serves the view's `tools/call` and `resources/read` by
 * forwarding them to our client. What the bridge forwards is recorded in
 * `window.mrtr.events`.
 */
import { AppBridge, PostMessageTransport } from "@modelcontextprotocol/ext-apps/app-bridge";
import { callToolWithView } from "./call-tool-view.js";

/** One thing the AppBridge forwarded or was told. */
export interface BridgeEvent {
  type: string;
  value?: unknown;
}

/** What `showInAppBridge` takes. */
export interface ShowInAppBridgeOptions {
  /** The MCP endpoint (same origin as the page). */
  endpoint: string;
  tool: string;
  args?: Record<string, unknown>;
  /** AppBridge's name for itself, as the view is told in `ui/initialize`. */
  hostInfo: { name: string; version: string };
}

const events: BridgeEvent[] = [];
const record = (type: string, value?: unknown) => void events.push(value === undefined ? { type } : { type, value });

async function showInAppBridge(options: ShowInAppBridgeOptions): Promise<{ resultText: string; appName: string | undefined }> {
  const { client, result, resource } = await callToolWithView(options.endpoint, options.tool, options.args ?? {}, "ext-apps-bridge-host");

  const frame = document.createElement("iframe");
  frame.setAttribute("sandbox", "allow-scripts");
  frame.dataset.view = options.tool;
  frame.style.cssText = "border:0;width:100%;height:400px;display:block";
  // In the page first (about:blank), so its window exists and the bridge listens before the view's script runs.
  document.body.appendChild(frame);
  const viewWindow = frame.contentWindow!;

  const bridge = new AppBridge(null, options.hostInfo, { serverTools: {}, serverResources: {}, logging: {} }, { hostContext: { theme: "dark", displayMode: "inline", platform: "web" } });
  // The casts: our client's result types are interfaces (no index signature), AppBridge's are zod-inferred objects with one; the values are the same JSON.
  bridge.oncalltool = async (params) => {
    record("tools/call", params);
    return (await client.callTool(params.name, params.arguments ?? {})) as never;
  };
  bridge.onreadresource = async (params) => {
    record("resources/read", params);
    return (await client.readResource(params.uri)) as never;
  };
  bridge.onsizechange = (size) => record("size", size);
  const initialized = new Promise<void>((resolve) => {
    bridge.oninitialized = () => {
      record("initialized");
      resolve();
    };
  });
  await bridge.connect(new PostMessageTransport(viewWindow, viewWindow));

  frame.srcdoc = resource.html;
  await initialized;
  await bridge.sendToolInput({ arguments: options.args ?? {} });
  await bridge.sendToolResult(result as never);
  const text = (result.content as { type: string; text?: string }[]).map((c) => c.text ?? "").join("\n");
  return { resultText: text, appName: bridge.getAppVersion()?.name };
}

const api = { showInAppBridge, events };
(window as unknown as { mrtr: typeof api }).mrtr = api;
