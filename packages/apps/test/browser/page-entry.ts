/**
 * The test host page's script (bundled by harness.ts with esbuild, from the
 * packages' sources): puts what a host page uses on `window.mrtr`, and
 * `showView`, the steps every web host takes to show a tool's view: list
 * the tools, call the tool, read its view, mount it through the sandbox
 * proxy, tell it the input and the result. What the bridge asks the host is
 * recorded in `window.hostEvents`, for the tests to read.
 */
import { mountView, type MountedView } from "@mrtr/apps/browser";
import type { HostPolicy, ListedTool } from "@mrtr/apps/host";
import { callToolWithView } from "./call-tool-view.js";

/** One thing the bridge asked of the host or told it. */
export interface HostEvent {
  type: string;
  value?: unknown;
}

/** What `showView` takes. */
export interface ShowViewOptions {
  /** The MCP endpoint (same origin as the page). */
  endpoint: string;
  /** Other servers the page is connected to (their tools must stay out of the view's reach). */
  tool: string;
  args?: Record<string, unknown>;
  proxyUrl: string;
  hostPolicy?: HostPolicy;
  /** What the user answers when the view asks to open a link. */
  allowLinks?: boolean;
  limits?: Record<string, number>;
}

const events: HostEvent[] = [];
const views = new Map<string, MountedView>();
const record = (type: string, value?: unknown) => void events.push(value === undefined ? { type } : { type, value });

async function showView(options: ShowViewOptions): Promise<{ id: string; csp: string; allow: string; refused: string[]; resultText: string }> {
  const { client, tools, tool, result, resource } = await callToolWithView(options.endpoint, options.tool, options.args ?? {}, "test-host");
  const container = document.createElement("section");
  container.dataset.view = options.tool;
  document.body.appendChild(container);
  const view = mountView({
    container,
    proxyUrl: options.proxyUrl,
    resource,
    ...(options.hostPolicy && { hostPolicy: options.hostPolicy }),
    client,
    tool: tool as ListedTool,
    tools: tools as ListedTool[],
    hostInfo: { name: "mrtr-test-host", version: "1.0.0" },
    hostContext: { theme: "light", displayMode: "inline", platform: "web", containerDimensions: { maxHeight: 800 } },
    ...(options.limits && { limits: options.limits }),
    onOpenLink: (url) => (record("open-link", url), options.allowLinks === true),
    onMessage: (message) => record("message", message),
    onUpdateModelContext: (context) => record("model-context", context),
    onSizeChanged: (size) => {
      record("size", size);
      if (typeof size.height === "number") view.frame.style.height = `${Math.min(size.height, 800)}px`;
    },
    onLog: (entry) => record("log", entry),
    onWarning: (warning) => record("warning", { type: warning.type, reason: warning.reason, method: warning.method }),
  });
  view.bridge.toolInput(options.args ?? {});
  view.bridge.toolResult(result);
  await view.loaded;
  const id = `${options.tool}-${views.size}`;
  views.set(id, view);
  const text = (result.content as { type: string; text?: string }[]).map((c) => c.text ?? "").join("\n");
  return { id, csp: view.policy.csp, allow: view.policy.allow, refused: view.policy.refused, resultText: text };
}

async function unmount(id: string, timeoutMs?: number): Promise<string> {
  const view = views.get(id);
  if (!view) throw new Error(`no view ${id}`);
  views.delete(id);
  return view.unmount(timeoutMs === undefined ? undefined : { timeoutMs });
}

const api = { showView, unmount, events, phase: (id: string) => views.get(id)?.bridge.phase ?? "unmounted", frameCount: () => document.querySelectorAll("iframe").length, mountView };
(window as unknown as { mrtr: typeof api }).mrtr = api;
