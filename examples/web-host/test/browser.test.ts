/**
 * The browser host in a real browser: Debian's Chromium, driven headless by
 * playwright-core, against the dev server (page, demo endpoints, protected
 * endpoint, authorization server). Each test asserts what a person sees on
 * the page; a failing step leaves a screenshot in test-results/.
 */
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser, Page } from "playwright-core";
import { createClient } from "@mrtr/client";
import { checkFormAnswer, inspectUrl } from "@mrtr/client/elicitation";
import { inProcessTransport } from "@mrtr/server";
import { aboutYouForm, CONNECT_PAGES, createDemoServer, DEMO_TOOLS, REPORT_STEPS } from "@mrtr/example-terminal-client/demo-server";
import { buildPage } from "../src/build-page.js";
import { startDevServer, type DevServer } from "../src/dev-server.js";
import { findChromium, inFreshPage, launchChromium } from "./chromium.js";

const RESULTS = fileURLToPath(new URL("../test-results/", import.meta.url));
const executablePath = findChromium();
if (!executablePath) console.warn("browser.test.ts: skipped, no chromium on PATH (Debian: apt-get install -y chromium; .ci/run installs it)");

let browser: Browser;
let server: DevServer;
let outdir: string;
/** Tools whose handler saw its signal abort, as the demo server reports them. */
const cancelled: string[] = [];
let onCancelled: () => void = () => undefined;

/** Runs `body` in a fresh page on the host (a failure leaves test-results/<test>--<step>.png). */
function inPage(test: string, body: (page: Page, step: (label: string) => void) => Promise<void>): Promise<void> {
  return inFreshPage(browser, { url: server.url, results: RESULTS, name: test }, body);
}

/** Connects the page to the endpoint option `value` and waits for the tool list. */
async function connectTo(page: Page, value: "mcp" | "protected/mcp"): Promise<void> {
  await page.locator("#endpoint").selectOption(value);
  await page.getByRole("button", { name: "Connect" }).click();
}

/**
 * Words only a terminal user can act on (Ctrl+C and the like). The demo
 * server's texts are shown by the terminal client and by this page alike, so
 * none may name a key; the page offers its own Cancel button.
 */
const TERMINAL_ONLY = /\b(?:ctrl|control|cmd|alt|shift)\s*[+-]\s*\w|\^C\b|\bpress(?:ing)?\s+(?:the\s+)?(?:\w+\s+)?key|\bkeyboard\b|\bterminal\b/i;

/** Asserts that no text on the page (what it shows, hidden text, titles, labels, placeholders) names a terminal key. */
async function expectNoTerminalKeys(page: Page): Promise<void> {
  const texts = await page.evaluate(() => [
    ...document.body.innerText.split("\n"),
    ...(document.body.textContent ?? "").split("\n"),
    ...[...document.querySelectorAll("[title], [aria-label], [placeholder]")].flatMap((e) => ["title", "aria-label", "placeholder"].map((a) => e.getAttribute(a) ?? "")),
  ]);
  expect(texts.some((t) => t.trim() !== "")).toBe(true);
  expect(texts.filter((t) => TERMINAL_ONLY.test(t))).toEqual([]);
}

/** The text of the first element matching `selector`, trimmed. */
async function textOf(page: Page, selector: string): Promise<string> {
  return ((await page.locator(selector).first().textContent()) ?? "").trim();
}

