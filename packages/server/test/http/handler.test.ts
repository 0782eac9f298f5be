import { createServer as createHttpServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createHttpHandler } from "@mrtr/server";
import { toNodeListener } from "@mrtr/server/node";
import { request, server } from "../helpers.js";

let http: Server;
let url: string;

beforeAll(async () => {
  const s = server()
    .tool({
      name: "ask",
      async handler(_a, ctx) {
        await ctx.elicit("k", { message: "?", requestedSchema: { type: "object", properties: {} } });
        return { content: [] };
      },
    })
    .tool({ name: "needs_url", async handler(_a, ctx) { await ctx.elicitUrl("u", { message: "?", url: "https://example.com/c" }); return { content: [] }; } });
  http = createHttpServer(toNodeListener(createHttpHandler(s, { allowedOrigins: ["https://app.example"], maxBodyBytes: 4096 })));
  await new Promise<void>((r) => http.listen(0, "127.0.0.1", r));
  url = `http://127.0.0.1:${(http.address() as AddressInfo).port}/mcp`;
});
afterAll(() => new Promise<void>((r) => http.close(() => r())));

function headersFor(message: Record<string, any>): Record<string, string> {
  const h: Record<string, string> = { "content-type": "application/json", "mcp-method": message.method };
  if (message.method === "tools/call" || message.method === "prompts/get") h["mcp-name"] = message.params?.name;
  const v = message.params?._meta?.["io.modelcontextprotocol/protocolVersion"];
  if (v) h["mcp-protocol-version"] = v;
  return h;
}

async function post(message: unknown, headers: Record<string, string> = headersFor(message as never), target = url) {
  const res = await fetch(target, { method: "POST", headers, body: typeof message === "string" ? message : JSON.stringify(message) });
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : undefined };
}

describe("Streamable HTTP", () => {
  it("answers a request with 200 and a result carrying resultType; discover and lists carry ttlMs and cacheScope", async () => {
    const d = await post(request("server/discover"));
    expect(d.status).toBe(200);
    expect(d.body.result).toMatchObject({ resultType: "complete", supportedVersions: ["2026-07-28"], ttlMs: 0, cacheScope: "private" });
    expect(d.body.result._meta["io.modelcontextprotocol/serverInfo"]).toMatchObject({ name: "test-server" });
    const l = await post(request("tools/list"));
    expect(l.body.result).toMatchObject({ resultType: "complete", ttlMs: 0, cacheScope: "private" });
  });

  it("maps errors to HTTP statuses and echoes the request id", async () => {
    const removed = ["initialize", "ping", "logging/setLevel", "resources/subscribe", "resources/unsubscribe", "unknown/method"];
    for (const method of removed) {
      const m = request(method);
      const r = await post(m);
      expect(r.status, method).toBe(404);
      expect(r.body, method).toMatchObject({ id: m.id, error: { code: -32601 } });
    }
    const noMeta = request("tools/call", { name: "ask" }) as Record<string, any>;
    delete noMeta.params._meta;
    expect(await post(noMeta, { "content-type": "application/json", "mcp-method": "tools/call", "mcp-name": "ask", "mcp-protocol-version": "2026-07-28" })).toMatchObject({ status: 400, body: { id: noMeta.id, error: { code: -32602 } } });
    const v = request("tools/list") as Record<string, any>;
    v.params._meta["io.modelcontextprotocol/protocolVersion"] = "v999.0.0";
    expect(await post(v)).toMatchObject({ status: 400, body: { error: { code: -32022, data: { supported: ["2026-07-28"], requested: "v999.0.0" } } } });
    const caps = await post(request("tools/call", { name: "needs_url" }, { elicitation: {} }));
    expect(caps).toMatchObject({ status: 400, body: { error: { code: -32021, data: { requiredCapabilities: { elicitation: { url: {} } } } } } });
    expect((await post("{oops", { "content-type": "application/json" })).status).toBe(400);
  });

  it("refuses headers that disagree with the body with -32020", async () => {
    const m = request("tools/list");
    for (const headers of [
      { ...headersFor(m), "mcp-protocol-version": "2025-11-25" },
      { ...headersFor(m), "mcp-method": "tools/call" },
    ]) {
      expect(await post(m, headers)).toMatchObject({ status: 400, body: { id: m.id, error: { code: -32020 } } });
    }
    const call = request("tools/call", { name: "ask" });
    expect(await post(call, { ...headersFor(call), "mcp-name": "other" })).toMatchObject({ status: 400, body: { error: { code: -32020 } } });
    const { "mcp-name": _n, ...noName } = headersFor(call);
    expect(await post(call, noName)).toMatchObject({ status: 400, body: { error: { code: -32020 } } });
    const { "mcp-method": _m, ...noMethod } = headersFor(m);
    expect(await post(m, noMethod)).toMatchObject({ status: 400, body: { error: { code: -32020 } } });
  });

  it("accepts a notification with 202 and no body", async () => {
    const r = await post({ jsonrpc: "2.0", method: "notifications/cancelled", params: { requestId: 1 } }, { "content-type": "application/json", "mcp-method": "notifications/cancelled", "mcp-protocol-version": "2026-07-28" });
    expect(r).toEqual({ status: 202, body: undefined });
  });

  it("checks Origin, method and body size", async () => {
    const m = request("server/discover");
    expect((await post(m, { ...headersFor(m), origin: "https://evil.example" })).status).toBe(403);
    expect((await post(m, { ...headersFor(m), origin: "https://app.example" })).status).toBe(200);
    expect((await fetch(url)).status).toBe(405);
    const big = request("tools/call", { name: "ask", arguments: { blob: "x".repeat(10_000) } });
    expect((await post(big)).status).toBe(413);
  });
});

