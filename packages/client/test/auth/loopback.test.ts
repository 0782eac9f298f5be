/**
 * The Node user agent of terminal apps: a loopback listener receives the
 * redirect. A "browser" here is fetch following the authorization server's
 * redirect to the listener, as a real browser would.
 */
import { afterEach, describe, expect, it } from "vitest";
import { createClient, httpTransport } from "@mrtr/client";
import { withAuth } from "@mrtr/client/auth";
import { loopbackUserAgent } from "@mrtr/client/auth/node";
import { startAuthorizationServer, startProtectedServer } from "../../../../test/helpers/auth.js";

const cleanup: (() => Promise<void>)[] = [];
afterEach(async () => {
  while (cleanup.length) await cleanup.pop()!();
});

describe("loopbackUserAgent", () => {
  it("completes a login through a loopback redirect listener", async () => {
    const as = await startAuthorizationServer();
    const mcp = await startProtectedServer(as);
    const pages: string[] = [];
    const agent = loopbackUserAgent({
      open: async (url) => {
        const page = await fetch(url);
        pages.push(await page.text());
      },
    });
    cleanup.push(as.close, mcp.close, agent.close);
    const client = createClient({ transport: httpTransport(mcp.url, { fetch: withAuth(fetch, { client: { name: "terminal" }, userAgent: agent }) }), name: "t", version: "1" });
    const result = await client.callTool("whoami", {});
    expect(JSON.parse((result.content[0] as { text: string }).text).subject).toBe("user-1");
    expect(pages[0]).toContain("Signed in");
    const redirectUri = await agent.redirectUri();
    expect(redirectUri).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/callback$/);
    expect(as.requests.find((r) => r.path === "/authorize")!.query.redirect_uri).toBe(redirectUri);
  });

  it("answers only the redirect of the waiting authorization: other state, path or method get an error page", async () => {
    const agent = loopbackUserAgent({ open: () => undefined });
    cleanup.push(agent.close);
    const redirectUri = await agent.redirectUri();
    const controller = new AbortController();
    const waiting = agent.authorize(new URL("https://as.example/authorize?state=right"), { signal: controller.signal });
    expect((await fetch(`${redirectUri}?code=x&state=wrong`)).status).toBe(400);
    expect((await fetch(new URL("/other?state=right", redirectUri))).status).toBe(404);
    expect((await fetch(`${redirectUri}?code=x&state=right`, { method: "POST" })).status).toBe(400);
    expect((await fetch(`${redirectUri}?code=c&state=right`)).status).toBe(200);
    expect((await waiting).searchParams.get("code")).toBe("c");
    controller.abort();
  });
});
