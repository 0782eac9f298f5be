/**
 * The development authorization server's `revoke()`: every token issued so
 * far is revoked (its access tokens are `isRevoked`, its refresh tokens are
 * refused with `invalid_grant`), and tokens issued afterwards are not.
 */
import { createHash, randomBytes } from "node:crypto";
import { afterEach, describe, expect, it } from "vitest";
import { startAuthorizationServer, type DevAuthorizationServer } from "../src/dev-authorization-server.js";

let as: DevAuthorizationServer | undefined;
afterEach(async () => {
  await as?.close();
  as = undefined;
});

const REDIRECT = "http://127.0.0.1:1/callback";
const RESOURCE = "http://127.0.0.1:2/mcp";

interface TokenAnswer {
  access_token?: string;
  refresh_token?: string;
  error?: string;
}

async function token(server: DevAuthorizationServer, form: Record<string, string>): Promise<TokenAnswer> {
  const response = await fetch(`${server.issuer}/token`, { method: "POST", headers: { "content-type": "application/x-www-form-urlencoded" }, body: new URLSearchParams(form) });
  return (await response.json()) as TokenAnswer;
}

/** Registers a public client and runs the code flow: its client id and tokens. */
async function signIn(server: DevAuthorizationServer): Promise<{ clientId: string; tokens: TokenAnswer }> {
  const registered = (await (
    await fetch(`${server.issuer}/register`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ redirect_uris: [REDIRECT], token_endpoint_auth_method: "none" }) })
  ).json()) as { client_id: string };
  const verifier = randomBytes(32).toString("base64url");
  const url = new URL(`${server.issuer}/authorize`);
  const challenge = createHash("sha256").update(verifier).digest("base64url");
  for (const [k, v] of Object.entries({ client_id: registered.client_id, redirect_uri: REDIRECT, response_type: "code", code_challenge: challenge, code_challenge_method: "S256", resource: RESOURCE })) url.searchParams.set(k, v);
  const redirect = await fetch(url, { redirect: "manual" });
  const code = new URL(redirect.headers.get("location")!).searchParams.get("code")!;
  const tokens = await token(server, { grant_type: "authorization_code", client_id: registered.client_id, code, redirect_uri: REDIRECT, code_verifier: verifier, resource: RESOURCE });
  return { clientId: registered.client_id, tokens };
}

describe("the development authorization server's revoke()", () => {
  it("revokes the access and refresh tokens issued so far, and only those", async () => {
    as = await startAuthorizationServer();
    const before = await signIn(as);
    expect(as.isRevoked(before.tokens.access_token!)).toBe(false);

    as.revoke();
    expect(as.isRevoked(before.tokens.access_token!)).toBe(true);
    const refresh = await token(as, { grant_type: "refresh_token", client_id: before.clientId, refresh_token: before.tokens.refresh_token!, resource: RESOURCE });
    expect(refresh.error).toBe("invalid_grant");

    const after = await signIn(as);
    expect(as.isRevoked(after.tokens.access_token!)).toBe(false);
    const renewed = await token(as, { grant_type: "refresh_token", client_id: after.clientId, refresh_token: after.tokens.refresh_token!, resource: RESOURCE });
    expect(renewed.access_token).toBeTypeOf("string");
    expect(as.isRevoked(renewed.access_token!)).toBe(false);
  });

  it("leaves tokens valid when nothing was revoked (the default behaviour)", async () => {
    as = await startAuthorizationServer();
    const { clientId, tokens } = await signIn(as);
    expect(as.isRevoked(tokens.access_token!)).toBe(false);
    const renewed = await token(as, { grant_type: "refresh_token", client_id: clientId, refresh_token: tokens.refresh_token!, resource: RESOURCE });
    expect(renewed.access_token).toBeTypeOf("string");
  });
});
