/**
 * The cross-origin mode in a real browser (Debian's Chromium, headless,
 * through playwright-core): the page on `127.0.0.1`, the MCP server on
 * `localhost` (another host name and port), reached with CORS. A tool of
 * `/mcp` is called, and the MCP server saw the page's `Origin` and a
 * preflight; the protected endpoint is signed in to through the redirect
 * flow with DPoP (the token request carried a proof and got a DPoP-bound
 * token; the MCP server got `Authorization: DPoP` with a proof, and a nonce
 * it asked for through the exposed `DPoP-Nonce` header); the trip planner's
 * view is read from there and shown; and, as a control,
 * a server whose `cors.origins` leaves the page out fails the call in the
 * page, with the error shown. A failing step leaves a screenshot in
 * test-results/.
 */
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser, Page } from "playwright-core";
import { DEMO_TOOLS } from "@mrtr/example-terminal-client/demo-server";
import { APPS_DEMO_TOOLS } from "../src/apps-demo-server.js";
import { buildPage } from "../src/build-page.js";
import { startDevServer, type DevServer, type McpRequestRecord } from "../src/dev-server.js";
import { findChromium, inFreshPage, launchChromium } from "./chromium.js";

const RESULTS = fileURLToPath(new URL("../test-results/", import.meta.url));
const executablePath = findChromium();
if (!executablePath) console.warn("cross-origin.test.ts: skipped, no chromium on PATH (Debian: apt-get install -y chromium; .ci/run installs it)");

let browser: Browser;
let server: DevServer;
let outdir: string;

/** Runs `body` in a fresh page of `on` (default the cross-origin dev server); a failure leaves test-results/cross-origin-<test>--<step>.png. */
function inPage(test: string, body: (page: Page, step: (label: string) => void) => Promise<void>, on: DevServer = server): Promise<void> {
  return inFreshPage(browser, { url: on.url, results: RESULTS, name: `cross-origin-${test}` }, body);
}

/** Connects the page to the endpoint option `value`. */
async function connectTo(page: Page, value: "mcp" | "protected/mcp"): Promise<void> {
  await page.locator("#endpoint").selectOption(value);
  await page.getByRole("button", { name: "Connect" }).click();
}

/** The text of the first element matching `selector`, trimmed. */
async function textOf(page: Page, selector: string): Promise<string> {
  return ((await page.locator(selector).first().textContent()) ?? "").trim();
}

/** The MCP requests of `on` since index `from`, to `path`. */
function mcpRequests(on: DevServer, from: number, path: string): McpRequestRecord[] {
  return on.crossOrigin!.requests.slice(from).filter((r) => r.path === path);
}

