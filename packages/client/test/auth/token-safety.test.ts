/**
 * Tokens go only where they belong: never to another origin (not even through
 * a redirect), never to metadata or authorization-server endpoints, and never
 * into an error, an event or a log line.
 */
import { afterEach, describe, expect, it } from "vitest";
import { createClient, httpTransport } from "@mrtr/client";
import { MemoryAuthStore, TokenRejectedError, withAuth, type AuthEvent } from "@mrtr/client/auth";
import { headlessUserAgent, serve, startAuthorizationServer, startProtectedServer } from "../../../../test/helpers/auth.js";

const cleanup: (() => Promise<void>)[] = [];
afterEach(async () => {
  while (cleanup.length) await cleanup.pop()!();
});

async function start(wrapFor: (other: string) => (inner: (r: Request) => Promise<Response>) => (r: Request) => Promise<Response>) {
  const seen: Headers[] = [];
  const other = await serve(async (request) => {
    seen.push(request.headers);
    const body = (await request.json()) as { id: number };
    return Response.json({ jsonrpc: "2.0", id: body.id, result: { resultType: "complete", content: [{ type: "text", text: "elsewhere" }] } });
  });
  const as = await startAuthorizationServer();
  const mcp = await startProtectedServer(as, { wrap: wrapFor(other.origin) });
  cleanup.push(other.close, as.close, mcp.close);
  const store = new MemoryAuthStore();
  const events: AuthEvent[] = [];
  const logs: string[] = [];
  const client = createClient({
    transport: httpTransport(mcp.url, { fetch: withAuth(fetch, { client: { name: "t" }, userAgent: headlessUserAgent(), store, onEvent: (e) => events.push(e) }) }),
    name: "t",
    version: "1",
    onRound: (e) => logs.push(JSON.stringify(e)),
  });
  return { as, mcp, seen, store, events, logs, client };
}

describe("where a token may go", () => {
  it("is dropped when a redirect leaves the server's origin, and kept on one that stays inside the resource", async () => {
    let mode: "none" | "away" | "inside" = "none";
    let insideAuthorization: string | null = null;
    const ctx = await start((other) => (inner) => async (request) => {
      const path = new URL(request.url).pathname;
      if (path === "/mcp/v2") {
        insideAuthorization = request.headers.get("authorization");
        return inner(new Request(request.url.replace("/mcp/v2", "/mcp"), { method: request.method, headers: request.headers, body: await request.text() }));
      }
      if (path === "/mcp" && mode === "away" && request.headers.has("authorization")) return new Response(null, { status: 307, headers: { location: `${other}/mcp` } });
      if (path === "/mcp" && mode === "inside" && request.headers.has("authorization")) return new Response(null, { status: 307, headers: { location: "/mcp/v2" } });
      return inner(request);
    });
    await ctx.client.callTool("whoami", {});
    const token = ctx.store.getTokens(ctx.mcp.url)!.accessToken;
    mode = "inside";
    expect(JSON.parse((await ctx.client.callTool("whoami", {})).content.map((c) => (c as { text: string }).text).join("")).subject).toBe("user-1");
    expect(insideAuthorization).toBe(`Bearer ${token}`);
    mode = "away";
    const result = await ctx.client.callTool("whoami", {});
    expect((result.content[0] as { text: string }).text).toBe("elsewhere");
    expect(ctx.seen).toHaveLength(1);
    expect(ctx.seen[0]!.get("authorization")).toBeNull();
  });

  it("never reaches metadata or authorization-server endpoints", async () => {
    const ctx = await start(() => (inner) => inner);
    await ctx.client.callTool("whoami", {});
    const token = ctx.store.getTokens(ctx.mcp.url)!.accessToken;
    const asTraffic = JSON.stringify(ctx.as.requests);
    // The token endpoint's own answer carried it, but no request to the authorization server does.
    expect(asTraffic).not.toContain(token);
    expect(ctx.as.requests.every((r) => r.headers.authorization === undefined || String(r.headers.authorization).startsWith("Basic "))).toBe(true);
  });
});

describe("what a token may never appear in", () => {
  it("errors, events and round logs, even when the server rejects a fresh token", async () => {
    const ctx = await start(() => (inner) => async (request) => {
      const response = await inner(request);
      if (new URL(request.url).pathname !== "/mcp" || !request.headers.has("authorization")) return response;
      return new Response("{}", { status: 401, headers: { "www-authenticate": 'Bearer error="invalid_token"' } });
    });
    const error = await ctx.client.callTool("whoami", {}).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(TokenRejectedError);
    const tokens = ctx.store.getTokens(ctx.mcp.url)!;
    const secrets = [tokens.accessToken, tokens.refreshToken!, ...[...ctx.as.clients.values()].map((c) => c.clientSecret ?? "never-matches")];
    const e = error as Error;
    const surfaces = [e.message, String(e.stack), JSON.stringify(e), JSON.stringify(Object.entries(e)), JSON.stringify(ctx.events), ...ctx.logs];
    for (const secret of secrets) for (const surface of surfaces) expect(surface).not.toContain(secret);
    expect(ctx.events.length).toBeGreaterThan(3);
  });
});
