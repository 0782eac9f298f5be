/**
 * CORS in a real browser: Debian's Chromium, driven headless by
 * playwright-core, opens a page on http://127.0.0.1:A whose script is
 * `@mrtr/client` bundled from the sources; the MCP server is on
 * http://localhost:B, another origin (another host name and port), with
 * `cors` allowing the page's origin. The browser itself enforces CORS, so
 * what the page can do here is what a browser host on another origin can.
 */
import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import { fileURLToPath } from "node:url";
import { build } from "esbuild";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createHttpHandler, type CorsOptions } from "@mrtr/server";
import { protect, type AuthInfo } from "@mrtr/server/auth";
import { createNodeServer } from "@mrtr/server/node";
import { findChromium, inFreshPage, launchChromium } from "../../../../examples/web-host/test/chromium.js";
import { server as mcpServer } from "../helpers.js";

const RESULTS = fileURLToPath(new URL("../../test-results/", import.meta.url));
const executablePath = findChromium();
if (!executablePath) console.warn("cors-browser.test.ts: skipped, no chromium on PATH (Debian: apt-get install -y chromium; .ci/run installs it)");

/** The page's script: the client's entry, bundled for the browser from the sources, on `window.mrtr`. */
async function pageScript(): Promise<string> {
  const out = await build({
    stdin: { contents: 'import { createClient, httpTransport } from "@mrtr/client";\n(window as any).mrtr = { createClient, httpTransport };\n', resolveDir: fileURLToPath(new URL(".", import.meta.url)), loader: "ts" },
    bundle: true,
    write: false,
    format: "iife",
    platform: "browser",
    target: "es2022",
    conditions: ["@mrtr/source"],
    logLevel: "warning",
  });
  return out.outputFiles[0]!.text;
}

/** Listens on 127.0.0.1 with a free port; resolves with the port. */
async function listen(server: Server): Promise<number> {
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return (server.address() as AddressInfo).port;
}

function weatherServer() {
  return mcpServer().tool({
    name: "weather",
    inputSchema: { type: "object", properties: { region: { type: "string", "x-mcp-header": "Region" } } },
    handler: (args: { region?: string }, ctx) => ({ content: [{ type: "text", text: `sunny in ${args.region} for ${ctx.auth?.subject ?? "anyone"}` }] }),
  });
}

let browser: Browser;
let pageServer: Server;
let mcpHttp: Server;
let pageUrl: string;
let open: string;
let guarded: string;
/** The preflights the MCP server was sent: the headers each asked for. */
const preflights: string[] = [];

describe.skipIf(!executablePath)("a browser page on another origin", () => {
  beforeAll(async () => {
    const script = await pageScript();
    pageServer = createNodeServer(async (request) => {
      if (new URL(request.url).pathname === "/page.js") return new Response(script, { headers: { "content-type": "text/javascript; charset=utf-8" } });
      return new Response('<!doctype html><html><head><meta charset="utf-8"><title>cors</title></head><body><script src="/page.js"></script></body></html>', { headers: { "content-type": "text/html; charset=utf-8" } });
    });
    const pageOrigin = `http://127.0.0.1:${await listen(pageServer)}`;
    pageUrl = `${pageOrigin}/`;

    const cors: CorsOptions = { origins: [pageOrigin] };
    const plain = createHttpHandler(weatherServer(), { cors });
    let resource = "";
    const alice: AuthInfo = { subject: "alice", issuer: "https://as.example", scopes: ["mcp"], audience: [] };
    let protectedHandler: (request: Request) => Promise<Response> = async () => new Response(null, { status: 503 });
    mcpHttp = createNodeServer(async (request) => {
      if (request.method === "OPTIONS") preflights.push(request.headers.get("access-control-request-headers") ?? "");
      return new URL(request.url).pathname === "/protected/mcp" ? protectedHandler(request) : plain(request);
    });
    const mcpOrigin = `http://localhost:${await listen(mcpHttp)}`;
    open = `${mcpOrigin}/mcp`;
    guarded = resource = `${mcpOrigin}/protected/mcp`;
    protectedHandler = protect(createHttpHandler(weatherServer(), { cors }), {
      resource,
      authorizationServers: ["https://as.example"],
      verify: (token) => (token === "good" ? { ...alice, audience: [resource] } : undefined),
    });
    browser = await launchChromium(executablePath!);
  });

  afterAll(async () => {
    await browser?.close();
    for (const server of [pageServer, mcpHttp]) {
      if (server) await new Promise<void>((resolve) => (server.closeAllConnections(), server.close(() => resolve())));
    }
  });

  const inPage = (name: string, body: Parameters<typeof inFreshPage>[2]) =>
    inFreshPage(browser, { url: pageUrl, results: RESULTS, name, ready: (page) => page.waitForFunction(() => "mrtr" in window) }, body);

  it("calls a tool with httpTransport, its Mcp-Param-* header allowed by the preflight", async () => {
    await inPage("cors-call", async (page, step) => {
      step("call");
      const text = await page.evaluate(async (url) => {
        const { createClient, httpTransport } = (window as any).mrtr;
        const client = createClient({ transport: httpTransport(url), name: "cors-page", version: "1.0.0" });
        await client.listTools();
        const result = await client.callTool("weather", { region: "north" });
        return result.content[0].text as string;
      }, open);
      expect(text).toBe("sunny in north for anyone");
      step("preflights");
      expect(preflights.some((asked) => asked.includes("mcp-method"))).toBe(true);
      expect(preflights.some((asked) => asked.includes("mcp-param-region"))).toBe(true);
    });
  });

  it("reads the WWW-Authenticate of protect's 401, then calls with a token", async () => {
    await inPage("cors-401", async (page, step) => {
      step("401");
      const seen = await page.evaluate(async (url) => {
        const { createClient, httpTransport } = (window as any).mrtr;
        const challenges: (string | null)[] = [];
        const recording: typeof fetch = async (input, init) => {
          const response = await fetch(input, init);
          if (response.status === 401) challenges.push(response.headers.get("www-authenticate"));
          return response;
        };
        const anonymous = createClient({ transport: httpTransport(url, { fetch: recording }), name: "cors-page", version: "1.0.0" });
        // The 401's body is readable too: the client reports its JSON-RPC error.
        const refused = await anonymous.callTool("weather", { region: "south" }).then(() => "served", (error: Error) => error.message);
        const withToken = createClient({ transport: httpTransport(url, { headers: { authorization: "Bearer good" } }), name: "cors-page", version: "1.0.0" });
        const served = await withToken.callTool("weather", { region: "south" });
        return { refused, challenges, text: served.content[0].text as string };
      }, guarded);
      expect(seen.refused).toContain("Authorization required");
      expect(seen.challenges.length).toBeGreaterThan(0);
      expect(seen.challenges[0]).toMatch(/^Bearer resource_metadata="http:\/\/localhost:\d+\/\.well-known\/oauth-protected-resource\/protected\/mcp"$/);
      step("with token");
      expect(seen.text).toBe("sunny in south for alice");
    });
  });
});
