/**
 * Following tasks by `notifications/tasks` on a listen stream: against a
 * server that offers them the client learns each state without polling
 * `tasks/get`; a server that does not (listen refused, or an
 * acknowledgement without `taskIds`) is polled; a stream that drops falls
 * back to polling; tasks the acknowledgement leaves out are polled; and no
 * stream or timer outlives the calls that needed it.
 */
import { describe, expect, it } from "vitest";
import { createClient, FlowAbortedError, type Transport } from "@mrtr/client";
import { inProcessTransport } from "@mrtr/server";
import { tasksClient, type TasksClientOptions } from "@mrtr/tasks/client";
import { taskServer } from "./fixtures/task-server.js";

/** Between a client and the in-process task server: counts requests by method, tracks open listen streams, and can refuse, alter or drop them. */
function wire(options: { pollIntervalMs?: number; refuseListen?: boolean; alterAck?: (n: Record<string, unknown>) => Record<string, unknown>; failListenAfter?: number } = {}) {
  const peer = taskServer({ pollIntervalMs: options.pollIntervalMs ?? 200 });
  const inner = inProcessTransport(peer.server);
  const sent: { method: string; params: Record<string, any> }[] = [];
  const streams = new Set<AbortController>();
  const transport: Transport = {
    async request(message, o = {}) {
      sent.push({ method: message.method, params: JSON.parse(JSON.stringify(message.params ?? {})) });
      if (message.method !== "subscriptions/listen") return inner.request(message, o);
      if (options.refuseListen) return { jsonrpc: "2.0", id: message.id, error: { code: -32601, message: "Method not found" } };
      if (options.failListenAfter !== undefined && sent.filter((s) => s.method === "subscriptions/listen").length > options.failListenAfter) throw new Error("connection refused");
      const stream = new AbortController();
      streams.add(stream);
      const onMessage = (m: Record<string, any>) => {
        if (m.method === "notifications/subscriptions/acknowledged" && options.alterAck) m = { ...m, params: { ...m.params, notifications: options.alterAck(m.params.notifications) } };
        o.onMessage?.(m);
      };
      try {
        return await inner.request(message, { signal: AbortSignal.any([stream.signal, ...(o.signal ? [o.signal] : [])]), onMessage });
      } finally {
        streams.delete(stream);
      }
    },
  };
  const client = (o: TasksClientOptions = {}) => createClient({ transport, name: "listener", version: "1", extensions: [tasksClient({ minPollMs: 5, maxPollMs: 5_000, ...o })] });
  return {
    client,
    count: (method: string) => sent.filter((s) => s.method === method).length,
    /** The tasks polled with tasks/get. */
    polled: () => new Set(sent.filter((s) => s.method === "tasks/get").map((s) => s.params.taskId as string)),
    listens: () => sent.filter((s) => s.method === "subscriptions/listen").map((s) => s.params.notifications as { taskIds: string[] }),
    open: () => streams.size,
    /** Drops every open stream, as a lost connection would. */
    drop: () => streams.forEach((s) => s.abort(new Error("connection lost"))),
  };
}

