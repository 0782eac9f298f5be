/**
 * Listen streams and extensions: an extension names the notifications it
 * takes on listen streams (`listenNotifications`), and only those pass
 * besides the core's; a filter carries the extension's own fields; the
 * extension opens a stream itself (`host.listen`: one opening, no
 * re-opening) that ends with its signal or the client; an extension's
 * notifications never touch the cache.
 */
import { describe, expect, it } from "vitest";
import { createClient, JsonRpcError, McpClientError, type Transport } from "@mrtr/client";
import { defineClientExtension, type ClientExtensionHost } from "@mrtr/client/plugin";
import type { JSONRPCNotification } from "@mrtr/schema";

const ID = "example.com/jobs";
const SUB = "io.modelcontextprotocol/subscriptionId";

/** A server whose listen streams send `messages` (each given the stream's subscription id unless it has one) and then stay open. */
function streaming(messages: (id: unknown) => Record<string, any>[], refuse?: { code: number; message: string }) {
  const filters: Record<string, unknown>[] = [];
  const lists: unknown[] = [];
  let open = 0;
  const transport: Transport = {
    async request(message) {
      if (message.method === "tools/list") lists.push(message.id);
      if (message.method === "tools/list") return { jsonrpc: "2.0", id: message.id, result: { resultType: "complete", tools: [], ttlMs: 60_000, cacheScope: "public" } };
      return { jsonrpc: "2.0", id: message.id, result: { resultType: "complete" } };
    },
    async listen(message, { signal, onMessage }) {
      if (refuse) return { jsonrpc: "2.0", id: message.id, error: refuse };
      filters.push((message.params as { notifications: Record<string, unknown> }).notifications);
      open++;
      for (const m of messages(message.id)) onMessage?.({ jsonrpc: "2.0", ...m, params: { ...m.params, _meta: m.params?._meta ?? { [SUB]: message.id } } });
      return new Promise((_, reject) =>
        signal!.addEventListener("abort", () => {
          open--;
          reject(signal!.reason);
        }),
      );
    },
  };
  return { transport, filters, lists, open: () => open };
}

const ack = (notifications: Record<string, unknown>) => ({ method: "notifications/subscriptions/acknowledged", params: { notifications } });

function withJobs(transport: Transport) {
  let host!: ClientExtensionHost;
  const extension = defineClientExtension({
    id: ID,
    // The second sits in the tools family's namespace: the cache must still not read it as tools/list_changed.
    listenNotifications: ["notifications/jobs", "notifications/tools/jobs"],
    attach: (h) => void (host = h),
    continue: async () => ({ resultType: "complete", content: [] }),
  });
  const client = createClient({ transport, name: "c", version: "1", extensions: [extension] });
  return { client, host: () => host };
}

const settle = () => new Promise((r) => setTimeout(r, 5));

