/**
 * The page's script (app.js): connect to the chosen endpoint, say which
 * server answered, list its tools, and run the calls the user starts. The
 * page's structure is in public/index.html.
 */
import type { McpClient } from "@mrtr/client";
import type { ToolInfo } from "@mrtr/example-terminal-client/argument-fields";
import { runCall } from "./call-view.js";
import { connect } from "./connection.js";
import { describeError } from "./describe-error.js";
import { byId, el, replace } from "./dom.js";
import { browserLogin } from "./login.js";
import { showTools } from "./tool-list.js";

const ui = {
  form: byId<HTMLFormElement>("connect-form"),
  endpoint: byId<HTMLSelectElement>("endpoint"),
  connection: byId("connection"),
  login: byId("login"),
  toolsSection: byId("tools-section"),
  tools: byId("tools"),
  call: byId("call"),
  questions: byId("questions"),
  result: byId("result"),
};
const login = browserLogin(ui.login);
let client: McpClient | undefined;

/** Connects to `endpoint`, replacing any earlier connection, and lists the tools. */
async function open(endpoint: URL): Promise<void> {
  await client?.close().catch(() => undefined);
  replace(ui.tools);
  replace(ui.call);
  replace(ui.result);
  ui.toolsSection.hidden = true;
  replace(ui.connection, `Connecting to ${endpoint.href}…`);
  const current = connect(endpoint, { questions: ui.questions, login });
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
    const tools = discovered.capabilities.tools ? ((await current.listAllTools()) as ToolInfo[]) : [];
    ui.toolsSection.hidden = false;
    showTools(ui.tools, ui.questions, tools, (tool, args) => runCall(current, tool, args, { status: ui.call, questions: ui.questions, result: ui.result }));
  } catch (error) {
    replace(ui.connection, el("span", { class: "problem" }, `Could not connect to ${endpoint.href}: ${describeError(error)}`));
  }
}

ui.form.addEventListener("submit", (event) => {
  event.preventDefault();
  void open(new URL(ui.endpoint.value, location.href));
});