const textOf = (r: { content: unknown[] }) => (r.content[0] as { text: string }).text;
const until = async (check: () => boolean, ms = 3_000) => {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error("condition not met in time");
    await new Promise((r) => setTimeout(r, 5));
  }
};
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe("tasks followed by notifications/tasks", () => {
  it("learns a task's completion from the stream, without tasks/get, and closes the stream after", async () => {
    const w = wire();
    const result = await w.client().callTool("slow", { ms: 300, label: "heard" });
    expect(textOf(result)).toBe("slow heard after 300 ms");
    expect(w.count("tasks/get")).toBe(0);
    expect(w.listens()).toHaveLength(1);
    expect(w.listens()[0]!.taskIds).toHaveLength(1);
    await until(() => w.open() === 0);
  });

  it('with follow: "poll", polls and opens no stream', async () => {
    const w = wire({ pollIntervalMs: 20 });
    expect(textOf(await w.client({ follow: "poll" }).callTool("slow", { ms: 150 }))).toBe("slow done after 150 ms");
    expect(w.count("tasks/get")).toBeGreaterThanOrEqual(2);
    expect(w.count("subscriptions/listen")).toBe(0);
  });

  it("against a server refusing listen streams, polls, and does not ask again for the client's next task", async () => {
    const w = wire({ pollIntervalMs: 20, refuseListen: true });
    const client = w.client();
    expect(textOf(await client.callTool("slow", { ms: 100, label: "a" }))).toBe("slow a after 100 ms");
    expect(textOf(await client.callTool("slow", { ms: 100, label: "b" }))).toBe("slow b after 100 ms");
    expect(w.count("tasks/get")).toBeGreaterThanOrEqual(2);
    expect(w.count("subscriptions/listen")).toBe(1);
  });

  it("against a server whose acknowledgement names no taskIds (it does not report tasks), polls and closes the stream", async () => {
    const w = wire({ pollIntervalMs: 20, alterAck: ({ taskIds: _, ...rest }) => rest });
    const client = w.client();
    expect(textOf(await client.callTool("slow", { ms: 150 }))).toBe("slow done after 150 ms");
    expect(w.count("tasks/get")).toBeGreaterThanOrEqual(2);
    expect(w.open()).toBe(0);
    await client.callTool("quick");
    expect(w.count("subscriptions/listen")).toBe(1);
  });

  it("polls the task the acknowledgement leaves out, and only that one", async () => {
    const w = wire({ alterAck: (n) => ({ ...n, taskIds: (n.taskIds as string[]).slice(0, 1) }) });
    const client = w.client();
    const [a, b] = await Promise.all([client.callTool("slow", { ms: 450, label: "a" }), client.callTool("slow", { ms: 450, label: "b" })]);
    expect([textOf(a), textOf(b)]).toEqual(["slow a after 450 ms", "slow b after 450 ms"]);
    const asked = w.listens().at(-1)!.taskIds;
    expect(asked).toHaveLength(2);
    expect([...w.polled()]).toEqual([asked[1]]);
  });

  it("keeps at most maxListenTaskIds on the stream: a burst opens it once, the task beyond the cap is polled", async () => {
    const w = wire();
    const client = w.client({ maxListenTaskIds: 2 });
    const results = await Promise.all(["a", "b", "c"].map((label) => client.callTool("slow", { ms: 450, label })));
    expect(results.map(textOf)).toEqual(["a", "b", "c"].map((l) => `slow ${l} after 450 ms`));
    // One stream for the burst (another may follow, once a task's end makes room for the third).
    const covered = w.listens()[0]!.taskIds;
    for (const filter of w.listens()) expect(filter.taskIds.length).toBeLessThanOrEqual(2);
    expect(covered).toHaveLength(2);
    expect(w.polled().size).toBe(1);
    for (const id of covered) expect(w.polled().has(id)).toBe(false);
  });

  it("falls back to polling when the stream drops mid-follow, and still completes", async () => {
    const w = wire({ pollIntervalMs: 20, failListenAfter: 1 });
    const client = w.client();
    const call = client.callTool("slow", { ms: 400, label: "dropped" });
    await until(() => w.open() === 1);
    await sleep(30);
    const before = w.count("tasks/get");
    w.drop();
    expect(textOf(await call)).toBe("slow dropped after 400 ms");
    expect(w.count("tasks/get")).toBeGreaterThan(before + 2);
    expect(w.open()).toBe(0);
  });

  it("an aborted call leaves no stream open and none opened later", async () => {
    const w = wire();
    const client = w.client();
    const controller = new AbortController();
    const call = client.callTool("until_cancelled", {}, { signal: controller.signal });
    await until(() => w.open() === 1);
    controller.abort();
    await expect(call).rejects.toBeInstanceOf(FlowAbortedError);
    await until(() => w.open() === 0);
    const listens = w.count("subscriptions/listen");
    await sleep(600);
    expect(w.count("subscriptions/listen")).toBe(listens);
    expect(w.count("tasks/cancel")).toBe(1);
  });

  it("client.close() ends the stream, and no stream is opened after", async () => {
    const w = wire();
    const client = w.client();
    const call = client.callTool("slow", { ms: 300 }).catch((e: unknown) => e);
    await until(() => w.open() === 1);
    const listens = w.count("subscriptions/listen");
    await client.close();
    await until(() => w.open() === 0);
    // The in-process transport has nothing to close, so the call may still end; no stream is opened for it.
    await call;
    await sleep(600);
    expect(w.count("subscriptions/listen")).toBe(listens);
    expect(w.open()).toBe(0);
  });
});

