/**
 * Our server's view in our host, in Debian's Chromium: the page (one origin)
 * reads the view of `roll_dice`, mounts it through the sandbox proxy
 * (another origin), and the view, a plain script in the proxy's inner
 * frame, does what a view does. Each test asserts what the view shows (read
 * through both frames) and what the host was asked (`window.mrtr.events`).
 */
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { RESTRICTIVE_DEFAULT_CSP } from "../../src/host/view-policy.js";
import { diceServer, otherServer } from "./dice-server.js";
import { browserSupport, inPage, useBench } from "./harness.js";
import { hostEvents as events, showDice as showDiceView, viewOf } from "./page-helpers.js";

const support = await browserSupport("our-view.test.ts");
if (typeof support === "string") console.warn(support);

const setup = useBench(support, { servers: { dice: diceServer(), other: otherServer() } });

const showDice = (page: Page, extra?: Record<string, unknown>) => showDiceView(page, setup.bench, extra);

describe.skipIf(typeof support === "string")("our view in our host (Chromium)", () => {
  it("the view is initialized with the host's context, then gets the tool's input and result", async () => {
    await inPage(setup.browser, setup.bench, "input-and-result", async (page, step) => {
      step("show");
      const shown = await showDice(page);
      expect(shown.resultText).toBe("Rolled 2 dice: 3, 6");
      expect(shown.csp).toBe(RESTRICTIVE_DEFAULT_CSP);
      const view = viewOf(page);
      step("handshake");
      await expect.poll(() => view.locator("#host").textContent()).toBe("host mrtr-test-host theme light");
      step("input and result");
      await expect.poll(() => view.locator("#input").textContent()).toBe('input {"count":2}');
      await expect.poll(() => view.locator("#result").textContent()).toBe('result {"dice":[3,6]}');
      expect(await page.evaluate((id) => (window as any).mrtr.phase(id), shown.id)).toBe("ready");
    });
  });

  it("the view calls its app-only tool and reads a resource of its server through the host", async () => {
    await inPage(setup.browser, setup.bench, "tool-and-resource", async (page, step) => {
      await showDice(page);
      const view = viewOf(page);
      await view.locator("#host").waitFor();
      step("app-only tool");
      await view.locator("#reroll").click();
      await expect.poll(() => view.locator("#reroll-answer").textContent()).toBe("rerolled a d6: 4");
      step("resource");
      await view.locator("#rules").click();
      await expect.poll(() => view.locator("#rules-answer").textContent()).toBe("Highest roll wins.");
    });
  });

  it("the view resizes its frame, asks to open a link (the host asks the user), and updates the model's context", async () => {
    await inPage(setup.browser, setup.bench, "size-link-context", async (page, step) => {
      const shown = await showDice(page, { allowLinks: false });
      const view = viewOf(page);
      await view.locator("#host").waitFor();
      step("resize");
      await view.locator("#grow").click();
      await expect.poll(async () => (await events(page, "size")).length).toBeGreaterThan(0);
      const sizes = (await events(page, "size")) as { height: number }[];
      const height = sizes.at(-1)!.height;
      expect(height).toBeGreaterThan(300);
      await expect.poll(() => page.evaluate(() => document.querySelector("section[data-view] iframe")!.getBoundingClientRect().height)).toBe(Math.min(height, 800));
      step("open link, refused by the user");
      await view.locator("#link").click();
      await expect.poll(() => events(page, "open-link")).toEqual(["https://example.com/dice"]);
      await expect.poll(() => view.locator("#link-answer").textContent()).toBe('"refused"');
      step("model context");
      await view.locator("#keep").click();
      await expect.poll(() => events(page, "model-context")).toEqual([{ content: [{ type: "text", text: "The user kept the 6." }] }]);
      await expect.poll(() => view.locator("#keep-answer").textContent()).toBe("[]");
      expect(shown.refused).toEqual([]);
    });
  });

  it("unmounting tears the view down: it answers ui/resource-teardown, then its frame is gone", async () => {
    await inPage(setup.browser, setup.bench, "teardown", async (page, step) => {
      const shown = await showDice(page);
      const view = viewOf(page);
      await view.locator("#host").waitFor();
      step("teardown");
      const outcome = await page.evaluate((id) => (window as any).mrtr.unmount(id), shown.id);
      expect(outcome).toBe("answered");
      expect(await page.evaluate(() => (window as any).mrtr.frameCount())).toBe(0);
    });
  });

  it("a proxy that never says it is ready: loaded rejects with a timeout, the frame is removed and the host warned; unmounting before ready ends it as closed", async () => {
    await inPage(setup.browser, setup.bench, "proxy-not-ready", async (page, step) => {
      step("timeout");
      // The declared probe origin answers "ok" to anything: a page, but not a proxy.
      const timedOut = await page.evaluate(async (proxyUrl) => {
        const { mountView, events } = (window as any).mrtr;
        const tool = { name: "t", inputSchema: { type: "object" } };
        const view = mountView({ container: document.body, proxyUrl, resource: { html: "<p>v</p>" }, client: { callTool: async () => ({}), readResource: async () => ({}) }, tool, tools: [tool], hostInfo: { name: "h", version: "1" }, proxyTimeoutMs: 300, onWarning: (w: { reason: string }) => events.push({ type: "warning", value: w.reason }) });
        const frames = document.querySelectorAll("iframe").length;
        const error = await view.loaded.then(() => "loaded", (e: { kind: string }) => e.kind);
        return { frames, error, after: document.querySelectorAll("iframe").length, phase: view.bridge.phase };
      }, `${setup.bench.declared}/not-a-proxy`);
      expect(timedOut).toEqual({ frames: 1, error: "timeout", after: 0, phase: "closed" });
      expect(await events(page, "warning")).toEqual(["the sandbox proxy did not say it was ready in time; the view is closed"]);
      step("unmount before ready");
      const early = await page.evaluate(async (proxyUrl) => {
        const { mountView } = (window as any).mrtr;
        const tool = { name: "t", inputSchema: { type: "object" } };
        const view = mountView({ container: document.body, proxyUrl, resource: { html: "<p>v</p>" }, client: { callTool: async () => ({}), readResource: async () => ({}) }, tool, tools: [tool], hostInfo: { name: "h", version: "1" }, proxyTimeoutMs: 60_000 });
        const outcome = await view.unmount();
        const error = await view.loaded.then(() => "loaded", (e: { kind: string }) => e.kind);
        return { outcome, error, frames: document.querySelectorAll("iframe").length };
      }, `${setup.bench.declared}/not-a-proxy`);
      expect(early).toEqual({ outcome: "not-initialized", error: "closed", frames: 0 });
    });
  });

  it("refuses a proxy on the page's own origin, which MCP Apps forbids", async () => {
    await inPage(setup.browser, setup.bench, "same-origin-proxy", async (page) => {
      const message = await page.evaluate(() => {
        const tool = { name: "t", inputSchema: { type: "object" } };
        try {
          (window as any).mrtr.mountView({ container: document.body, proxyUrl: "/sandbox", resource: { html: "" }, client: { callTool: async () => ({}), readResource: async () => ({}) }, tool, tools: [tool], hostInfo: { name: "h", version: "1" } });
          return "mounted";
        } catch (error) {
          return String(error);
        }
      });
      expect(message).toMatch(/^TypeError: mountView: the sandbox proxy \(http:\/\/127\.0\.0\.1:\d+\) must be served from another origin than the page/);
    });
  });

  it("the policy in force (the proxy's header) is the one the page reports, whatever the page's own host policy narrows", async () => {
    await inPage(setup.browser, setup.bench, "policy-in-force", async (page) => {
      const hostPolicy = { allowOrigins: ["https://api.example.com", "https://*.cdn.example.com"], permissions: { camera: true } };
      const metas = [
        undefined,
        {},
        { csp: {} },
        { csp: { connectDomains: ["https://api.example.com", "https://evil.example.net"], resourceDomains: ["https://a.cdn.example.com", "'unsafe-eval'"] } },
        { csp: { baseUriDomains: ["https://evil.example.net"] } },
        { csp: { baseUriDomains: ["https://api.example.com"], frameDomains: ["https://evil.example.net"] }, permissions: { camera: {}, microphone: {} } },
        { csp: "not an object" },
      ];
      for (const meta of metas) {
        const mounted = await page.evaluate(
          ({ proxyUrl, meta, hostPolicy }) => {
            const tool = { name: "t", inputSchema: { type: "object" } };
            const view = (window as any).mrtr.mountView({ container: document.body, proxyUrl, resource: { html: "<p>v</p>", meta }, hostPolicy, client: { callTool: async () => ({}), readResource: async () => ({}) }, tool, tools: [tool], hostInfo: { name: "h", version: "1" } });
            const src = view.frame.src as string;
            void view.unmount({ timeoutMs: 1 });
            return { src, csp: view.policy.csp as string, allow: view.frame.getAttribute("allow") as string | null };
          },
          { proxyUrl: setup.bench.proxyUrl, meta, hostPolicy },
        );
        const header = (await fetch(mounted.src)).headers.get("content-security-policy")!;
        expect(header.split(", ")[0], JSON.stringify(meta)).toBe(mounted.csp);
        expect(mounted.allow, JSON.stringify(meta)).toBe(meta && "permissions" in meta ? "camera" : null);
      }
    });
  });
});
