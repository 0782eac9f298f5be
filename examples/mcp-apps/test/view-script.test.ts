/**
 * The view's own script (poll-view.ts), run against the real bridge with a
 * few lines of stand-in DOM: it initializes, draws the poll from the tool's
 * result, votes through the app-only tool on a click, tells the model the
 * tally and answers the teardown. (The browser suites of examples/web-host
 * and packages/apps render views in Chromium; this keeps the example's view
 * honest without one.)
 */
import { runInNewContext } from "node:vm";
import type { MessagePort } from "node:worker_threads";
import { afterEach, expect, it } from "vitest";
import { callWithView, connectView, hostClient } from "../src/host.js";
import { POLL_VIEW_HTML } from "../src/poll-view.js";
import { createPollServer } from "../src/server.js";

/** An element as the script uses it. */
interface FakeElement {
  textContent: string;
  children: FakeElement[];
  onclick?: () => void;
  appendChild(child: FakeElement): void;
}

function element(): FakeElement {
  let own: string | undefined;
  const el: FakeElement = {
    children: [],
    get textContent() {
      return this.children.length > 0 ? this.children.map((c) => c.textContent).join("|") : (own ?? "");
    },
    set textContent(value: string) {
      own = value;
      this.children = [];
    },
    appendChild(child) {
      this.children.push(child);
    },
  };
  return el;
}

/** Runs the document's script in a context whose window's parent is `port`. */
function runView(port: MessagePort) {
  const script = /<script>([\s\S]*)<\/script>/.exec(POLL_VIEW_HTML)![1]!;
  const elements: Record<string, FakeElement> = { question: element(), options: element(), status: element(), copy: element() };
  const copied: string[] = [];
  const parent = { postMessage: (message: unknown) => port.postMessage(message) };
  const window = {
    parent,
    addEventListener: (_type: string, listener: (event: { source: unknown; data: unknown }) => void) => port.on("message", (data) => listener({ source: parent, data })),
  };
  const document = { getElementById: (id: string) => elements[id], createElement: () => element() };
  runInNewContext(script, { window, document, navigator: { clipboard: { writeText: (text: string) => copied.push(text) } } });
  return { elements, copied };
}

const cleanups: (() => unknown)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0)) await cleanup();
});

const until = async (ready: () => boolean) => {
  for (let i = 0; i < 200 && !ready(); i++) await new Promise((resolve) => setTimeout(resolve, 5));
  expect(ready()).toBe(true);
};

it("the view's script initializes, draws the poll, votes on a click, tells the model, and answers the teardown", async () => {
  const client = hostClient(createPollServer());
  const args = { question: "Lunch?", options: ["Pizza", "Sushi"] };
  const call = await callWithView(client, "start_poll", args);
  const context: unknown[] = [];
  const warnings: unknown[] = [];
  const connected = connectView(call.view!.policy, {
    client,
    tool: call.tool,
    tools: call.tools,
    hostInfo: { name: "test-host", version: "1.0.0" },
    onUpdateModelContext: (update) => void context.push(update.structuredContent),
    onWarning: (warning) => void warnings.push(warning),
  });
  cleanups.push(() => connected.close(), () => client.close());
  connected.bridge.toolResult(call.result);
  const { elements, copied } = runView(connected.viewPort);

  await until(() => elements.options!.children.length === 2);
  expect(connected.bridge.app?.info).toEqual({ name: "poll-board", version: "1.0.0" });
  expect(elements.question!.textContent).toBe("Lunch?");
  expect(elements.options!.textContent).toBe("Pizza: 0|Sushi: 0");

  elements.options!.children[1]!.onclick!();
  await until(() => context.length === 1);
  expect(elements.options!.textContent).toBe("Pizza: 0|Sushi: 1");
  expect(context[0]).toMatchObject({ question: "Lunch?", votes: { Sushi: 1 } });

  elements.copy!.onclick!();
  expect(copied).toEqual(["Lunch? Pizza 0, Sushi 1"]);
  expect(await connected.bridge.teardown({ timeoutMs: 1000 })).toBe("answered");
  expect(warnings).toEqual([]);
});
