/** Progress (basic/patterns/progress.mdx) and cancellation (basic/patterns/cancellation.mdx). */
import type { AddressInfo } from "node:net";
import { describe, expect, it } from "vitest";
import { createHttpHandler, type McpServer } from "@mrtr/server";
import { createNodeServer } from "@mrtr/server/node";
import { errorOf, request, resultOf, server } from "../helpers.js";

const withToken = (message: ReturnType<typeof request>, token: string | number) => ({
  ...message,
  params: { ...message.params, _meta: { ...message.params._meta, progressToken: token } },
});

function until(predicate: () => boolean, ms = 5000): Promise<void> {
  const start = Date.now();
  return new Promise((resolve, reject) => {
    const tick = () => (predicate() ? resolve() : Date.now() - start > ms ? reject(new Error("condition not met in time")) : setTimeout(tick, 5));
    tick();
  });
}

function progressServer(minIntervalMs = 0) {
  let release: () => void = () => undefined;
  const gate = new Promise<void>((r) => (release = r));
  const seen: { aborted: boolean } = { aborted: false };
  const s = server({ progress: { minIntervalMs } })
    .tool({
      name: "steps",
      async handler(_a, ctx) {
        ctx.progress(1, 3, "one");
        ctx.progress(1, 3, "again"); // not above the last: dropped
        ctx.progress(2, 3);
        ctx.progress(3, 3, "done");
        return { content: [{ type: "text", text: "ok" }] };
      },
    })
    .tool({
      name: "flood",
      async handler(_a, ctx) {
        for (let i = 1; i <= 100_000; i++) ctx.progress(i, 100_000);
        return { content: [{ type: "text", text: "flooded" }] };
      },
    })
    .tool({
      name: "stuck",
      async handler(_a, ctx) {
        ctx.signal.addEventListener("abort", () => (seen.aborted = true));
        ctx.progress(1);
        await gate; // ignores its signal on purpose
        ctx.progress(2);
        return { content: [{ type: "text", text: "late" }] };
      },
    });
  return { s, release: () => release(), seen };
}

describe("progress", () => {
  it("reports each growing value with the request's token before the answer, and nothing without a token", async () => {
    const { s } = progressServer();
    const got: any[] = [];
    const r = await s.handle(withToken(request("tools/call", { name: "steps" }), "t-1"), { send: (n) => (got.push(n), true) });
    expect(resultOf(r).content[0].text).toBe("ok");
    expect(got.map((n) => n.params)).toEqual([
      { progressToken: "t-1", progress: 1, total: 3, message: "one" },
      { progressToken: "t-1", progress: 2, total: 3 },
      { progressToken: "t-1", progress: 3, total: 3, message: "done" },
    ]);
    const none: unknown[] = [];
    await s.handle(request("tools/call", { name: "steps" }), { send: (n) => (none.push(n), true) });
    expect(none).toEqual([]);
  });

  it("rate-limits a handler flooding reports, and still sends the last figure before the answer", async () => {
    const { s } = progressServer(50);
    const got: any[] = [];
    await s.handle(withToken(request("tools/call", { name: "flood" }), 7), { send: (n) => (got.push(n), true) });
    expect(got.length).toBeLessThanOrEqual(3);
    expect(got.at(-1).params.progress).toBe(100_000);
  });
});

