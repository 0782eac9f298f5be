/**
 * The view is walled off from the host page, in Chromium, through the real
 * sandbox proxy: its inner frame is sandboxed `allow-scripts` only, so its
 * origin is opaque, and the proxy around it is served from another origin
 * (another host name, so not even the page's cookies reach it). Reading its
 * parent's or the top window's document, the top window's location, its
 * own cookies or storage all throw; the page's cookie `host-secret` is never
 * seen from inside; it cannot navigate the page or open a window. The
 * control is the very same probe run by the page itself, which sees its
 * cookie and its document: the refusals come from the isolation, not from
 * a broken probe.
 */
import { describe, expect, it } from "vitest";
import { browserSupport, inPage, useBench } from "./harness.js";
import { proxyFrame, securityServer, serverLog, showView, viewFrame } from "./security-fixtures.js";

const support = await browserSupport("security-isolation.test.ts");
if (typeof support === "string") console.warn(support);

const setup = useBench(support, { servers: { security: securityServer(serverLog()) } });

/** Runs each read where it is evaluated: its value (as text) or "threw <error name>". */
function reads(): Record<string, string> {
  const attempt = (read: () => unknown): string => {
    try {
      const value = read();
      return `read ${typeof value === "string" ? value : typeof value}`;
    } catch (error) {
      return `threw ${(error as Error).name}`;
    }
  };
  return {
    parentDocument: attempt(() => window.parent.document.title),
    topDocument: attempt(() => window.top!.document.title),
    topLocation: attempt(() => window.top!.location.href),
    topGlobals: attempt(() => typeof (window.top as unknown as { mrtr?: unknown }).mrtr),
    cookie: attempt(() => document.cookie),
    localStorage: attempt(() => window.localStorage.length),
    sessionStorage: attempt(() => window.sessionStorage.length),
    indexedDB: attempt(() => typeof indexedDB.open("probe")),
  };
}

describe.skipIf(typeof support === "string")("the view cannot reach the host page (Chromium, through the sandbox proxy)", () => {
  it("the parent's and the top window's document, the top's location, cookies and storage are all denied to the view", async () => {
    await inPage(setup.browser, setup.bench, "security-isolation-reads", async (page, step) => {
      await showView(page, setup.bench);
      const view = await viewFrame(page);
      step("view");
      const seen = await view.evaluate(reads);
      expect(seen).toEqual({
        parentDocument: "threw SecurityError",
        topDocument: "threw SecurityError",
        topLocation: "threw SecurityError",
        topGlobals: "threw SecurityError",
        cookie: "threw SecurityError",
        localStorage: "threw SecurityError",
        sessionStorage: "threw SecurityError",
        indexedDB: "threw SecurityError",
      });
      expect(await view.evaluate(() => self.origin)).toBe("null");
      step("control: the page itself");
      const control = await page.evaluate(reads);
      expect(control.cookie).toBe("read host-secret=42");
      expect(control.parentDocument).toBe("read test host");
      expect(control.topDocument).toBe("read test host");
      expect(control.topLocation).toBe(`read ${setup.bench.pageUrl}`);
      expect(control.topGlobals).toBe("read object");
      expect(control.localStorage).toBe("read number");
    });
  });

  it("the proxy's origin holds none of the page's cookies and cannot reach the page's document", async () => {
    await inPage(setup.browser, setup.bench, "security-isolation-proxy-cookie", async (page) => {
      await showView(page, setup.bench);
      await viewFrame(page);
      const proxy = await proxyFrame(page);
      expect(new URL(proxy.url()).origin).not.toBe(new URL(setup.bench.pageUrl).origin);
      const seen = await proxy.evaluate(reads);
      expect(seen.cookie).not.toContain("host-secret");
      expect(seen.parentDocument).toBe("threw SecurityError");
      expect(seen.topGlobals).toBe("threw SecurityError");
    });
  });

  it("the view cannot navigate the page or open a window; the page stays where it was", async () => {
    await inPage(setup.browser, setup.bench, "security-isolation-navigation", async (page, step) => {
      await showView(page, setup.bench);
      const view = await viewFrame(page);
      step("top navigation");
      const target = `${setup.bench.undeclared}/top-navigation`;
      const navigated = await view.evaluate((url) => {
        try {
          window.top!.location.href = url;
          return "no error";
        } catch (error) {
          return `threw ${(error as Error).name}`;
        }
      }, target);
      expect(navigated).toBe("threw SecurityError");
      step("popup");
      const opened = await view.evaluate((url) => window.open(url) === null, `${setup.bench.undeclared}/popup`);
      expect(opened).toBe(true);
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(page.url()).toBe(setup.bench.pageUrl);
      expect(page.context().pages()).toHaveLength(1);
      expect(setup.bench.hits.undeclared).toEqual([]);
      expect(await page.evaluate(() => document.cookie)).toBe("host-secret=42");
    });
  });
});
