/**
 * The authorization flow end to end: our client (withAuth over httpTransport)
 * against a real authorization server and a real protected @mrtr/server,
 * all on loopback in this process.
 */
import { afterEach, describe, expect, it } from "vitest";
import { createClient, httpTransport } from "@mrtr/client";
import {
  AuthorizationResponseError,
  InsufficientScopeError,
  IssuerMismatchError,
  PkceUnsupportedError,
  ResourceMismatchError,
  withAuth,
  type AuthEvent,
  type AuthOptions,
  MemoryAuthStore,
} from "@mrtr/client/auth";
import { headlessUserAgent, startAuthorizationServer, startProtectedServer, type DevAuthorizationServer, type DevAuthorizationServerOptions } from "../../../../test/helpers/auth.js";

const cleanup: (() => Promise<void>)[] = [];
afterEach(async () => {
  while (cleanup.length) await cleanup.pop()!();
});

async function setup(asOptions: DevAuthorizationServerOptions = {}, serverOptions: Parameters<typeof startProtectedServer>[1] = {}) {
  const as = await startAuthorizationServer(asOptions);
  cleanup.push(as.close);
  const mcp = await startProtectedServer(as, serverOptions);
  cleanup.push(mcp.close);
  return { as, mcp };
}

function connect(url: string, options: Partial<AuthOptions> = {}) {
  const events: AuthEvent[] = [];
  const userAgent = headlessUserAgent();
  const auth: AuthOptions = { client: { name: "test-client" }, userAgent, onEvent: (e) => events.push(e), ...options };
  const client = createClient({ transport: httpTransport(url, { fetch: withAuth(fetch, auth) }), name: "t", version: "1" });
  return { client, events, userAgent };
}

const text = (r: { content: unknown }) => (r.content as { text: string }[])[0]!.text;
const authorizeRequests = (as: DevAuthorizationServer) => as.requests.filter((r) => r.path.endsWith("/authorize"));
const tokenRequests = (as: DevAuthorizationServer) => as.requests.filter((r) => r.path.endsWith("/token"));

describe("a protected server is reached after one login", () => {
  it("registers dynamically, sends resource and PKCE S256, and the server sees the verified subject", async () => {
    const { as, mcp } = await setup();
    const { client, userAgent } = connect(mcp.url);
    const result = JSON.parse(text(await client.callTool("whoami", {})));
    expect(result.subject).toBe("user-1");
    expect(result.principal).toBe(`${as.issuer}#user-1`);
    const [auth] = authorizeRequests(as);
    expect(auth!.query.resource).toBe(mcp.resource);
    expect(auth!.query.code_challenge_method).toBe("S256");
    expect(auth!.query.state).toBeTruthy();
    const [token] = tokenRequests(as);
    expect(token!.body.resource).toBe(mcp.resource);
    expect(token!.body.code_verifier).toMatch(/^[A-Za-z0-9_-]{43,128}$/);
    const register = as.requests.find((r) => r.path === "/register")!;
    expect(JSON.parse(register.body.grant_types!)).toEqual(["authorization_code", "refresh_token"]);
    expect(JSON.parse(register.body.application_type!)).toBe("native");
    // Later requests reuse the token: one login only.
    await client.callTool("whoami", {});
    expect(userAgent.opened).toHaveLength(1);
  });

  it("uses a Client ID Metadata Document URL as client_id when the server supports them, and registers nothing", async () => {
    const { as, mcp } = await setup({ clientIdMetadataDocuments: true });
    const { client } = connect(mcp.url, { client: { name: "t", metadataUrl: "https://app.example/client.json" } });
    await client.callTool("whoami", {});
    expect(authorizeRequests(as)[0]!.query.client_id).toBe("https://app.example/client.json");
    expect(as.requests.some((r) => r.path === "/register")).toBe(false);
  });

  it.each([
    ["client_secret_basic", (r: { headers: Record<string, unknown>; body: Record<string, string> }) => String(r.headers.authorization).startsWith("Basic ") && !r.body.client_secret],
    ["client_secret_post", (r: { headers: Record<string, unknown>; body: Record<string, string> }) => r.headers.authorization === undefined && r.body.client_secret === "s3cret"],
    ["none", (r: { headers: Record<string, unknown>; body: Record<string, string> }) => r.headers.authorization === undefined && !r.body.client_secret],
  ] as const)("a pre-registered client authenticates with %s", async (method, check) => {
    const { as, mcp } = await setup({
      registration: false,
      authMethods: [method],
      clients: [{ clientId: "pre-registered-client", ...(method !== "none" && { clientSecret: "s3cret" }), method }],
    });
    const { client } = connect(mcp.url, {
      client: { name: "t", preRegistered: { [as.issuer]: { clientId: "pre-registered-client", ...(method !== "none" && { clientSecret: "s3cret" }) } } },
    });
    await client.callTool("whoami", {});
    expect(check(tokenRequests(as)[0]!)).toBe(true);
  });

  it("finds an issuer with a path through OpenID path appending, after the two insertion forms", async () => {
    const { as, mcp } = await setup({ issuerPath: "/tenant1", metadataAt: ["oidc-append"] });
    const { client } = connect(mcp.url);
    await client.callTool("whoami", {});
    const tried = as.requests.filter((r) => r.path.includes(".well-known")).map((r) => r.path);
    expect(tried.slice(0, 3)).toEqual(["/.well-known/oauth-authorization-server/tenant1", "/.well-known/openid-configuration/tenant1", "/tenant1/.well-known/openid-configuration"]);
  });
});

