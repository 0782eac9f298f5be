/**
 * A view written with ext-apps' `App` class (@modelcontextprotocol/ext-apps),
 * bundled by ext-apps-app-view.test.ts and inlined in the view's HTML. It
 * writes everything it learns on its page (`#out`, one `<p id=…>` a fact),
 * so a test reads what the App itself saw, not what our host believes it
 * sent. Its buttons make the App ask the host for things.
 */
import { App, PostMessageTransport } from "@modelcontextprotocol/ext-apps";

const out = document.getElementById("out")!;

/** Writes one fact (replacing an earlier line of the same id). */
function write(id: string, text: string): void {
  let line = document.getElementById(id);
  if (!line) {
    line = document.createElement("p");
    line.id = id;
    out.appendChild(line);
  }
  line.textContent = text;
}

const failed = (id: string) => (error: unknown) => write(id, `failed: ${error instanceof Error ? error.message : String(error)}`);

const app = new App({ name: "ext-apps-dice-view", version: "2.0.4" }, {}, { autoResize: true });

app.ontoolinput = (params) => write("input", `input ${JSON.stringify(params.arguments)}`);
app.ontoolresult = (params) => write("result", `result ${JSON.stringify(params.structuredContent)} text ${params.content?.map((c) => (c.type === "text" ? c.text : c.type)).join(" ")}`);
// Saves through the host before answering: the host records it, proving this handler (not a default) answered.
app.onteardown = async () => {
  await app.updateModelContext({ content: [{ type: "text", text: "saved on teardown" }] });
  write("teardown", "torn down");
  return {};
};

const on = (id: string, action: () => Promise<string>) =>
  document.getElementById(id)!.addEventListener("click", () => void action().then((text) => write(`${id}-answer`, text), failed(`${id}-answer`)));

on("reroll", async () => {
  const result = await app.callServerTool({ name: "reroll", arguments: { sides: 6 } });
  return `${result.isError ? "tool error: " : ""}${result.content.map((c) => (c.type === "text" ? c.text : c.type)).join(" ")}`;
});
on("link", async () => JSON.stringify(await app.openLink({ url: "https://example.com/dice" })));
on("keep", async () => JSON.stringify(await app.updateModelContext({ content: [{ type: "text", text: "The user kept the 6." }], structuredContent: { kept: 6 } })));
on("grow", async () => {
  const block = document.createElement("div");
  block.id = "tall";
  block.style.height = "400px";
  out.appendChild(block);
  return "grew";
});

app.connect(new PostMessageTransport(window.parent, window.parent)).then(() => {
  const host = app.getHostVersion();
  const context = app.getHostContext();
  const capabilities = app.getHostCapabilities() ?? {};
  write("host", `host ${host?.name} ${host?.version} theme ${context?.theme} mode ${context?.displayMode} platform ${context?.platform}`);
  write("capabilities", `capabilities ${Object.keys(capabilities).sort().join(",")}`);
  write("connected", "connected");
}, failed("connected"));
