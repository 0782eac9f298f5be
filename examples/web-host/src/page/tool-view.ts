/**
 * A tool's MCP Apps view beside its text result: read the view
 * (`resources/read` of the tool's `_meta.ui.resourceUri`), mount it through
 * the sandbox proxy on another origin (`mountView` of `@mrtr/apps/browser`,
 * which builds its policy and checks every message), then tell it the
 * call's input and result. The text result is shown first and stays,
 * whatever happens here: a view that cannot be read or mounted leaves an
 * error in its panel, nothing else.
 */
import { toolViewOf } from "@mrtr/apps";
import { mountView, type MountedView } from "@mrtr/apps/browser";
import { viewResourceOf, type ContentBlock, type TeardownOutcome, type ViewLog } from "@mrtr/apps/host";
import type { McpClient } from "@mrtr/client";
import { CLIENT_INFO } from "./connection.js";
import { describeError } from "./describe-error.js";
import { askToOpenLink } from "./link-consent.js";
import type { HostTool } from "./model-tools.js";
import type { ToolResult } from "./result-view.js";
import { sandboxProxyUrl } from "./sandbox-proxy-url.js";
import { viewPanel, type ViewPanel } from "./view-panel.js";

/** The tallest a view's frame grows, in CSS pixels (told to the view as `containerDimensions.maxHeight`). */
export const VIEW_MAX_HEIGHT = 600;

/** A finished call whose view to show. */
export interface ToolViewCall {
  /** The client connected to the tool's server (the view's calls go through it). */
  client: McpClient;
  /** The tool called. */
  tool: HostTool;
  /** Every tool of the server, app-only ones included (the view may call those visible to apps). */
  tools: readonly HostTool[];
  /** The arguments it was called with. */
  args: Record<string, unknown>;
  /** Its result. */
  result: ToolResult;
}

/** A view on the page. */
export interface ShownView {
  /** Tears the view down (once) and removes its frame; resolves with how the teardown ended. */
  close(): Promise<TeardownOutcome>;
}

/** Shows the view of `call.tool` at the end of `container`; undefined when the tool has none. */
export function showToolView(container: HTMLElement, call: ToolViewCall): ShownView | undefined {
  const uri = toolViewOf(call.tool).resourceUri;
  if (uri === undefined) return undefined;
  const panel = viewPanel(call.tool.name, call.tool.title ?? call.tool.name);
  container.append(panel.element);
  const closing = new AbortController();
  const ready = mount(panel, call, uri, closing.signal).catch((error: unknown) => {
    if (!closing.signal.aborted) panel.fail(`The view could not be shown: ${describeError(error)} The text result above is complete.`);
    return undefined;
  });
  void ready.then((view) => view && loaded(panel, view, uri, closing.signal));
  let closed: Promise<TeardownOutcome> | undefined;
  const close = () =>
    (closed ??= (async () => {
      closing.abort();
      panel.status("Closing the view…");
      const view = await ready;
      const outcome = view ? await view.unmount() : "not-initialized";
      panel.closed(outcome);
      return outcome;
    })());
  panel.onClose(() => void close());
  return { close };
}

/** Says when the proxy has the view; a proxy that never says so is closed, its frame removed. */
async function loaded(panel: ViewPanel, view: MountedView, uri: string, closing: AbortSignal): Promise<void> {
  try {
    await view.loaded;
    if (!closing.aborted) panel.status(`Loaded ${uri} in a sandbox on another origin.`);
  } catch (error) {
    if (closing.aborted) return;
    panel.fail(`The view could not be shown: ${describeError(error)} The text result above is complete.`);
    await view.unmount();
  }
}

/** Reads the view and mounts it in the panel, its callbacks writing to the panel; then tells it the call's input and result. */
async function mount(panel: ViewPanel, call: ToolViewCall, uri: string, closing: AbortSignal): Promise<MountedView> {
  const proxyUrl = await sandboxProxyUrl();
  const resource = viewResourceOf(await call.client.readResource(uri, { signal: closing }), uri);
  if (closing.aborted) throw new Error("The view was closed before it was shown.");
  const name = call.tool.title ?? call.tool.name;
  const view = mountView({
    container: panel.frame,
    proxyUrl,
    resource,
    client: call.client,
    tool: call.tool,
    tools: call.tools,
    hostInfo: { name: CLIENT_INFO.name, version: CLIENT_INFO.version, title: CLIENT_INFO.title },
    // The page is styled light only, so that is the theme it tells views.
    hostContext: { theme: "light", displayMode: "inline", platform: "web", containerDimensions: { maxHeight: VIEW_MAX_HEIGHT } },
    maxHeight: VIEW_MAX_HEIGHT,
    onPolicy: (policy) => panel.policy(policy),
    onOpenLink: (url) => askToOpenLink(panel.questions, name, url, closing),
    onUpdateModelContext: (context) => panel.modelContext(contextText(context.content, context.structuredContent)),
    onMessage: (message) => panel.event("message", `Message from the view, for the conversation as yours: ${blocksText(message.content)}`),
    onLog: (entry) => panel.event("log", logText(entry)),
    onWarning: (warning) => panel.event("warning", `Warning: ${warning.reason}${warning.method ? ` (${warning.method})` : ""}`),
  });
  if (resource.meta?.prefersBorder === true) panel.frame.classList.add("bordered");
  view.bridge.toolInput(call.args);
  view.bridge.toolResult(call.result);
  return view;
}

/** Content blocks as one line of text: text blocks as they are, others named. */
function blocksText(blocks: readonly ContentBlock[] | undefined): string {
  return (blocks ?? []).map((b) => (b.type === "text" && typeof b.text === "string" ? b.text : `(${b.type} content)`)).join(" ");
}

/** The model context as text: its blocks, then its structured content as JSON. */
function contextText(content: readonly ContentBlock[] | undefined, structured: Readonly<Record<string, unknown>> | undefined): string {
  const parts = [blocksText(content), structured === undefined ? "" : JSON.stringify(structured)].filter((p) => p !== "");
  return parts.length > 0 ? parts.join(" ") : "(cleared)";
}

/** A log entry as text. */
function logText(entry: ViewLog): string {
  const data = typeof entry.data === "string" ? entry.data : JSON.stringify(entry.data);
  return `Log (${entry.level}${entry.logger ? `, ${entry.logger}` : ""}): ${data}`;
}
