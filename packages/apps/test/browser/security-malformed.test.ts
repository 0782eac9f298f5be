/**
 * Malformed JSON-RPC from a view, in Chromium, through the real sandbox
 * proxy: whatever the view posts (text that is not JSON, a number, `null`,
 * a batch, the wrong `jsonrpc`, a request with no method or a method that is
 * no string, a message larger than `limits.maxMessageBytes` or nested deeper
 * than `limits.maxDepth`, values JSON cannot carry, a cycle), the bridge
 * refuses it: with a JSON-RPC error when it has an id to answer, otherwise
 * dropped with a warning the host records. None is served, and the host and
 * the view work as before afterwards. The control is the same `ping`, well
 * formed, answered before and after.
 */
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { VIEW_BRIDGE_ERROR_CODES } from "../../src/host/json-rpc.js";
import { browserSupport, inPage, useBench } from "./harness.js";
import { hostEvents, proxyFrame, securityServer, serverLog, showView, viewFrame, type Answer } from "./security-fixtures.js";

const support = await browserSupport("security-malformed.test.ts");
if (typeof support === "string") console.warn(support);

const LIMITS = { maxMessageBytes: 4_096, maxDepth: 8 };
const { invalidRequest, limitExceeded } = VIEW_BRIDGE_ERROR_CODES;

const setup = useBench(support, { servers: { security: securityServer(serverLog()) } });

type Warning = { type: string; reason: string; method?: string };

/** The dropped warnings the host recorded so far. */
const drops = async (page: Page) => (await hostEvents<Warning>(page, "warning")).filter((w) => w.type === "dropped");

