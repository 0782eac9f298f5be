/**
 * The client's protocol features against @mrtr/server over real HTTP:
 * completion, progress, cancellation, listen with re-opening, listAll and
 * the cache.
 */
import type { AddressInfo } from "node:net";
import type { Server } from "node:http";
import { afterEach, describe, expect, it } from "vitest";
import { createClient, FlowAbortedError, httpTransport, ProtocolViolationError, TooManyPagesError, type Progress, type Transport } from "@mrtr/client";
import { createHttpHandler, createServer, type McpServer, type ServerOptions } from "@mrtr/server";
import { createNodeServer } from "@mrtr/server/node";

const SECRET = "client-protocol-secret-0123456789-abcdef";
const servers: Server[] = [];
afterEach(async () => {
  for (const http of servers.splice(0)) {
    http.closeAllConnections();
    await new Promise((r) => http.close(r));
  }
});

function mcp(options: Partial<ServerOptions> = {}): McpServer {
  return createServer({ name: "features", version: "1.0.0", requestState: { secrets: [SECRET] }, ...options });
}

async function serve(server: McpServer, node: Parameters<typeof createNodeServer>[1] = {}, http: Parameters<typeof createHttpHandler>[1] = {}): Promise<string> {
  const s = createNodeServer(createHttpHandler(server, http), node);
  servers.push(s);
  await new Promise<void>((r) => s.listen(0, "127.0.0.1", r));
  return `http://127.0.0.1:${(s.address() as AddressInfo).port}/mcp`;
}

const client = (url: string | Transport, extra: Partial<Parameters<typeof createClient>[0]> = {}) =>
  createClient({ transport: typeof url === "string" ? httpTransport(url) : url, name: "c", version: "1", ...extra });

function until(predicate: () => boolean, ms = 5000): Promise<void> {
  const start = Date.now();
  return new Promise((resolve, reject) => {
    const tick = () => (predicate() ? resolve() : Date.now() - start > ms ? reject(new Error("condition not met in time")) : setTimeout(tick, 5));
    tick();
  });
}

describe("client.complete", () => {
  it("asks for suggestions of a prompt argument with context", async () => {
    const server = mcp().prompt({
      name: "review",
      arguments: [{ name: "language" }, { name: "framework" }],
      complete: { framework: (v, ctx) => (ctx.arguments.language === "python" ? ["flask", "fastapi"] : []).filter((x) => x.startsWith(v)) },
      handler: () => ({ messages: [] }),
    });
    const c = client(await serve(server));
    const r = await c.complete({ type: "ref/prompt", name: "review" }, { name: "framework", value: "fl" }, { arguments: { language: "python" } });
    expect(r.completion).toEqual({ values: ["flask"], hasMore: false });
  });
});

describe("progress and cancellation", () => {
  it("hands onProgress each report of every round of a multi round-trip call, in order", async () => {
    const server = mcp().tool({
      name: "long",
      async handler(_a, ctx) {
        ctx.progress(1, 2, "asking");
        const answer = await ctx.elicit("go", { message: "Go on?", requestedSchema: { type: "object", properties: { ok: { type: "boolean" } }, required: ["ok"] } });
        ctx.progress(2, 2, "done");
        return { content: [{ type: "text", text: String((answer.content as { ok: boolean }).ok) }] };
      },
    });
    const reports: Progress[] = [];
    const c = client(await serve(server), { elicitation: { form: async () => ({ action: "accept", content: { ok: true } }) } });
    const r = await c.callTool("long", {}, { onProgress: (p) => reports.push(p) });
    expect(r.content[0]).toEqual({ type: "text", text: "true" });
    // The first round reports 1 then asks; the re-run reports 1 and 2 with a fresh token.
    expect(reports).toEqual([
      { progress: 1, total: 2, message: "asking" },
      { progress: 1, total: 2, message: "asking" },
      { progress: 2, total: 2, message: "done" },
    ]);
  });

  it("cancels a call on abort: the handler's signal fires, the call rejects, the server holds nothing", async () => {
    let aborted = false;
    const server = mcp().tool({
      name: "slow",
      handler: (_a, ctx) =>
        new Promise((_, reject) => {
          ctx.progress(1);
          ctx.signal.addEventListener("abort", () => ((aborted = true), reject(ctx.signal.reason)));
        }),
    });
    const c = client(await serve(server));
    const controller = new AbortController();
    const call = c.callTool("slow", {}, { signal: controller.signal, onProgress: () => controller.abort() });
    await expect(call).rejects.toBeInstanceOf(FlowAbortedError);
    await until(() => aborted && server.activity().requests === 0);
  });
});

