import { describe, expect, it } from "vitest";
import { call, errorOf, gate, pollTask, send, taskServer, text, WITH_TASKS } from "./helpers.js";

/** A server whose principal is the transport's `user`. */
const byUser = (options: Parameters<typeof taskServer>[0] = {}) =>
  taskServer(options, { principal: ({ request }) => (request as { user?: string } | undefined)?.user });
const alice = { user: "alice" };
const mallory = { user: "mallory" };

describe("tasks belong to the principal that created them", () => {
  it("gives another principal the same -32602 as an unknown id, for get, update and cancel", async () => {
    const server = byUser();
    const held = gate();
    server.tool({ name: "mine", task: {}, handler: async () => (await held.opened, text("alice's")) });
    const { taskId } = await call(server, "tools/call", { name: "mine", arguments: {} }, WITH_TASKS, alice);
    const unknown = errorOf(await send(server, "tasks/get", { taskId: "no-such-task" }, WITH_TASKS, mallory));
    for (const [method, params] of [
      ["tasks/get", { taskId }],
      ["tasks/update", { taskId, inputResponses: {} }],
      ["tasks/cancel", { taskId }],
    ] as const) {
      expect(errorOf(await send(server, method, params, WITH_TASKS, mallory))).toEqual(unknown);
    }
    // Nothing Mallory sent changed Alice's task.
    expect((await call(server, "tasks/get", { taskId }, WITH_TASKS, alice)).status).toBe("working");
    held.open();
    expect((await pollTask(server, taskId, undefined, 5_000, alice)).status).toBe("completed");
  });

  it("mints ids of 128 random bits, distinct across many tasks", async () => {
    const server = taskServer({ maxTasksPerPrincipal: 500 });
    server.tool({ name: "t", task: {}, handler: async () => text("x") });
    const ids = new Set<string>();
    for (let i = 0; i < 300; i++) ids.add((await call(server, "tools/call", { name: "t", arguments: {} })).taskId);
    expect(ids.size).toBe(300);
    for (const id of ids) expect(Buffer.from(id, "base64url")).toHaveLength(16);
  });
});

