/**
 * A view built with ext-apps' own `App` class (@modelcontextprotocol/ext-apps
 * 2.0.4, bundled for the browser from ext-apps-view-entry.ts) running in OUR
 * host, in Debian's Chromium: the dice server serves it as its view, the
 * standard page (`window.mrtr.showView`) mounts it through our sandbox proxy
 * on our view bridge. It proves that a third-party App connects to our bridge
 * (our answer to its `ui/initialize` gives it our hostInfo, hostContext and
 * capabilities), gets the tool's input and result in its handlers, calls an
 * app-only server tool through our host, asks the host to open a link,
 * updates the model's context, reports its size by itself (autoResize), and
 * answers our `ui/resource-teardown` from its `onteardown`. The App writes
 * what it sees in its own DOM; the tests read it through both frames, and
 * read what the host was asked in `window.mrtr.events`.
 */
import { build } from "esbuild";
import { fileURLToPath } from "node:url";
import type { FrameLocator, Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { diceServer } from "./dice-server.js";
import { browserSupport, inPage, useBench } from "./harness.js";
import { hostEvents as events, showDice as showDiceView, viewOf, type Shown } from "./page-helpers.js";

const support = await browserSupport("ext-apps-app-view.test.ts");
if (typeof support === "string") console.warn(support);

const VIEW_ENTRY = fileURLToPath(new URL("./ext-apps-view-entry.ts", import.meta.url));

/** The App view's script: ext-apps and what it needs (its MCP SDK, zod), bundled for the browser. */
async function appViewScript(): Promise<string> {
  const out = await build({ entryPoints: [VIEW_ENTRY], bundle: true, write: false, format: "iife", platform: "browser", target: "es2022", logLevel: "warning" });
  const text = out.outputFiles[0]!.text;
  // Inlined in a <script> element: a literal "</script" would end it early.
  if (/<\/script/i.test(text)) throw new Error("the App bundle contains </script and cannot be inlined");
  return text;
}

const BUTTONS = ["reroll", "link", "keep", "grow"];

/** The view's document: buttons, the facts the App writes (`#out`), its bundle inline. */
const appViewHtml = (script: string) => `<!doctype html>
<html><head><meta charset="utf-8"><title>Dice (ext-apps App)</title></head>
<body><h1>Dice</h1>${BUTTONS.map((id) => `<button id="${id}">${id}</button>`).join("")}<div id="out"></div>
<script>${script}</script></body></html>`;

const setup = useBench(support, async () => ({ servers: { dice: diceServer({ html: appViewHtml(await appViewScript()) }) } }));

const showDice = (page: Page, extra?: Record<string, unknown>) => showDiceView(page, setup.bench, extra);

/** Shows the view and waits until the App says it is connected (or failed to). */
async function showConnected(page: Page, extra: Record<string, unknown> = {}): Promise<{ shown: Shown; view: FrameLocator }> {
  const shown = await showDice(page, extra);
  const view = viewOf(page);
  // The App's bundle (ext-apps, its MCP SDK, zod) is over a megabyte: give the browser time to parse it.
  await expect.poll(() => view.locator("#connected").textContent(), { timeout: 10_000 }).toBe("connected");
  return { shown, view };
}

describe.skipIf(typeof support === "string")("an ext-apps App view in our host (Chromium)", () => {
  it("the App connects: our answer to its ui/initialize gives it our hostInfo, hostContext and capabilities, and the bridge becomes ready", async () => {
    await inPage(setup.browser, setup.bench, "ext-apps-app-connects", async (page, step) => {
      step("show");
      const { shown, view } = await showConnected(page);
      step("what the App saw");
      expect(await view.locator("#host").textContent()).toBe("host mrtr-test-host 1.0.0 theme light mode inline platform web");
      // Derived by our bridge from what the page gave mountView (its client, onOpenLink, onLog; mountView adds the sandbox it applied).
      // (onUpdateModelContext and onMessage are served but derive no `updateModelContext` / `message` capability: ext-apps 2.x fields, not revision 2026-01-26's.)
      const capabilities = (await view.locator("#capabilities").textContent())!.replace(/^capabilities /, "").split(",");
      expect(capabilities).toEqual(expect.arrayContaining(["logging", "openLinks", "sandbox", "serverResources", "serverTools"]));
      step("bridge phase");
      expect(await page.evaluate((id) => (window as any).mrtr.phase(id), shown.id)).toBe("ready");
      expect(await events(page, "warning")).toEqual([]);
    });
  });

  it("the App's ontoolinput and ontoolresult handlers get the tool's arguments and result", async () => {
    await inPage(setup.browser, setup.bench, "ext-apps-input-result", async (page, step) => {
      const { view } = await showConnected(page);
      step("input");
      await expect.poll(() => view.locator("#input").textContent()).toBe('input {"count":2}');
      step("result");
      await expect.poll(() => view.locator("#result").textContent()).toBe('result {"dice":[3,6]} text Rolled 2 dice: 3, 6');
    });
  });

  it("the App's callServerTool of an app-only tool goes through our host to the server and returns its result", async () => {
    await inPage(setup.browser, setup.bench, "ext-apps-call-tool", async (page, step) => {
      const { view } = await showConnected(page);
      step("reroll");
      await view.locator("#reroll").click();
      await expect.poll(() => view.locator("#reroll-answer").textContent()).toBe("rerolled a d6: 4");
    });
  });

  it("the App's openLink asks the host: opened, it resolves; refused by the user, it rejects", async () => {
    await inPage(setup.browser, setup.bench, "ext-apps-open-link-allowed", async (page, step) => {
      const { view } = await showConnected(page, { allowLinks: true });
      step("open link, allowed by the user");
      await view.locator("#link").click();
      await expect.poll(() => events(page, "open-link")).toEqual(["https://example.com/dice"]);
      await expect.poll(() => view.locator("#link-answer").textContent()).toBe("{}");
    });
    await inPage(setup.browser, setup.bench, "ext-apps-open-link-refused", async (page, step) => {
      const { view } = await showConnected(page, { allowLinks: false });
      step("open link, refused by the user");
      await view.locator("#link").click();
      await expect.poll(() => events(page, "open-link")).toEqual(["https://example.com/dice"]);
      await expect.poll(() => view.locator("#link-answer").textContent()).toMatch(/^failed: .*denied/);
    });
  });

  it("the App's updateModelContext reaches the host with its content and structured content", async () => {
    await inPage(setup.browser, setup.bench, "ext-apps-model-context", async (page, step) => {
      const { view } = await showConnected(page);
      step("keep");
      await view.locator("#keep").click();
      await expect.poll(() => events(page, "model-context")).toEqual([{ content: [{ type: "text", text: "The user kept the 6." }], structuredContent: { kept: 6 } }]);
      await expect.poll(() => view.locator("#keep-answer").textContent()).toBe("{}");
    });
  });

  it("the App reports its size by itself (autoResize): on connecting, and again when its content grows, and the host resizes the frame", async () => {
    await inPage(setup.browser, setup.bench, "ext-apps-auto-resize", async (page, step) => {
      const { view } = await showConnected(page);
      step("first size");
      await expect.poll(async () => (await events(page, "size")).length).toBeGreaterThan(0);
      const first = ((await events(page, "size")) as { height?: number }[]).at(-1)!;
      expect(first.height).toBeGreaterThan(0);
      expect(first.height).toBeLessThan(400);
      step("grow");
      await view.locator("#grow").click();
      await expect.poll(() => view.locator("#grow-answer").textContent()).toBe("grew");
      await expect.poll(async () => ((await events(page, "size")) as { height?: number }[]).at(-1)!.height!).toBeGreaterThan(first.height! + 399);
      const height = ((await events(page, "size")) as { height: number }[]).at(-1)!.height;
      await expect.poll(() => page.evaluate(() => document.querySelector("section[data-view] iframe")!.getBoundingClientRect().height)).toBe(Math.min(height, 800));
    });
  });

  it("unmounting tears the App down: its onteardown runs (it saves through the host meanwhile) and answers, so unmount says answered", async () => {
    await inPage(setup.browser, setup.bench, "ext-apps-teardown", async (page, step) => {
      const { shown } = await showConnected(page);
      step("teardown");
      const outcome = await page.evaluate((id) => (window as any).mrtr.unmount(id, 5_000), shown.id);
      expect(outcome).toBe("answered");
      expect(await events(page, "model-context")).toEqual([{ content: [{ type: "text", text: "saved on teardown" }] }]);
      expect(await page.evaluate(() => (window as any).mrtr.frameCount())).toBe(0);
    });
  });
});
