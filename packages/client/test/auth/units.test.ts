/**
 * The pieces of the authorization layer on their own: the challenge parser,
 * the discovery orders, the URL rules, the user agents, and the limits
 * against hostile peers.
 */
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import fc from "fast-check";
import { afterEach, describe, expect, it } from "vitest";
import {
  AuthorizationLimitError,
  authorizationServerMetadataUrls,
  callbackUserAgent,
  clientMetadataDocument,
  DiscoveryError,
  InsecureUrlError,
  parseBearerChallenge,
  resourceMetadataUrls,
  withAuth,
  UserAgentError,
} from "@mrtr/client/auth";
import { checkEndpoint, resourceCovers } from "../../src/auth/url-policy.js";
import { headlessUserAgent, serve } from "../../../../test/helpers/auth.js";

const cleanup: (() => Promise<void>)[] = [];
afterEach(async () => {
  while (cleanup.length) await cleanup.pop()!();
});

describe("WWW-Authenticate", () => {
  it("reads resource_metadata, scope and error of the Bearer challenge among others", () => {
    const c = parseBearerChallenge('Basic realm="x", Bearer error="insufficient_scope", scope="files:read files:write", resource_metadata="https://h/.well-known/oauth-protected-resource/mcp", DPoP algs="ES256"');
    expect(c).toMatchObject({ error: "insufficient_scope", scope: "files:read files:write", resourceMetadata: "https://h/.well-known/oauth-protected-resource/mcp" });
    expect(parseBearerChallenge('Bearer realm="a \\"q\\"", error=invalid_token')).toMatchObject({ error: "invalid_token", params: { realm: 'a "q"' } });
    expect(parseBearerChallenge("Basic abc==, Bearer scope=x")?.scope).toBe("x");
    expect(parseBearerChallenge("Basic realm=x")).toBeUndefined();
    expect(parseBearerChallenge("bearer")).toEqual({ params: {} });
  });

  it("never throws and never reads past its length limit, whatever the header", () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 300 }), (header) => {
        const c = parseBearerChallenge(header);
        expect(c === undefined || typeof c.params === "object").toBe(true);
      }),
      { seed: 1428, numRuns: 2000 },
    );
    const long = `Bearer scope="${"a".repeat(20_000)}"`;
    expect(parseBearerChallenge(long)?.scope).toBeUndefined();
  });
});

describe("discovery order (authorization-server-discovery.mdx)", () => {
  it("tries resource_metadata alone, else the path-based then the root well-known URL", () => {
    expect(resourceMetadataUrls(new URL("https://h/public/mcp"))).toEqual(["https://h/.well-known/oauth-protected-resource/public/mcp", "https://h/.well-known/oauth-protected-resource"]);
    expect(resourceMetadataUrls(new URL("https://h/"))).toEqual(["https://h/.well-known/oauth-protected-resource"]);
    expect(resourceMetadataUrls(new URL("https://h/mcp"), { resourceMetadata: "https://m/x", params: {} })).toEqual(["https://m/x"]);
  });

  it("tries OAuth then OpenID locations, with the path inserted or appended", () => {
    expect(authorizationServerMetadataUrls(new URL("https://a/tenant1"))).toEqual([
      "https://a/.well-known/oauth-authorization-server/tenant1",
      "https://a/.well-known/openid-configuration/tenant1",
      "https://a/tenant1/.well-known/openid-configuration",
    ]);
    expect(authorizationServerMetadataUrls(new URL("https://a"))).toEqual(["https://a/.well-known/oauth-authorization-server", "https://a/.well-known/openid-configuration"]);
  });
});

describe("URL rules", () => {
  it("a resource covers its own URL and whole-segment sub-paths of the same origin only", () => {
    const t = new URL("https://h/mcp");
    expect(resourceCovers("https://h/mcp", t)).toBe(true);
    expect(resourceCovers("https://h", t)).toBe(true);
    expect(resourceCovers("https://h/mc", t)).toBe(false);
    expect(resourceCovers("https://h/mcp", new URL("https://h/mcpx"))).toBe(false);
    expect(resourceCovers("https://h/mcp", new URL("https://h/mcp/v2"))).toBe(true);
    expect(resourceCovers("https://evil/mcp", t)).toBe(false);
    expect(resourceCovers("http://h/mcp", t)).toBe(false);
    expect(resourceCovers("https://h/mcp#f", t)).toBe(false);
  });

  it("plain http only for loopback hosts by default", () => {
    expect(checkEndpoint("https://a/x", "loopback")).toBe(false);
    expect(checkEndpoint("http://127.0.0.1:9/x", "loopback")).toBe(true);
    expect(checkEndpoint("http://localhost/x", "loopback")).toBe(true);
    expect(() => checkEndpoint("http://a.example/x", "loopback")).toThrow(InsecureUrlError);
    expect(() => checkEndpoint("http://127.0.0.1/x", "never")).toThrow(InsecureUrlError);
    expect(() => checkEndpoint("ftp://a/x", "always")).toThrow(InsecureUrlError);
  });

  it("a Client ID Metadata Document names itself and needs an https URL with a path", () => {
    expect(clientMetadataDocument({ metadataUrl: "https://app/c.json", name: "App", redirectUris: ["http://127.0.0.1:3000/cb"] })).toMatchObject({
      client_id: "https://app/c.json",
      client_name: "App",
      redirect_uris: ["http://127.0.0.1:3000/cb"],
      token_endpoint_auth_method: "none",
    });
    expect(() => clientMetadataDocument({ metadataUrl: "https://app/", name: "x", redirectUris: [] })).toThrow(TypeError);
    expect(() => clientMetadataDocument({ metadataUrl: "http://app/c.json", name: "x", redirectUris: [] })).toThrow(TypeError);
  });
});

