import { describe, expect, it } from "vitest";
import { MemoryTaskStore, TaskStoppedError } from "@mrtr/tasks/server";
import { ask, call, gate, pollTask, taskServer, text } from "./helpers.js";

describe("tasks across instances sharing a store", () => {
  it("is created on A, answered through B, and its answer reaches the handler running on A", async () => {
    const store = new MemoryTaskStore();
    const [a, b] = [taskServer({ store }), taskServer({ store })];
    const ranOn: string[] = [];
    for (const [name, server] of [["A", a], ["B", b]] as const) {
      server.tool({
        name: "hello",
        task: {},
        handler: async (_x, ctx) => {
          ranOn.push(name);
          const r = await ctx.elicit("name", ask("Name?"));
          return text(`Hello, ${String((r.content as { name: string }).name)} (from ${name})`);
        },
      });
    }
    const { taskId } = await call(a, "tools/call", { name: "hello", arguments: {} });
    await pollTask(b, taskId, (t) => t.status === "input_required");
    await call(b, "tasks/update", { taskId, inputResponses: { name: { action: "accept", content: { name: "Bea" } } } });
    expect((await pollTask(b, taskId)).result.content[0].text).toBe("Hello, Bea (from A)");
    expect(ranOn).toEqual(["A"]);
    await store.close();
  });

  it("is cancelled through C, which aborts the handler on A", async () => {
    const store = new MemoryTaskStore();
    const [a, , c] = [taskServer({ store }), taskServer({ store }), taskServer({ store })];
    const aborted = gate<unknown>();
    a.tool({ name: "long", task: {}, handler: async (_x, ctx) => (await new Promise((_r, reject) => ctx.signal.addEventListener("abort", () => (aborted.open(ctx.signal.reason), reject(ctx.signal.reason))))) as never });
    const { taskId } = await call(a, "tools/call", { name: "long", arguments: {} });
    await call(c, "tasks/cancel", { taskId });
    expect(await aborted.opened).toBeInstanceOf(TaskStoppedError);
    expect((await call(a, "tasks/get", { taskId })).status).toBe("cancelled");
    await store.close();
  });

  it("fails a task whose instance stopped renewing its lease, and stops the handler if it still runs", async () => {
    const store = new MemoryTaskStore();
    // B's clock is a minute ahead: to B, A's lease (10 s) lapsed long ago, as if A had died.
    const a = taskServer({ store, leaseMs: 10_000 });
    const b = taskServer({ store, leaseMs: 10_000, now: () => Date.now() + 60_000 });
    const aborted = gate<unknown>();
    a.tool({ name: "stuck", task: {}, handler: async (_x, ctx) => (await new Promise((_r, reject) => ctx.signal.addEventListener("abort", () => (aborted.open(ctx.signal.reason), reject(ctx.signal.reason))))) as never });
    const { taskId } = await call(a, "tools/call", { name: "stuck", arguments: {} });
    expect((await call(a, "tasks/get", { taskId })).status).toBe("working");
    const failed = await call(b, "tasks/get", { taskId });
    expect(failed).toMatchObject({ status: "failed", error: { code: -32603 } });
    expect(failed.error.message).toMatch(/lease lapsed/);
    expect(await aborted.opened).toBeInstanceOf(TaskStoppedError);
    await store.close();
  });
});
