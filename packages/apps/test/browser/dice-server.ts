/**
 * The browser tests' MCP server: a dice tool with a view (ours: plain HTML
 * and a script speaking the view's JSON-RPC over postMessage, no SDK), an
 * app-only `reroll` the view calls, a model-only `admin_reset` it must not,
 * and a `dice://rules` resource the view reads through the host.
 */
import { createServer, type McpServer } from "@mrtr/server";
import { appView } from "../../src/server/index.js";
import type { ViewMeta } from "../../src/ui-meta.js";

/** The view's script: the handshake, then what its buttons do; every answer is written on the page (`#out`) and kept in `window.answers`. */
function diceViewScript(): void {
  let next = 0;
  const pending = new Map<number, (message: Record<string, unknown>) => void>();
  const out = document.getElementById("out")!;
  const write = (id: string, text: string) => {
    const line = document.createElement("p");
    line.id = id;
    line.textContent = text;
    out.appendChild(line);
  };
  const request = (method: string, params: Record<string, unknown>) =>
    new Promise<Record<string, unknown>>((resolve) => {
      const id = ++next;
      pending.set(id, resolve);
      window.parent.postMessage({ jsonrpc: "2.0", id, method, params }, "*");
    });
  const notify = (method: string, params: Record<string, unknown>) => window.parent.postMessage({ jsonrpc: "2.0", method, params }, "*");
  const textOf = (answer: Record<string, unknown>) => {
    if (answer.error) return `error ${(answer.error as { code: number }).code}: ${(answer.error as { message: string }).message}`;
    const result = answer.result as { content?: { text?: string }[]; contents?: { text?: string }[]; isError?: boolean };
    const blocks = result.content ?? result.contents ?? [];
    return `${result.isError ? "tool error: " : ""}${blocks.map((b) => b.text ?? "").join(" ")}`;
  };
  window.addEventListener("message", (event) => {
    if (event.source !== window.parent) return;
    const message = event.data as Record<string, unknown>;
    if (message.method === undefined && typeof message.id === "number") {
      pending.get(message.id)?.(message);
      pending.delete(message.id);
    } else if (message.method === "ui/notifications/tool-input") {
      write("input", `input ${JSON.stringify((message.params as { arguments: unknown }).arguments)}`);
    } else if (message.method === "ui/notifications/tool-result") {
      write("result", `result ${JSON.stringify((message.params as { structuredContent?: unknown }).structuredContent)}`);
    } else if (message.method === "ui/resource-teardown") {
      write("teardown", "torn down");
      window.parent.postMessage({ jsonrpc: "2.0", id: message.id, result: {} }, "*");
    } else if (message.method === "ping") {
      window.parent.postMessage({ jsonrpc: "2.0", id: message.id, result: {} }, "*");
    }
  });
  const on = (id: string, action: () => Promise<string>) =>
    document.getElementById(id)!.addEventListener("click", () => void action().then((text) => write(`${id}-answer`, text)));
  on("reroll", async () => textOf(await request("tools/call", { name: "reroll", arguments: { sides: 6 } })));
  on("admin", async () => textOf(await request("tools/call", { name: "admin_reset", arguments: {} })));
  on("other", async () => textOf(await request("tools/call", { name: "other_server_tool", arguments: {} })));
  on("rules", async () => textOf(await request("resources/read", { uri: "dice://rules" })));
  on("link", async () => JSON.stringify((await request("ui/open-link", { url: "https://example.com/dice" })).result ?? "refused"));
  on("keep", async () => JSON.stringify(Object.keys((await request("ui/update-model-context", { content: [{ type: "text", text: "The user kept the 6." }] })).result ?? {})));
  on("grow", async () => {
    const block = document.createElement("div");
    block.style.height = "300px";
    out.appendChild(block);
    notify("ui/notifications/size-changed", { width: document.documentElement.scrollWidth, height: document.documentElement.scrollHeight });
    return `grew to ${document.documentElement.scrollHeight}`;
  });
  void request("ui/initialize", { appInfo: { name: "dice-view", version: "1.0.0" }, appCapabilities: {}, protocolVersion: "2026-01-26" }).then((answer) => {
    const result = answer.result as { hostInfo: { name: string }; hostContext: { theme?: string } };
    write("host", `host ${result.hostInfo.name} theme ${result.hostContext.theme}`);
    notify("ui/notifications/initialized", {});
    notify("ui/notifications/size-changed", { width: document.documentElement.scrollWidth, height: document.documentElement.scrollHeight });
  });
}

const BUTTONS = ["reroll", "admin", "other", "rules", "link", "keep", "grow"];

/** The view's document. */
export const DICE_VIEW_HTML = `<!doctype html>
<html><head><meta charset="utf-8"><title>Dice</title></head>
<body><h1>Dice</h1>${BUTTONS.map((id) => `<button id="${id}">${id}</button>`).join("")}<div id="out"></div>
<script>var __name = function (f) { return f; };(${String(diceViewScript)})();</script></body></html>`;

/** The dice server; `meta` adds to the view's declaration, `html` replaces its document. */
export function diceServer(options: { meta?: ViewMeta; html?: string } = {}): McpServer {
  const server = createServer({ name: "dice", version: "1.0.0" });
  server.tool({ name: "admin_reset", description: "Resets the dice table (model only: no view may call it)", _meta: { ui: { visibility: ["model"] } }, handler: () => ({ content: [{ type: "text", text: "reset done" }] }) });
  server.resource({ uri: "dice://rules", name: "Rules", mimeType: "text/plain", handler: () => ({ contents: [{ uri: "dice://rules", mimeType: "text/plain", text: "Highest roll wins." }] }) });
  appView(server, { uri: "ui://dice/board", name: "Dice board", html: options.html ?? DICE_VIEW_HTML, prefersBorder: true, ...options.meta })
    .tool({ name: "roll_dice", description: "Rolls dice and shows them on a board", handler: (args: { count?: number }) => ({ content: [{ type: "text", text: `Rolled ${args.count ?? 2} dice: 3, 6` }], structuredContent: { dice: [3, 6] } }) })
    .tool({ name: "reroll", description: "Rerolls one die (called by the dice board)", visibility: ["app"], handler: (args: { sides?: number }) => ({ content: [{ type: "text", text: `rerolled a d${args.sides ?? 6}: 4` }] }) });
  return server;
}

/** A second server the page is connected to: its tool exists only there, so the dice view cannot reach it. */
export function otherServer(): McpServer {
  const server = createServer({ name: "other", version: "1.0.0" });
  server.tool({ name: "other_server_tool", description: "A tool of another server", handler: () => ({ content: [{ type: "text", text: "other server reached" }] }) });
  return server;
}