describe("client.listen", () => {
  it("yields the acknowledgement and the notifications, invalidates the cache, and survives the Node server's request timeout", async () => {
    let tools = 1;
    const server = mcp({ cache: { ttlMs: 60_000 }, subscriptions: { listChanged: { tools: true } } });
    server.tool({ name: "t1", handler: () => ({ content: [] }) });
    const url = await serve(server, { requestTimeoutMs: 500, headersTimeoutMs: 400 });
    const c = client(url);
    expect((await c.listTools()).tools).toHaveLength(1);
    const controller = new AbortController();
    const events = c.listen({ toolsListChanged: true, promptsListChanged: true }, { signal: controller.signal });
    const first = await events.next();
    expect(first.value).toMatchObject({ method: "notifications/subscriptions/acknowledged", params: { notifications: { toolsListChanged: true } } });
    await new Promise((r) => setTimeout(r, 800)); // longer than requestTimeoutMs: the stream stays open
    server.tool({ name: `t${++tools}`, handler: () => ({ content: [] }) });
    const second = await events.next();
    expect(second.value?.method).toBe("notifications/tools/list_changed");
    expect((await c.listTools()).tools).toHaveLength(2); // the cached list was invalidated
    controller.abort();
    expect((await events.next()).done).toBe(true);
    await until(() => server.activity().streams === 0);
  });

  it("re-opens a stream the server ended, yielding a new acknowledgement", async () => {
    const server = mcp({ subscriptions: { listChanged: { tools: true }, maxDurationMs: 100 } });
    server.tool({ name: "t", handler: () => ({ content: [] }) });
    const c = client(await serve(server));
    const events = c.listen({ toolsListChanged: true }, { reopen: { initialMs: 10, maxMs: 20 } });
    const acks: unknown[] = [];
    for await (const e of events) {
      if (e.method === "notifications/subscriptions/acknowledged") acks.push(e);
      if (acks.length === 3) break;
    }
    expect(acks).toHaveLength(3);
    await until(() => server.activity().streams === 0);
  });

  it("fails at once when the server does not offer subscriptions (-32601)", async () => {
    const server = mcp().tool({ name: "t", handler: () => ({ content: [] }) });
    const c = client(await serve(server));
    await expect(c.listen({ toolsListChanged: true }).next()).rejects.toMatchObject({ code: -32601 });
  });

  it("gives up after maxAttempts openings that fail", async () => {
    const c = client("http://127.0.0.1:9/mcp");
    await expect(c.listen({ toolsListChanged: true }, { reopen: { initialMs: 1, maxMs: 2, maxAttempts: 3 } }).next()).rejects.toThrow();
  });
});

describe("listAll and the cache", () => {
  function many(n: number, ttlMs = 60_000) {
    const server = mcp({ pageSize: 3, cache: { ttlMs } });
    for (let i = 0; i < n; i++) server.tool({ name: `tool${i}`, handler: () => ({ content: [] }) });
    return server;
  }

  it("follows cursors to the end, and stops at maxPages", async () => {
    const url = await serve(many(10));
    const c = client(url, { cache: false });
    expect((await c.listAllTools()).map((t) => t.name)).toEqual(Array.from({ length: 10 }, (_, i) => `tool${i}`));
    await expect(c.listAllTools({ maxPages: 3 })).rejects.toBeInstanceOf(TooManyPagesError);
  });

  it("refuses a server whose cursors loop", async () => {
    const looping: Transport = {
      request: async (m) => ({ jsonrpc: "2.0", id: m.id, result: { resultType: "complete", tools: [], nextCursor: "same", ttlMs: 0, cacheScope: "private" } }),
    };
    await expect(client(looping).listAllTools()).rejects.toBeInstanceOf(ProtocolViolationError);
  });

  it("serves fresh results from the cache, asks again when stale, on `fresh`, or when ttlMs is 0", async () => {
    let now = 0;
    const counted = async (ttlMs: number) => {
      const server = many(2, ttlMs);
      let requests = 0;
      const transport = httpTransport(await serve(server));
      const c = client({ request: (m, o) => (requests++, transport.request(m, o)) });
      return { c, count: () => requests };
    };
    const { c, count } = await counted(50);
    await c.listTools();
    await c.listTools();
    expect(count()).toBe(1);
    await c.listTools(undefined, { fresh: true });
    expect(count()).toBe(2);
    await new Promise((r) => setTimeout(r, 80));
    await c.listTools();
    expect(count()).toBe(3);
    const zero = await counted(0);
    await zero.c.listTools();
    await zero.c.listTools();
    expect(zero.count()).toBe(2);
    void now;
  });

  it("never keeps the result of a multi round-trip", async () => {
    const server = mcp({ cache: { ttlMs: 60_000 } }).resource({
      uri: "x://asks",
      name: "asks",
      async handler(uri, ctx) {
        const a = await ctx.elicit("who", { message: "Who?", requestedSchema: { type: "object", properties: { n: { type: "string" } }, required: ["n"] } });
        return { contents: [{ uri, text: String((a.content as { n: string }).n) }] };
      },
    });
    let asked = 0;
    const c = client(await serve(server), { elicitation: { form: async () => (asked++, { action: "accept", content: { n: `v${asked}` } }) } });
    expect((await c.readResource("x://asks")).contents[0]).toMatchObject({ text: "v1" });
    expect((await c.readResource("x://asks")).contents[0]).toMatchObject({ text: "v2" });
  });

  it("bounds what it keeps by entries, and hands out copies", async () => {
    const server = mcp({ cache: { ttlMs: 60_000 } });
    for (let i = 0; i < 5; i++) server.resource({ uri: `x://${i}`, name: `r${i}`, handler: (uri) => ({ contents: [{ uri, text: "v" }] }) });
    let requests = 0;
    const transport = httpTransport(await serve(server));
    const c = client({ request: (m, o) => (requests++, transport.request(m, o)) }, { cache: { maxEntries: 2 } });
    for (let i = 0; i < 5; i++) await c.readResource(`x://${i}`);
    const kept = await c.readResource("x://4");
    (kept.contents[0] as { text: string }).text = "mutated";
    expect(((await c.readResource("x://4")).contents[0] as { text: string }).text).toBe("v");
    expect(requests).toBe(5); // x://4 twice from the cache
    await c.readResource("x://0");
    expect(requests).toBe(6); // evicted
  });
});
