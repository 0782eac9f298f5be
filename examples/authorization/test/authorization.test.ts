/**
 * The authorization example's rules, in process: the protected endpoint's
 * metadata and challenges, the client's sign-in (discovery, dynamic
 * registration, a DPoP-bound token for this endpoint alone), the per-tool
 * scope with and without a grantable step-up, and the refusals of a copied
 * token: as Bearer, with a replayed proof, at another MCP server.
 */
import { decodeJwt } from "jose";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { InsufficientScopeError } from "@mrtr/client/auth";
import { startAuthorizationServer, type StandInAuthorizationServer } from "../src/authorization-server.js";
import { connectAsUser, textOf } from "../src/client.js";
import { createNotesServer } from "../src/notes-server.js";
import { serveProtected, type ProtectedEndpoint } from "../src/protected-endpoint.js";

/** A request the client sent to the MCP endpoint, as it left. */
interface Sent {
  url: string;
  headers: Headers;
  body: string;
}

/** A fetch that records what goes to `prefix` before sending it. */
function recordingFetch(prefix: () => string, sent: Sent[]): typeof fetch {
  return (async (input: string | URL | Request, init?: RequestInit) => {
    const request = new Request(input, init);
    if (request.url.startsWith(prefix())) sent.push({ url: request.url, headers: new Headers(request.headers), body: await request.clone().text() });
    return fetch(request);
  }) as typeof fetch;
}

/** The pieces of one run: an authorization server for `grantableScopes`, the notes server behind protect. */
async function start(grantableScopes: string[]) {
  const as = await startAuthorizationServer({ user: "alice", grantableScopes });
  const notes = createNotesServer();
  const endpoint = await serveProtected(notes.server, as);
  return { as, endpoint, ...notes };
}

