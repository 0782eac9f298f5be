/**
 * The page's script (app.js): connect to the chosen endpoint, say which
 * server answered, list the tools the model may call (saying how many
 * app-only ones are left out), and run the calls the user starts; a tool
 * with an MCP Apps view gets it beside its text result (one view at a time:
 * the last one is torn down before the next call). The endpoints are the
 * page's own, or those on another origin that `/host-config.json` names
 * (endpoint-config.ts). The page's structure is in public/index.html.
 */
import type { McpClient } from "@mrtr/client";
import { runCall } from "./call-view.js";
import { connect } from "./connection.js";
import { describeError } from "./describe-error.js";
import { byId, el, replace } from "./dom.js";
import { endpointUrl, loadEndpointConfig, showEndpoints, type EndpointConfig } from "./endpoint-config.js";
import { browserLogin } from "./login.js";
import { hiddenToolsNote, modelTools, type HostTool } from "./model-tools.js";
import { showTools } from "./tool-list.js";
import { showToolView, type ShownView } from "./tool-view.js";

const ui = {
  form: byId<HTMLFormElement>("connect-form"),
  endpoint: byId<HTMLSelectElement>("endpoint"),
  connection: byId("connection"),
  login: byId("login"),
  toolsSection: byId("tools-section"),
  tools: byId("tools"),
  toolsNote: byId("tools-note"),
  call: byId("call"),
  questions: byId("questions"),
  result: byId("result"),
};
const login = browserLogin(ui.login);
const endpointConfig = loadEndpointConfig().then((config) => (showEndpoints(ui.endpoint, config), config));
let client: McpClient | undefined;
let view: ShownView | undefined;

/** Tears down the view on the page, if any, before its place is reused. */
async function closeView(): Promise<void> {
  const shown = view;
  view = undefined;
  await shown?.close();
}

/** Calls `tool`, then shows its view (if it has one) beside the result, while `current` is still the page's client. */
async function callTool(current: McpClient, tools: HostTool[], tool: HostTool, args: Record<string, unknown>): Promise<void> {
  await closeView();
  const result = await runCall(current, tool, args, { status: ui.call, questions: ui.questions, result: ui.result });
  if (result && client === current) view = showToolView(ui.result, { client: current, tool, tools, args, result });
}

/** Connects to `endpoint`, replacing any earlier connection, and lists the tools. */
async function open(endpoint: URL, config: EndpointConfig): Promise<void> {
  await closeView();
  await client?.close().catch(() => undefined);
  replace(ui.tools);
  replace(ui.toolsNote);
  replace(ui.call);
  replace(ui.result);
  ui.toolsSection.hidden = true;
  replace(ui.connection, `Connecting to ${endpoint.href}…`);
  const current = connect(endpoint, { questions: ui.questions, login }, { dpop: config.dpop });
  client = current;
  try {
    const discovered = await current.discover();
    const info = discovered._meta?.["io.modelcontextprotocol/serverInfo"] as { name?: string; title?: string; version?: string } | undefined;
    replace(
      ui.connection,
      "Connected to ",
      el("strong", { class: "peer" }, info?.title ?? info?.name ?? "an unnamed server"),
      ` (${info?.name ?? "?"} ${info?.version ?? "?"}, via ${endpoint.href})`,
      discovered.instructions !== undefined && el("p", { class: "detail peer" }, discovered.instructions),
    );
    const tools = discovered.capabilities.tools ? ((await current.listAllTools()) as HostTool[]) : [];
    const { listed, hidden } = modelTools(tools);
    ui.toolsSection.hidden = false;
    replace(ui.toolsNote, hiddenToolsNote(hidden));
    showTools(ui.tools, ui.questions, listed, (tool, args) => callTool(current, tools, tool, args));
  } catch (error) {
    replace(ui.connection, el("span", { class: "problem" }, `Could not connect to ${endpoint.href}: ${describeError(error)}`));
  }
}

ui.form.addEventListener("submit", (event) => {
  event.preventDefault();
  const option = ui.endpoint.selectedOptions[0];
  if (!option) return;
  void endpointConfig.then((config) => open(endpointUrl(option, config, location.href), config));
});
