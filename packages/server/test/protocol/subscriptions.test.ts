/** subscriptions/listen (basic/patterns/subscriptions.mdx), in-process and over HTTP, with hostile listeners. */
import { describe, expect, it } from "vitest";
import { createHttpHandler, memoryChangeBus, ServerDefinitionError, type SubscriptionOptions } from "@mrtr/server";
import { errorOf, request, resultOf, server } from "../helpers.js";

const listenRequest = (notifications: Record<string, unknown>) => request("subscriptions/listen", { notifications });
const tick = () => new Promise((r) => setTimeout(r, 0));

function listening(subscriptions: SubscriptionOptions = { listChanged: true, resourceUpdates: true }) {
  return server({ subscriptions }).tool({ name: "t", handler: () => ({ content: [] }) });
}

/** Opens a stream in-process, collecting what it carries. */
function open(s: ReturnType<typeof listening>, notifications: Record<string, unknown>) {
  const got: any[] = [];
  const controller = new AbortController();
  const m = listenRequest(notifications);
  const done = s.handle(m, { signal: controller.signal, send: (n) => (got.push(n), true) });
  return { got, done, id: m.id, close: () => controller.abort() };
}

describe("subscriptions/listen", () => {
  it("acknowledges first, with the subscription id, then delivers only what the acknowledged filter names", async () => {
    const s = listening({ listChanged: { tools: true }, resourceUpdates: true });
    const a = open(s, { toolsListChanged: true, promptsListChanged: true, resourceSubscriptions: ["x://1"] });
    await tick();
    expect(a.got[0]).toEqual({
      jsonrpc: "2.0",
      method: "notifications/subscriptions/acknowledged",
      params: { _meta: { "io.modelcontextprotocol/subscriptionId": a.id }, notifications: { toolsListChanged: true, resourceSubscriptions: ["x://1"] } },
    });
    s.notify.toolsListChanged();
    s.notify.resourceUpdated("x://1");
    s.notify.resourceUpdated("x://other");
    await tick();
    expect(a.got.slice(1)).toEqual([
      { jsonrpc: "2.0", method: "notifications/tools/list_changed", params: { _meta: { "io.modelcontextprotocol/subscriptionId": a.id } } },
      { jsonrpc: "2.0", method: "notifications/resources/updated", params: { _meta: { "io.modelcontextprotocol/subscriptionId": a.id }, uri: "x://1" } },
    ]);
    expect(() => s.notify.promptsListChanged()).toThrow(ServerDefinitionError);
    a.close();
    expect(await a.done).toBeUndefined(); // closed by the client: no answer
    expect(s.activity().streams).toBe(0);
  });

  it("declares listChanged and subscribe exactly as wired, and announces registrations made while serving", async () => {
    const s = listening({ listChanged: { tools: true, prompts: true } });
    const caps = resultOf(await s.handle(request("server/discover"))).capabilities;
    expect(caps).toEqual({ tools: { listChanged: true }, prompts: { listChanged: true } });
    expect(resultOf(await s.handle(request("prompts/list"))).prompts).toEqual([]); // announced lists are served while empty
    const a = open(s, { toolsListChanged: true, promptsListChanged: true });
    await tick();
    s.tool({ name: "new1", handler: () => ({ content: [] }) }).tool({ name: "new2", handler: () => ({ content: [] }) });
    s.removePrompt("missing"); // nothing removed: nothing announced
    await tick();
    expect(a.got.map((n) => n.method)).toEqual(["notifications/subscriptions/acknowledged", "notifications/tools/list_changed"]);
    a.close();
    const plain = server().tool({ name: "t", handler: () => ({ content: [] }) });
    expect(resultOf(await plain.handle(request("server/discover"))).capabilities).toEqual({ tools: {} });
    expect(errorOf(await plain.handle(listenRequest({ toolsListChanged: true }), { send: () => true })).code).toBe(-32601);
  });

  it("ends every stream with its closing result on close(), and refuses new ones", async () => {
    const s = listening();
    const a = open(s, { toolsListChanged: true });
    await tick();
    await s.close();
    expect(resultOf(await a.done)).toEqual({ resultType: "complete", _meta: { "io.modelcontextprotocol/subscriptionId": a.id } });
    expect(errorOf(await s.handle(listenRequest({}), { send: () => true })).code).toBe(-32603);
  });

  it("closes a stream after maxDurationMs with its closing result, so clients open a fresh one", async () => {
    const s = listening({ listChanged: true, maxDurationMs: 30 });
    const a = open(s, { toolsListChanged: true });
    expect(resultOf(await a.done)._meta["io.modelcontextprotocol/subscriptionId"]).toBe(a.id);
  });

  it("shares announcements through a bus, so every instance's streams hear a change made on one", async () => {
    const bus = memoryChangeBus();
    const one = listening({ listChanged: true, bus });
    const two = listening({ listChanged: true, bus });
    const a = open(two, { toolsListChanged: true });
    await tick();
    one.notify.toolsListChanged();
    await tick();
    expect(a.got.map((n) => n.method)).toContain("notifications/tools/list_changed");
    a.close();
  });

  it("limits URIs per stream and who may follow a resource; refuses listening without a stream", async () => {
    const s = listening({ resourceUpdates: true, maxResourceSubscriptions: 2, canSubscribe: (uri) => uri !== "secret://x" });
    const a = open(s, { resourceSubscriptions: ["a://1", "secret://x"] });
    await tick();
    expect(a.got[0].params.notifications).toEqual({ resourceSubscriptions: ["a://1"] });
    expect(errorOf(await s.handle(listenRequest({ resourceSubscriptions: ["1", "2", "3"] }), { send: () => true })).code).toBe(-32602);
    expect(errorOf(await s.handle(listenRequest({}))).code).toBe(-32600);
    a.close();
  });

  it("holds each caller to its share of streams (-32603 naming the share), while another caller still opens one", async () => {
    const s = server({ subscriptions: { listChanged: true, maxStreams: 4, maxStreamsPerPrincipal: 2 }, principal: ({ request }) => (request as { user?: string } | undefined)?.user });
    const as = (user: string) => {
      const got: any[] = [];
      const controller = new AbortController();
      const m = listenRequest({ toolsListChanged: true });
      const done = s.handle(m, { request: { user }, signal: controller.signal, send: (n) => (got.push(n), true) });
      return { got, done, close: () => controller.abort() };
    };
    const a1 = as("alice");
    const a2 = as("alice");
    await tick();
    const refused = errorOf(await as("alice").done);
    expect(refused).toMatchObject({ code: -32603, data: { limit: "subscription streams", scope: "share", retryAfterSeconds: 5 } });
    expect(refused.message).toContain("maxStreamsPerPrincipal");
    const b = as("bob");
    await tick();
    expect(b.got[0].method).toBe("notifications/subscriptions/acknowledged");
    a1.close();
    await a1.done;
    const a3 = as("alice"); // one of alice's closed: her share has room again
    await tick();
    expect(a3.got).toHaveLength(1);
    for (const x of [a2, a3, b]) x.close();
  });

  it("when every stream is open, ends the one opened longest ago by the caller holding the most, with its closing result", async () => {
    const s = server({ subscriptions: { listChanged: true, maxStreams: 3, maxStreamsPerPrincipal: 2 }, principal: ({ request }) => (request as { user?: string } | undefined)?.user });
    const as = (user: string) => {
      const got: any[] = [];
      const m = listenRequest({ toolsListChanged: true });
      const controller = new AbortController();
      return { got, id: m.id, done: s.handle(m, { request: { user }, signal: controller.signal, send: (n) => (got.push(n), true) }), close: () => controller.abort() };
    };
    const m1 = as("mallory");
    await tick();
    const m2 = as("mallory");
    const b = as("bob");
    await tick();
    const c = as("carol"); // all three open: mallory's oldest makes room
    await tick();
    expect(resultOf(await m1.done)).toEqual({ resultType: "complete", _meta: { "io.modelcontextprotocol/subscriptionId": m1.id } });
    expect(c.got[0].method).toBe("notifications/subscriptions/acknowledged");
    expect(s.activity().streams).toBe(3);
    for (const x of [m2, b, c]) x.close();
  });

  it("counts callers without a principal per connection by default, and as one caller with anonymous: \"shared\"", async () => {
    for (const anonymous of ["per-peer", "shared"] as const) {
      const s = server({ anonymous, subscriptions: { listChanged: true, maxStreams: 4, maxStreamsPerPrincipal: 1 } });
      const on = (connection: object) => {
        const controller = new AbortController();
        return { done: s.handle(listenRequest({ toolsListChanged: true }), { connection, signal: controller.signal, send: () => true }), close: () => controller.abort() };
      };
      const one = on({});
      await tick();
      const two = on({});
      await tick();
      if (anonymous === "per-peer") expect(s.activity().streams).toBe(2);
      else expect(errorOf(await two.done).data).toMatchObject({ scope: "share" });
      one.close();
      two.close();
    }
  });

  it("tears down an HTTP stream whose reader stops reading, with notifications/cancelled, and frees its slot", async () => {
    const s = listening({ listChanged: true });
    const handler = createHttpHandler(s, { maxQueuedMessages: 4, heartbeatMs: 0 });
    const m = listenRequest({ toolsListChanged: true });
    const response = await handler(
      new Request("http://localhost/mcp", {
        method: "POST",
        headers: { "content-type": "application/json", "mcp-method": "subscriptions/listen", "mcp-protocol-version": "2026-07-28" },
        body: JSON.stringify(m),
      }),
    );
    expect(response.headers.get("content-type")).toBe("text/event-stream");
    expect(s.activity().streams).toBe(1);
    for (let i = 0; i < 50; i++) s.notify.toolsListChanged(); // the reader takes nothing meanwhile
    await tick();
    expect(s.activity().streams).toBe(0);
    const frames = (await response.text()).split("\n\n").filter((f) => f.startsWith("data: ")).map((f) => JSON.parse(f.slice(6)));
    expect(frames.length).toBeLessThanOrEqual(5);
    expect(frames.at(-1)).toEqual({ jsonrpc: "2.0", method: "notifications/cancelled", params: { requestId: m.id, reason: expect.any(String) } });
  });
});
