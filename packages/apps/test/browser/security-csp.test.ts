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
import { describe, expect, it } from "vitest";
import { RESTRICTIVE_DEFAULT_CSP } from "../../src/host/view-policy.js";
import { browserSupport, inPage, useBench } from "./harness.js";
import { securityServer, serverLog, showView, viewFrame } from "./security-fixtures.js";
import { expectBlocked, expectReached, probeFetch, probeImage, probeScript } from "./security-probes.js";

const support = await browserSupport("security-csp.test.ts");
if (typeof support === "string") console.warn(support);

const setup = useBench(support, {
  servers: {
    // Declares the `declared` probe origin for connections and for resources; the `undeclared` one nowhere.
    security: ({ declared }) => securityServer(serverLog(), { csp: { connectDomains: [declared], resourceDomains: [declared] } }),
    // Declares nothing: the restrictive default.
    plain: securityServer(serverLog()),
  },
});

describe.skipIf(typeof support === "string")("a view reaches only the origins it declared (Chromium, through the sandbox proxy)", () => {
  it("fetch: an undeclared origin is refused under connect-src and never asked; the declared one answers", async () => {
    await inPage(setup.browser, setup.bench, "security-csp-fetch", async (page, step) => {
      const shown = await showView(page, setup.bench);
      expect(shown.csp).toContain(`connect-src ${setup.bench.declared}`);
      expect(shown.csp).not.toContain(setup.bench.undeclared);
      const view = await viewFrame(page);
      step("undeclared");
      expect(await probeFetch(view, `${setup.bench.undeclared}/fetch-undeclared`)).toBe("failed");
      await expectBlocked(view, setup.bench, `${setup.bench.undeclared}/fetch-undeclared`, "connect-src");
      step("declared (control)");
      expect(await probeFetch(view, `${setup.bench.declared}/fetch-declared`)).toBe("ok ok");
      await expectReached(view, setup.bench, `${setup.bench.declared}/fetch-declared`);
    });
  });

  it("script: one from an undeclared origin is refused under script-src and never asked; one from a declared resource origin runs", async () => {
    await inPage(setup.browser, setup.bench, "security-csp-script", async (page, step) => {
      await showView(page, setup.bench);
      const view = await viewFrame(page);
      step("undeclared");
      expect(await probeScript(view, `${setup.bench.undeclared}/script-undeclared.js`)).toBe("failed");
      await expectBlocked(view, setup.bench, `${setup.bench.undeclared}/script-undeclared.js`, "script-src-elem");
      step("declared (control)");
      expect(await probeScript(view, `${setup.bench.declared}/script-declared.js`)).toBe("ran");
      await expectReached(view, setup.bench, `${setup.bench.declared}/script-declared.js`);
    });
  });

  it("image: one from an undeclared origin is refused under img-src and never asked; one from a declared resource origin is requested", async () => {
    await inPage(setup.browser, setup.bench, "security-csp-img", async (page, step) => {
      await showView(page, setup.bench);
      const view = await viewFrame(page);
      step("undeclared");
      expect(await probeImage(view, `${setup.bench.undeclared}/img-undeclared.png`)).toBe("error");
      await expectBlocked(view, setup.bench, `${setup.bench.undeclared}/img-undeclared.png`, "img-src");
      step("declared (control)");
      await probeImage(view, `${setup.bench.declared}/img-declared.png`);
      await expectReached(view, setup.bench, `${setup.bench.declared}/img-declared.png`);
    });
  });

  it("a view that declares nothing gets the restrictive default: even the origin others declared is refused", async () => {
    await inPage(setup.browser, setup.bench, "security-csp-default", async (page) => {
      const shown = await showView(page, setup.bench, {}, "plain");
      expect(shown.csp).toBe(RESTRICTIVE_DEFAULT_CSP);
      const view = await viewFrame(page);
      expect(await probeFetch(view, `${setup.bench.declared}/fetch-from-plain`)).toBe("failed");
      await expectBlocked(view, setup.bench, `${setup.bench.declared}/fetch-from-plain`, "connect-src");
      expect(await probeScript(view, `${setup.bench.declared}/script-from-plain.js`)).toBe("failed");
      await expectBlocked(view, setup.bench, `${setup.bench.declared}/script-from-plain.js`, "script-src-elem");
    });
  });
});