describe("scopes", () => {
  it("asks for the challenge's scope, adds offline_access only when the server lists it", async () => {
    const { as, mcp } = await setup({ scopesSupported: ["mcp", "offline_access"] }, { requiredScopes: ["mcp"] });
    const { client } = connect(mcp.url);
    await client.callTool("whoami", {});
    expect(authorizeRequests(as)[0]!.query.scope).toBe("mcp offline_access");
    const other = await setup({ scopesSupported: ["mcp"] }, { requiredScopes: ["mcp"] });
    await connect(other.mcp.url).client.callTool("whoami", {});
    expect(authorizeRequests(other.as)[0]!.query.scope).toBe("mcp");
  });

  it("without a challenged scope uses scopes_supported, and without either sends no scope", async () => {
    const { as, mcp } = await setup({}, { scopesSupported: ["a", "b"] });
    await connect(mcp.url).client.callTool("whoami", {});
    expect(authorizeRequests(as)[0]!.query.scope).toBe("a b");
    const bare = await setup();
    await connect(bare.mcp.url).client.callTool("whoami", {});
    expect(authorizeRequests(bare.as)[0]!.query.scope).toBeUndefined();
  });

  it("steps up on 403 insufficient_scope with the union of scopes, then succeeds", async () => {
    const { as, mcp } = await setup({}, { requiredScopes: ["mcp"] });
    const { client } = connect(mcp.url);
    await client.callTool("whoami", {});
    expect(text(await client.callTool("write", {}))).toBe("written");
    expect(authorizeRequests(as).map((r) => r.query.scope)).toEqual(["mcp", "mcp files:write"]);
  });

  it("gives up after maxStepUps with InsufficientScopeError when the server never grants", async () => {
    const { as, mcp } = await setup(
      {},
      {
        wrap: (inner) => async (request) => {
          const response = await inner(request);
          if (response.status !== 200 || new URL(request.url).pathname !== "/mcp") return response;
          return new Response("{}", { status: 403, headers: { "www-authenticate": 'Bearer error="insufficient_scope", scope="admin"' } });
        },
      },
    );
    const { client } = connect(mcp.url, { limits: { maxStepUps: 2 } });
    const error = await client.callTool("whoami", {}).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(InsufficientScopeError);
    expect((error as InsufficientScopeError).requiredScopes).toEqual(["admin"]);
    expect(authorizeRequests(as)).toHaveLength(3);
  });
});

describe("the checks that stop a login", () => {
  it("refuses metadata whose issuer is not the one asked for, before any registration or redirect", async () => {
    const { as, mcp } = await setup({ metadataIssuer: "https://honest.example" });
    const { client, userAgent } = connect(mcp.url);
    await expect(client.callTool("whoami", {})).rejects.toBeInstanceOf(IssuerMismatchError);
    expect(as.requests.some((r) => r.path === "/register" || r.path === "/authorize")).toBe(false);
    expect(userAgent.opened).toHaveLength(0);
  });

  it.each([
    ["omit", "iss_missing"],
    ["wrong", "iss_mismatch"],
    ["trailing-slash", "iss_mismatch"],
  ] as const)("refuses a redirect whose iss is %s, before the token endpoint", async (mode, problem) => {
    const { as, mcp } = await setup({ issInRedirect: mode });
    const error = await connect(mcp.url).client.callTool("whoami", {}).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AuthorizationResponseError);
    expect((error as AuthorizationResponseError).problem).toBe(problem);
    expect(tokenRequests(as)).toHaveLength(0);
  });

  it("accepts a response without iss when the server does not advertise it", async () => {
    const { as, mcp } = await setup({ issInRedirect: "omit", advertiseIss: false });
    await connect(mcp.url).client.callTool("whoami", {});
    expect(tokenRequests(as)).toHaveLength(1);
  });

  it("compares an unadvertised iss too", async () => {
    const { as, mcp } = await setup({ issInRedirect: "wrong", advertiseIss: false });
    await expect(connect(mcp.url).client.callTool("whoami", {})).rejects.toBeInstanceOf(AuthorizationResponseError);
    expect(tokenRequests(as)).toHaveLength(0);
  });

  it("refuses a redirect with a forged state", async () => {
    const { as, mcp } = await setup();
    const userAgent = headlessUserAgent({
      tamper: (u) => {
        u.searchParams.set("state", "forged");
        return u;
      },
    });
    const error = await connect(mcp.url, { userAgent }).client.callTool("whoami", {}).catch((e: unknown) => e);
    expect((error as AuthorizationResponseError).problem).toBe("state_mismatch");
    expect(tokenRequests(as)).toHaveLength(0);
  });

  it("refuses protected-resource metadata for another resource, without contacting the authorization server", async () => {
    const as = await startAuthorizationServer();
    cleanup.push(as.close);
    const mcp = await startProtectedServer(as, {
      wrap: (inner) => async (request) => {
        if (new URL(request.url).pathname !== "/.well-known/oauth-protected-resource/mcp") return inner(request);
        return Response.json({ resource: "https://evil.example/mcp", authorization_servers: [as.issuer] });
      },
    });
    cleanup.push(mcp.close);
    await expect(connect(mcp.url).client.callTool("whoami", {})).rejects.toBeInstanceOf(ResourceMismatchError);
    expect(as.requests).toHaveLength(0);
  });

  it("refuses an authorization server without PKCE S256", async () => {
    const { as, mcp } = await setup({ codeChallengeMethods: null });
    await expect(connect(mcp.url).client.callTool("whoami", {})).rejects.toBeInstanceOf(PkceUnsupportedError);
    expect(authorizeRequests(as)).toHaveLength(0);
  });
});

