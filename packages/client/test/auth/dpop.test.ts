/**
 * DPoP (RFC 9449) against a real authorization server and resource in this
 * process (grant-server.ts), which check every proof with jose: proofs on
 * token and resource requests (with `ath`, bound by `cnf.jkt`), the nonce
 * retry at both (once per request, never in a loop), `Authorization: DPoP`,
 * and the Bearer downgrade refused unless allowed.
 */
import { calculateJwkThumbprint, exportJWK } from "jose";
import * as oauth from "oauth4webapi";
import { describe, expect, it } from "vitest";
import { DPoPError, withAuth, type AuthEvent, type AuthOptions } from "@mrtr/client/auth";
import { grantServerFixture } from "./grant-server.js";

const { setup } = grantServerFixture();

function connect(options: Partial<AuthOptions> = {}) {
  const events: AuthEvent[] = [];
  const f = withAuth(fetch, { clientCredentials: { clientId: "m", clientSecret: "s" }, dpop: true, onEvent: (e) => events.push(e), ...options });
  const call = async (url: string) => {
    const response = await f(url, { method: "POST", headers: { "content-type": "application/json" }, body: "{}" });
    return { status: response.status, body: (await response.json()) as unknown };
  };
  return { call, events };
}

describe("DPoP", () => {
  it("proves possession at the token endpoint and on each resource request, with ath and a fresh jti", async () => {
    const server = await setup();
    const { call } = connect();
    expect((await call(server.mcp)).status).toBe(200);
    await call(server.mcp);
    const [tokenProof] = server.proofs;
    expect(tokenProof!.header.alg).toBe("ES256");
    expect(tokenProof!.payload.ath).toBeUndefined();
    const used = server.resourceRequests.filter((r) => r.proof);
    expect(used).toHaveLength(2);
    for (const r of used) {
      expect(r.authorization).toMatch(/^DPoP at-/);
      expect(r.proof!.jkt).toBe(tokenProof!.jkt);
      expect(typeof r.proof!.payload.ath).toBe("string");
    }
    expect(used[0]!.proof!.payload.jti).not.toBe(used[1]!.proof!.payload.jti);
  });

  it("signs with a given key pair", async () => {
    const keyPair = await oauth.generateKeyPair("ES256");
    const server = await setup();
    await connect({ dpop: { keyPair } }).call(server.mcp);
    expect(server.proofs[0]!.jkt).toBe(await calculateJwkThumbprint(await exportJWK(keyPair.publicKey)));
  });

  it("retries the token request once with the server's nonce (use_dpop_nonce)", async () => {
    const server = await setup({
      token: (seen, issue, index) => (index === 0 ? { status: 400, body: { error: "use_dpop_nonce" }, headers: { "dpop-nonce": "as-nonce-1" } } : issue()),
    });
    expect((await connect().call(server.mcp)).status).toBe(200);
    expect(server.proofs.map((p) => p.payload.nonce)).toEqual([undefined, "as-nonce-1"]);
  });

  it("retries a resource request once with the resource's nonce", async () => {
    const server = await setup({ resourceNonce: "rs-nonce-1" });
    const { call, events } = connect();
    expect((await call(server.mcp)).status).toBe(200);
    const proofs = server.resourceRequests.filter((r) => r.proof).map((r) => r.proof!.payload.nonce);
    expect(proofs).toEqual([undefined, "rs-nonce-1"]);
    expect(events.some((e) => e.type === "dpop-nonce")).toBe(true);
    // The nonce is kept: the next request needs no retry.
    await call(server.mcp);
    expect(server.resourceRequests.filter((r) => r.proof)).toHaveLength(3);
  });

  it("a token endpoint that keeps asking for a new nonce gets one retry, then a DPoPError", async () => {
    let n = 0;
    const server = await setup({ token: () => ({ status: 400, body: { error: "use_dpop_nonce" }, headers: { "dpop-nonce": `n${n++}` } }) });
    await expect(connect().call(server.mcp)).rejects.toMatchObject({ name: "DPoPError", problem: "nonce_loop" });
    expect(server.tokenRequests()).toHaveLength(2);
  });

  it("a resource that keeps asking for a new nonce gets one retry, then a DPoPError", async () => {
    let n = 0;
    const server = await setup({ resourceNonce: () => `rs-${n++}` });
    const error = await connect().call(server.mcp).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(DPoPError);
    expect((error as DPoPError).problem).toBe("nonce_loop");
    expect(server.resourceRequests.filter((r) => r.proof)).toHaveLength(2);
  });

  it("refuses a Bearer token when DPoP was requested, unless allowBearer", async () => {
    const server = await setup({ token: (_s, issue) => issue("Bearer") });
    await expect(connect().call(server.mcp)).rejects.toMatchObject({ problem: "downgrade", code: "dpop_failed" });
    const allowed = connect({ dpop: { allowBearer: true } });
    expect((await allowed.call(server.mcp)).status).toBe(200);
    expect(server.resourceRequests.at(-1)!.authorization).toMatch(/^Bearer /);
  });

  it("refuses a DPoP token when DPoP is off", async () => {
    const server = await setup({ token: (_s, issue) => issue("DPoP") });
    await expect(connect({ dpop: false }).call(server.mcp)).rejects.toMatchObject({ problem: "unexpected_dpop" });
  });

  it("composes with the JWT bearer grant", async () => {
    const server = await setup();
    const { call } = connect({ clientCredentials: undefined, jwtBearer: { assertion: "wif", client: { clientId: "w" } } });
    expect((await call(server.mcp)).status).toBe(200);
    expect(server.proofs).toHaveLength(1);
    expect(server.resourceRequests.at(-1)!.authorization).toMatch(/^DPoP /);
  });
});
