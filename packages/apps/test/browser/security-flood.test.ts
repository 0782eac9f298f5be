/**
 * A view flooding its host, in Chromium, through the real sandbox proxy: it
 * posts thousands of requests and notifications in one tight loop. The
 * page stays responsive (a round trip into it completes while the flood is
 * handled); past the burst every request is answered at once with a
 * JSON-RPC error naming the limit (-32001), and notifications are dropped
 * and reported; the server never runs more of the view's requests at once
 * than `maxPendingViewRequests`; after a quiet moment the view is served
 * again. Small limits (given to `mountView` through `showView`) keep it
 * quick; the control is the same request served before the flood.
 */
import { afterAll, describe, expect, it } from "vitest";
import { VIEW_BRIDGE_ERROR_CODES } from "../../src/host/json-rpc.js";
import { browserSupport, inPage, useBench } from "./harness.js";
import { hostEvents, securityServer, serverLog, showView, viewFrame, type Answer } from "./security-fixtures.js";

const support = await browserSupport("security-flood.test.ts");
if (typeof support === "string") console.warn(support);

const LIMITS = { requestsPerSecond: 5, requestBurst: 20, maxPendingViewRequests: 4, notificationsPerSecond: 5, notificationBurst: 20 };
const FLOOD = 3_000;

const log = serverLog();
const setup = useBench(support, { servers: { security: securityServer(log) } });
// Registered after useBench's, so it runs before the servers close (after-hooks run in reverse).
afterAll(() => log.release());

/** The answers the view got to the flood's requests (ids "flood-<n>"). */
const floodAnswers = (answers: Answer[]) => answers.filter((a) => String(a.id).startsWith("flood-"));

describe.skipIf(typeof support === "string")("a view flooding its host (Chromium, through the sandbox proxy)", () => {
  it("thousands of requests: the page stays responsive, the excess is answered with limit errors, at most maxPendingViewRequests run, and the view is served again after a quiet moment", async () => {
    await inPage(setup.browser, setup.bench, "security-flood-requests", async (page, step) => {
      await showView(page, setup.bench, { limits: LIMITS });
      const view = await viewFrame(page);
      step("control: served before the flood");
      expect((await view.evaluate(() => (window as any).view.request("tools/call", { name: "echo", arguments: { text: "before" } }))).result).toEqual({ content: [{ type: "text", text: "echo before" }] });

      step("flood");
      await view.evaluate((count) => {
        for (let i = 0; i < count; i++) (window as any).view.post({ jsonrpc: "2.0", id: `flood-${i}`, method: "tools/call", params: { name: "slow", arguments: {} } });
      }, FLOOD);
      step("the page answers meanwhile");
      expect(await page.evaluate(() => document.title)).toBe("test host");

      step("every request past what runs is answered with a limit error");
      await expect.poll(async () => floodAnswers(await view.evaluate(() => (window as any).view.answers)).length, { timeout: 20_000 }).toBe(FLOOD - LIMITS.maxPendingViewRequests);
      const refused = floodAnswers(await view.evaluate(() => (window as any).view.answers));
      expect(refused.every((a) => a.error?.code === VIEW_BRIDGE_ERROR_CODES.limitExceeded)).toBe(true);
      const byLimit = (limit: string) => refused.filter((a) => a.error?.data?.limit === limit);
      expect(byLimit("requestsPerSecond").length + byLimit("maxPendingViewRequests").length).toBe(refused.length);
      expect(byLimit("maxPendingViewRequests").length).toBeGreaterThan(0);
      // Most of the flood never got past the rate; what did found the pending requests full.
      expect(byLimit("requestsPerSecond").length).toBeGreaterThan(FLOOD - 2 * LIMITS.requestBurst - 100);
      expect(byLimit("requestsPerSecond")[0]!.error!.data).toMatchObject({ option: "limits.requestsPerSecond", max: LIMITS.requestsPerSecond });
      expect(log.calls.slow).toBe(LIMITS.maxPendingViewRequests);
      expect(log.maxConcurrentSlow).toBe(LIMITS.maxPendingViewRequests);

      step("the running ones finish");
      log.release();
      await expect.poll(async () => floodAnswers(await view.evaluate(() => (window as any).view.answers)).filter((a) => a.result).length).toBe(LIMITS.maxPendingViewRequests);
      expect(floodAnswers(await view.evaluate(() => (window as any).view.answers))).toHaveLength(FLOOD);

      step("served again after a quiet moment");
      await new Promise((resolve) => setTimeout(resolve, (2 * 1000) / LIMITS.requestsPerSecond));
      expect((await view.evaluate(() => (window as any).view.request("ping"))).result).toEqual({});
      expect((await view.evaluate(() => (window as any).view.request("tools/call", { name: "echo", arguments: { text: "after" } }))).result).toEqual({ content: [{ type: "text", text: "echo after" }] });
      expect(log.maxConcurrentSlow).toBe(LIMITS.maxPendingViewRequests);
    });
  });

  it("thousands of notifications: the page stays responsive, those past the burst are dropped and reported, and the view still talks afterwards", async () => {
    await inPage(setup.browser, setup.bench, "security-flood-notifications", async (page, step) => {
      await showView(page, setup.bench, { limits: LIMITS });
      const view = await viewFrame(page);
      const sizesBefore = (await hostEvents(page, "size")).length;
      step("flood");
      await view.evaluate((count) => {
        for (let i = 0; i < count; i++) (window as any).view.notify("ui/notifications/size-changed", { width: 100, height: i });
      }, FLOOD);
      expect(await page.evaluate(() => document.title)).toBe("test host");
      step("dropped and reported");
      const rateDrops = async () => ((await hostEvents<{ reason: string }>(page, "warning")).filter((w) => w.reason.includes("notificationsPerSecond")).length);
      await expect.poll(async () => (await hostEvents(page, "size")).length - sizesBefore + (await rateDrops()), { timeout: 20_000 }).toBe(FLOOD);
      const taken = (await hostEvents(page, "size")).length - sizesBefore;
      expect(taken).toBeGreaterThan(0);
      expect(taken).toBeLessThan(FLOOD / 10);
      expect(await rateDrops()).toBe(FLOOD - taken);
      step("still served");
      await new Promise((resolve) => setTimeout(resolve, (2 * 1000) / LIMITS.notificationsPerSecond));
      expect((await view.evaluate(() => (window as any).view.request("ping"))).result).toEqual({});
      await view.evaluate(() => (window as any).view.notify("ui/notifications/size-changed", { width: 100, height: 123 }));
      await expect.poll(async () => (await hostEvents<{ height: number }>(page, "size")).at(-1)?.height).toBe(123);
    });
  });
});
