/**
 * MCP Apps views in the browser host, in Debian's Chromium driven headless
 * by playwright-core: the page connects to the trip planner (`/apps/mcp`),
 * lists only the tools the model may call, calls `plan_trip`, and shows its
 * text result with the view beside it, mounted through the sandbox proxy on
 * `localhost` (the page is on `127.0.0.1`). Each test asserts what a person
 * sees on the page, and in the view (read through the proxy's frame and the
 * view's own); a failing step leaves a screenshot in test-results/.
 */
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser, FrameLocator, Page } from "playwright-core";
import { createClient } from "@mrtr/client";
import { inProcessTransport } from "@mrtr/server";
import { APPS_DEMO_TOOLS, createAppsDemoServer } from "../src/apps-demo-server.js";
import { buildPage } from "../src/build-page.js";
import { startDevServer, type DevServer } from "../src/dev-server.js";
import { CITIES, extraStop, PACKING_LIST, planOf } from "../src/trip-data.js";
import { GUIDE_URL_BASE } from "../src/trip-view.js";
import { findChromium, inFreshPage, launchChromium } from "./chromium.js";

const RESULTS = fileURLToPath(new URL("../test-results/", import.meta.url));
const executablePath = findChromium();
if (!executablePath) console.warn("apps.test.ts: skipped, no chromium on PATH (Debian: apt-get install -y chromium; .ci/run installs it)");

let browser: Browser;
let server: DevServer;
let outdir: string;

/** Runs `body` in a fresh page on the host (a failure leaves test-results/apps-<test>--<step>.png). */
function inPage(test: string, body: (page: Page, step: (label: string) => void) => Promise<void>): Promise<void> {
  return inFreshPage(browser, { url: server.url, results: RESULTS, name: `apps-${test}` }, body);
}

/** The view's own document: inside the sandbox proxy's frame, in the frame the proxy made. */
const viewOf = (page: Page): FrameLocator => page.frameLocator(".app-view iframe").frameLocator("iframe");

/** The text of the first element matching `selector`, trimmed. */
async function textOf(page: Page, selector: string): Promise<string> {
  return ((await page.locator(selector).first().textContent()) ?? "").trim();
}

/** Connects to the trip planner, plans 2 days in Kyoto, and waits until the view says it is initialized; returns the view. */
async function planKyoto(page: Page, step: (label: string) => void): Promise<FrameLocator> {
  step("connect");
  await page.locator("#endpoint").selectOption("apps/mcp");
  await page.getByRole("button", { name: "Connect" }).click();
  await page.locator(`[data-tool="${APPS_DEMO_TOOLS.plan}"]`).click();
  step("arguments");
  await page.locator('[data-field="city"] select').selectOption("kyoto");
  await page.locator('[data-field="days"] input').fill("2");
  await page.locator("#questions").getByRole("button", { name: "Call" }).click();
  step("view initialized");
  const view = viewOf(page);
  await expect.poll(() => view.locator("#status").textContent()).toBe("Shown by mrtr browser host.");
  return view;
}

