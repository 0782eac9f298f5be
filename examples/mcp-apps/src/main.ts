// Acts as a host that renders views, without a browser: lists the tools (keeping app-only ones from the
// model), calls start_poll, reads its _meta.ui and its ui:// view, builds the view's security policy, then
// serves the view over a MessageChannel: the handshake, the tool's result, a vote through the app-only tool,
// the model context, a refused call to a model-only tool, a refused link, and the teardown.
import assert from "node:assert/strict";
import { toolViewOf, VIEW_MIME_TYPE } from "@mrtr/apps";
import { VIEW_BRIDGE_ERROR_CODES } from "@mrtr/apps/host";
import { HeadlessView } from "./headless-view.js";
import { callWithView, connectView, hostClient, modelTools } from "./host.js";
import { createPollServer } from "./server.js";

const client = hostClient(createPollServer());
const { tools } = await client.listTools();
for (const tool of tools) console.log(`tool ${tool.name}: _meta.ui ${JSON.stringify(tool._meta?.ui)}`);
const forModel = modelTools(tools).map((t) => t.name);
console.log(`the model is given: ${forModel.join(", ")}`);
assert.deepEqual(forModel, ["start_poll", "close_poll"]);

const args = { question: "Lunch on Friday?", options: ["Pizza", "Sushi", "Salad"] };
const call = await callWithView(client, "start_poll", args);
assert.ok(call.view, "start_poll has a view");
const { uri, resource, policy } = call.view;
console.log(`start_poll says: ${call.result.content.map((b) => (b.type === "text" ? b.text : "")).join("")}`);
console.log(`its view ${uri}: ${resource.html.length} characters of ${VIEW_MIME_TYPE}, declaring ${JSON.stringify(resource.meta)}`);
console.log(`  Content-Security-Policy: ${policy.csp}`);
console.log(`  iframe allow: ${JSON.stringify(policy.allow)}; refused: ${policy.refused.join("; ")}`);
assert.equal(toolViewOf(call.tool).resourceUri, "ui://polls/board");
assert.match(policy.csp, /^default-src 'none'; script-src 'self' 'unsafe-inline' https:\/\/cdn\.example\.com;/);
assert.match(policy.csp, /connect-src 'none'/);
assert.equal(policy.allow, "");
assert.deepEqual(policy.refused, ["_meta.ui.permissions.clipboardWrite: not granted by the host"]);

const context: unknown[] = [];
const links: string[] = [];
const connected = connectView(policy, {
  client,
  tool: call.tool,
  tools: call.tools,
  hostInfo: { name: "headless-host", version: "1.0.0" },
  hostContext: { theme: "light", displayMode: "inline", platform: "desktop" },
  onUpdateModelContext: (update) => void context.push(update.structuredContent),
  onOpenLink: (url) => (links.push(url), false), // the user said no
  onWarning: (warning) => console.log(`  bridge warning: ${warning.reason}`),
});
// Told before the view is ready: the bridge holds both until the view's initialized notification.
connected.bridge.toolInput(args);
connected.bridge.toolResult(call.result);
const view = new HeadlessView(connected.viewPort);
try {
  const hello = await view.initialize();
  console.log(`view initialized; host capabilities ${JSON.stringify(hello.result?.hostCapabilities)}`);
  const poll = (await view.notification("ui/notifications/tool-result")).structuredContent;
  assert.equal(poll.question, args.question);

  const vote = await view.request("tools/call", { name: "cast_vote", arguments: { pollId: poll.pollId, option: "Sushi" } });
  console.log(`view voted through cast_vote: ${vote.result?.content?.[0]?.text}`);
  assert.deepEqual(vote.result?.structuredContent?.votes, { Sushi: 1 });
  assert.deepEqual((await view.request("ui/update-model-context", { structuredContent: vote.result?.structuredContent })).result, {});
  assert.deepEqual(context, [vote.result?.structuredContent]);

  const close = await view.request("tools/call", { name: "close_poll", arguments: { pollId: poll.pollId } });
  console.log(`view tried close_poll (the model's): refused, ${close.error?.message}`);
  assert.equal(close.error?.code, VIEW_BRIDGE_ERROR_CODES.refused);

  const link = await view.request("ui/open-link", { url: "https://example.com/polls/help" });
  console.log(`view asked to open a link: ${link.error?.message}`);
  assert.equal(link.error?.code, VIEW_BRIDGE_ERROR_CODES.refused);
  assert.deepEqual(links, ["https://example.com/polls/help"]);

  const outcome = await connected.bridge.teardown({ timeoutMs: 1000 });
  console.log(`view torn down: ${outcome}`);
  assert.equal(outcome, "answered");
  console.log("All checks passed.");
} finally {
  connected.close();
  view.close();
  await client.close();
}
