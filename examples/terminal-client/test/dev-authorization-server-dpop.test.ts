/**
 * The development authorization server's `dpop` option: a token request
 * with one valid DPoP proof gets a token bound to the proof's key
 * (`cnf.jkt`, `token_type` DPoP); a request without one, with a bad one or
 * with one seen before is refused with 400 `invalid_dpop_proof`; a refresh
 * token is bound to the key too. Without the option proofs are ignored.
 */
import { createHash, randomBytes } from "node:crypto";
import { afterEach, describe, expect, it } from "vitest";
import { calculateJwkThumbprint, createRemoteJWKSet, exportJWK, generateKeyPair, jwtVerify, SignJWT, type CryptoKey, type JWK } from "jose";
import { startAuthorizationServer, type DevAuthorizationServer } from "../src/dev-authorization-server.js";

let as: DevAuthorizationServer | undefined;
afterEach(async () => {
  await as?.close();
  as = undefined;
});

const REDIRECT = "http://127.0.0.1:1/callback";
const RESOURCE = "http://127.0.0.1:2/mcp";

interface Key {
  privateKey: CryptoKey;
  jwk: JWK;
}

async function newKey(): Promise<Key> {
  const { privateKey, publicKey } = await generateKeyPair("ES256", { extractable: true });
  return { privateKey, jwk: await exportJWK(publicKey) };
}

/** A DPoP proof for a token request to `server`, signed by `key`; `header` and `claims` override the defaults. */
async function proof(server: DevAuthorizationServer, key: Key, claims: Record<string, unknown> = {}, header: Record<string, unknown> = {}): Promise<string> {
  return new SignJWT({ htm: "POST", htu: `${server.issuer}/token`, iat: Math.floor(Date.now() / 1000), jti: randomBytes(12).toString("base64url"), ...claims })
    .setProtectedHeader({ alg: "ES256", typ: "dpop+jwt", jwk: key.jwk, ...header })
    .sign(key.privateKey);
}

/** Registers a public client and runs the authorization endpoint: the client id, a code and its verifier. */
async function authorize(server: DevAuthorizationServer): Promise<{ clientId: string; code: string; verifier: string }> {
  const registered = (await (
    await fetch(`${server.issuer}/register`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ redirect_uris: [REDIRECT], token_endpoint_auth_method: "none" }) })
  ).json()) as { client_id: string };
  const verifier = randomBytes(32).toString("base64url");
  const url = new URL(`${server.issuer}/authorize`);
  const challenge = createHash("sha256").update(verifier).digest("base64url");
  for (const [k, v] of Object.entries({ client_id: registered.client_id, redirect_uri: REDIRECT, response_type: "code", code_challenge: challenge, code_challenge_method: "S256", resource: RESOURCE, scope: "mcp" })) url.searchParams.set(k, v);
  const redirect = await fetch(url, { redirect: "manual" });
  const code = new URL(redirect.headers.get("location")!).searchParams.get("code")!;
  return { clientId: registered.client_id, code, verifier };
}