describe.skipIf(typeof support === "string")("malformed messages from a view (Chromium, through the sandbox proxy)", () => {
  it("messages with an id are answered with an error, never served", async () => {
    await inPage(setup.browser, setup.bench, "security-malformed-answered", async (page, step) => {
      await showView(page, setup.bench, { limits: LIMITS });
      const view = await viewFrame(page);
      step("control: a well formed ping");
      expect((await view.evaluate(() => (window as any).view.request("ping"))).result).toEqual({});
      step("malformed");
      await view.evaluate((limits) => {
        const post = (window as any).view.post as (m: unknown) => void;
        let deep: Record<string, unknown> = { leaf: true };
        for (let i = 0; i < limits.maxDepth + 4; i++) deep = { deep };
        const cyclic: Record<string, unknown> = {};
        cyclic.self = cyclic;
        post({ jsonrpc: "1.0", id: "v1", method: "ping" });
        post({ jsonrpc: "2.0", id: "no-method" });
        post({ jsonrpc: "2.0", id: "numeric-method", method: 7 });
        post({ jsonrpc: "2.0", id: "with-result", method: "ping", result: {} });
        post({ jsonrpc: "2.0", id: "too-large", method: "ping", params: { pad: "x".repeat(limits.maxMessageBytes) } });
        post({ jsonrpc: "2.0", id: "too-deep", method: "ping", params: deep });
        post({ jsonrpc: "2.0", id: "cyclic", method: "ping", params: cyclic });
        post({ jsonrpc: "2.0", id: "date", method: "ping", params: { when: new Date(0) } });
        post({ jsonrpc: "2.0", id: "nan", method: "tools/call", params: { name: "echo", arguments: { n: Number.NaN } } });
      }, LIMITS);
      const ids = ["v1", "no-method", "numeric-method", "with-result", "too-large", "too-deep", "cyclic", "date", "nan"];
      await expect.poll(async () => ((await view.evaluate(() => (window as any).view.answers)) as Answer[]).filter((a) => ids.includes(String(a.id))).length).toBe(ids.length);
      const answers = ((await view.evaluate(() => (window as any).view.answers)) as Answer[]).filter((a) => ids.includes(String(a.id)));
      const code = Object.fromEntries(answers.map((a) => [a.id, a.error?.code ?? "served"]));
      expect(code).toEqual({
        v1: invalidRequest,
        "no-method": invalidRequest,
        "numeric-method": invalidRequest,
        "with-result": invalidRequest,
        "too-large": limitExceeded,
        "too-deep": limitExceeded,
        cyclic: limitExceeded,
        date: invalidRequest,
        nan: invalidRequest,
      });
      expect(answers.find((a) => a.id === "too-large")!.error!.data).toMatchObject({ limit: "maxMessageBytes", max: LIMITS.maxMessageBytes });
      expect(answers.find((a) => a.id === "too-deep")!.error!.data).toMatchObject({ limit: "maxDepth", max: LIMITS.maxDepth });
      step("still served");
      expect((await view.evaluate(() => (window as any).view.request("ping"))).result).toEqual({});
      expect((await view.evaluate(() => (window as any).view.request("tools/call", { name: "echo", arguments: { text: "after" } }))).result).toEqual({ content: [{ type: "text", text: "echo after" }] });
    });
  });

  it("messages with no id to answer are dropped with a warning the host records", async () => {
    await inPage(setup.browser, setup.bench, "security-malformed-dropped", async (page, step) => {
      const shown = await showView(page, setup.bench, { limits: LIMITS });
      const view = await viewFrame(page);
      const before = (await drops(page)).length;
      step("malformed");
      await view.evaluate((limits) => {
        const post = (window as any).view.post as (m: unknown) => void;
        let deep: unknown = [];
        for (let i = 0; i < limits.maxDepth + 4; i++) deep = [deep];
        post("not json at all");
        post(42);
        post(null);
        post([{ jsonrpc: "2.0", id: "in-a-batch", method: "ping" }]);
        post({ jsonrpc: "1.0" });
        post({ jsonrpc: "2.0", method: 7 });
        post({ jsonrpc: "2.0", id: { not: "an id" }, method: "ping" });
        post("x".repeat(limits.maxMessageBytes + 1));
        post({ jsonrpc: "2.0", method: "notifications/message", params: { level: "info", data: deep } });
      }, LIMITS);
      const expected = [/not JSON/, /JSON-RPC object/, /JSON-RPC object/, /JSON-RPC object/, /notification needs jsonrpc "2.0"/, /notification needs jsonrpc "2.0"/, /its id is neither/, /more than 4096 bytes/, /nests arrays and objects deeper/];
      await expect.poll(async () => (await drops(page)).length - before).toBe(expected.length);
      const reasons = (await drops(page)).slice(before).map((w) => w.reason);
      expected.forEach((pattern, i) => expect(reasons[i]).toMatch(pattern));
      expect(((await view.evaluate(() => (window as any).view.answers)) as Answer[]).some((a) => a.id === "in-a-batch")).toBe(false);
      expect(await hostEvents(page, "log")).toEqual([]);
      step("still served");
      expect((await view.evaluate(() => (window as any).view.request("ping"))).result).toEqual({});
      expect(await page.evaluate((id) => (window as any).mrtr.phase(id), shown.id)).toBe("ready");
    });
  });

  it("the view cannot speak the proxy's own notifications: a sandbox-resource-ready from it loads nothing", async () => {
    await inPage(setup.browser, setup.bench, "security-malformed-sandbox-method", async (page) => {
      await showView(page, setup.bench, { limits: LIMITS });
      const view = await viewFrame(page);
      const before = (await drops(page)).length;
      await view.evaluate(() => {
        (window as any).view.post({ jsonrpc: "2.0", method: "ui/notifications/sandbox-resource-ready", params: { html: "<p id=evil>replaced</p>" } });
        (window as any).view.post({ jsonrpc: "2.0", method: "ui/notifications/sandbox-proxy-ready", params: {} });
      });
      expect((await view.evaluate(() => (window as any).view.request("ping"))).result).toEqual({});
      const proxy = await proxyFrame(page);
      expect(proxy.childFrames()).toHaveLength(1);
      expect(await view.locator("#evil").count()).toBe(0);
      // The proxy keeps them from the page altogether: the host saw nothing to drop.
      expect((await drops(page)).length).toBe(before);
    });
  });
});
