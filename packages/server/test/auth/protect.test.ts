/**
 * protect(handler): the resource-server side of the draft's authorization
 * pages. Tokens are real JWTs signed here with jose and checked by
 * jwtVerifier against the key set.
 */
import { exportJWK, generateKeyPair, SignJWT, type JWK } from "jose";
import { beforeAll, describe, expect, it } from "vitest";
import { authInfoOf, bearerChallenge, jwtVerifier, protect, type AuthInfo, type ProtectOptions } from "@mrtr/server/auth";
import { serve } from "../../../../test/helpers/auth.js";

const RESOURCE = "https://mcp.example/mcp";
const ISSUER = "https://as.example";
let key: CryptoKey;
let jwk: JWK;
let otherKey: CryptoKey;

beforeAll(async () => {
  const pair = await generateKeyPair("ES256");
  key = pair.privateKey;
  jwk = { ...(await exportJWK(pair.publicKey)), kid: "k1", alg: "ES256" };
  otherKey = (await generateKeyPair("ES256")).privateKey;
});

function token(claims: { aud?: string; iss?: string; exp?: string | number; scope?: string; sub?: string } = {}, signWith?: CryptoKey) {
  return new SignJWT({ scope: claims.scope ?? "mcp" })
    .setProtectedHeader({ alg: "ES256", kid: "k1" })
    .setIssuer(claims.iss ?? ISSUER)
    .setAudience(claims.aud ?? RESOURCE)
    .setSubject(claims.sub ?? "alice")
    .setIssuedAt()
    .setExpirationTime(claims.exp ?? "1h")
    .sign(signWith ?? key);
}

function guarded(options: Partial<ProtectOptions> = {}) {
  const seen: (AuthInfo | undefined)[] = [];
  const handler = protect(
    async (request) => {
      seen.push(authInfoOf(request));
      return Response.json({ jsonrpc: "2.0", id: 1, result: { resultType: "complete" } });
    },
    { resource: RESOURCE, authorizationServers: [ISSUER], verify: jwtVerifier({ jwks: { keys: [jwk] }, issuer: ISSUER, audience: RESOURCE }), ...options },
  );
  return { handler, seen };
}

const post = (headers: Record<string, string> = {}) => new Request(RESOURCE, { method: "POST", headers: { "content-type": "application/json", ...headers }, body: "{}" });
const bearer = async (t: string | Promise<string>) => post({ authorization: `Bearer ${await t}` });
const METADATA_URL = "https://mcp.example/.well-known/oauth-protected-resource/mcp";

describe("protected-resource metadata", () => {
  it("is served at the path-based and the root well-known URL, without a token", async () => {
    const { handler } = guarded({ requiredScopes: ["mcp"], metadata: { resource_name: "Example" } });
    for (const url of [METADATA_URL, "https://mcp.example/.well-known/oauth-protected-resource"]) {
      const response = await handler(new Request(url));
      expect(response.status).toBe(200);
      expect(await response.json()).toEqual({ resource: RESOURCE, authorization_servers: [ISSUER], scopes_supported: ["mcp"], bearer_methods_supported: ["header"], resource_name: "Example" });
    }
    const off = guarded({ serveRootMetadata: false }).handler;
    expect((await off(new Request("https://mcp.example/.well-known/oauth-protected-resource"))).status).toBe(401);
  });
});

