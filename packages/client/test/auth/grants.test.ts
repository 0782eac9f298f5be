/**
 * The grants without a user, end to end against a real authorization server
 * in this process (grant-server.ts): client credentials with each client
 * authentication method, the JWT bearer grant of workload identity
 * federation, enterprise-managed authorization (token exchange at the IdP,
 * then the ID-JAG as a JWT bearer grant), and hostile authorization servers.
 */
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { exportJWK, generateKeyPair, jwtVerify, SignJWT } from "jose";
import { describe, expect, it } from "vitest";
import { AssertionUnavailableError, AuthorizationLimitError, ClientRegistrationError, TokenRejectedError, TokenRequestError, withAuth, type AuthEvent, type AuthOptions } from "@mrtr/client/auth";
import { assertionFromFile } from "@mrtr/client/auth/node";
import { basicCredentials, grantServerFixture } from "./grant-server.js";

const { cleanup, setup } = grantServerFixture();

function connect(options: Partial<AuthOptions>) {
  const events: AuthEvent[] = [];
  const f = withAuth(fetch, { onEvent: (e) => events.push(e), ...options });
  const call = async (url: string) => {
    const response = await f(url, { method: "POST", headers: { "content-type": "application/json" }, body: '{"jsonrpc":"2.0","id":1,"method":"tools/list"}' });
    return { status: response.status, body: (await response.json()) as { ok?: boolean; body?: string } };
  };
  return { call, events };
}

const SECRET = "s3cret-value-never-logged";

describe("client credentials (RFC 6749 §4.4)", () => {
  it("client_secret_basic: one token request with resource, then the token is reused", async () => {
    const server = await setup();
    const { call, events } = connect({ clientCredentials: { clientId: "machine-1", clientSecret: SECRET } });
    expect(await call(server.mcp)).toEqual({ status: 200, body: { ok: true, body: '{"jsonrpc":"2.0","id":1,"method":"tools/list"}' } });
    await call(server.mcp);
    const [token, ...more] = server.tokenRequests();
    expect(more).toHaveLength(0);
    expect(token!.body).toMatchObject({ grant_type: "client_credentials", resource: server.mcp });
    expect(token!.body.client_secret).toBeUndefined();
    expect(basicCredentials(token!.headers.authorization)).toEqual(["machine-1", SECRET]);
    expect(events.find((e) => e.type === "token-request")).toMatchObject({ grant: "client_credentials", dpop: false });
    expect(JSON.stringify(events)).not.toContain(SECRET);
  });

  it("client_secret_post when the server lists only that", async () => {
    const server = await setup({ metadata: { token_endpoint_auth_methods_supported: ["client_secret_post"] } });
    await connect({ clientCredentials: { clientId: "machine-1", clientSecret: SECRET } }).call(server.mcp);
    const [token] = server.tokenRequests();
    expect(token!.headers.authorization).toBeUndefined();
    expect(token!.body).toMatchObject({ client_id: "machine-1", client_secret: SECRET });
  });

  it.each(["jwk", "CryptoKey"] as const)("private_key_jwt with a %s: an RFC 7523 client assertion for the issuer", async (form) => {
    const { publicKey, privateKey } = await generateKeyPair("ES256", { extractable: true });
    const key = form === "jwk" ? { ...(await exportJWK(privateKey)), alg: "ES256" } : privateKey;
    const server = await setup();
    await connect({ clientCredentials: { clientId: "machine-1", privateKey: key, keyId: "k1" } }).call(server.mcp);
    const [token] = server.tokenRequests();
    expect(token!.body.client_assertion_type).toBe("urn:ietf:params:oauth:client-assertion-type:jwt-bearer");
    const { payload, protectedHeader } = await jwtVerify(token!.body.client_assertion!, publicKey, { audience: server.issuer, issuer: "machine-1", subject: "machine-1" });
    expect(protectedHeader.kid).toBe("k1");
    expect(typeof payload.jti).toBe("string");
  });

  it("asks again when the token nears expiry, and once on a 401 to a cached token", async () => {
    let now = 1_000_000;
    const server = await setup();
    const { call } = connect({ clientCredentials: { clientId: "m", clientSecret: SECRET }, now: () => now });
    await call(server.mcp);
    now += 3_600_000 - 10_000; // inside the 30 s skew
    await call(server.mcp);
    expect(server.tokenRequests()).toHaveLength(2);
  });

  it("a fresh token refused by the resource ends in TokenRejectedError, after one new token", async () => {
    const server = await setup({ rejectTokens: true });
    await expect(connect({ clientCredentials: { clientId: "m", clientSecret: SECRET } }).call(server.mcp)).rejects.toBeInstanceOf(TokenRejectedError);
    expect(server.tokenRequests()).toHaveLength(1);
  });

  it("invalid_client is a TokenRequestError with the code, and no secret in the message", async () => {
    const server = await setup({ token: () => ({ status: 401, body: { error: "invalid_client", error_description: "bad credentials" } }) });
    const error = (await connect({ clientCredentials: { clientId: "m", clientSecret: SECRET } }).call(server.mcp).catch((e: unknown) => e)) as TokenRequestError;
    expect(error).toBeInstanceOf(TokenRequestError);
    expect(error.oauthError).toBe("invalid_client");
    expect(error.message).toMatch(/Check the client credentials/);
    expect(error.message).not.toContain(SECRET);
  });

  it("credentials bound to an issuer are not sent to another", async () => {
    const server = await setup();
    await expect(connect({ clientCredentials: { clientId: "m", clientSecret: SECRET, issuer: "https://other.example" } }).call(server.mcp)).rejects.toBeInstanceOf(ClientRegistrationError);
    expect(server.tokenRequests()).toHaveLength(0);
  });

  it("configured scopes are sent; PKCE is not required of the server", async () => {
    const server = await setup({ metadata: { code_challenge_methods_supported: undefined } });
    await connect({ clientCredentials: { clientId: "m", clientSecret: SECRET, scope: "mcp:read" } }).call(server.mcp);
    expect(server.tokenRequests()[0]!.body.scope).toBe("mcp:read");
  });
});

