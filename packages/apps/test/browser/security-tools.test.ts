/**
 * Which tools a view may call, in Chromium, through the real sandbox proxy:
 * only its own server's tools whose visibility includes "app". The dice
 * view (dice-server.ts's document, served by a server here that counts
 * every call it runs) asks for a model-only tool (`admin`) and for a tool
 * of another server the page is connected to (`other`); the bridge refuses
 * both with an error the view shows, and neither server ever runs them.
 * Controls: the app-only `reroll` is served through the same bridge, and
 * both refused tools do run when the host's own client calls them, so it is
 * the bridge that refuses, not the servers.
 */
import { createClient, httpTransport } from "@mrtr/client";
import type { FrameLocator, Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { VIEW_BRIDGE_ERROR_CODES } from "../../src/host/json-rpc.js";
import { DICE_VIEW_HTML } from "./dice-server.js";
import { browserSupport, inPage, useBench } from "./harness.js";
import { countingOtherServer, securityServer, serverLog, showView, viewFrame } from "./security-fixtures.js";

const support = await browserSupport("security-tools.test.ts");
if (typeof support === "string") console.warn(support);

const log = serverLog();
const setup = useBench(support, { servers: { dice: securityServer(log, { html: DICE_VIEW_HTML }), other: countingOtherServer(log), probe: securityServer(log) } });

/** The dice view's document, inside the proxy's frame. */
const diceView = (page: Page): FrameLocator => page.frameLocator("section[data-view] iframe").frameLocator("iframe");

/** Clicks a button of the dice view and returns what it wrote. */
async function press(page: Page, button: string): Promise<string> {
  const view = diceView(page);
  await view.locator(`#${button}`).click();
  const answer = view.locator(`#${button}-answer`);
  await answer.waitFor({ state: "attached" });
  return (await answer.textContent()) ?? "";
}

describe.skipIf(typeof support === "string")("a view calls only its own server's app tools (Chromium, through the sandbox proxy)", () => {
  it("a model-only tool is refused (-32000) with an error the view shows, and the server never runs it", async () => {
    await inPage(setup.browser, setup.bench, "security-tools-model-only", async (page, step) => {
      await showView(page, setup.bench, {}, "dice");
      await diceView(page).locator("#host").waitFor({ state: "attached" });
      const before = log.calls.admin_reset ?? 0;
      step("admin");
      expect(await press(page, "admin")).toMatch(new RegExp(`^error ${VIEW_BRIDGE_ERROR_CODES.refused}: Tool "admin_reset" is for the model only`));
      expect(log.calls.admin_reset ?? 0).toBe(before);
      step("control: reroll");
      const rerolls = log.calls.reroll ?? 0;
      expect(await press(page, "reroll")).toBe("rerolled a d6: 4");
      expect(log.calls.reroll).toBe(rerolls + 1);
    });
  });

  it("another server's tool is refused (-32602, unknown) with an error the view shows, and that server never runs it", async () => {
    await inPage(setup.browser, setup.bench, "security-tools-other-server", async (page, step) => {
      // The page is connected to both servers (it lists the other's tools too): still, the view reaches only its own.
      expect(await showView(page, setup.bench, {}, "other", "other_server_tool").catch((error: Error) => error.message)).toMatch(/has no view/);
      await showView(page, setup.bench, {}, "dice");
      await diceView(page).locator("#host").waitFor({ state: "attached" });
      step("other");
      expect(await press(page, "other")).toMatch(new RegExp(`^error ${VIEW_BRIDGE_ERROR_CODES.invalidParams}: Unknown tool "other_server_tool"`));
      expect(log.calls.other_server_tool ?? 0).toBe(0);
    });
  });

  it("names that are no tool's (inherited keys, a prefixed name) are unknown tools, never served", async () => {
    await inPage(setup.browser, setup.bench, "security-tools-odd-names", async (page) => {
      await showView(page, setup.bench, {}, "probe");
      const view = await viewFrame(page);
      const codes = await view.evaluate(async (names) => {
        const out: Record<string, unknown> = {};
        for (const name of names) out[name] = (await (window as any).view.request("tools/call", { name, arguments: {} })).error?.code ?? "served";
        return out;
      }, ["constructor", "__proto__", "toString", "other/other_server_tool", "admin_reset "]);
      expect(codes).toEqual({ constructor: -32602, __proto__: -32602, toString: -32602, "other/other_server_tool": -32602, "admin_reset ": -32602 });
    });
  });

  it("control: the servers do run both tools when the host's own client calls them, so it is the bridge that refused", async () => {
    const calls = { admin: log.calls.admin_reset ?? 0, other: log.calls.other_server_tool ?? 0 };
    const dice = createClient({ transport: httpTransport(setup.bench.endpoints.dice!), name: "control", version: "1.0.0" });
    const other = createClient({ transport: httpTransport(setup.bench.endpoints.other!), name: "control", version: "1.0.0" });
    expect((await dice.callTool("admin_reset", {})).content).toEqual([{ type: "text", text: "reset done" }]);
    expect((await other.callTool("other_server_tool", {})).content).toEqual([{ type: "text", text: "other server reached" }]);
    expect(log.calls.admin_reset).toBe(calls.admin + 1);
    expect(log.calls.other_server_tool).toBe(calls.other + 1);
  });
});