describe.skipIf(!executablePath)("the browser host in Chromium", () => {
  beforeAll(async () => {
    outdir = await mkdtemp(join(tmpdir(), "mrtr-web-host-"));
    await buildPage(outdir);
    server = await startDevServer({
      root: outdir,
      // Long enough steps that Cancel lands while the report runs.
      demo: { reportStepMs: 3000, onCancelled: (tool) => (cancelled.push(tool), onCancelled()) },
    });
    browser = await launchChromium(executablePath!);
  });

  afterAll(async () => {
    await browser?.close();
    await server?.close();
    if (outdir) await rm(outdir, { recursive: true, force: true });
  });

  it("lists the demo server's tools, each with a Call button", async () => {
    const expected = (await createClient({ transport: inProcessTransport(createDemoServer()), name: "t", version: "1" }).listTools()).tools;
    expect(expected.length).toBeGreaterThan(0);
    await inPage("tools", async (page, step) => {
      step("connect");
      await connectTo(page, "mcp");
      await page.locator(`[data-tool="${DEMO_TOOLS.wizard}"]`).waitFor();
      step("list");
      expect(await textOf(page, "#connection")).toContain("Connected to mrtr demo server");
      for (const tool of expected) {
        const item = page.locator(".tool", { has: page.locator(`[data-tool="${tool.name}"]`) });
        expect(await item.locator("strong").textContent()).toBe(tool.title ?? tool.name);
        expect(await item.getByRole("button", { name: "Call" }).isEnabled()).toBe(true);
      }
      expect(await page.locator("#tools .tool").count()).toBe(expected.length);
      step("no terminal keys");
      // Every description is on the page, and none tells the user to press a key (the long tool's once said Ctrl+C).
      for (const tool of expected) if (tool.description) expect(await page.locator("#tools").textContent()).toContain(tool.description);
      await expectNoTerminalKeys(page);
    });
  });

  it("renders the wizard's forms with every field kind and their defaults, refuses a bad email with checkFormAnswer's message, and completes the registration", async () => {
    await inPage("wizard", async (page, step) => {
      await connectTo(page, "mcp");
      await page.locator(`[data-tool="${DEMO_TOOLS.wizard}"]`).click();
      const kinds = new Set<string>();
      const collectKinds = async () => {
        for (const kind of await page.locator("#questions [data-kind]").evaluateAll((els) => els.map((e) => e.getAttribute("data-kind")))) kinds.add(kind!);
      };

      step("form 1 renders");
      const email = page.locator('[data-field="email"] input');
      await email.waitFor();
      expect(await textOf(page, "#questions .message")).toBe(aboutYouForm().message);
      expect(await page.locator('[data-field="attendance"] select').inputValue()).toBe("in_person");
      expect(await page.locator('[data-field="newsletter"] input').isChecked()).toBe(false);
      await collectKinds();
      await expectNoTerminalKeys(page);

      step("bad email refused");
      await page.locator('[data-field="name"] input').fill("Ada Lovelace");
      await email.fill("not-an-email");
      await page.getByRole("button", { name: "Send" }).click();
      const check = checkFormAnswer(aboutYouForm().requestedSchema, { name: "Ada Lovelace", email: "not-an-email", attendance: "in_person", newsletter: false });
      expect(check.ok).toBe(false);
      const message = check.ok ? "" : check.problems.find((p) => p.field === "email")!.message;
      const problem = page.locator('[data-field="email"] .problem');
      await problem.waitFor();
      expect(await problem.textContent()).toBe(message);
      expect(await email.getAttribute("aria-invalid")).toBe("true");
      // Still the first question: nothing was sent.
      expect(await page.locator('[data-field="nights"]').count()).toBe(0);

      step("form 2 renders");
      await email.fill("ada@example.com");
      await page.getByRole("button", { name: "Send" }).click();
      await page.locator('[data-field="nights"]').waitFor();
      expect(await page.locator('[data-field="nights"] input').inputValue()).toBe("2");
      expect(await page.locator('[data-field="budget"] input').inputValue()).toBe("120");
      expect(await page.locator('[data-field="diet"] select').inputValue()).toBe("none");
      expect(await page.locator('[data-field="tshirt"] select').inputValue()).toBe("");
      await collectKinds();
      await expectNoTerminalKeys(page);
      await page.locator('[data-field="day"] input').fill("2026-09-13");
      await page.locator('[data-field="tshirt"] select').selectOption("M");
      await page.getByRole("button", { name: "Send" }).click();

      step("form 3 renders");
      await page.locator('[data-field="talks"]').waitFor();
      expect(await page.locator('[data-field="workshops"] input[value="lab"]').isChecked()).toBe(true);
      await collectKinds();
      await expectNoTerminalKeys(page);
      expect([...kinds].sort()).toEqual(["boolean", "integer", "multiselect", "number", "select", "text"]);
      await page.locator('[data-field="talks"] input').first().check();
      await page.getByRole("button", { name: "Send" }).click();

      step("result");
      await page.locator("#result .result").waitFor();
      expect(await textOf(page, "#result .text")).toContain("Registered Ada Lovelace <ada@example.com> (in person) for: Keynote");
      expect(await textOf(page, "#call .outcome")).toBe("Finished.");
    });
  });

  it("shows the long tool's progress, and Cancel stops it on the page and in the server", async () => {
    await inPage("cancel", async (page, step) => {
      await connectTo(page, "mcp");
      const stopped = new Promise<void>((resolve) => (onCancelled = resolve));
      const before = cancelled.length;
      await page.locator(`[data-tool="${DEMO_TOOLS.long}"]`).click();

      step("progress");
      await page.locator("#call .progress-text", { hasText: REPORT_STEPS[1] }).waitFor();
      const bar = page.locator("#call progress");
      expect(await bar.isVisible()).toBe(true);
      expect(await bar.evaluate((p: HTMLProgressElement) => [p.value, p.max])).toEqual([1, REPORT_STEPS.length]);
      // The page says how to stop the call: its Cancel button, not a key.
      expect(await page.locator('[data-action="cancel-call"]').textContent()).toBe("Cancel");
      await expectNoTerminalKeys(page);

      step("cancel");
      await page.locator('[data-action="cancel-call"]').click();
      await page.locator("#call .outcome", { hasText: "Cancelled" }).waitFor();
      await stopped;
      expect(cancelled.slice(before)).toEqual([DEMO_TOOLS.long]);
      expect(await page.locator("#result .result").count()).toBe(0);
      expect(await page.locator('[data-action="cancel-call"]').count()).toBe(0);
    });
  });

  it("shows a homograph URL's real host and its warnings before any consent, and declining ends the step", async () => {
    const expected = inspectUrl(CONNECT_PAGES.lookalike);
    expect(expected.warnings.map((w) => w.code)).toContain("punycode");
    expect(expected.displayHost).toBeDefined();
    await inPage("homograph", async (page, step) => {
      await connectTo(page, "mcp");
      await page.locator(`[data-tool="${DEMO_TOOLS.url}"]`).click();

      step("arguments");
      const provider = page.locator('[data-field="provider"] select');
      expect(await provider.inputValue()).toBe("example");
      await provider.selectOption("lookalike");
      await page.locator("#questions").getByRole("button", { name: "Call" }).click();

      step("warnings");
      await page.locator(".url-step").waitFor();
      expect(await textOf(page, ".url-step .real-host")).toBe(expected.host);
      expect(await textOf(page, ".url-step .reads-as")).toContain(expected.displayHost);
      expect(await textOf(page, ".url-step mark.host")).toBe(expected.host);
      const shown = await page.locator(".url-step .warnings li").evaluateAll((els) => els.map((e) => [e.getAttribute("data-code"), e.textContent]));
      expect(shown).toEqual(expected.warnings.map((w) => [w.code, `▲ ${w.message}`]));
      // With warnings, Decline has the focus, not consent.
      expect(await page.evaluate(() => document.activeElement?.getAttribute("data-action"))).toBe("decline");
      await expectNoTerminalKeys(page);

      step("decline");
      await page.locator('.url-step [data-action="decline"]').click();
      await page.locator("#result .result").waitFor();
      expect(await textOf(page, "#result .text")).toBe("You declined; no calendar is connected.");
    });
  });

  it("signs in to the protected server through the browser redirect flow, then calls a tool there", async () => {
    const as = server.authorizationServer;
    const before = as.requests.length;
    await inPage("protected", async (page, step) => {
      await connectTo(page, "protected/mcp");

      step("sign-in offered");
      const signIn = page.locator('#login [data-action="sign-in"]');
      await signIn.waitFor();
      expect(await textOf(page, "#login")).toContain(new URL(as.issuer).host);
      expect(await page.locator("#tools .tool").count()).toBe(0);

      step("sign in");
      const popup = page.context().waitForEvent("page");
      await signIn.click();
      await popup;
      await page.locator("#login .signed-in").waitFor();
      expect(await textOf(page, "#login .signed-in")).toContain(as.issuer);
      await page.locator(`[data-tool="${DEMO_TOOLS.confirm}"]`).waitFor();

      step("what the authorization server saw");
      const seen = as.requests.slice(before);
      const registration = seen.find((r) => r.path === "/register" && r.method === "POST");
      expect(JSON.parse(registration!.body.redirect_uris!)).toEqual([new URL("callback.html", server.url).href]);
      // The browser asked before each cross-origin POST, and was let in.
      expect(seen.some((r) => r.path === "/register" && r.method === "OPTIONS")).toBe(true);
      const authorize = seen.find((r) => r.path === "/authorize");
      expect(authorize!.query.resource).toBe(server.endpoints.protected);
      expect(authorize!.query.code_challenge_method).toBe("S256");
      expect(seen.some((r) => r.path === "/token" && r.method === "POST" && r.body.grant_type === "authorization_code")).toBe(true);

      step("call a tool");
      await page.locator(`[data-tool="${DEMO_TOOLS.confirm}"]`).click();
      expect(await page.locator('[data-field="project"] input').inputValue()).toBe("website-redesign");
      await page.locator("#questions").getByRole("button", { name: "Call" }).click();
      await page.locator('[data-field="confirm"] input').check();
      await page.getByRole("button", { name: "Send" }).click();
      await page.locator("#result .result").waitFor();
      expect(await textOf(page, "#result .text")).toBe('Archived "website-redesign" and closed its 14 open tasks.');
    });
  });
});