describe("options", () => {
  it("takes exactly one way of obtaining tokens", () => {
    expect(() => withAuth(fetch, {})).toThrow(/one way of obtaining tokens/);
    expect(() => withAuth(fetch, { clientCredentials: { clientId: "a", clientSecret: "b" }, jwtBearer: { assertion: "x", client: { clientId: "a" } } })).toThrow(/not clientCredentials and jwtBearer/);
    expect(() => withAuth(fetch, { clientCredentials: { clientId: "" } })).toThrow(TypeError);
    expect(() => withAuth(fetch, { clientCredentials: { clientId: "a", method: "private_key_jwt" } })).toThrow(/privateKey/);
  });
});

describe("JWT bearer grant: workload identity federation (RFC 7523, SEP-1933)", () => {
  it("presents the assertion with grant_type jwt-bearer, reading the source for each token request", async () => {
    const server = await setup();
    let calls = 0;
    await connect({ jwtBearer: { assertion: () => `workload-jwt-${++calls}`, client: { clientId: "workload" } } }).call(server.mcp);
    const [token] = server.tokenRequests();
    expect(token!.body).toMatchObject({ grant_type: "urn:ietf:params:oauth:grant-type:jwt-bearer", assertion: "workload-jwt-1", client_id: "workload", resource: server.mcp });
  });

  it.each(["invalid_grant", "invalid_scope", "unauthorized_client"])("%s is surfaced as it is: no retry, no other grant", async (code) => {
    const server = await setup({ token: () => ({ status: 400, body: { error: code } }) });
    const error = (await connect({ jwtBearer: { assertion: "the-workload-assertion", client: { clientId: "w" } } }).call(server.mcp).catch((e: unknown) => e)) as TokenRequestError;
    expect(error).toBeInstanceOf(TokenRequestError);
    expect(error.oauthError).toBe(code);
    expect(error.message).not.toContain("the-workload-assertion");
    expect(server.tokenRequests()).toHaveLength(1);
  });

  it("a failing or empty source is an AssertionUnavailableError, and nothing is sent", async () => {
    const server = await setup();
    await expect(connect({ jwtBearer: { assertion: () => Promise.reject(new Error("metadata service down")), client: { clientId: "w" } } }).call(server.mcp)).rejects.toBeInstanceOf(AssertionUnavailableError);
    await expect(connect({ jwtBearer: { assertion: "  ", client: { clientId: "w" } } }).call(server.mcp)).rejects.toBeInstanceOf(AssertionUnavailableError);
    expect(server.tokenRequests()).toHaveLength(0);
  });

  it("assertionFromFile re-reads the file when it changes and refuses an expired token", async () => {
    const dir = await mkdtemp(join(tmpdir(), "wif-"));
    cleanup.push(() => rm(dir, { recursive: true, force: true }));
    const file = join(dir, "token");
    const { privateKey } = await generateKeyPair("ES256");
    const jwt = (sub: string, exp: number) => new SignJWT({}).setProtectedHeader({ alg: "ES256" }).setSubject(sub).setExpirationTime(exp).sign(privateKey);
    const nowS = Math.floor(Date.now() / 1000);
    const first = await jwt("one", nowS + 600);
    await writeFile(file, `${first}\n`);
    const source = assertionFromFile(file);
    expect(await source()).toBe(first);
    const second = await jwt("two-longer-subject", nowS + 600);
    await writeFile(file, second);
    expect(await source()).toBe(second);
    await writeFile(file, await jwt("old", nowS - 60));
    await expect(source()).rejects.toThrow(/expired/);
  });
});

