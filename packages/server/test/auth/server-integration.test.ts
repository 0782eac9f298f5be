/**
 * Verified auth inside the server: `ctx.auth`, the default principal that
 * binds requestState to the authenticated user, and per-tool scopes (refused
 * with data.requiredScopes, a 403 challenge over HTTP).
 */
import { describe, expect, it } from "vitest";
import { createHttpHandler, InsufficientScopeError, ServerDefinitionError } from "@mrtr/server";
import { attachAuthInfo, jwtVerifier, protect, type AuthInfo } from "@mrtr/server/auth";
import { errorOf, request, resultOf, retry, server } from "../helpers.js";
import { dpopRequest, ISSUER, proof, proofKey, RESOURCE, TestIssuer } from "./dpop-fixtures.js";

const alice: AuthInfo = { subject: "alice", issuer: "https://as.example", scopes: ["mcp"], audience: ["https://mcp.example/mcp"] };
const bob: AuthInfo = { ...alice, subject: "bob" };

function app(overrides: Parameters<typeof server>[0] = {}) {
  return server(overrides)
    .tool({
      name: "whoami",
      handler: (_a, ctx) => ({ content: [{ type: "text", text: JSON.stringify({ auth: ctx.auth?.subject, principal: ctx.principal }) }] }),
    })
    .tool({
      name: "ask",
      handler: async (_a, ctx) => {
        const answer = await ctx.elicit("name", { message: "Name?", requestedSchema: { type: "object", properties: { n: { type: "string" } }, required: ["n"] } });
        return { content: [{ type: "text", text: String(answer.content?.n) }] };
      },
    })
    .tool({ name: "write", scopes: ["files:write"], handler: () => ({ content: [{ type: "text", text: "written" }] }) });
}
const call = (name: string) => request("tools/call", { name, arguments: {} });
const textOf = (r: Record<string, any>) => r.content[0].text as string;

describe("the verified user inside the server", () => {
  it("reaches handlers as ctx.auth, from handle's option or from the request protect marked", async () => {
    const s = app();
    expect(JSON.parse(textOf(resultOf(await s.handle(call("whoami"), { auth: alice }))))).toEqual({ auth: "alice", principal: "https://as.example#alice" });
    const marked = new Request("https://mcp.example/mcp");
    attachAuthInfo(marked, bob);
    expect(JSON.parse(textOf(resultOf(await s.handle(call("whoami"), { request: marked }))))).toEqual({ auth: "bob", principal: "https://as.example#bob" });
    expect(JSON.parse(textOf(resultOf(await s.handle(call("whoami")))))).toEqual({});
  });

  it("binds requestState to the user by default: bob cannot resume alice's flow", async () => {
    const s = app();
    const first = call("ask");
    const asked = resultOf(await s.handle(first, { auth: alice }));
    expect(asked.resultType).toBe("input_required");
    const answer = { name: { action: "accept", content: { n: "Ann" } } };
    expect(errorOf(await s.handle(retry(first, answer, asked.requestState), { auth: bob })).code).toBe(-32602);
    expect(textOf(resultOf(await s.handle(retry(first, answer, asked.requestState), { auth: alice })))).toBe("Ann");
  });

  it("binds requestState to the client for client-credentials tokens without a subject: one client cannot resume another's flow", async () => {
    const s = app();
    const botA: AuthInfo = { clientId: "bot-a", issuer: "https://as.example", scopes: ["mcp"], audience: ["https://mcp.example/mcp"] };
    const botB: AuthInfo = { ...botA, clientId: "bot-b" };
    expect(JSON.parse(textOf(resultOf(await s.handle(call("whoami"), { auth: botA })))).principal).toBe("https://as.example#bot-a");
    const first = call("ask");
    const asked = resultOf(await s.handle(first, { auth: botA }));
    const answer = { name: { action: "accept", content: { n: "Ann" } } };
    expect(errorOf(await s.handle(retry(first, answer, asked.requestState), { auth: botB })).code).toBe(-32602);
    expect(errorOf(await s.handle(retry(first, answer, asked.requestState), {})).code).toBe(-32602);
    expect(textOf(resultOf(await s.handle(retry(first, answer, asked.requestState), { auth: botA })))).toBe("Ann");
  });

  it("over HTTP with DPoP-bound tokens, binds requestState to the verified token's client, whatever key signs the proofs", async () => {
    const issuer = await TestIssuer.create();
    const [keyA, keyB] = [await proofKey(), await proofKey()];
    const handler = protect(createHttpHandler(app()), {
      resource: RESOURCE,
      authorizationServers: [ISSUER],
      verify: jwtVerifier({ jwks: issuer.jwks, issuer: ISSUER, audience: RESOURCE }),
      dpop: { required: true },
    });
    const tokenA = await issuer.token({ jkt: keyA.jkt, sub: null, clientId: "bot-a" });
    const tokenB = await issuer.token({ jkt: keyB.jkt, sub: null, clientId: "bot-b" });
    const send = async (message: Record<string, any>, token: string, key: typeof keyA) => {
      const http = dpopRequest(token, await proof(key, { token }));
      const headers = new Headers(http.headers);
      for (const [name, value] of Object.entries({ "mcp-method": "tools/call", "mcp-name": message.params.name, "mcp-protocol-version": "2026-07-28" })) headers.set(name, value);
      const response = await handler(new Request(RESOURCE, { method: "POST", headers, body: JSON.stringify(message) }));
      return (await response.json()) as Record<string, any>;
    };
    expect(JSON.parse(textOf(resultOf(await send(call("whoami"), tokenA, keyA)))).principal).toBe(`${ISSUER}#bot-a`);
    const first = call("ask");
    const asked = resultOf(await send(first, tokenA, keyA));
    expect(asked.resultType).toBe("input_required");
    const answer = { name: { action: "accept", content: { n: "Ann" } } };
    expect(errorOf(await send(retry(first, answer, asked.requestState), tokenB, keyB)).code).toBe(-32602);
    expect(textOf(resultOf(await send(retry(first, answer, asked.requestState), tokenA, keyA)))).toBe("Ann");
  });

  it("a principal hook of the host wins, and sees the auth info", async () => {
    const s = app({ principal: ({ auth }) => `tenant-1/${auth?.subject}` });
    expect(JSON.parse(textOf(resultOf(await s.handle(call("whoami"), { auth: alice })))).principal).toBe("tenant-1/alice");
  });
});

