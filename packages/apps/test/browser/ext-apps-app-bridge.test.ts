/**
 * OUR server's view (dice-server.ts's `DICE_VIEW_HTML`, a plain script with
 * no SDK) running in ext-apps' `AppBridge` host
 * (@modelcontextprotocol/ext-apps/app-bridge 2.0.4), in Debian's Chromium.
 * The page (ext-apps-bridge-page.ts) reads the view with our client, shows
 * it in a sandboxed `srcdoc` iframe and connects an `AppBridge` to it over
 * ext-apps' `PostMessageTransport`; the view's `tools/call` and
 * `resources/read` are served by AppBridge's handlers, which forward them to
 * our client. It proves that our view initializes against a third-party
 * host (it shows AppBridge's hostInfo and hostContext), gets the tool input
 * and result AppBridge sends, and that its app-only tool call and resource
 * read go through AppBridge to our server and back into the view.
 */
import { fileURLToPath } from "node:url";
import type { FrameLocator, Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { diceServer } from "./dice-server.js";
import { browserSupport, inPage, pageBundle, useBench } from "./harness.js";

const support = await browserSupport("ext-apps-app-bridge.test.ts");
if (typeof support === "string") console.warn(support);

const PAGE_ENTRY = fileURLToPath(new URL("./ext-apps-bridge-page.ts", import.meta.url));
/** AppBridge's name for itself, as the view is told in `ui/initialize`. */
const APP_BRIDGE_HOST = { name: "ext-apps-app-bridge-host", version: "2.0.4" };

const setup = useBench(support, async () => ({ servers: { dice: diceServer() }, script: await pageBundle(PAGE_ENTRY) }));

/** The view's document, in the page's iframe. */
const viewOf = (page: Page): FrameLocator => page.frameLocator("iframe[data-view]");

type Shown = { resultText: string; appName: string | undefined };

async function showInAppBridge(page: Page): Promise<Shown> {
  return page.evaluate((options) => (window as any).mrtr.showInAppBridge(options), { endpoint: setup.bench.endpoints.dice, tool: "roll_dice", args: { count: 3 }, hostInfo: APP_BRIDGE_HOST });
}

async function events(page: Page, type: string): Promise<unknown[]> {
  return page.evaluate((t) => (window as any).mrtr.events.filter((e: { type: string }) => e.type === t).map((e: { value: unknown }) => e.value), type);
}

describe.skipIf(typeof support === "string")("our view in ext-apps' AppBridge (Chromium)", () => {
  it("the view initializes against AppBridge: it shows AppBridge's hostInfo and context, and AppBridge learns the view's appInfo", async () => {
    await inPage(setup.browser, setup.bench, "app-bridge-initialize", async (page, step) => {
      step("show");
      const shown = await showInAppBridge(page);
      expect(shown.appName).toBe("dice-view");
      const view = viewOf(page);
      step("handshake");
      await expect.poll(() => view.locator("#host").textContent()).toBe(`host ${APP_BRIDGE_HOST.name} theme dark`);
      expect(await events(page, "initialized")).toHaveLength(1);
      step("size");
      // The view reports its size after initializing; AppBridge's onsizechange gets it.
      await expect.poll(async () => ((await events(page, "size")) as { height?: number }[]).at(-1)?.height).toBeGreaterThan(0);
    });
  });

  it("the view gets the tool input and the tool result AppBridge sends", async () => {
    await inPage(setup.browser, setup.bench, "app-bridge-input-result", async (page, step) => {
      const shown = await showInAppBridge(page);
      expect(shown.resultText).toBe("Rolled 3 dice: 3, 6");
      const view = viewOf(page);
      step("input");
      await expect.poll(() => view.locator("#input").textContent()).toBe('input {"count":3}');
      step("result");
      await expect.poll(() => view.locator("#result").textContent()).toBe('result {"dice":[3,6]}');
    });
  });

  it("the view's app-only tool call goes through AppBridge's oncalltool to our server and its result shows in the view", async () => {
    await inPage(setup.browser, setup.bench, "app-bridge-tool-call", async (page, step) => {
      await showInAppBridge(page);
      const view = viewOf(page);
      await view.locator("#host").waitFor();
      step("reroll");
      await view.locator("#reroll").click();
      await expect.poll(() => view.locator("#reroll-answer").textContent()).toBe("rerolled a d6: 4");
      expect(await events(page, "tools/call")).toEqual([{ name: "reroll", arguments: { sides: 6 } }]);
    });
  });

  it("the view's resource read goes through AppBridge's onreadresource to our server and its text shows in the view", async () => {
    await inPage(setup.browser, setup.bench, "app-bridge-resource-read", async (page, step) => {
      await showInAppBridge(page);
      const view = viewOf(page);
      await view.locator("#host").waitFor();
      step("rules");
      await view.locator("#rules").click();
      await expect.poll(() => view.locator("#rules-answer").textContent()).toBe("Highest roll wins.");
      expect(await events(page, "resources/read")).toEqual([{ uri: "dice://rules" }]);
    });
  });
});