describe("enterprise-managed authorization (SEP-990)", () => {
  it("exchanges the ID token at the IdP for an ID-JAG, then presents it as a JWT bearer grant", async () => {
    const server = await setup();
    const { call, events } = connect({
      enterpriseManaged: {
        identityAssertion: async () => "the-id-token",
        idp: { issuer: "https://idp.example", tokenEndpoint: `${server.origin}/idp/token`, client: { clientId: "idp-client" } },
        client: { clientId: "mcp-client", clientSecret: SECRET },
        scope: "chat.read",
      },
    });
    expect((await call(server.mcp)).status).toBe(200);
    const [exchange] = server.idpRequests();
    expect(exchange!.body).toMatchObject({
      grant_type: "urn:ietf:params:oauth:grant-type:token-exchange",
      requested_token_type: "urn:ietf:params:oauth:token-type:id-jag",
      audience: server.issuer,
      resource: server.mcp,
      scope: "chat.read",
      subject_token: "the-id-token",
      subject_token_type: "urn:ietf:params:oauth:token-type:id_token",
      client_id: "idp-client",
    });
    expect(exchange!.headers.dpop).toBeUndefined();
    const [grant] = server.tokenRequests();
    expect(grant!.body).toMatchObject({ grant_type: "urn:ietf:params:oauth:grant-type:jwt-bearer", assertion: `id-jag-for-${server.issuer}`, resource: server.mcp, scope: "chat.read" });
    expect(basicCredentials(grant!.headers.authorization)).toEqual(["mcp-client", SECRET]);
    expect(JSON.stringify(events)).not.toMatch(/the-id-token|id-jag-for/);
  });
});

describe("hostile authorization servers", () => {
  const cc = { clientCredentials: { clientId: "m", clientSecret: SECRET } };

  it("oversized metadata is refused by size", async () => {
    const server = await setup({ rawMetadata: JSON.stringify({ issuer: "x", pad: "a".repeat(200_000) }) });
    await expect(connect(cc).call(server.mcp)).rejects.toMatchObject({ limit: "maxResponseBytes" });
  });

  it("an oversized token response is refused by size", async () => {
    const server = await setup({ token: () => ({ raw: JSON.stringify({ access_token: "a".repeat(200_000), token_type: "Bearer" }) }) });
    const error = await connect(cc).call(server.mcp).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AuthorizationLimitError);
    expect((error as AuthorizationLimitError).limit).toBe("maxResponseBytes");
  });

  it("a token endpoint that never answers times out", async () => {
    const server = await setup({ token: () => ({ hang: true }) });
    const started = Date.now();
    await expect(connect({ ...cc, limits: { timeoutMs: 300 } }).call(server.mcp)).rejects.toMatchObject({ limit: "timeoutMs" });
    expect(Date.now() - started).toBeLessThan(5_000);
  });
});