describe("cancellation", () => {
  it("answers nothing to a request cancelled by notifications/cancelled of the same connection, and releases it although the handler ignores its signal", async () => {
    const { s, release, seen } = progressServer();
    const connection = {};
    const m = withToken(request("tools/call", { name: "stuck" }), "p");
    const got: unknown[] = [];
    const pending = s.handle(m, { connection, send: (n) => (got.push(n), true) });
    await until(() => got.length === 1);
    expect(s.activity().requests).toBe(1);
    // Another connection cannot cancel it by guessing the id.
    await s.handle({ jsonrpc: "2.0", method: "notifications/cancelled", params: { requestId: m.id } }, { connection: {} });
    expect(s.activity().requests).toBe(1);
    await s.handle({ jsonrpc: "2.0", method: "notifications/cancelled", params: { requestId: m.id, reason: "user" } }, { connection });
    expect(await pending).toBeUndefined();
    expect(seen.aborted).toBe(true);
    expect(s.activity().requests).toBe(0);
    release(); // the late result and progress go nowhere
    await new Promise((r) => setTimeout(r, 10));
    expect(got).toHaveLength(1);
  });

  it("matches cancellations by principal on transports without connections, and never for anonymous senders", async () => {
    let who = "alice";
    const { s } = progressServer();
    const guarded = server({ principal: () => who }) as McpServer;
    guarded.tool({ name: "wait", handler: (_a, ctx) => new Promise((_, reject) => ctx.signal.addEventListener("abort", () => reject(ctx.signal.reason))) });
    const m = request("tools/call", { name: "wait" });
    const pending = guarded.handle(m);
    await until(() => guarded.activity().requests === 1);
    who = "mallory";
    await guarded.handle({ jsonrpc: "2.0", method: "notifications/cancelled", params: { requestId: m.id } });
    expect(guarded.activity().requests).toBe(1);
    who = "alice";
    await guarded.handle({ jsonrpc: "2.0", method: "notifications/cancelled", params: { requestId: m.id } });
    expect(await pending).toBeUndefined();
    // Anonymous (no principal, no connection): a cancellation reaches nothing.
    const anon = s.handle(request("tools/call", { name: "stuck" }));
    await until(() => s.activity().requests === 1);
    await s.handle({ jsonrpc: "2.0", method: "notifications/cancelled", params: { requestId: 1 } });
    expect(s.activity().requests).toBe(1);
    void anon;
  });

  it("ignores malformed cancellations", async () => {
    const { s } = progressServer();
    for (const params of [{}, { requestId: null }, { requestId: { a: 1 } }, { requestId: 1.5 }]) {
      expect(await s.handle({ jsonrpc: "2.0", method: "notifications/cancelled", params }, { connection: {} })).toBeUndefined();
    }
  });

  it("aborts the handler when the HTTP client closes the connection, and sends progress as an event stream", async () => {
    const { s, release, seen } = progressServer();
    const http = createNodeServer(createHttpHandler(s));
    await new Promise<void>((r) => http.listen(0, "127.0.0.1", r));
    const url = `http://127.0.0.1:${(http.address() as AddressInfo).port}/mcp`;
    try {
      const post = (m: ReturnType<typeof request>, signal?: AbortSignal) =>
        fetch(url, {
          method: "POST",
          headers: { "content-type": "application/json", accept: "application/json, text/event-stream", "mcp-method": m.method, "mcp-name": String((m.params as { name?: unknown }).name), "mcp-protocol-version": "2026-07-28" },
          body: JSON.stringify(m),
          ...(signal && { signal }),
        });
      const streamed = await post(withToken(request("tools/call", { name: "steps" }), "h"));
      expect(streamed.headers.get("content-type")).toBe("text/event-stream");
      const events = (await streamed.text()).split("\n\n").filter((e) => e.startsWith("data: ")).map((e) => JSON.parse(e.slice(6)));
      expect(events.map((e) => e.method ?? "response")).toEqual(["notifications/progress", "notifications/progress", "notifications/progress", "response"]);
      const plain = await post(request("tools/call", { name: "steps" }));
      expect(plain.headers.get("content-type")).toBe("application/json");

      const controller = new AbortController();
      const response = await post(withToken(request("tools/call", { name: "stuck" }), "x"), controller.signal);
      const reader = response.body!.getReader();
      await reader.read(); // the first progress report: the handler is running
      expect(s.activity().requests).toBe(1);
      controller.abort();
      await until(() => seen.aborted && s.activity().requests === 0);
      release();
    } finally {
      http.closeAllConnections();
      await new Promise((r) => http.close(r));
    }
  });

  it("keeps a request refused before its handler runs a JSON error with its HTTP status, even with a progress token", async () => {
    const { s } = progressServer();
    const handler = createHttpHandler(s);
    const m = withToken(request("tools/call", { name: "nope" }), "t");
    const r = await handler(
      new Request("http://localhost/mcp", {
        method: "POST",
        headers: { "content-type": "application/json", "mcp-method": "tools/call", "mcp-name": "nope", "mcp-protocol-version": "2026-07-28" },
        body: JSON.stringify(m),
      }),
    );
    expect(r.status).toBe(400);
    expect(errorOf(await r.json()).code).toBe(-32602);
  });
});