describe.skipIf(!executablePath)("MCP Apps views in the browser host (Chromium)", () => {
  beforeAll(async () => {
    outdir = await mkdtemp(join(tmpdir(), "mrtr-web-host-apps-"));
    await buildPage(outdir);
    server = await startDevServer({ root: outdir });
    browser = await launchChromium(executablePath!);
  });

  afterAll(async () => {
    await browser?.close();
    await server?.close();
    if (outdir) await rm(outdir, { recursive: true, force: true });
  });

  it("lists the tools the model may call; the app-only tool is left out and the page says so", async () => {
    const all = (await createClient({ transport: inProcessTransport(createAppsDemoServer()), name: "t", version: "1" }).listTools()).tools.map((t) => t.name);
    expect(all.sort()).toEqual([APPS_DEMO_TOOLS.plan, APPS_DEMO_TOOLS.suggest].sort());
    await inPage("list", async (page, step) => {
      step("connect");
      await page.locator("#endpoint").selectOption("apps/mcp");
      await page.getByRole("button", { name: "Connect" }).click();
      await page.locator(`[data-tool="${APPS_DEMO_TOOLS.plan}"]`).waitFor();
      step("list");
      expect(await textOf(page, "#connection")).toContain("Trip planner (MCP Apps demo)");
      expect(await page.locator("#tools .tool code").allTextContents()).toEqual([APPS_DEMO_TOOLS.plan]);
      expect(await page.locator(`[data-tool="${APPS_DEMO_TOOLS.suggest}"]`).count()).toBe(0);
      expect(await textOf(page, "#tools-note")).toBe('1 tool is not listed: only the server\'s views call it (visibility "app").');
    });
  });

  it("shows the text result and, next to it, the view, which gets the call's input and result", async () => {
    const plan = planOf(CITIES.kyoto!, 2);
    await inPage("result-and-view", async (page, step) => {
      const view = await planKyoto(page, step);
      step("text result");
      expect(await textOf(page, "#result .result .text")).toBe(`2 days in Kyoto: ${plan.map((p) => `day ${p.day}, ${p.stop}`).join("; ")}.`);
      step("view beside it");
      // The panel follows the text result in the same place of the page.
      expect(await page.locator("#result > .result + .app-view").count()).toBe(1);
      expect(await page.locator(".app-view").getAttribute("data-view")).toBe(APPS_DEMO_TOOLS.plan);
      const proxy = new URL(server.sandboxProxyUrl);
      expect(proxy.hostname).toBe("localhost");
      expect(new URL((await page.locator(".app-view iframe").getAttribute("src"))!).origin).toBe(proxy.origin);
      expect(await page.locator(".app-view iframe").getAttribute("sandbox")).toBe("allow-scripts allow-same-origin");
      await expect.poll(() => textOf(page, ".app-view .view-status")).toBe("Loaded ui://trips/planner in a sandbox on another origin.");
      step("input and result in the view");
      await expect.poll(() => view.locator("#input").textContent()).toBe('Asked for: {"city":"kyoto","days":2}');
      await expect.poll(() => view.locator("#title").textContent()).toBe("2 days in Kyoto");
      expect(await view.locator("#itinerary li").allTextContents()).toEqual(plan.map((p) => `Day ${p.day}: ${p.stop}`));
      expect(await view.locator("#summary").textContent()).toBe(await textOf(page, "#result .result .text"));
      step("frame fits the view");
      await expect.poll(() => page.locator(".app-view iframe").evaluate((f) => f.getBoundingClientRect().height)).toBeGreaterThan(100);
      expect(await page.locator(".app-view .view-event.warning").count()).toBe(0);
    });
  });

  it("the view calls its app-only tool and reads the packing list through the host", async () => {
    await inPage("tool-and-resource", async (page, step) => {
      const view = await planKyoto(page, step);
      step("app-only tool");
      await view.locator("#suggest").click();
      await expect.poll(() => view.locator("#suggest-answer").textContent()).toBe(`Day 1: ${extraStop(CITIES.kyoto!, 0)}`);
      expect(await view.locator("#itinerary li").last().textContent()).toBe(`Day 1: ${extraStop(CITIES.kyoto!, 0)} (suggested)`);
      step("resource");
      await view.locator("#packing").click();
      await expect.poll(() => view.locator("#packing-answer").textContent()).toBe(PACKING_LIST.text);
    });
  });

  it("open-link asks the user in the page with the URL; declining answers the view with a refusal", async () => {
    await inPage("open-link", async (page, step) => {
      const view = await planKyoto(page, step);
      step("consent asked");
      await view.locator("#guide").click();
      const box = page.locator(".app-view .link-consent");
      await box.waitFor();
      expect(await box.locator(".url").textContent()).toBe(`${GUIDE_URL_BASE}kyoto`);
      expect(await box.locator("mark.host").textContent()).toBe("example.com");
      expect(await box.getByRole("button", { name: "Open", exact: true }).isVisible()).toBe(true);
      // Nothing is answered while the user has not chosen.
      expect(await view.locator("#guide-answer").textContent()).toBe("");
      step("declined");
      const pages = page.context().pages().length;
      await box.getByRole("button", { name: "Don't open" }).click();
      await expect.poll(() => view.locator("#guide-answer").textContent()).toBe("The host did not open the guide (error -32000: Link opening denied.)");
      expect(await page.locator(".app-view .link-consent").count()).toBe(0);
      expect(page.context().pages().length).toBe(pages);
    });
  });

  it("shows the model context and the messages the view sends", async () => {
    await inPage("model-context", async (page, step) => {
      const view = await planKyoto(page, step);
      expect(await page.locator(".app-view .model-context").isVisible()).toBe(false);
      step("model context");
      await view.locator("#share").click();
      await expect.poll(() => view.locator("#share-answer").textContent()).toBe("The assistant now knows your plan.");
      const stops = planOf(CITIES.kyoto!, 2).map((p) => `Day ${p.day}: ${p.stop}`);
      expect(await textOf(page, ".app-view .model-context")).toBe(`Model context: The user is planning 2 days in Kyoto: ${stops.join("; ")}. ${JSON.stringify({ city: "kyoto", stops })}`);
      step("message");
      await view.locator("#ask").click();
      await expect.poll(() => view.locator("#ask-answer").textContent()).toBe("Sent to the conversation.");
      expect(await textOf(page, '.app-view .view-event[data-kind="message"]')).toBe("Message from the view, for the conversation as yours: Which restaurants are near my stops in Kyoto?");
    });
  });

  it("a view that cannot be mounted leaves its error in the panel; the text result and the page go on", async () => {
    await inPage("no-proxy", async (page, step) => {
      // As a server without a sandbox proxy would answer.
      await page.route("**/host-config.json", (route) => route.fulfill({ status: 404, body: "Not found" }));
      step("call");
      await page.locator("#endpoint").selectOption("apps/mcp");
      await page.getByRole("button", { name: "Connect" }).click();
      await page.locator(`[data-tool="${APPS_DEMO_TOOLS.plan}"]`).click();
      await page.locator("#questions").getByRole("button", { name: "Call" }).click();
      step("error shown");
      await page.locator(".app-view .view-status.problem").waitFor();
      expect(await textOf(page, ".app-view .view-status")).toBe(
        "The view could not be shown: Error: /host-config.json answered 404: this server serves no sandbox proxy, so views cannot be shown. The text result above is complete.",
      );
      expect(await page.locator("iframe").count()).toBe(0);
      expect(await textOf(page, "#result .result .text")).toContain("3 days in Lisbon");
      step("page still works");
      expect(await page.locator(`[data-tool="${APPS_DEMO_TOOLS.plan}"]`).isEnabled()).toBe(true);
    });
  });

  it("Close view tears the view down: it answers, and its frame is gone; the text result stays", async () => {
    await inPage("close", async (page, step) => {
      await planKyoto(page, step);
      expect(await page.locator(".app-view iframe").count()).toBe(1);
      step("close");
      await page.locator('.app-view [data-action="close-view"]').click();
      await expect.poll(() => page.locator(".app-view .view-status").getAttribute("data-outcome")).toBe("answered");
      expect(await textOf(page, ".app-view .view-status")).toBe("View closed: the view answered the teardown.");
      expect(await page.locator("iframe").count()).toBe(0);
      expect(await page.locator('[data-action="close-view"]').count()).toBe(0);
      expect(await textOf(page, "#result .result .text")).toContain("2 days in Kyoto");
    });
  });
});
