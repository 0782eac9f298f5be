/**
 * The dev server's MCP Apps wiring, without a browser: the page's
 * Content-Security-Policy lets it frame the sandbox proxy's origin and no
 * other; `/host-config.json` names that proxy, on another host name than
 * the page; the proxy serves this page's origin only; `/apps/mcp` is the
 * trip planner. And the cross-origin mode: `/host-config.json` names the
 * endpoints on `localhost` and asks for DPoP, the CSP lets the page fetch
 * from them, their preflights let the page's origin in and no other, the
 * protected resource is the cross-origin URL and takes DPoP only, and its
 * authorization server refuses a token request without a DPoP proof.
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

describe("the dev server's cross-origin mode", () => {
  let cross: DevServer;
  beforeAll(async () => {
    cross = await startDevServer({ root, crossOrigin: true });
  });
  afterAll(async () => {
    await cross?.close();
  });

  it("names the endpoints on another host name at /host-config.json, asks for DPoP, and lets the page fetch from their origin", async () => {
    const config = (await (await fetch(new URL(HOST_CONFIG_PATH, cross.url))).json()) as HostConfig;
    expect(config.endpoints).toEqual(cross.endpoints);
    expect(config.dpop).toBe(true);
    const mcp = new URL(cross.endpoints.open);
    expect(mcp.hostname).toBe("localhost");
    expect(new URL(cross.url).hostname).toBe("127.0.0.1");
    const csp = directives((await fetch(cross.url)).headers.get("content-security-policy")!);
    expect(csp.get("connect-src")).toEqual(["'self'", new URL(cross.authorizationServer.issuer).origin, mcp.origin]);
  });

  it("answers the page's preflights and refuses other origins'; the protected resource is the cross-origin URL, DPoP only", async () => {
    const pageOrigin = new URL(cross.url).origin;
    const preflight = (origin: string) =>
      fetch(cross.endpoints.open, { method: "OPTIONS", headers: { origin, "access-control-request-method": "POST", "access-control-request-headers": "content-type, mcp-protocol-version" } });
    const ok = await preflight(pageOrigin);
    expect(ok.status).toBe(204);
    expect(ok.headers.get("access-control-allow-origin")).toBe(pageOrigin);
    const refused = await preflight("http://elsewhere.example");
    expect(refused.status).toBe(403);
    expect(refused.headers.get("access-control-allow-origin")).toBeNull();
    const metadata = (await (await fetch(new URL("/.well-known/oauth-protected-resource/protected/mcp", cross.endpoints.protected))).json()) as Record<string, unknown>;
    expect(metadata.resource).toBe(cross.endpoints.protected);
    expect(metadata.authorization_servers).toEqual([cross.authorizationServer.issuer]);
    expect(metadata.dpop_bound_access_tokens_required).toBe(true);
    const challenge = await fetch(cross.endpoints.protected, { method: "POST", headers: { origin: pageOrigin, "content-type": "application/json" }, body: "{}" });
    expect(challenge.status).toBe(401);
    expect(challenge.headers.get("access-control-allow-origin")).toBe(pageOrigin);
    expect(challenge.headers.get("www-authenticate")).toMatch(/^DPoP /);
  });

  it("its authorization server issues DPoP-bound tokens only: a token request without a proof is refused", async () => {
    const metadata = (await (await fetch(new URL("/.well-known/oauth-authorization-server", cross.authorizationServer.issuer))).json()) as Record<string, unknown>;
    expect(metadata.dpop_signing_alg_values_supported).toEqual(["ES256"]);
    const registered = (await (
      await fetch(`${cross.authorizationServer.issuer}/register`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ redirect_uris: [new URL("callback.html", cross.url).href] }) })
    ).json()) as { client_id: string };
    const token = await fetch(`${cross.authorizationServer.issuer}/token`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ grant_type: "authorization_code", client_id: registered.client_id, code: "x", redirect_uri: new URL("callback.html", cross.url).href, code_verifier: "v" }),
    });
    expect(token.status).toBe(400);
    expect(((await token.json()) as { error: string }).error).toBe("invalid_dpop_proof");
  });
});
