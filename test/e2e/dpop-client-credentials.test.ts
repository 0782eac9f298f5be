/**
 * Our client against our server with DPoP-bound tokens, end to end: an agent
 * with client credentials (`withAuth({ clientCredentials, dpop: true })`)
 * calls a tool on a server behind `protect({ dpop: { nonce } })`, through a
 * small authorization server in this process that checks the token
 * request's proof and binds the JWT access token to its key (`cnf.jkt`).
 * The principal the server sees is the client. A token taken off the wire
 * is useless without the key.
 */
import { calculateJwkThumbprint, decodeProtectedHeader, exportJWK, generateKeyPair, importJWK, jwtVerify, SignJWT, type JWK } from "jose";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createClient, httpTransport } from "@mrtr/client";
import { withAuth } from "@mrtr/client/auth";
import { createHttpHandler, createServer } from "@mrtr/server";
import { jwtVerifier, protect } from "@mrtr/server/auth";
import { serve, type Running } from "../helpers/auth.js";

const CLIENT = { id: "nightly-agent", secret: "nightly-agent-secret-0123456789" };
let as: Running & { origin: string };
let mcp: Running & { origin: string };
const tokens: string[] = [];

beforeAll(async () => {
  const { privateKey, publicKey } = await generateKeyPair("ES256");
  const jwk = { ...(await exportJWK(publicKey)), kid: "k1", alg: "ES256" };
  // Set once the MCP server listens (the tokens' audience).
  let resource = "";
  as = await serve(async (request) => {
    const url = new URL(request.url);
    const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json", "cache-control": "no-store" } });
    if (url.pathname === "/.well-known/oauth-authorization-server") {
      return json({
        issuer: as.origin,
        token_endpoint: `${as.origin}/token`,
        jwks_uri: `${as.origin}/jwks`,
        grant_types_supported: ["client_credentials"],
        token_endpoint_auth_methods_supported: ["client_secret_basic"],
        dpop_signing_alg_values_supported: ["ES256"],
      });
    }
    if (url.pathname === "/jwks") return json({ keys: [jwk] });
    if (url.pathname !== "/token") return new Response("not found", { status: 404 });
    const basic = Buffer.from((request.headers.get("authorization") ?? "").replace(/^Basic /, ""), "base64").toString().split(":").map(decodeURIComponent);
    if (basic[0] !== CLIENT.id || basic[1] !== CLIENT.secret) return json({ error: "invalid_client" }, 401);
    const form = new URLSearchParams(await request.text());
    if (form.get("grant_type") !== "client_credentials") return json({ error: "unsupported_grant_type" }, 400);
    // RFC 9449 §5: the proof on the token request names the key the token is bound to.
    const proof = request.headers.get("dpop") ?? "";
    const header = decodeProtectedHeader(proof);
    await jwtVerify(proof, await importJWK(header.jwk as JWK, header.alg), { typ: "dpop+jwt" });
    const token = await new SignJWT({ scope: "jobs", client_id: CLIENT.id, cnf: { jkt: await calculateJwkThumbprint(header.jwk as JWK) } })
      .setProtectedHeader({ alg: "ES256", kid: "k1" })
      .setIssuer(as.origin)
      .setAudience(resource)
      .setIssuedAt()
      .setExpirationTime("5m")
      .sign(privateKey);
    tokens.push(token);
    return json({ access_token: token, token_type: "DPoP", expires_in: 300 });
  });

  const server = createServer({ name: "jobs", version: "1.0.0", requestState: { secrets: ["dpop-e2e-secret-0123456789-abcdefghij"] } });
  server.tool({ name: "whoami", handler: (_a, ctx) => ({ content: [{ type: "text", text: `${ctx.principal ?? "nobody"} with ${ctx.auth?.confirmation?.jkt ? "a bound token" : "a bearer token"}` }] }) });
  // The endpoint's URL is its resource identifier, known once it listens.
  let handler: (request: Request) => Promise<Response> = async () => new Response(null, { status: 503 });
  mcp = await serve((request) => handler(request));
  resource = `${mcp.origin}/mcp`;
  handler = protect(createHttpHandler(server), {
    resource,
    authorizationServers: [as.origin],
    verify: jwtVerifier({ issuer: as.origin, audience: resource, jwksUrl: `${as.origin}/jwks` }),
    dpop: { required: true, nonce: { secrets: ["dpop-e2e-nonce-secret-0123456789-abcdef"] } },
  });
}, 30_000);

afterAll(async () => {
  await mcp?.close();
  await as?.close();
});

describe("DPoP with client credentials, our client against our server", () => {
  it("calls a tool with a DPoP-bound token, answering the server's nonce, as the client's principal", async () => {
    const events: string[] = [];
    const client = createClient({
      transport: httpTransport(`${mcp.origin}/mcp`, {
        fetch: withAuth(fetch, { clientCredentials: { clientId: CLIENT.id, clientSecret: CLIENT.secret }, dpop: true, onEvent: (e) => events.push(e.type) }),
      }),
      name: "agent",
      version: "1.0.0",
    });
    const result = await client.callTool("whoami", {});
    expect(result.content[0]).toEqual({ type: "text", text: `${as.origin}#${CLIENT.id} with a bound token` });
    expect(events).toContain("dpop-nonce");
    expect(JSON.stringify(events)).not.toContain(CLIENT.secret);
    await client.close();
  });

  it("refuses the same token without its key: as Bearer, and with a proof by another key", async () => {
    const stolen = tokens.at(-1)!;
    const body = JSON.stringify({
      jsonrpc: "2.0",
      id: 1,
      method: "tools/call",
      params: { name: "whoami", arguments: {}, _meta: { "io.modelcontextprotocol/protocolVersion": "2026-07-28", "io.modelcontextprotocol/clientCapabilities": {} } },
    });
    const headers = { "content-type": "application/json", accept: "application/json, text/event-stream", "mcp-protocol-version": "2026-07-28", "mcp-method": "tools/call", "mcp-name": "whoami" };
    const asBearer = await fetch(`${mcp.origin}/mcp`, { method: "POST", headers: { ...headers, authorization: `Bearer ${stolen}` }, body });
    expect(asBearer.status).toBe(401);
    const thief = await generateKeyPair("ES256");
    const proof = await new SignJWT({ htm: "POST", htu: `${mcp.origin}/mcp`, jti: crypto.randomUUID() })
      .setProtectedHeader({ typ: "dpop+jwt", alg: "ES256", jwk: await exportJWK(thief.publicKey) })
      .setIssuedAt()
      .sign(thief.privateKey);
    const otherKey = await fetch(`${mcp.origin}/mcp`, { method: "POST", headers: { ...headers, authorization: `DPoP ${stolen}`, dpop: proof }, body });
    expect(otherKey.status).toBe(401);
    expect(otherKey.headers.get("www-authenticate") ?? "").toMatch(/^DPoP /);
  });
});