describe("401 and 403 answers", () => {
  it("a request without a token gets 401 with resource_metadata and the required scope", async () => {
    const { handler, seen } = guarded({ requiredScopes: ["mcp"] });
    const response = await handler(post());
    expect(response.status).toBe(401);
    expect(response.headers.get("www-authenticate")).toBe(`Bearer scope="mcp", resource_metadata="${METADATA_URL}"`);
    expect(seen).toHaveLength(0);
  });

  it.each([
    ["a forged signature", () => token({}, otherKey)],
    ["an expired token", () => token({ exp: Math.floor(Date.now() / 1000) - 3600 })],
    ["another audience", () => token({ aud: "https://other.example/mcp" })],
    ["another issuer", () => token({ iss: "https://evil.example" })],
    ["garbage", async () => "not.a.jwt"],
  ])("%s gets 401 invalid_token and never reaches the handler", async (_name, make) => {
    const { handler, seen } = guarded();
    const response = await handler(await bearer(make()));
    expect(response.status).toBe(401);
    expect(response.headers.get("www-authenticate")).toContain('error="invalid_token"');
    expect(seen).toHaveLength(0);
  });

  it("a malformed Authorization header gets 401 invalid_request; an oversized token is not even verified", async () => {
    let verified = 0;
    const { handler } = guarded({ verify: () => (verified++, undefined), maxTokenBytes: 100 });
    expect((await handler(post({ authorization: "Basic abc" }))).headers.get("www-authenticate")).toContain('error="invalid_request"');
    expect((await handler(post({ authorization: `Bearer ${"a".repeat(101)}` }))).status).toBe(401);
    expect(verified).toBe(0);
  });

  it("a verifier's result without this server's audience, or past its expiry, is refused", async () => {
    const base = { scopes: ["mcp"], subject: "bob" };
    expect((await guarded({ verify: () => base }).handler(await bearer("t"))).status).toBe(401);
    expect((await guarded({ verify: () => ({ ...base, audience: ["https://else/mcp"] }) }).handler(await bearer("t"))).status).toBe(401);
    expect((await guarded({ verify: () => ({ ...base, audience: [RESOURCE], expiresAt: Date.now() - 60_000 }) }).handler(await bearer("t"))).status).toBe(401);
    expect((await guarded({ verify: () => ({ ...base, audience: [RESOURCE] }) }).handler(await bearer("t"))).status).toBe(200);
  });

  it("missing required scopes get 403 insufficient_scope with the scopes needed", async () => {
    const { handler, seen } = guarded({ requiredScopes: ["mcp", "files:read"] });
    const response = await handler(await bearer(token({ scope: "mcp" })));
    expect(response.status).toBe(403);
    expect(response.headers.get("www-authenticate")).toBe(`Bearer error="insufficient_scope", scope="mcp files:read", resource_metadata="${METADATA_URL}"`);
    expect(seen).toHaveLength(0);
    const hierarchy = guarded({ requiredScopes: ["files:read"], hasScope: (granted, s) => granted.includes(s) || (s === "files:read" && granted.includes("files")) });
    expect((await hierarchy.handler(await bearer(token({ scope: "files" })))).status).toBe(200);
  });

  it("a valid token reaches the handler with its verified facts attached to the request", async () => {
    const { handler, seen } = guarded({ requiredScopes: ["mcp"] });
    expect((await handler(await bearer(token({ scope: "mcp extra", sub: "alice" })))).status).toBe(200);
    expect(seen[0]).toMatchObject({ subject: "alice", scopes: ["mcp", "extra"], issuer: ISSUER, audience: [RESOURCE] });
    expect(JSON.stringify(seen[0])).not.toContain("eyJ");
  });

  it("turns a JSON-RPC error with data.requiredScopes into 403 with the challenge, reported as insufficient_scope", async () => {
    const reasons: string[] = [];
    const handler = protect(async () => Response.json({ jsonrpc: "2.0", id: 1, error: { code: -32600, message: "no", data: { requiredScopes: ["files:write"] } } }, { status: 400 }), {
      resource: RESOURCE,
      authorizationServers: [ISSUER],
      verify: () => ({ scopes: [], audience: [RESOURCE] }),
      onRejected: (reason) => reasons.push(reason),
    });
    const response = await handler(await bearer("t"));
    expect(response.status).toBe(403);
    expect(response.headers.get("www-authenticate")).toContain('scope="files:write"');
    expect((await response.json()).error.data.requiredScopes).toEqual(["files:write"]);
    expect(reasons).toEqual(["insufficient_scope"]);
  });

  it("reports each refusal's reason, never the token", async () => {
    const reasons: string[] = [];
    const { handler } = guarded({ onRejected: (reason) => reasons.push(reason) });
    await handler(post());
    await handler(await bearer(token({ aud: "https://x/mcp" })));
    expect(reasons).toEqual(["missing_token", "invalid_token"]);
  });
});

describe("jwtVerifier with a JWKS URL", () => {
  it("fetches the key set, and refuses one larger than maxJwksBytes", async () => {
    const good = await serve(async () => Response.json({ keys: [jwk] }));
    let sent = 0;
    const huge = await serve(async () => {
      const chunk = new TextEncoder().encode(" ".repeat(65_536));
      return new Response(
        new ReadableStream({
          pull(controller) {
            sent += chunk.byteLength;
            if (sent > 4_000_000) controller.close();
            else controller.enqueue(chunk);
          },
        }),
        { headers: { "content-type": "application/json" } },
      );
    });
    try {
      const verify = (url: string) => jwtVerifier({ jwksUrl: url, issuer: ISSUER, audience: RESOURCE, maxJwksBytes: 100_000 });
      expect((await verify(good.origin)(await token(), post()))?.subject).toBe("alice");
      await expect(verify(huge.origin)(await token(), post())).rejects.toThrow("invalid or expired");
    } finally {
      await good.close();
      await huge.close();
    }
  });
});

describe("bearerChallenge", () => {
  it("quotes and escapes parameter values", () => {
    expect(bearerChallenge({ error: "invalid_token", errorDescription: 'a "quoted" \\ value\n' })).toBe('Bearer error="invalid_token", error_description="a \\"quoted\\" \\\\ value"');
    expect(bearerChallenge({})).toBe("Bearer");
  });

  it("refuses a resource with a fragment or query", () => {
    expect(() => guarded({ resource: "https://mcp.example/mcp#x" })).toThrow(TypeError);
    expect(() => guarded({ resource: "https://mcp.example/mcp?x=1" })).toThrow(TypeError);
  });
});