describe("task limits", () => {
  it("bounds a flood of task creations per principal, leaving other principals served", async () => {
    const server = byUser({ maxTasksPerPrincipal: 10 });
    const held = gate();
    server.tool({ name: "t", task: {}, handler: async () => (await held.opened, text("x")) });
    const answers = await Promise.all(Array.from({ length: 200 }, () => send(server, "tools/call", { name: "t", arguments: {} }, WITH_TASKS, mallory)));
    const created = answers.filter((a) => (a as { result?: unknown }).result !== undefined);
    const refused = answers.filter((a) => (a as { error?: unknown }).error !== undefined).map(errorOf);
    expect(created).toHaveLength(10);
    expect(refused).toHaveLength(190);
    expect(new Set(refused.map((e) => e.code))).toEqual(new Set([-32603]));
    expect(refused[0]!.message).toMatch(/Too many tasks: this caller holds 10/);
    expect((await call(server, "tools/call", { name: "t", arguments: {} }, WITH_TASKS, alice)).resultType).toBe("task");
    held.open();
  });

  it("holds each caller to its share of running tasks (-32603 naming it), while another caller's task still runs", async () => {
    const server = byUser({ maxRunning: 6, maxRunningPerPrincipal: 3 });
    const held = gate();
    server.tool({ name: "t", task: {}, handler: async () => (await held.opened, text("x")) });
    for (let i = 0; i < 3; i++) await call(server, "tools/call", { name: "t", arguments: {} }, WITH_TASKS, mallory);
    const refused = errorOf(await send(server, "tools/call", { name: "t", arguments: {} }, WITH_TASKS, mallory));
    expect(refused).toMatchObject({ code: -32603, data: { limit: "running tasks", scope: "share", retryAfterSeconds: 5 } });
    expect(refused.message).toContain("maxRunningPerPrincipal");
    expect((await call(server, "tools/call", { name: "t", arguments: {} }, WITH_TASKS, alice)).resultType).toBe("task");
    held.open();
  });

  it("when every slot runs, fails the task waiting longest for input of the caller running the most, saying so; working tasks are never stopped", async () => {
    const server = byUser({ maxRunning: 3, maxRunningPerPrincipal: 2 });
    const held = gate();
    const stopped: string[] = [];
    server.tool({
      name: "asks",
      task: {},
      handler: async (_a, ctx) => {
        ctx.signal.addEventListener("abort", () => stopped.push(String((ctx.signal.reason as Error).message)));
        await ctx.elicit("q", { message: "go?", requestedSchema: { type: "object", properties: {} } });
        return text("answered");
      },
    });
    server.tool({ name: "works", task: {}, handler: async () => (await held.opened, text("worked")) });
    const parked = [];
    for (let i = 0; i < 2; i++) parked.push((await call(server, "tools/call", { name: "asks", arguments: {} }, WITH_TASKS, mallory)).taskId);
    for (const id of parked) await pollTask(server, id, (t) => t.status === "input_required", 5_000, mallory);
    const busy = (await call(server, "tools/call", { name: "works", arguments: {} }, WITH_TASKS, alice)).taskId;
    // All three run: bob's call makes room from mallory's parked tasks (the one parked first), not from alice's working one.
    const bob = (await call(server, "tools/call", { name: "works", arguments: {} }, WITH_TASKS, { user: "bob" })).taskId;
    const failed = await pollTask(server, parked[0]!, undefined, 5_000, mallory);
    expect(failed).toMatchObject({ status: "failed", error: { code: -32603, message: expect.stringContaining("to make room for other callers' tasks") } });
    expect((await call(server, "tasks/get", { taskId: parked[1] }, WITH_TASKS, mallory)).status).toBe("input_required");
    expect(stopped).toEqual([expect.stringContaining("make room")]); // the stopped handler heard it on its signal
    // Nothing left waiting for input but mallory's second, then nothing at all: with every slot working, a newcomer is refused.
    await call(server, "tools/call", { name: "works", arguments: {} }, WITH_TASKS, { user: "carol" });
    const full = errorOf(await send(server, "tools/call", { name: "works", arguments: {} }, WITH_TASKS, { user: "dave" }));
    expect(full).toMatchObject({ code: -32603, data: { scope: "total" } });
    held.open();
    for (const id of [busy]) expect((await pollTask(server, id, undefined, 5_000, alice)).status).toBe("completed");
    expect((await pollTask(server, bob, undefined, 5_000, { user: "bob" })).status).toBe("completed");
  });

  it("fails a task whose result is over maxResultBytes rather than storing it", async () => {
    const server = taskServer({ maxResultBytes: 1_000 });
    server.tool({ name: "big", task: {}, handler: async () => text("x".repeat(5_000)) });
    const { taskId } = await call(server, "tools/call", { name: "big", arguments: {} });
    const failed = await pollTask(server, taskId);
    expect(failed).toMatchObject({ status: "failed", error: { code: -32603 } });
    expect(failed.error.message).toMatch(/over this server's limit of 1000/);
  });

  it("fails a task that asks more questions than maxInputRequests", async () => {
    const server = taskServer({ maxInputRequests: 2 });
    server.tool({
      name: "greedy",
      task: {},
      handler: async (_a, ctx) => {
        await Promise.all(["a", "b", "c"].map((k) => ctx.elicit(k, { message: k, requestedSchema: { type: "object", properties: {} } })));
        return text("never");
      },
    });
    const { taskId } = await call(server, "tools/call", { name: "greedy", arguments: {} });
    const failed = await pollTask(server, taskId);
    expect(failed).toMatchObject({ status: "failed" });
    expect(failed.error.message).toMatch(/more than 2 questions/);
  });

  it("refuses limits that are not whole numbers of at least 1 at creation", () => {
    expect(() => taskServer({ maxTasksPerPrincipal: 0 })).toThrow(/maxTasksPerPrincipal/);
    expect(() => taskServer({ leaseMs: 1.5 })).toThrow(/leaseMs/);
    expect(() => taskServer({ defaultTtlMs: 10, maxTtlMs: 5 })).toThrow(/defaultTtlMs/);
  });
});