describe.skipIf(!executablePath)("the browser host in Chromium, MCP server on another origin", () => {
  beforeAll(async () => {
    outdir = await mkdtemp(join(tmpdir(), "mrtr-web-host-cross-"));
    await buildPage(outdir);
    server = await startDevServer({ root: outdir, crossOrigin: true });
    browser = await launchChromium(executablePath!);
  });

  afterAll(async () => {
    await browser?.close();
    await server?.close();
    if (outdir) await rm(outdir, { recursive: true, force: true });
  });

  it("runs the page and the MCP server on different host names, and the select offers the other origin's endpoints", async () => {
    const page = new URL(server.url);
    const mcp = new URL(server.endpoints.open);
    expect(page.hostname).toBe("127.0.0.1");
    expect(mcp.hostname).toBe("localhost");
    expect(mcp.origin).toBe(server.crossOrigin!.origin);
    expect(new URL(server.endpoints.protected).origin).toBe(mcp.origin);
    await inPage("select", async (page) => {
      const option = page.locator('#endpoint option[data-endpoint="open"]');
      await expect.poll(() => option.textContent()).toBe(`Demo server (${server.endpoints.open}, another origin)`);
      expect(await page.locator('#endpoint option[data-endpoint="protected"]').textContent()).toContain(server.endpoints.protected);
    });
  });

  it("calls a tool of /mcp cross-origin: the server saw the page's Origin, after a preflight", async () => {
    const before = server.crossOrigin!.requests.length;
    const pageOrigin = new URL(server.url).origin;
    await inPage("call", async (page, step) => {
      step("connect");
      await connectTo(page, "mcp");
      await page.locator(`[data-tool="${DEMO_TOOLS.wizard}"]`).waitFor();
      expect(await textOf(page, "#connection")).toContain(`via ${server.endpoints.open}`);

      step("call");
      await page.locator(`[data-tool="${DEMO_TOOLS.url}"]`).click();
      await page.locator("#questions").getByRole("button", { name: "Call" }).click();
      await page.locator('.url-step [data-action="decline"]').click();
      await page.locator("#result .result").waitFor();
      expect(await textOf(page, "#result .text")).toBe("You declined; no calendar is connected.");

      step("what the MCP server saw");
      const seen = mcpRequests(server, before, "/mcp");
      const preflights = seen.filter((r) => r.method === "OPTIONS");
      expect(preflights.length).toBeGreaterThan(0);
      expect(preflights[0]!.headers.origin).toBe(pageOrigin);
      expect(preflights[0]!.headers["access-control-request-method"]).toBe("POST");
      expect(preflights[0]!.status).toBe(204);
      expect(preflights[0]!.responseHeaders["access-control-allow-origin"]).toBe(pageOrigin);
      const calls = seen.filter((r) => r.method === "POST" && r.headers["mcp-method"] === "tools/call");
      expect(calls.length).toBeGreaterThan(0);
      for (const call of calls) {
        expect(call.headers.origin).toBe(pageOrigin);
        expect(call.status).toBe(200);
        expect(call.responseHeaders["access-control-allow-origin"]).toBe(pageOrigin);
      }
      // The page's origin serves no MCP endpoint in this mode (its static files refuse a POST).
      expect((await fetch(new URL("/mcp", server.url), { method: "POST" })).status).toBe(405);
    });
  });

  it("signs in to the protected endpoint through the redirect flow with DPoP, then calls a tool there", async () => {
    const as = server.authorizationServer;
    const asBefore = as.requests.length;
    const before = server.crossOrigin!.requests.length;
    const pageOrigin = new URL(server.url).origin;
    await inPage("protected", async (page, step) => {
      await connectTo(page, "protected/mcp");

      step("sign-in offered");
      const signIn = page.locator('#login [data-action="sign-in"]');
      await signIn.waitFor();
      expect(await textOf(page, "#login")).toContain(new URL(as.issuer).host);
      // The challenge came from the other origin, readable through CORS.
      const challenged = mcpRequests(server, before, "/protected/mcp").find((r) => r.status === 401);
      expect(challenged!.headers.origin).toBe(pageOrigin);
      expect(challenged!.responseHeaders["access-control-allow-origin"]).toBe(pageOrigin);
      expect(challenged!.responseHeaders["www-authenticate"]).toMatch(/^DPoP /);

      step("sign in");
      const popup = page.context().waitForEvent("page");
      await signIn.click();
      await popup;
      await page.locator("#login .signed-in").waitFor();
      expect(await textOf(page, "#login .signed-in")).toContain(as.issuer);
      await page.locator(`[data-tool="${DEMO_TOOLS.confirm}"]`).waitFor();

      step("what the authorization server saw");
      const seen = as.requests.slice(asBefore);
      const authorize = seen.find((r) => r.path === "/authorize");
      expect(authorize!.query.resource).toBe(server.endpoints.protected);
      expect(authorize!.query.code_challenge_method).toBe("S256");
      // The token request was preflighted (its DPoP header), then carried one proof.
      const tokenPreflight = seen.find((r) => r.path === "/token" && r.method === "OPTIONS");
      expect(String(tokenPreflight!.headers["access-control-request-headers"])).toContain("dpop");
      const token = seen.find((r) => r.path === "/token" && r.method === "POST");
      expect(token!.body.grant_type).toBe("authorization_code");
      expect(token!.headers.origin).toBe(pageOrigin);
      const proof = String(token!.headers.dpop);
      const proofHeader = JSON.parse(Buffer.from(proof.split(".")[0]!, "base64url").toString()) as { typ: string; jwk: { kty: string; d?: string } };
      expect(proofHeader.typ).toBe("dpop+jwt");
      expect(proofHeader.jwk.kty).toBe("EC");
      expect(proofHeader.jwk.d).toBeUndefined();

      step("call a tool");
      await page.locator(`[data-tool="${DEMO_TOOLS.confirm}"]`).click();
      await page.locator("#questions").getByRole("button", { name: "Call" }).click();
      await page.locator('[data-field="confirm"] input').check();
      await page.getByRole("button", { name: "Send" }).click();
      await page.locator("#result .result").waitFor();
      expect(await textOf(page, "#result .text")).toBe('Archived "website-redesign" and closed its 14 open tasks.');

      step("what the MCP server saw");
      const mcp = mcpRequests(server, before, "/protected/mcp").filter((r) => r.method === "POST" && r.headers.authorization !== undefined);
      expect(mcp.length).toBeGreaterThan(0);
      for (const r of mcp) {
        expect(r.headers.authorization).toMatch(/^DPoP [\w.-]+$/);
        expect(r.headers.dpop).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);
        expect(r.headers.origin).toBe(pageOrigin);
      }
      // The server asked for a nonce once; the page read DPoP-Nonce (an exposed header) and sent it in the next proof.
      const nonceAsked = mcp.find((r) => r.status === 401 && /use_dpop_nonce/.test(r.responseHeaders["www-authenticate"] ?? ""));
      expect(nonceAsked!.responseHeaders["dpop-nonce"]).toBeDefined();
      const accepted = mcp.filter((r) => r.status === 200);
      expect(accepted.length).toBeGreaterThan(0);
      const lastProof = JSON.parse(Buffer.from(accepted.at(-1)!.headers.dpop!.split(".")[1]!, "base64url").toString()) as { htu: string; htm: string; nonce?: string; ath?: string };
      expect(lastProof.htu).toBe(server.endpoints.protected);
      expect(lastProof.htm).toBe("POST");
      expect(lastProof.nonce).toBeDefined();
      expect(lastProof.ath).toBeDefined();
      // Bound to the same key as the token request's proof.
      const lastKey = (JSON.parse(Buffer.from(accepted.at(-1)!.headers.dpop!.split(".")[0]!, "base64url").toString()) as { jwk: unknown }).jwk;
      expect(lastKey).toEqual(proofHeader.jwk);
    });
  });

  it("shows the trip planner's view from the other origin's /apps/mcp: the page reads the view's resource cross-origin", async () => {
    const before = server.crossOrigin!.requests.length;
    const pageOrigin = new URL(server.url).origin;
    await inPage("apps", async (page, step) => {
      step("call");
      await page.locator("#endpoint").selectOption("apps/mcp");
      await page.getByRole("button", { name: "Connect" }).click();
      await page.locator(`[data-tool="${APPS_DEMO_TOOLS.plan}"]`).click();
      await page.locator("#questions").getByRole("button", { name: "Call" }).click();
      step("view");
      await expect.poll(() => textOf(page, ".app-view .view-status")).toBe("Loaded ui://trips/planner in a sandbox on another origin.");
      const read = mcpRequests(server, before, "/apps/mcp").find((r) => r.headers["mcp-method"] === "resources/read");
      expect(read!.headers.origin).toBe(pageOrigin);
      expect(read!.status).toBe(200);
    });
  });

  it("control: a server whose cors.origins leaves the page out fails the call in the page, and shows why", async () => {
    const other = await startDevServer({ root: outdir, crossOrigin: { corsOrigins: ["http://elsewhere.example"] } });
    try {
      const pageOrigin = new URL(other.url).origin;
      await inPage(
        "refused",
        async (page, step) => {
          step("connect");
          await connectTo(page, "mcp");
          const problem = page.locator("#connection .problem");
          await problem.waitFor();
          const text = await textOf(page, "#connection .problem");
          // Chromium's words for a fetch the CORS check stopped: the page learns no more than that.
          expect(text).toBe(`Could not connect to ${other.endpoints.open}: Could not reach ${other.endpoints.open}: Failed to fetch`);
          expect(await page.locator("#tools .tool").count()).toBe(0);

          step("what the MCP server saw");
          const seen = mcpRequests(other, 0, "/mcp");
          // The preflight was refused without CORS headers, so the browser never sent the request itself.
          expect(seen.length).toBeGreaterThan(0);
          for (const r of seen) {
            expect(r.method).toBe("OPTIONS");
            expect(r.headers.origin).toBe(pageOrigin);
            expect(r.status).toBe(403);
            expect(r.responseHeaders["access-control-allow-origin"]).toBeUndefined();
          }
        },
        other,
      );
    } finally {
      await other.close();
    }
  });
});