describe("callbackUserAgent", () => {
  it("completes the waiting authorization only, and refuses when nothing waits", async () => {
    const agent = callbackUserAgent({ redirectUri: "https://app/cb", open: () => undefined });
    expect(agent.complete("https://app/cb?code=x")).toBe(false);
    const waiting = agent.authorize(new URL("https://as/authorize"), { signal: new AbortController().signal });
    expect(agent.complete("https://app/cb?code=x")).toBe(true);
    expect((await waiting).searchParams.get("code")).toBe("x");
  });

  it("rejects with UserAgentError when aborted or cancelled", async () => {
    const agent = callbackUserAgent({ redirectUri: "https://app/cb", open: () => undefined });
    const controller = new AbortController();
    const waiting = agent.authorize(new URL("https://as/authorize"), { signal: controller.signal });
    controller.abort();
    await expect(waiting).rejects.toBeInstanceOf(UserAgentError);
    const second = agent.authorize(new URL("https://as/authorize"), { signal: new AbortController().signal });
    agent.cancel("stop");
    await expect(second).rejects.toThrow("stop");
  });
});

describe("limits against a hostile server", () => {
  const challenge = (metadataUrl: string) => () => new Response("{}", { status: 401, headers: { "www-authenticate": `Bearer resource_metadata="${metadataUrl}"` } });

  it("refuses a metadata document larger than maxResponseBytes and stops reading it", async () => {
    let sent = 0;
    let closed = false;
    const http = createServer((req, res) => {
      if (req.url === "/mcp") {
        res.writeHead(401, { "www-authenticate": `Bearer resource_metadata="http://127.0.0.1:${(http.address() as AddressInfo).port}/meta"` }).end("{}");
        return;
      }
      res.writeHead(200, { "content-type": "application/json" });
      const chunk = Buffer.alloc(16_384, 32);
      const pump = () => {
        while (!closed && sent < 200_000_000) {
          sent += chunk.length;
          if (!res.write(chunk)) return void res.once("drain", pump);
        }
        res.end();
      };
      res.on("close", () => (closed = true));
      pump();
    });
    await new Promise<void>((resolve) => http.listen(0, "127.0.0.1", resolve));
    cleanup.push(() => new Promise<void>((resolve) => (http.closeAllConnections(), http.close(() => resolve()))));
    const origin = `http://127.0.0.1:${(http.address() as AddressInfo).port}`;
    const f = withAuth(fetch, { client: { name: "t" }, userAgent: headlessUserAgent(), limits: { maxResponseBytes: 1024 } });
    const error = await f(`${origin}/mcp`, { method: "POST", body: "{}" }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AuthorizationLimitError);
    expect((error as AuthorizationLimitError).limit).toBe("maxResponseBytes");
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(closed).toBe(true);
    expect(sent).toBeLessThan(50_000_000);
  });

  it("gives up on a metadata endpoint that never answers after timeoutMs", async () => {
    const hostile = await serve(async (request) => {
      if (new URL(request.url).pathname === "/mcp") return challenge(`${new URL(request.url).origin}/meta`)();
      return new Promise<Response>((resolve) => setTimeout(() => resolve(new Response("{}")), 5_000));
    });
    cleanup.push(hostile.close);
    const f = withAuth(fetch, { client: { name: "t" }, userAgent: headlessUserAgent(), limits: { timeoutMs: 200 } });
    const error = await f(`${hostile.origin}/mcp`, { method: "POST", body: "{}" }).catch((e: unknown) => e);
    expect((error as AuthorizationLimitError).limit).toBe("timeoutMs");
  });

  it("says what is missing when a 401 comes without any metadata", async () => {
    const bare = await serve(async () => new Response("{}", { status: 401 }));
    cleanup.push(bare.close);
    const f = withAuth(fetch, { client: { name: "t" }, userAgent: headlessUserAgent() });
    const error = await f(`${bare.origin}/mcp`, { method: "POST", body: "{}" }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(DiscoveryError);
    expect((error as DiscoveryError).tried).toEqual([`${bare.origin}/.well-known/oauth-protected-resource/mcp`, `${bare.origin}/.well-known/oauth-protected-resource`]);
  });

  it("rejects nonsense limits", () => {
    expect(() => withAuth(fetch, { client: { name: "t" }, userAgent: headlessUserAgent(), limits: { maxStepUps: -1 } })).toThrow(TypeError);
  });
});
