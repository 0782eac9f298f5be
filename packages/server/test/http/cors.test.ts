/**
 * CORS on `createHttpHandler(server, { cors })`: preflights answered for the
 * allowed origins only, every answer to such a page readable (whatever its
 * status, event streams too), and the `Origin` check composed with it. Web
 * `Request`s, no sockets.
 */
import { describe, expect, it } from "vitest";
import { CORS_EXPOSED_HEADERS, CORS_LIMITS, createHttpHandler, type CorsOptions, type HttpHandlerOptions } from "@mrtr/server";
import { request, server } from "../helpers.js";

const ENDPOINT = "http://localhost:3000/mcp";
const APP = "http://127.0.0.1:5173";
const OTHER = "https://evil.example";

function mcp() {
  return server()
    .tool({
      name: "weather",
      inputSchema: { type: "object", properties: { region: { type: "string", "x-mcp-header": "Region" } } },
      handler: (args: { region?: string }) => ({ content: [{ type: "text", text: `sunny in ${args.region ?? "nowhere"}` }] }),
    })
    .tool({
      name: "slow",
      inputSchema: { type: "object", properties: {} },
      handler(_args, ctx) {
        ctx.progress(1, 2, "halfway");
        return { content: [{ type: "text", text: "done" }] };
      },
    });
}

/** Our handler with `cors` (null: CORS off) and other `options`. */
function handlerWith(cors: CorsOptions | null = { origins: [APP] }, options: HttpHandlerOptions = {}) {
  return createHttpHandler(mcp(), { ...(cors && { cors }), ...options });
}

function preflight(origin: string | null, method = "POST", asked?: string): Request {
  const headers: Record<string, string> = { "access-control-request-method": method };
  if (origin !== null) headers.origin = origin;
  if (asked !== undefined) headers["access-control-request-headers"] = asked;
  return new Request(ENDPOINT, { method: "OPTIONS", headers });
}

/** A POST of `message` with the headers the draft requires, from `origin` (none: null). */
function post(message: Record<string, any>, origin: string | null = APP, extra: Record<string, string> = {}): Request {
  const headers: Record<string, string> = { "content-type": "application/json", accept: "application/json, text/event-stream", "mcp-method": message.method, "mcp-protocol-version": "2026-07-28", ...extra };
  if (typeof message.params?.name === "string") headers["mcp-name"] = message.params.name;
  if (origin !== null) headers.origin = origin;
  return new Request(ENDPOINT, { method: "POST", headers, body: JSON.stringify(message) });
}

/** The Access-Control-* headers of a response, by lower-case name. */
function corsOf(response: Response): Record<string, string> {
  return Object.fromEntries([...response.headers].filter(([name]) => name.startsWith("access-control-")));
}

const MCP_ASKED = "accept,authorization,content-type,dpop,last-event-id,mcp-method,mcp-name,mcp-param-region,mcp-protocol-version,mcp-session-id";

describe("CORS is off by default", () => {
  it("a preflight from an origin allowedOrigins lists gets the plain 405 of a non-POST, with no Access-Control header", async () => {
    const response = await handlerWith(null, { allowedOrigins: [APP] })(preflight(APP, "POST", "content-type"));
    expect(response.status).toBe(405);
    expect(corsOf(response)).toEqual({});
  });

  it("an answer to a page on another origin carries no Access-Control header", async () => {
    const response = await handlerWith(null, { allowedOrigins: [APP] })(post(request("tools/list")));
    expect(response.status).toBe(200);
    expect(corsOf(response)).toEqual({});
  });
});