describe("the protected endpoint, for alice who may read notes but not write them", () => {
  let as: StandInAuthorizationServer;
  let endpoint: ProtectedEndpoint;
  let notes: Map<string, string[]>;
  let audit: ReturnType<typeof createNotesServer>["audit"];
  const sent: Sent[] = [];
  let user: ReturnType<typeof connectAsUser>;

  beforeAll(async () => {
    ({ as, endpoint, notes, audit } = await start(["notes:read"]));
    user = connectAsUser(endpoint.url, { fetch: recordingFetch(() => endpoint.url, sent) });
  });
  afterAll(async () => {
    await user.client.close();
    await endpoint.close();
    await as.close();
  });

  it("publishes protected-resource metadata naming its authorization server, its scopes and DPoP", async () => {
    const response = await fetch(new URL("/.well-known/oauth-protected-resource/mcp", endpoint.url));
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({
      resource: endpoint.url,
      authorization_servers: [as.issuer],
      scopes_supported: ["notes:read", "notes:write"],
      dpop_signing_alg_values_supported: ["ES256"],
    });
  });

  it("answers a request without a token 401, offering Bearer and DPoP with the metadata's URL and the required scope", async () => {
    const response = await fetch(endpoint.url, { method: "POST", headers: { "content-type": "application/json" }, body: "{}" });
    expect(response.status).toBe(401);
    const challenge = response.headers.get("www-authenticate")!;
    expect(challenge).toMatch(/^Bearer scope="notes:read", resource_metadata="[^"]+\/\.well-known\/oauth-protected-resource\/mcp", DPoP /);
    expect(challenge).toContain('algs="ES256"');
    expect(endpoint.rejections.at(-1)).toBe("missing_token");
  });

  it("signs the client in on its first 401 and calls with a DPoP-bound token for this endpoint, with a proof on each request", async () => {
    expect(textOf(await user.client.callTool("whoami"))).toBe(`alice (principal ${as.issuer}#alice), scopes: notes:read`);
    expect(textOf(await user.client.callTool("list_notes"))).toBe("No notes.");
    const steps = user.events.map((e) => e.type).filter((t) => t !== "dpop-nonce");
    expect(steps).toEqual(["challenge", "resource-metadata", "authorization-server", "client", "authorization-started", "tokens"]);
    expect(user.events.find((e) => e.type === "client")).toMatchObject({ kind: "dynamic", issuer: as.issuer });

    const tokens = (await user.store.getTokens(endpoint.url))!;
    expect(tokens).toMatchObject({ tokenType: "DPoP", issuer: as.issuer, resource: endpoint.url });
    const claims = decodeJwt(tokens.accessToken);
    expect(claims).toMatchObject({ sub: "alice", iss: as.issuer, aud: endpoint.url, scope: "notes:read" });
    expect((claims.cnf as { jkt: string }).jkt).toMatch(/^[\w-]{43}$/);

    // The first request went without a token; every later one carries the token with the DPoP scheme and its own proof.
    expect(sent[0]!.headers.has("authorization")).toBe(false);
    const authorized = sent.slice(1);
    expect(authorized.every((s) => s.headers.get("authorization") === `DPoP ${tokens.accessToken}` && s.headers.get("dpop")!.split(".").length === 3)).toBe(true);
    expect(new Set(authorized.map((s) => s.headers.get("dpop"))).size).toBe(authorized.length);
    expect(audit.map((a) => a.principal)).toEqual([`${as.issuer}#alice`, `${as.issuer}#alice`]);
  });

  it("refuses add_note without notes:write (403 insufficient_scope): the client steps up, is not granted it, and stops with InsufficientScopeError", async () => {
    const before = user.events.length;
    const error = await user.client.callTool("add_note", { text: "buy milk" }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(InsufficientScopeError);
    const events = user.events.slice(before);
    const forbidden = events.filter((e) => e.type === "challenge");
    expect(forbidden).toHaveLength(3);
    expect(forbidden.every((e) => e.type === "challenge" && e.status === 403 && e.error === "insufficient_scope" && e.scope === "notes:write")).toBe(true);
    // Two step-ups (limits.maxStepUps), each asking for what was held plus what is missing.
    const asked = events.filter((e) => e.type === "authorization-started").map((e) => e.type === "authorization-started" && e.scope);
    expect(asked).toEqual(["notes:read notes:write", "notes:read notes:write"]);
    expect(notes.size).toBe(0);
  });

  it("refuses the DPoP-bound token sent as Bearer, as a copy without the key would be: 401 invalid_token", async () => {
    const { accessToken } = (await user.store.getTokens(endpoint.url))!;
    const response = await fetch(endpoint.url, { method: "POST", headers: { "content-type": "application/json", authorization: `Bearer ${accessToken}` }, body: "{}" });
    expect(response.status).toBe(401);
    expect(response.headers.get("www-authenticate")).toMatch(/^Bearer error="invalid_token"/);
    expect(endpoint.rejections.at(-1)).toBe("bearer_dpop_bound_token");
  });

  it("refuses a DPoP proof sent a second time, token and all: 401 invalid_dpop_proof", async () => {
    const original = sent.at(-1)!;
    const response = await fetch(original.url, { method: "POST", headers: original.headers, body: original.body });
    expect(response.status).toBe(401);
    expect(response.headers.get("www-authenticate")).toMatch(/^DPoP error="invalid_dpop_proof"/);
    expect(endpoint.rejections.at(-1)).toBe("dpop_proof_replayed");
  });

  it("refuses the token at another MCP server of the same authorization server: its audience names this one only", async () => {
    const other = await serveProtected(createNotesServer().server, as);
    try {
      const original = sent.at(-1)!;
      const response = await fetch(other.url, { method: "POST", headers: original.headers, body: original.body });
      expect(response.status).toBe(401);
      expect(response.headers.get("www-authenticate")).toMatch(/error="invalid_token"/);
      expect(other.rejections).toEqual(["invalid_token"]);
    } finally {
      await other.close();
    }
  });
});

describe("a user who may write notes", () => {
  it("gets notes:write by one step-up sign-in, and add_note then runs as that user", async () => {
    const { as, endpoint, notes } = await start(["notes:read", "notes:write"]);
    const user = connectAsUser(endpoint.url);
    try {
      expect(textOf(await user.client.callTool("add_note", { text: "buy milk" }))).toBe("Noted: buy milk");
      expect(textOf(await user.client.callTool("list_notes"))).toBe("buy milk");
      const asked = user.events.filter((e) => e.type === "authorization-started").map((e) => e.type === "authorization-started" && e.scope);
      expect(asked).toEqual(["notes:read", "notes:read notes:write"]);
      expect(notes.get(`${as.issuer}#alice`)).toEqual(["buy milk"]);
    } finally {
      await user.client.close();
      await endpoint.close();
      await as.close();
    }
  });
});
