/**
 * CORS around `protect`: one policy, set on the handler `protect` wraps (or
 * by `cors` around anything), answers preflights without a token and makes
 * `protect`'s own 401/403 readable, `WWW-Authenticate` exposed, to the
 * allowed origins only. Web `Request`s, no sockets.
 */
import { describe, expect, it } from "vitest";
import { cors, createHttpHandler, traceHandler, type CorsOptions } from "@mrtr/server";
import { protect, type AuthInfo, type TokenVerifier } from "@mrtr/server/auth";
import { request, server } from "../helpers.js";

const RESOURCE = "http://localhost:3000/mcp";
const ISSUER = "https://as.example";
const APP = "http://127.0.0.1:5173";
const OTHER = "https://evil.example";

const alice: AuthInfo = { subject: "alice", issuer: ISSUER, scopes: ["mcp"], audience: [RESOURCE] };
/** "good": alice with the required scope; "weak": alice without it. */
const verify: TokenVerifier = (token) => (token === "good" ? alice : token === "weak" ? { ...alice, scopes: [] } : undefined);

function mcp() {
  return server()
    .tool({ name: "whoami", handler: (_args, ctx) => ({ content: [{ type: "text", text: ctx.auth?.subject ?? "nobody" }] }) })
    .tool({ name: "write", scopes: ["files:write"], handler: () => ({ content: [{ type: "text", text: "written" }] }) });
}

const guard = { resource: RESOURCE, authorizationServers: [ISSUER], verify, requiredScopes: ["mcp"] };
const POLICY: CorsOptions = { origins: [APP] };

/** The layerings the docs show: the option on the handler `protect` wraps (also through `traceHandler`), and `cors` around `protect`. */
const layerings: [string, () => (request: Request) => Promise<Response>][] = [
  ["protect(createHttpHandler(server, { cors }))", () => protect(createHttpHandler(mcp(), { cors: POLICY }), guard)],
  ["cors(protect(createHttpHandler(server)))", () => cors(protect(createHttpHandler(mcp()), guard), POLICY)],
  // A recorder between them keeps the handler's policy visible to protect.
  ["protect(traceHandler(createHttpHandler(server, { cors })))", () => protect(traceHandler(createHttpHandler(mcp(), { cors: POLICY }), () => undefined), guard)],
];

function preflight(origin: string): Request {
  return new Request(RESOURCE, { method: "OPTIONS", headers: { origin, "access-control-request-method": "POST", "access-control-request-headers": "authorization,content-type,mcp-method,mcp-protocol-version" } });
}

function post(message: Record<string, any>, headers: Record<string, string>): Request {
  const all: Record<string, string> = { "content-type": "application/json", "mcp-method": message.method, "mcp-protocol-version": "2026-07-28", ...headers };
  if (typeof message.params?.name === "string") all["mcp-name"] = message.params.name;
  return new Request(RESOURCE, { method: "POST", headers: all, body: JSON.stringify(message) });
}

const call = (name: string) => request("tools/call", { name, arguments: {} });

describe.each(layerings)("%s", (_name, make) => {
  it("answers a preflight from an allowed origin without a token: 204, Authorization allowed", async () => {
    const response = await make()(preflight(APP));
    expect(response.status).toBe(204);
    expect(response.headers.get("access-control-allow-origin")).toBe(APP);
    expect(response.headers.get("access-control-allow-headers")).toBe("authorization, content-type, mcp-method, mcp-protocol-version");
    expect(response.headers.get("www-authenticate")).toBeNull();
  });

  it("refuses a preflight from another origin with 403, no challenge and no CORS header", async () => {
    const response = await make()(preflight(OTHER));
    expect(response.status).toBe(403);
    expect(response.headers.get("www-authenticate")).toBeNull();
    expect(response.headers.get("access-control-allow-origin")).toBeNull();
  });

  it("makes the 401 of a request without a token readable, WWW-Authenticate exposed", async () => {
    const response = await make()(post(call("whoami"), { origin: APP }));
    expect(response.status).toBe(401);
    expect(response.headers.get("www-authenticate")).toMatch(/^Bearer /);
    expect(response.headers.get("access-control-allow-origin")).toBe(APP);
    expect(response.headers.get("access-control-expose-headers")).toContain("www-authenticate");
    expect(response.headers.get("vary")).toContain("Origin");
  });

  it("makes a 403 insufficient_scope readable, protect's own (requiredScopes) and a tool's (its scopes)", async () => {
    const own = await make()(post(call("whoami"), { origin: APP, authorization: "Bearer weak" }));
    const tool = await make()(post(call("write"), { origin: APP, authorization: "Bearer good" }));
    for (const response of [own, tool]) {
      expect(response.status).toBe(403);
      expect(response.headers.get("www-authenticate")).toContain('error="insufficient_scope"');
      expect(response.headers.get("access-control-allow-origin")).toBe(APP);
    }
  });

  it("serves an allowed origin's request with a valid token, readable", async () => {
    const response = await make()(post(call("whoami"), { origin: APP, authorization: "Bearer good" }));
    expect(response.status).toBe(200);
    expect(((await response.json()) as any).result.content[0].text).toBe("alice");
    expect(response.headers.get("access-control-allow-origin")).toBe(APP);
  });

  it("gives another origin's 401 no CORS header, and refuses its request even with a valid token", async () => {
    const unauthorized = await make()(post(call("whoami"), { origin: OTHER }));
    expect(unauthorized.status).toBe(401);
    expect(unauthorized.headers.get("access-control-allow-origin")).toBeNull();
    const refused = await make()(post(call("whoami"), { origin: OTHER, authorization: "Bearer good" }));
    expect(refused.status).toBe(403);
    expect(refused.headers.get("access-control-allow-origin")).toBeNull();
  });
});

describe("the cors wrapper around any handler", () => {
  it("copies a response whose headers cannot change (a fetched one), keeping its status", async () => {
    const wrapped = cors(async () => Response.redirect("https://elsewhere.example/", 307), POLICY);
    const response = await wrapped(new Request(RESOURCE, { headers: { origin: APP } }));
    expect(response.status).toBe(307);
    expect(response.headers.get("location")).toBe("https://elsewhere.example/");
    expect(response.headers.get("access-control-allow-origin")).toBe(APP);
  });

  it("merges Vary: Origin into a Vary the handler set, once", async () => {
    const wrapped = cors(async () => new Response("x", { headers: { vary: "Accept-Encoding" } }), POLICY);
    expect((await wrapped(new Request(RESOURCE, { headers: { origin: APP } }))).headers.get("vary")).toBe("Accept-Encoding, Origin");
    const twice = cors(cors(async () => new Response("x"), POLICY), POLICY);
    expect((await twice(new Request(RESOURCE, { headers: { origin: APP } }))).headers.get("vary")).toBe("Origin");
  });

  it("does not call the handler for a preflight", async () => {
    let calls = 0;
    const wrapped = cors(async () => (calls++, new Response(null, { status: 405 })), POLICY);
    expect((await wrapped(preflight(APP))).status).toBe(204);
    expect((await wrapped(preflight(OTHER))).status).toBe(403);
    expect(calls).toBe(0);
  });
});