describe("a preflight from an allowed origin", () => {
  it("gets 204 echoing the origin with Vary: Origin, the methods served and the default max age", async () => {
    const response = await handlerWith()(preflight(APP, "POST", "content-type"));
    expect(response.status).toBe(204);
    expect(corsOf(response)).toEqual({
      "access-control-allow-origin": APP,
      "access-control-allow-methods": "POST, GET, DELETE",
      "access-control-allow-headers": "content-type",
      "access-control-max-age": String(CORS_LIMITS.defaultMaxAgeSeconds),
    });
    expect(response.headers.get("vary")).toContain("Origin");
    expect(await response.text()).toBe("");
  });

  it("is allowed every header an MCP client sends, Mcp-Param-* of annotated tool parameters among them", async () => {
    const response = await handlerWith()(preflight(APP, "POST", MCP_ASKED));
    expect(response.headers.get("access-control-allow-headers")).toBe("accept, authorization, content-type, dpop, last-event-id, mcp-method, mcp-name, mcp-param-region, mcp-protocol-version, mcp-session-id");
  });

  it("is answered only the headers it asked for, whatever their case", async () => {
    const response = await handlerWith()(preflight(APP, "POST", "Mcp-Method, CONTENT-TYPE"));
    expect(response.headers.get("access-control-allow-headers")).toBe("mcp-method, content-type");
  });

  it("asking for a header not allowed is answered without it, so the browser refuses the request", async () => {
    const response = await handlerWith()(preflight(APP, "POST", "content-type, x-secret, mcp-param-, bad header"));
    expect(response.status).toBe(204);
    expect(response.headers.get("access-control-allow-headers")).toBe("content-type");
  });

  it("allows headers named in allowHeaders besides MCP's", async () => {
    const response = await handlerWith({ origins: [APP], allowHeaders: ["X-Request-Id"] })(preflight(APP, "POST", "x-request-id"));
    expect(response.headers.get("access-control-allow-headers")).toBe("x-request-id");
  });

  it("asking for a method not served is answered with the served methods only", async () => {
    const response = await handlerWith()(preflight(APP, "PUT", "content-type"));
    expect(response.headers.get("access-control-allow-methods")).toBe("POST, GET, DELETE");
    expect(response.headers.get("access-control-allow-methods")).not.toContain("PUT");
  });

  it("without legacy sessions, only POST is served", async () => {
    const response = await handlerWith({ origins: [APP] }, { legacy: false })(preflight(APP, "GET"));
    expect(response.headers.get("access-control-allow-methods")).toBe("POST");
  });

  it("with credentials, says so; maxAgeSeconds sets the max age", async () => {
    const response = await handlerWith({ origins: [APP], credentials: true, maxAgeSeconds: 7200 })(preflight(APP));
    expect(response.headers.get("access-control-allow-credentials")).toBe("true");
    expect(response.headers.get("access-control-max-age")).toBe("7200");
  });

  it("is decided by the origins function, and a function that throws is a no", async () => {
    const decide = handlerWith({ origins: (origin) => origin.endsWith(".example.com") });
    expect((await decide(preflight("https://app.example.com"))).status).toBe(204);
    expect((await decide(preflight("https://example.com.evil"))).status).toBe(403);
    const throwing = handlerWith({
      origins: () => {
        throw new Error("lookup failed");
      },
    });
    expect((await throwing(preflight(APP))).status).toBe(403);
  });

  it('with origins ["*"], is answered Allow-Origin: *', async () => {
    const response = await handlerWith({ origins: ["*"] })(preflight(OTHER));
    expect(response.status).toBe(204);
    expect(response.headers.get("access-control-allow-origin")).toBe("*");
  });
});

describe("a hostile preflight", () => {
  it("from an origin not allowed gets 403 with no CORS header", async () => {
    const response = await handlerWith()(preflight(OTHER, "POST", "content-type"));
    expect(response.status).toBe(403);
    expect(corsOf(response)).toEqual({});
  });

  it('from Origin: null gets 403, even when every origin is allowed (["*"])', async () => {
    for (const cors of [{ origins: [APP] }, { origins: ["*"] }]) {
      const response = await handlerWith(cors)(preflight("null", "POST", "content-type"));
      expect(response.status).toBe(403);
      expect(corsOf(response)).toEqual({});
    }
  });

  it(`asking for more than ${CORS_LIMITS.maxRequestHeaderNames} header names is refused with 431, not echoed`, async () => {
    const asked = Array.from({ length: CORS_LIMITS.maxRequestHeaderNames + 1 }, (_, i) => `mcp-param-p${i}`).join(",");
    const response = await handlerWith()(preflight(APP, "POST", asked));
    expect(response.status).toBe(431);
    expect(corsOf(response)).toEqual({});
    expect(await response.text()).not.toContain("mcp-param-p0");
  });

  it(`an Access-Control-Request-Headers over ${CORS_LIMITS.maxRequestHeadersBytes} bytes is refused with 431, not echoed`, async () => {
    const asked = `mcp-param-${"x".repeat(CORS_LIMITS.maxRequestHeadersBytes)}`;
    const response = await handlerWith()(preflight(APP, "POST", asked));
    expect(response.status).toBe(431);
    expect(corsOf(response)).toEqual({});
    expect(await response.text()).not.toContain("xxxx");
  });

  it(`exactly ${CORS_LIMITS.maxRequestHeaderNames} names are still answered (the limit is not off by one)`, async () => {
    const asked = Array.from({ length: CORS_LIMITS.maxRequestHeaderNames }, (_, i) => `mcp-param-p${i}`).join(",");
    const response = await handlerWith()(preflight(APP, "POST", asked));
    expect(response.status).toBe(204);
  });
});