describe("per-tool scopes", () => {
  it("refuses a call without the tool's scopes with -32600 and data.requiredScopes, and serves it with them", async () => {
    const s = app();
    for (const auth of [undefined, alice]) {
      const error = errorOf(await s.handle(call("write"), auth ? { auth } : {}));
      expect(error.code).toBe(-32600);
      expect(error.data).toEqual({ requiredScopes: ["files:write"] });
    }
    expect(textOf(resultOf(await s.handle(call("write"), { auth: { ...alice, scopes: ["mcp", "files:write"] } })))).toBe("written");
    const hierarchy = app({ hasScope: (granted, s) => granted.includes(s) || granted.includes("files:*") });
    expect(textOf(resultOf(await hierarchy.handle(call("write"), { auth: { ...alice, scopes: ["files:*"] } })))).toBe("written");
  });

  it("over HTTP behind protect, becomes 403 insufficient_scope with the tool's scopes", async () => {
    const handler = protect(createHttpHandler(app()), { resource: "https://mcp.example/mcp", authorizationServers: ["https://as.example"], verify: () => alice });
    const body = call("write");
    const response = await handler(
      new Request("https://mcp.example/mcp", {
        method: "POST",
        headers: { authorization: "Bearer t", "content-type": "application/json", "mcp-method": "tools/call", "mcp-name": "write", "mcp-protocol-version": "2026-07-28" },
        body: JSON.stringify(body),
      }),
    );
    expect(response.status).toBe(403);
    expect(response.headers.get("www-authenticate")).toBe('Bearer error="insufficient_scope", scope="files:write", resource_metadata="https://mcp.example/.well-known/oauth-protected-resource/mcp"');
  });

  it("is checked when the tool is registered", () => {
    expect(() => server().tool({ name: "x", scopes: ["has space"], handler: () => ({ content: [] }) })).toThrow(ServerDefinitionError);
    expect(new InsufficientScopeError(["a", "b"]).data).toEqual({ requiredScopes: ["a", "b"] });
  });

  it("names its error by its class, as every McpError does", () => {
    expect(new InsufficientScopeError(["a"]).name).toBe("InsufficientScopeError");
  });
});