describe("the endpoint path", () => {
  const discover = request("server/discover");
  const s = server();
  const send = (handler: (r: Request) => Promise<Response>, path: string, headers: Record<string, string> = {}) =>
    handler(new Request(`http://127.0.0.1:8080${path}`, { method: "POST", headers: { ...headersFor(discover), ...headers }, body: JSON.stringify(discover) }));

  it("without a path option, the handler serves whatever path reaches it, so the router that mounts it decides", async () => {
    const handler = createHttpHandler(s);
    for (const path of ["/mcp", "/api/v1/mcp", "/", "/other"]) {
      const res = await send(handler, path);
      expect(res.status, path).toBe(200);
      expect(((await res.json()) as { result: { resultType: string } }).result.resultType, path).toBe("complete");
    }
  });

  it("with a path option, any other path answers 404 and the path itself is served", async () => {
    const handler = createHttpHandler(s, { path: "/mcp" });
    expect((await send(handler, "/mcp")).status).toBe(200);
    for (const path of ["/other", "/mcp/", "/api/mcp", "/"]) expect((await send(handler, path)).status, path).toBe(404);
  });

  it("mounted under a prefix, a page of the request's own origin passes the Origin check and another origin gets 403", async () => {
    const handler = createHttpHandler(s);
    expect((await send(handler, "/api/v1/mcp", { origin: "http://127.0.0.1:8080" })).status).toBe(200);
    expect((await send(handler, "/api/v1/mcp", { origin: "http://127.0.0.1:9999" })).status).toBe(403);
  });
});

describe("DNS rebinding protection", () => {
  it("a loopback listener refuses a Host that is not a loopback name, with 403", async () => {
    const { request: httpRequest } = await import("node:http");
    const port = new URL(url).port;
    const status = (host: string) =>
      new Promise<number>((resolve, reject) => {
        const body = JSON.stringify(request("server/discover"));
        const req = httpRequest({ host: "127.0.0.1", port, path: "/mcp", method: "POST", headers: { host, "content-type": "application/json", "mcp-method": "server/discover", "mcp-protocol-version": "2026-07-28", "content-length": Buffer.byteLength(body) } }, (res) => {
          res.resume();
          resolve(res.statusCode ?? 0);
        });
        req.on("error", reject);
        req.end(body);
      });
    expect(await status("evil.example:80")).toBe(403);
    expect(await status(`localhost:${port}`)).toBe(200);
    expect(await status(`127.0.0.1:${port}`)).toBe(200);
  });
});