describe("listen streams and extensions", () => {
  it("host.listen sends the extension's filter fields and passes the acknowledgement and the extension's notifications, no others", async () => {
    const server = streaming(() => [
      ack({ jobIds: ["j-1"] }),
      { method: "notifications/jobs", params: { jobId: "j-1", state: "done" } },
      { method: "notifications/other", params: { x: 1 } },
      { method: "notifications/jobs", params: { jobId: "j-1", _meta: { [SUB]: "another stream" } } },
      { method: "notifications/tools/list_changed", params: {} },
    ]);
    const { host } = withJobs(server.transport);
    const events: (JSONRPCNotification | { method: string })[] = [];
    const stop = new AbortController();
    const ended = host().listen({ jobIds: ["j-1"] }, { signal: stop.signal, onEvent: (e) => events.push(e) });
    await settle();
    expect(server.filters).toEqual([{ jobIds: ["j-1"] }]);
    expect(events.map((e) => e.method)).toEqual(["notifications/subscriptions/acknowledged", "notifications/jobs", "notifications/tools/list_changed"]);
    expect(events[1]).toMatchObject({ params: { jobId: "j-1", state: "done" } });
    stop.abort();
    await expect(ended).resolves.toEqual({ acknowledged: true });
    expect(server.open()).toBe(0);
  });

  it("host.listen opens once: a refusal rejects with the server's error, nothing is retried", async () => {
    const server = streaming(() => [], { code: -32601, message: "Method not found" });
    const { host } = withJobs(server.transport);
    await expect(host().listen({ jobIds: ["j-1"] }, { signal: new AbortController().signal, onEvent: () => undefined })).rejects.toBeInstanceOf(JsonRpcError);
  });

  it("client.close() ends an extension's stream, and a closed client opens none", async () => {
    const server = streaming(() => [ack({})]);
    const { client, host } = withJobs(server.transport);
    const ended = host().listen({ jobIds: [] }, { signal: new AbortController().signal, onEvent: () => undefined });
    await settle();
    expect(server.open()).toBe(1);
    await client.close();
    await expect(ended).resolves.toEqual({ acknowledged: true });
    expect(server.open()).toBe(0);
    expect(() => host().listen({}, { signal: new AbortController().signal, onEvent: () => undefined })).toThrow(McpClientError);
  });

  it("client.listen yields an extension's notifications when the filter asks for them, and they leave the cache alone", async () => {
    const server = streaming(() => [
      ack({ jobIds: ["j-1"] }),
      { method: "notifications/jobs", params: { jobId: "j-1" } },
      { method: "notifications/other", params: {} },
      { method: "notifications/tools/jobs", params: {} },
    ]);
    const { client } = withJobs(server.transport);
    await client.listTools();
    const stop = new AbortController();
    const events: { method: string }[] = [];
    for await (const event of client.listen<JSONRPCNotification>({ jobIds: ["j-1"] }, { signal: stop.signal })) {
      events.push(event);
      if (events.length === 3) stop.abort();
    }
    expect(events.map((e) => e.method)).toEqual(["notifications/subscriptions/acknowledged", "notifications/jobs", "notifications/tools/jobs"]);
    await client.listTools();
    // Still kept: the second listTools was served from the cache.
    expect(server.lists).toHaveLength(1);
  });

  it("without the extension, its notifications are dropped from client.listen as any unknown method", async () => {
    const server = streaming(() => [ack({}), { method: "notifications/jobs", params: {} }, { method: "notifications/tools/list_changed", params: {} }]);
    const client = createClient({ transport: server.transport, name: "c", version: "1" });
    const stop = new AbortController();
    const events: string[] = [];
    for await (const event of client.listen({ toolsListChanged: true }, { signal: stop.signal })) {
      events.push(event.method);
      if (events.length === 2) stop.abort();
    }
    expect(events).toEqual(["notifications/subscriptions/acknowledged", "notifications/tools/list_changed"]);
  });

  it("refuses an extension that would take the core's notifications or the cancellation that ends a stream", () => {
    for (const method of ["notifications/tools/list_changed", "notifications/subscriptions/acknowledged", "notifications/cancelled", "tasks/get"]) {
      expect(() => defineClientExtension({ id: ID, listenNotifications: [method], continue: async () => ({}) })).toThrow(McpClientError);
    }
  });

  it("hands continue the host of the client making the call, so one extension given to two clients tells them apart", async () => {
    const seen: unknown[] = [];
    const extension = defineClientExtension({
      id: ID,
      results: { "tools/call": ["job"] },
      continue: async (_result, _call, host) => (seen.push(host.client), { resultType: "complete", content: [] }),
    });
    const transport: Transport = { request: async (m) => ({ jsonrpc: "2.0", id: m.id, result: { resultType: "job" } }) };
    const [a, b] = [createClient({ transport, name: "a", version: "1", extensions: [extension] }), createClient({ transport, name: "b", version: "1", extensions: [extension] })];
    await a.callTool("t");
    await b.callTool("t");
    expect(seen).toEqual([a, b]);
  });
});