describe("answers to a page on an allowed origin", () => {
  const readable = (credentials = false) => ({
    "access-control-allow-origin": APP,
    ...(credentials && { "access-control-allow-credentials": "true" }),
    "access-control-expose-headers": CORS_EXPOSED_HEADERS.join(", "),
  });

  it("a tool call's answer lets the page read it and the headers MCP clients read", async () => {
    const response = await handlerWith()(post(request("tools/call", { name: "weather", arguments: { region: "north" } }), APP, { "mcp-param-region": "north" }));
    expect(response.status).toBe(200);
    expect(corsOf(response)).toEqual(readable());
    expect(response.headers.get("vary")).toBe("Origin");
    expect(response.headers.get("access-control-expose-headers")).toBe("www-authenticate, dpop-nonce, mcp-session-id, retry-after");
  });

  it("with credentials, every answer says Allow-Credentials; exposeHeaders adds to what is exposed", async () => {
    const response = await handlerWith({ origins: [APP], credentials: true, exposeHeaders: ["X-Trace"] })(post(request("tools/list")));
    expect(corsOf(response)).toEqual({ ...readable(true), "access-control-expose-headers": `${CORS_EXPOSED_HEADERS.join(", ")}, x-trace` });
  });

  it("error answers carry the headers too: 404, 400 (headers disagreeing with the body), 413, 405", async () => {
    const handler = handlerWith({ origins: [APP] }, { maxBodyBytes: 2048 });
    const answers = [
      await handler(post(request("no/such/method"))),
      await handler(post(request("tools/call", { name: "weather", arguments: { region: "north" } }), APP, { "mcp-param-region": "south" })),
      await handler(post({ ...request("tools/list"), padding: "x".repeat(4096) })),
      await handler(new Request(ENDPOINT, { method: "PUT", headers: { origin: APP } })),
    ];
    expect(answers.map((r) => r.status)).toEqual([404, 400, 413, 405]);
    for (const answer of answers) expect(corsOf(answer)).toEqual(readable());
  });

  it("an event stream (progress ahead of the answer) carries the headers", async () => {
    const message = request("tools/call", { name: "slow", arguments: {} }) as Record<string, any>;
    message.params._meta.progressToken = "p1";
    const response = await handlerWith()(post(message));
    expect(response.headers.get("content-type")).toContain("text/event-stream");
    expect(corsOf(response)).toEqual(readable());
    expect(await response.text()).toContain("notifications/progress");
  });

  it("a legacy session's answer exposes its Mcp-Session-Id", async () => {
    const init = { jsonrpc: "2.0", id: 0, method: "initialize", params: { protocolVersion: "2025-11-25", capabilities: {}, clientInfo: { name: "old-host", version: "1" } } };
    const response = await handlerWith()(new Request(ENDPOINT, { method: "POST", headers: { origin: APP, "content-type": "application/json", accept: "application/json, text/event-stream" }, body: JSON.stringify(init) }));
    expect(response.status).toBe(200);
    expect(response.headers.get("mcp-session-id")).toBeTruthy();
    expect(response.headers.get("access-control-expose-headers")).toContain("mcp-session-id");
    expect(response.headers.get("access-control-allow-origin")).toBe(APP);
  });

  it('with origins ["*"], answers say Allow-Origin: * to any origin', async () => {
    const response = await handlerWith({ origins: ["*"] })(post(request("tools/list"), OTHER));
    expect(response.status).toBe(200);
    expect(response.headers.get("access-control-allow-origin")).toBe("*");
  });
});

describe("CORS and the Origin check (allowedOrigins)", () => {
  it("an origin CORS allows passes the Origin check without being listed in allowedOrigins", async () => {
    const response = await handlerWith({ origins: [APP] })(post(request("tools/list")));
    expect(response.status).toBe(200);
  });

  it("an origin neither allows is still refused 403, with no CORS header", async () => {
    const response = await handlerWith({ origins: [APP] }, { allowedOrigins: ["https://other.example"] })(post(request("tools/list"), OTHER));
    expect(response.status).toBe(403);
    expect(corsOf(response)).toEqual({});
  });

  it("an origin only allowedOrigins lists is served, but its page cannot read the answer (no CORS header)", async () => {
    const response = await handlerWith({ origins: [APP] }, { allowedOrigins: [OTHER] })(post(request("tools/list"), OTHER));
    expect(response.status).toBe(200);
    expect(corsOf(response)).toEqual({});
  });

  it("a request with Origin: null is refused 403, even with origins [\"*\"]", async () => {
    const response = await handlerWith({ origins: ["*"] })(post(request("tools/list"), "null"));
    expect(response.status).toBe(403);
    expect(corsOf(response)).toEqual({});
  });

  it("a request without Origin (not a browser) is served, with Vary: Origin and no Allow-Origin", async () => {
    const response = await handlerWith()(post(request("tools/list"), null));
    expect(response.status).toBe(200);
    expect(corsOf(response)).toEqual({});
    expect(response.headers.get("vary")).toBe("Origin");
  });
});