describe("a hostile server's notifications/tasks", () => {
  const NOW = "2026-07-28T10:00:00Z";
  const task = (taskId: string, status: string, extra: Record<string, unknown> = {}) => ({ taskId, status, createdAt: NOW, lastUpdatedAt: NOW, ttlMs: null, pollIntervalMs: 60_000, ...extra });
  const done = (text: string) => ({ result: { content: [{ type: "text", text }] } });

  /** A server that hands out task t-1 and, on a listen stream, sends `flood(subscriptionId)` at once, then keeps the stream open. */
  function scriptedServer(flood: (sub: unknown) => Record<string, unknown>[]) {
    const counts = new Map<string, number>();
    const transport: Transport = {
      async request(message, o = {}) {
        counts.set(message.method, (counts.get(message.method) ?? 0) + 1);
        if (message.method === "tools/call") return { jsonrpc: "2.0", id: message.id, result: { resultType: "task", ...task("t-1", "working") } };
        if (message.method !== "subscriptions/listen") return { jsonrpc: "2.0", id: message.id, result: { resultType: "complete", ...task("t-1", "working") } };
        for (const m of flood(message.id)) o.onMessage?.({ jsonrpc: "2.0", ...m });
        return new Promise((_, reject) => o.signal?.addEventListener("abort", () => reject(o.signal!.reason), { once: true }));
      },
    };
    return { transport, count: (method: string) => counts.get(method) ?? 0 };
  }
  const on = (sub: unknown, method: string, params: Record<string, unknown>) => ({ method, params: { ...params, _meta: { "io.modelcontextprotocol/subscriptionId": sub } } });

  it("ignores states of tasks it does not follow or did not ask for, of other streams, and malformed ones; takes the task's own", async () => {
    const server = scriptedServer((sub) => [
      on(sub, "notifications/subscriptions/acknowledged", { notifications: { taskIds: ["t-1", "t-9", 42, ...Array.from({ length: 1_000 }, (_, i) => `x-${i}`)] } }),
      ...Array.from({ length: 2_000 }, (_, i) => on(sub, "notifications/tasks", task(`t-${(i % 9) + 2}`, "completed", done("not yours")))),
      on("another stream", "notifications/tasks", task("t-1", "completed", done("wrong stream"))),
      on(sub, "notifications/tasks", task("t-1", "completed")),
      on(sub, "notifications/tasks", { ...task("t-1", "failed"), error: "not an error object" }),
      on(sub, "notifications/tasks", task("t-1", "completed", done("right"))),
    ]);
    const states: string[] = [];
    const client = createClient({ transport: server.transport, name: "wary", version: "1", extensions: [tasksClient({ onTask: (t) => states.push(t.status) })] });
    const started = Date.now();
    expect(textOf(await client.callTool("x"))).toBe("right");
    expect(Date.now() - started).toBeLessThan(2_000);
    expect(server.count("tasks/get")).toBe(0);
    expect(states).toEqual(["working", "completed"]);
  });

  it("a flood of one followed task's states is taken one by one, each asked about once, and ends with the final one", async () => {
    const asked: string[] = [];
    const question = { method: "elicitation/create", params: { mode: "form", message: "Name?", requestedSchema: { type: "object", properties: { name: { type: "string" } } } } };
    const server = scriptedServer((sub) => [
      on(sub, "notifications/subscriptions/acknowledged", { notifications: { taskIds: ["t-1"] } }),
      ...Array.from({ length: 500 }, () => on(sub, "notifications/tasks", task("t-1", "input_required", { inputRequests: { name: question } }))),
    ]);
    const client = createClient({
      transport: server.transport,
      name: "wary",
      version: "1",
      extensions: [tasksClient({ cancelTimeoutMs: 50 })],
      elicitation: { form: async (_p, info) => (asked.push(info.key), { action: "accept", content: { name: "x" } }) },
    });
    const controller = new AbortController();
    const call = client.callTool("x", {}, { signal: controller.signal }).catch((e: unknown) => e);
    await until(() => server.count("tasks/update") === 1);
    controller.abort();
    expect(await call).toBeInstanceOf(FlowAbortedError);
    expect(asked).toEqual(["name"]);
    expect(server.count("tasks/get")).toBe(0);
  });
});