describe("tokens over time", () => {
  it("refreshes an expired access token with the resource, without a new login", async () => {
    const { as, mcp } = await setup();
    let clock = Date.now();
    const { client, userAgent } = connect(mcp.url, { now: () => clock });
    await client.callTool("whoami", {});
    clock += 2 * 3600_000;
    await client.callTool("whoami", {});
    const refresh = tokenRequests(as).filter((r) => r.body.grant_type === "refresh_token");
    expect(refresh).toHaveLength(1);
    expect(refresh[0]!.body.resource).toBe(mcp.resource);
    // Obtained without a scope: none is sent on refresh either.
    expect(refresh[0]!.body.scope).toBeUndefined();
    expect(userAgent.opened).toHaveLength(1);
  });

  it("refreshes with the scope the tokens were obtained with (some authorization servers require it)", async () => {
    const { as, mcp } = await setup({ scopesSupported: ["mcp", "offline_access"] }, { requiredScopes: ["mcp"] });
    let clock = Date.now();
    const { client } = connect(mcp.url, { now: () => clock });
    await client.callTool("whoami", {});
    clock += 2 * 3600_000;
    await client.callTool("whoami", {});
    const refresh = tokenRequests(as).filter((r) => r.body.grant_type === "refresh_token");
    expect(refresh).toHaveLength(1);
    expect(authorizeRequests(as)[0]!.query.scope).toBe("mcp offline_access");
    expect(refresh[0]!.body.scope).toBe("mcp offline_access");
  });

  it("registers again at a new authorization server and never shows it the old client id", async () => {
    const first = await startAuthorizationServer();
    const second = await startAuthorizationServer();
    cleanup.push(first.close, second.close);
    let current = first;
    const mcp = await startProtectedServer(first, {
      wrap: () => async (request) => {
        const { protect, jwtVerifier } = await import("@mrtr/server/auth");
        const { createHttpHandler } = await import("@mrtr/server");
        const { protectedMcpServer } = await import("../../../../test/helpers/auth.js");
        const resource = `${new URL(request.url).origin}/mcp`;
        return protect(createHttpHandler(protectedMcpServer()), {
          resource,
          authorizationServers: [current.issuer],
          verify: jwtVerifier({ jwksUrl: current.jwksUrl, issuer: current.issuer, audience: resource }),
        })(request);
      },
    });
    cleanup.push(mcp.close);
    const store = new MemoryAuthStore();
    const { client } = connect(mcp.url, { store });
    await client.callTool("whoami", {});
    const oldClientId = [...first.clients.keys()][0]!;
    current = second;
    await client.callTool("whoami", {});
    expect(second.requests.some((r) => r.path === "/register")).toBe(true);
    expect(second.requests.some((r) => JSON.stringify(r).includes(oldClientId))).toBe(false);
    expect(store.getClient(first.issuer)?.clientId).toBe(oldClientId);
    expect(store.getClient(second.issuer)?.clientId).not.toBe(oldClientId);
  });
});

describe("concurrency", () => {
  it("concurrent requests answered 401 share one login", async () => {
    const { as, mcp } = await setup();
    const { client, userAgent } = connect(mcp.url);
    await Promise.all([client.callTool("whoami", {}), client.callTool("whoami", {}), client.listTools()]);
    expect(userAgent.opened).toHaveLength(1);
    expect(tokenRequests(as)).toHaveLength(1);
  });
});
