/**
 * The view's Content-Security-Policy in force, in Chromium, through the real
 * sandbox proxy: the proxy handler builds it from the view's declared
 * `_meta.ui.csp` and sends it as a header; the view's inner srcdoc frame
 * inherits it. A view may reach the origins it declared and no other: a
 * `fetch` to an undeclared origin is refused by the browser (a connect-src
 * violation, and the origin never sees the request), a script or image from
 * one likewise (script-src, img-src). Each refusal is paired with the same
 * probe to the declared origin, which goes through: the probe origins are
 * alike but for the declaration, so only the policy tells them apart.
 */
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { RESTRICTIVE_DEFAULT_CSP } from "../../src/host/view-policy.js";
import { browserSupport, inPage, startBench, type Bench } from "./harness.js";
import { securityServer, serverLog, showView, viewFrame } from "./security-fixtures.js";
import { expectBlocked, expectReached, probeFetch, probeImage, probeScript } from "./security-probes.js";

const support = await browserSupport("security-csp.test.ts");
if (typeof support === "string") console.warn(support);

let browser: Browser;
let bench: Bench;

beforeAll(async () => {
  if (typeof support === "string") return;
  browser = await support.launch(support.executablePath);
  bench = await startBench({
    servers: {
      // Declares the `declared` probe origin for connections and for resources; the `undeclared` one nowhere.
      security: ({ declared }) => securityServer(serverLog(), { csp: { connectDomains: [declared], resourceDomains: [declared] } }),
      // Declares nothing: the restrictive default.
      plain: securityServer(serverLog()),
    },
  });
}, 60_000);

afterAll(async () => {
  await browser?.close();
  await bench?.close();
});

describe.skipIf(typeof support === "string")("a view reaches only the origins it declared (Chromium, through the sandbox proxy)", () => {
  it("fetch: an undeclared origin is refused under connect-src and never asked; the declared one answers", async () => {
    await inPage(browser, bench, "security-csp-fetch", async (page, step) => {
      const shown = await showView(page, bench);
      expect(shown.csp).toContain(`connect-src ${bench.declared}`);
      expect(shown.csp).not.toContain(bench.undeclared);
      const view = await viewFrame(page);
      step("undeclared");
      expect(await probeFetch(view, `${bench.undeclared}/fetch-undeclared`)).toBe("failed");
      await expectBlocked(view, bench, `${bench.undeclared}/fetch-undeclared`, "connect-src");
      step("declared (control)");
      expect(await probeFetch(view, `${bench.declared}/fetch-declared`)).toBe("ok ok");
      await expectReached(view, bench, `${bench.declared}/fetch-declared`);
    });
  });

  it("script: one from an undeclared origin is refused under script-src and never asked; one from a declared resource origin runs", async () => {
    await inPage(browser, bench, "security-csp-script", async (page, step) => {
      await showView(page, bench);
      const view = await viewFrame(page);
      step("undeclared");
      expect(await probeScript(view, `${bench.undeclared}/script-undeclared.js`)).toBe("failed");
      await expectBlocked(view, bench, `${bench.undeclared}/script-undeclared.js`, "script-src-elem");
      step("declared (control)");
      expect(await probeScript(view, `${bench.declared}/script-declared.js`)).toBe("ran");
      await expectReached(view, bench, `${bench.declared}/script-declared.js`);
    });
  });

  it("image: one from an undeclared origin is refused under img-src and never asked; one from a declared resource origin is requested", async () => {
    await inPage(browser, bench, "security-csp-img", async (page, step) => {
      await showView(page, bench);
      const view = await viewFrame(page);
      step("undeclared");
      expect(await probeImage(view, `${bench.undeclared}/img-undeclared.png`)).toBe("error");
      await expectBlocked(view, bench, `${bench.undeclared}/img-undeclared.png`, "img-src");
      step("declared (control)");
      await probeImage(view, `${bench.declared}/img-declared.png`);
      await expectReached(view, bench, `${bench.declared}/img-declared.png`);
    });
  });

  it("a view that declares nothing gets the restrictive default: even the origin others declared is refused", async () => {
    await inPage(browser, bench, "security-csp-default", async (page) => {
      const shown = await showView(page, bench, {}, "plain");
      expect(shown.csp).toBe(RESTRICTIVE_DEFAULT_CSP);
      const view = await viewFrame(page);
      expect(await probeFetch(view, `${bench.declared}/fetch-from-plain`)).toBe("failed");
      await expectBlocked(view, bench, `${bench.declared}/fetch-from-plain`, "connect-src");
      expect(await probeScript(view, `${bench.declared}/script-from-plain.js`)).toBe("failed");
      await expectBlocked(view, bench, `${bench.declared}/script-from-plain.js`, "script-src-elem");
    });
  });
});