/** A token request with `fields`, and the `DPoP` header when `dpop` is given. */
async function tokenRequest(server: DevAuthorizationServer, fields: Record<string, string>, dpop?: string | string[]): Promise<{ status: number; body: Record<string, unknown> }> {
  const headers = new Headers({ "content-type": "application/x-www-form-urlencoded" });
  for (const value of dpop === undefined ? [] : [dpop].flat()) headers.append("dpop", value);
  const response = await fetch(`${server.issuer}/token`, { method: "POST", headers, body: new URLSearchParams(fields) });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

/** The code-exchange fields of `grant`. */
const codeFields = (grant: { clientId: string; code: string; verifier: string }) => ({ grant_type: "authorization_code", client_id: grant.clientId, code: grant.code, redirect_uri: REDIRECT, code_verifier: grant.verifier, resource: RESOURCE });

describe("the development authorization server with dpop", () => {
  it("advertises its proof algorithms, which it leaves out without the option", async () => {
    as = await startAuthorizationServer({ dpop: true });
    const metadata = (await (await fetch(`${as.issuer}/.well-known/oauth-authorization-server`)).json()) as Record<string, unknown>;
    expect(metadata.dpop_signing_alg_values_supported).toEqual(["ES256"]);
    await as.close();
    as = await startAuthorizationServer();
    const plain = (await (await fetch(`${as.issuer}/.well-known/oauth-authorization-server`)).json()) as Record<string, unknown>;
    expect(plain.dpop_signing_alg_values_supported).toBeUndefined();
  });

  it("accepts a valid proof and issues a DPoP token whose cnf.jkt is the proof key's thumbprint", async () => {
    as = await startAuthorizationServer({ dpop: true });
    const key = await newKey();
    const sent = await proof(as, key);
    const answer = await tokenRequest(as, codeFields(await authorize(as)), sent);
    expect(answer.status).toBe(200);
    expect(answer.body.token_type).toBe("DPoP");
    const { payload } = await jwtVerify(String(answer.body.access_token), createRemoteJWKSet(new URL(as.jwksUrl)), { issuer: as.issuer, audience: RESOURCE });
    expect(payload.cnf).toEqual({ jkt: await calculateJwkThumbprint(key.jwk, "sha256") });
    // The proof is recorded with the request, for tests of clients.
    expect(as.requests.find((r) => r.path === "/token")!.headers.dpop).toBe(sent);
  });

  it("refuses a token request without a proof, or with two, with 400 invalid_dpop_proof", async () => {
    as = await startAuthorizationServer({ dpop: true });
    const key = await newKey();
    const grant = await authorize(as);
    const missing = await tokenRequest(as, codeFields(grant));
    expect(missing.status).toBe(400);
    expect(missing.body.error).toBe("invalid_dpop_proof");
    const two = await tokenRequest(as, codeFields(grant), [await proof(as, key), await proof(as, key)]);
    expect(two.status).toBe(400);
    expect(two.body.error).toBe("invalid_dpop_proof");
    expect(two.body.error_description).toMatch(/Exactly one/);
    // The refusals did not spend the code.
    expect((await tokenRequest(as, codeFields(grant), await proof(as, key))).status).toBe(200);
  });

  it.each([
    ["typ JWT", {}, { typ: "JWT" }, /does not verify/],
    ["htm GET", { htm: "GET" }, {}, /htm/],
    ["htu of another endpoint", { htu: "http://127.0.0.1:1/token" }, {}, /htu/],
    ["iat ten minutes ago", { iat: Math.floor(Date.now() / 1000) - 600 }, {}, /iat/],
    ["iat ten minutes ahead", { iat: Math.floor(Date.now() / 1000) + 600 }, {}, /iat/],
    ["no jti", { jti: undefined }, {}, /jti/],
  ])("refuses a proof with %s", async (_, claims: Record<string, unknown>, header: Record<string, unknown>, why: RegExp) => {
    as = await startAuthorizationServer({ dpop: true });
    const answer = await tokenRequest(as, codeFields(await authorize(as)), await proof(as, await newKey(), claims, header));
    expect(answer.status).toBe(400);
    expect(answer.body.error).toBe("invalid_dpop_proof");
    expect(answer.body.error_description).toMatch(why);
  });

  it("refuses a proof signed by another key than its jwk header's, or carrying a private key", async () => {
    as = await startAuthorizationServer({ dpop: true });
    const key = await newKey();
    const other = await newKey();
    const grant = await authorize(as);
    const forged = await tokenRequest(as, codeFields(grant), await proof(as, { privateKey: other.privateKey, jwk: key.jwk }));
    expect(forged.body.error).toBe("invalid_dpop_proof");
    expect(forged.body.error_description).toMatch(/signature/i);
    const privateJwk = await exportJWK(key.privateKey);
    const leaky = await tokenRequest(as, codeFields(grant), await proof(as, key, {}, { jwk: privateJwk }));
    expect(leaky.body.error).toBe("invalid_dpop_proof");
    expect(leaky.body.error_description).toMatch(/public key/);
    const garbage = await tokenRequest(as, codeFields(grant), "not.a.jwt");
    expect(garbage.body.error).toBe("invalid_dpop_proof");
  });

  it("refuses a proof whose jti it has seen", async () => {
    as = await startAuthorizationServer({ dpop: true });
    const key = await newKey();
    const sent = await proof(as, key);
    expect((await tokenRequest(as, codeFields(await authorize(as)), sent)).status).toBe(200);
    const replayed = await tokenRequest(as, codeFields(await authorize(as)), sent);
    expect(replayed.status).toBe(400);
    expect(replayed.body.error).toBe("invalid_dpop_proof");
    expect(replayed.body.error_description).toMatch(/used before/);
  });

  it("binds the refresh token to the key: a refresh with its proof gets a DPoP token, one with another key's is invalid_grant", async () => {
    as = await startAuthorizationServer({ dpop: true });
    const key = await newKey();
    const grant = await authorize(as);
    const first = await tokenRequest(as, codeFields(grant), await proof(as, key));
    const refresh = { grant_type: "refresh_token", client_id: grant.clientId, refresh_token: String(first.body.refresh_token) };
    const stolen = await tokenRequest(as, refresh, await proof(as, await newKey()));
    expect(stolen.status).toBe(400);
    expect(stolen.body.error).toBe("invalid_grant");

    const second = await authorize(as);
    const again = await tokenRequest(as, codeFields(second), await proof(as, key));
    const renewed = await tokenRequest(as, { ...refresh, client_id: second.clientId, refresh_token: String(again.body.refresh_token) }, await proof(as, key));
    expect(renewed.status).toBe(200);
    expect(renewed.body.token_type).toBe("DPoP");
    const { payload } = await jwtVerify(String(renewed.body.access_token), createRemoteJWKSet(new URL(as.jwksUrl)), { issuer: as.issuer });
    expect(payload.cnf).toEqual({ jkt: await calculateJwkThumbprint(key.jwk, "sha256") });
  });

  it("without the option ignores a proof and issues a Bearer token with no cnf", async () => {
    as = await startAuthorizationServer();
    const answer = await tokenRequest(as, codeFields(await authorize(as)), await proof(as, await newKey()));
    expect(answer.status).toBe(200);
    expect(answer.body.token_type).toBe("Bearer");
    const { payload } = await jwtVerify(String(answer.body.access_token), createRemoteJWKSet(new URL(as.jwksUrl)), { issuer: as.issuer });
    expect(payload.cnf).toBeUndefined();
  });
});
