/**
 * The host narrows what a view declared, in Chromium, through the real
 * sandbox proxy. The view declares two connect origins (both probe
 * origins); the host's policy allows only `declared`. With the policy given
 * to both the proxy handler (`startBench({ hostPolicy })`) and the page
 * (`showView({ hostPolicy })`), the other origin is said in `refused`, left
 * out of the CSP, and refused by the browser, while the allowed one is
 * reached. The control is the same view on a bench without a host policy:
 * both origins are reached, so the refusal is the host's narrowing.
 *
 * The last test: a policy given to the page alone narrows the CSP in force
 * too, not only what the page reports (`policy.csp`, `refused`,
 * `hostCapabilities.sandbox`): the page sends the proxy the approved lists.
 */
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { browserSupport, inPage, useBench } from "./harness.js";
import { securityServer, serverLog, showView, viewFrame } from "./security-fixtures.js";
import { expectBlocked, expectReached, probeFetch } from "./security-probes.js";

const support = await browserSupport("security-host-narrowing.test.ts");
if (typeof support === "string") console.warn(support);

/** The view declares both probe origins for connections. */
const twoOrigins = ({ declared, undeclared }: { declared: string; undeclared: string }) => securityServer(serverLog(), { csp: { connectDomains: [declared, undeclared] } });

/** The proxy narrows by `allowOrigins`: its bench's `declared` origin, added when the bench makes its server (the list is read on each request). */
const allowOrigins: string[] = [];
const narrowing = useBench(support, {
  servers: { security: (origins) => (allowOrigins.push(origins.declared), twoOrigins(origins)) },
  hostPolicy: { allowOrigins },
});
/** No host policy anywhere. */
const open = useBench(support, { servers: { security: twoOrigins } });

/** The host capabilities the view was given in `ui/initialize`'s answer. */
const approvedSandbox = (page: Page) =>
  viewFrame(page).then((view) => view.evaluate(() => ((window as any).view.answers as { result?: { hostCapabilities?: { sandbox?: unknown } } }[])[0]?.result?.hostCapabilities?.sandbox));

describe.skipIf(typeof support === "string")("the host narrows a view's declared origins (Chromium, through the sandbox proxy)", () => {
  it("an origin the view declared but the host does not allow is refused in `refused`, left out of the CSP and blocked; the allowed one is reached", async () => {
    const { browser, bench } = narrowing;
    await inPage(browser, bench, "security-narrowing-both", async (page, step) => {
      const shown = await showView(page, bench, { hostPolicy: { allowOrigins: [bench.declared] } });
      expect(shown.refused).toEqual([`_meta.ui.csp.connectDomains[1] "${bench.undeclared}": not allowed by the host`]);
      expect(shown.csp).toContain(`connect-src ${bench.declared};`);
      expect(await approvedSandbox(page)).toEqual({ csp: { connectDomains: [bench.declared] }, permissions: {} });
      const view = await viewFrame(page);
      step("refused by the host");
      expect(await probeFetch(view, `${bench.undeclared}/narrowed-away`)).toBe("failed");
      await expectBlocked(view, bench, `${bench.undeclared}/narrowed-away`, "connect-src");
      step("allowed by the host");
      expect(await probeFetch(view, `${bench.declared}/allowed`)).toBe("ok ok");
      await expectReached(view, bench, `${bench.declared}/allowed`);
    });
  });

  it("control: with no host policy the same view reaches both origins it declared", async () => {
    const { browser, bench } = open;
    await inPage(browser, bench, "security-narrowing-control", async (page) => {
      const shown = await showView(page, bench);
      expect(shown.refused).toEqual([]);
      const view = await viewFrame(page);
      expect(await probeFetch(view, `${bench.undeclared}/not-narrowed`)).toBe("ok ok");
      await expectReached(view, bench, `${bench.undeclared}/not-narrowed`);
      expect(await probeFetch(view, `${bench.declared}/not-narrowed`)).toBe("ok ok");
      await expectReached(view, bench, `${bench.declared}/not-narrowed`);
    });
  });

  it("a host policy given to the page alone narrows the CSP in force, as it narrows what the page reports", async () => {
    const { browser, bench } = open;
    await inPage(browser, bench, "security-narrowing-page-only", async (page) => {
      const shown = await showView(page, bench, { hostPolicy: { allowOrigins: [bench.declared] } });
      // What the page reports is narrowed…
      expect(shown.refused).toHaveLength(1);
      expect(shown.csp).not.toContain(bench.undeclared);
      const view = await viewFrame(page);
      // …and so does the policy in force: the page sends the proxy what it approved, not what was declared.
      expect(await probeFetch(view, `${bench.undeclared}/page-only-policy`)).toBe("failed");
      expect(bench.hits.undeclared).not.toContain("/page-only-policy");
    });
  });
});
