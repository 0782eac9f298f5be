/**
 * Servers that abuse progress and listen streams cannot stall or exhaust the
 * client: each case is a scripted HTTP server on loopback.
 */
import { createServer as createHttpServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { createClient, httpTransport, LimitExceededError, type HttpTransportOptions, type Progress } from "@mrtr/client";

const servers: Server[] = [];
afterEach(async () => {
  for (const s of servers.splice(0)) {
    s.closeAllConnections();
    await new Promise((r) => s.close(r));
  }
});

/** A server answering each POST with `script(message, res)`. */
async function scripted(script: (message: any, res: ServerResponse, req: IncomingMessage) => void): Promise<string> {
  const s = createHttpServer((req, res) => {
    let body = "";
    req.on("data", (c) => (body += c));
    req.on("end", () => script(JSON.parse(body), res, req));
  });
  servers.push(s);
  await new Promise<void>((r) => s.listen(0, "127.0.0.1", r));
  return `http://127.0.0.1:${(s.address() as AddressInfo).port}/mcp`;
}

const sse = (res: ServerResponse) => res.writeHead(200, { "content-type": "text/event-stream" });
const event = (res: ServerResponse, message: unknown) => res.write(`data: ${JSON.stringify(message)}\n\n`);
const client = (url: string, options: HttpTransportOptions = {}) => createClient({ transport: httpTransport(url, options), name: "c", version: "1" });

describe("hostile progress streams", () => {
  it("drops reports with another token, or that do not grow, and passes the rest in order", async () => {
    const url = await scripted((m, res) => {
      sse(res);
      const token = m.params._meta.progressToken;
      for (const [t, progress] of [[token, 1], ["other", 5], [token, 1], [token, 0.5], [token, 2]] as const) {
        event(res, { jsonrpc: "2.0", method: "notifications/progress", params: { progressToken: t, progress } });
      }
      event(res, { jsonrpc: "2.0", id: m.id, result: { resultType: "complete", content: [] } });
      res.end();
    });
    const got: Progress[] = [];
    await client(url).callTool("x", {}, { onProgress: (p) => got.push(p) });
    expect(got).toEqual([{ progress: 1 }, { progress: 2 }]);
  });

  it("gives up on a server that reports progress forever and never answers, after maxTimeoutMs", async () => {
    const url = await scripted((m, res) => {
      sse(res);
      let p = 0;
      const timer = setInterval(() => event(res, { jsonrpc: "2.0", method: "notifications/progress", params: { progressToken: m.params._meta.progressToken, progress: ++p } }), 20);
      res.on("close", () => clearInterval(timer));
    });
    const started = Date.now();
    await expect(client(url, { timeoutMs: 100, maxTimeoutMs: 400 }).callTool("x", {}, { onProgress: () => undefined })).rejects.toBeInstanceOf(LimitExceededError);
    expect(Date.now() - started).toBeGreaterThanOrEqual(350);
  });
});

describe("hostile listen streams", () => {
  const ack = (m: any) => ({
    jsonrpc: "2.0",
    method: "notifications/subscriptions/acknowledged",
    params: { _meta: { "io.modelcontextprotocol/subscriptionId": m.id }, notifications: m.params.notifications },
  });

  it("re-opens a stream that goes silent past idleTimeoutMs, and one whose event is larger than maxEventBytes", async () => {
    let opened = 0;
    const url = await scripted((m, res) => {
      sse(res);
      event(res, ack(m));
      if (++opened === 2) res.write(`data: ${"x".repeat(5000)}`); // an event that never ends
    });
    const events = client(url, { listen: { idleTimeoutMs: 100, maxEventBytes: 1000 } }).listen({ toolsListChanged: true }, { reopen: { initialMs: 1, maxMs: 5 } });
    for (let acks = 0; acks < 3; ) if ((await events.next()).value?.method === "notifications/subscriptions/acknowledged") acks++;
    await events.return!();
    expect(opened).toBeGreaterThanOrEqual(3);
  });

  it("refuses notifications sent before the acknowledgement, and gives up after maxAttempts such openings", async () => {
    let opened = 0;
    const url = await scripted((m, res) => {
      opened++;
      sse(res);
      event(res, { jsonrpc: "2.0", method: "notifications/tools/list_changed", params: { _meta: { "io.modelcontextprotocol/subscriptionId": m.id } } });
      event(res, ack(m));
    });
    const events = client(url).listen({ toolsListChanged: true }, { reopen: { initialMs: 1, maxMs: 2, maxAttempts: 3 } });
    await expect(events.next()).rejects.toThrow(/before acknowledging/);
    expect(opened).toBe(3);
  });

  it("coalesces a flood of identical notifications the consumer has not taken yet", async () => {
    const url = await scripted((m, res) => {
      sse(res);
      event(res, ack(m));
      const meta = { "io.modelcontextprotocol/subscriptionId": m.id };
      for (let i = 0; i < 10_000; i++) event(res, { jsonrpc: "2.0", method: "notifications/tools/list_changed", params: { _meta: meta } });
      event(res, { jsonrpc: "2.0", method: "notifications/resources/updated", params: { _meta: meta, uri: "x://end" } });
    });
    const events = client(url).listen({ toolsListChanged: true, resourceSubscriptions: ["x://end"] });
    expect((await events.next()).value?.method).toBe("notifications/subscriptions/acknowledged");
    await new Promise((r) => setTimeout(r, 300)); // most of the flood arrives while nobody takes
    let changes = 0;
    for (;;) {
      const e = (await events.next()).value;
      if (e?.method === "notifications/resources/updated") break;
      changes++;
    }
    expect(changes).toBeGreaterThanOrEqual(1);
    expect(changes).toBeLessThan(50); // 10 000 sent; pending ones were one
    await events.return!();
});
});
