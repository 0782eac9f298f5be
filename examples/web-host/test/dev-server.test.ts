/**
 * The dev server's MCP Apps wiring, without a browser: the page's
 * Content-Security-Policy lets it frame the sandbox proxy's origin and no
 * other; `/host-config.json` names that proxy, on another host name than
 * the page; the proxy serves this page's origin only; `/apps/mcp` is the
 * trip planner.
 */
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createClient, httpTransport } from "@mrtr/client";
import { APPS_DEMO_TOOLS } from "../src/apps-demo-server.js";
import { startDevServer, type DevServer } from "../src/dev-server.js";
import { HOST_CONFIG_PATH, type HostConfig } from "../src/host-config.js";

let root: string;
let server: DevServer;
beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), "mrtr-dev-server-"));
  await writeFile(join(root, "index.html"), "<!doctype html><title>page</title>");
  server = await startDevServer({ root });
});
afterAll(async () => {
  await server?.close();
  await rm(root, { recursive: true, force: true });
});

/** The directives of a Content-Security-Policy, by name. */
function directives(csp: string): Map<string, string[]> {
  return new Map(csp.split(";").map((d) => d.trim().split(/\s+/)).map(([name, ...values]) => [name!, values]));
}

describe("the dev server's MCP Apps wiring", () => {
  it("names the sandbox proxy at /host-config.json: another host name than the page's, same scheme", async () => {
    const response = await fetch(new URL(HOST_CONFIG_PATH, server.url));
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toContain("application/json");
    const config = (await response.json()) as HostConfig;
    expect(config.sandboxProxyUrl).toBe(server.sandboxProxyUrl);
    const proxy = new URL(config.sandboxProxyUrl);
    expect(proxy.hostname).toBe("localhost");
    expect(new URL(server.url).hostname).toBe("127.0.0.1");
    expect(proxy.origin).not.toBe(new URL(server.url).origin);
  });

  it("serves the page with a CSP whose frame-src is the proxy's origin alone", async () => {
    const page = await fetch(server.url);
    expect(page.status).toBe(200);
    const csp = directives(page.headers.get("content-security-policy")!);
    expect(csp.get("frame-src")).toEqual([new URL(server.sandboxProxyUrl).origin]);
    expect(csp.has("child-src")).toBe(false);
    expect(csp.get("default-src")).toEqual(["'none'"]);
    expect(csp.get("frame-ancestors")).toEqual(["'none'"]);
  });

  it("the proxy serves this page's origin only, and lets only it frame the proxy", async () => {
    const pageOrigin = new URL(server.url).origin;
    const ok = await fetch(`${server.sandboxProxyUrl}?host=${encodeURIComponent(pageOrigin)}`);
    expect(ok.status).toBe(200);
    expect(ok.headers.get("content-security-policy")).toContain(`frame-ancestors ${pageOrigin}`);
    const other = await fetch(`${server.sandboxProxyUrl}?host=${encodeURIComponent("http://127.0.0.1:1")}`);
    expect(other.status).toBe(400);
    expect((await fetch(new URL("/elsewhere", server.sandboxProxyUrl))).status).toBe(404);
  });

  it("serves the trip planner at /apps/mcp", async () => {
    const client = createClient({ transport: httpTransport(new URL(server.endpoints.apps)), name: "t", version: "1" });
    const names = (await client.listTools()).tools.map((t) => t.name).sort();
    expect(names).toEqual([APPS_DEMO_TOOLS.plan, APPS_DEMO_TOOLS.suggest].sort());
    await client.close();
  });
});
