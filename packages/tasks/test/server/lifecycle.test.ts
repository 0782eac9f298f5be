import { describe, expect, it } from "vitest";
import { McpInvalidParamsError } from "@mrtr/server";
import { MemoryTaskStore, TaskStoppedError } from "@mrtr/tasks/server";
import { call, errorOf, gate, pollTask, send, sleep, taskServer, TASKS, text, WITH_TASKS } from "./helpers.js";

describe("the Tasks extension on a server", () => {
  it("is declared under capabilities.extensions by server/discover", async () => {
    const server = taskServer();
    const discovered = await call(server, "server/discover");
    expect(discovered.capabilities.extensions).toEqual({ [TASKS]: {} });
    expect(discovered.capabilities.tasks).toBeUndefined();
  });

  it("answers a task tool's call with a flat CreateTaskResult that tasks/get resolves at once", async () => {
    const server = taskServer();
    const held = gate();
    server.tool({ name: "slow", task: { ttlMs: 60_000, pollIntervalMs: 250 }, handler: async () => (await held.opened, text("done")) });
    const created = await call(server, "tools/call", { name: "slow", arguments: {} });
    expect(created).toMatchObject({ resultType: "task", status: "working", ttlMs: 60_000, pollIntervalMs: 250 });
    expect(created.taskId).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(Date.parse(created.createdAt)).not.toBeNaN();
    for (const absent of ["task", "result", "error", "inputRequests", "requestState", "content"]) expect(created).not.toHaveProperty(absent);
    const working = await call(server, "tasks/get", { taskId: created.taskId });
    expect(working).toMatchObject({ resultType: "complete", taskId: created.taskId, status: "working" });
    expect(working).not.toHaveProperty("result");
    held.open();
    const done = await pollTask(server, created.taskId);
    expect(done).toMatchObject({ status: "completed", result: { content: [{ type: "text", text: "done" }], resultType: "complete" } });
    expect(done).not.toHaveProperty("error");
  });

  it("keeps a tool error completed with isError, and fails the task only on a protocol error", async () => {
    const errors: unknown[] = [];
    const server = taskServer({}, { onError: (e) => errors.push(e) });
    server.tool({ name: "tool-error", task: {}, handler: async () => ({ ...text("bad input"), isError: true }) });
    server.tool({ name: "params-error", task: {}, handler: async () => Promise.reject(new McpInvalidParamsError("no such region")) });
    server.tool({ name: "crash", task: {}, handler: async () => Promise.reject(new Error("secret detail")) });
    const run = async (name: string) => pollTask(server, (await call(server, "tools/call", { name, arguments: {} })).taskId);
    expect(await run("tool-error")).toMatchObject({ status: "completed", result: { isError: true } });
    const params = await run("params-error");
    expect(params).toMatchObject({ status: "failed", error: { code: -32602, message: "no such region" } });
    expect(params).not.toHaveProperty("result");
    const crash = await run("crash");
    expect(crash.error).toEqual({ code: -32603, message: "Internal error" });
    expect(JSON.stringify(crash)).not.toContain("secret detail");
    expect(errors).toHaveLength(1);
  });

  it("turns the handler's progress into the task's status message", async () => {
    const server = taskServer({ statusIntervalMs: 1 });
    const held = gate();
    server.tool({
      name: "steps",
      task: {},
      handler: async (_a, ctx) => {
        ctx.progress(1, 3, "step one of three");
        await held.opened;
        return text("ok");
      },
    });
    const { taskId } = await call(server, "tools/call", { name: "steps", arguments: {} });
    const task = await pollTask(server, taskId, (t) => t.statusMessage === "step one of three");
    expect(task.status).toBe("working");
    held.open();
    await pollTask(server, taskId);
  });

  it("cancels cooperatively and idempotently: the ack is empty, the status cancelled, the handler's signal aborted", async () => {
    const server = taskServer();
    let reason: unknown;
    const stopped = gate();
    server.tool({
      name: "long",
      task: {},
      handler: async (_a, ctx) => {
        try {
          await sleep(60_000, ctx.signal);
        } catch (e) {
          reason = e;
          stopped.open();
        }
        return text("finished anyway");
      },
    });
    const { taskId } = await call(server, "tools/call", { name: "long", arguments: {} });
    expect(await call(server, "tasks/cancel", { taskId })).toEqual({ resultType: "complete" });
    await stopped.opened;
    expect(reason).toBeInstanceOf(TaskStoppedError);
    expect(await call(server, "tasks/get", { taskId })).toMatchObject({ status: "cancelled" });
    await new Promise((r) => setTimeout(r, 20));
    // What the handler returned after the cancellation changes nothing.
    expect((await call(server, "tasks/get", { taskId })).status).toBe("cancelled");
    expect(await call(server, "tasks/cancel", { taskId })).toEqual({ resultType: "complete" });
  });

  it("refuses tasks/* without the extension (-32021 naming it) and runs a task tool synchronously for such a client", async () => {
    const server = taskServer();
    server.tool({ name: "either", task: {}, handler: async () => text("sync is fine") });
    server.tool({ name: "only-task", task: { required: true }, handler: async () => text("never") });
    for (const method of ["tasks/get", "tasks/cancel"]) {
      const error = errorOf(await send(server, method, { taskId: "x" }, { elicitation: {} }));
      expect(error.code).toBe(-32021);
      expect(error.data.requiredCapabilities).toEqual({ extensions: { [TASKS]: {} } });
    }
    expect(errorOf(await send(server, "tasks/update", { taskId: "x", inputResponses: {} }, {})).code).toBe(-32021);
    expect(await call(server, "tools/call", { name: "either", arguments: {} }, {})).toMatchObject({ resultType: "complete", content: [{ text: "sync is fine" }] });
    const refused = errorOf(await send(server, "tools/call", { name: "only-task", arguments: {} }, {}));
    expect(refused).toMatchObject({ code: -32021, data: { requiredCapabilities: { extensions: { [TASKS]: {} } } } });
  });

  it("never makes a task of a tool that declares none, and knows no tasks/list or tasks/result", async () => {
    const server = taskServer();
    server.tool({ name: "plain", handler: async () => text("plain") });
    const result = await call(server, "tools/call", { name: "plain", arguments: {}, task: { ttl: 1000 } });
    expect(result).toMatchObject({ resultType: "complete" });
    expect(result).not.toHaveProperty("taskId");
    for (const method of ["tasks/list", "tasks/result"]) expect(errorOf(await send(server, method, { taskId: "x" })).code).toBe(-32601);
  });

  it("answers an unknown task id and a malformed request with -32602", async () => {
    const server = taskServer();
    const unknown = errorOf(await send(server, "tasks/get", { taskId: "no-such-task" }));
    expect(unknown.code).toBe(-32602);
    expect(unknown.message).toMatch(/Task not found/);
    expect(errorOf(await send(server, "tasks/get", { taskId: 42 })).code).toBe(-32602);
    expect(errorOf(await send(server, "tasks/update", { taskId: "x", inputResponses: [] })).code).toBe(-32602);
    expect(errorOf(await send(server, "tasks/get", {}, WITH_TASKS)).code).toBe(-32602);
  });

  it("keeps a task for its ttlMs and not after; a tool's ttlMs is cut to maxTtlMs", async () => {
    let now = Date.parse("2026-12-01T00:00:00Z");
    {
      const server = taskServer({ now: () => now, maxTtlMs: 10_000, defaultTtlMs: 5_000 });
      server.tool({ name: "quick", task: { ttlMs: 60_000 }, handler: async () => text("quick") });
      const { taskId, ttlMs } = await call(server, "tools/call", { name: "quick", arguments: {} });
      expect(ttlMs).toBe(10_000);
      await pollTask(server, taskId);
      now += 9_999;
      expect((await call(server, "tasks/get", { taskId })).status).toBe("completed");
      now += 1;
      expect(errorOf(await send(server, "tasks/get", { taskId })).code).toBe(-32602);
    }
  });

  it("fails the tasks still running when the server closes, and leaves a store it was given open", async () => {
    const store = new MemoryTaskStore();
    const closing = taskServer({ store });
    const staying = taskServer({ store });
    let heard: unknown;
    closing.tool({ name: "forever", task: {}, handler: async (_a, ctx) => (await sleep(60_000, ctx.signal).catch(() => (heard = ctx.signal.reason)), text("never")) });
    const { taskId } = await call(closing, "tools/call", { name: "forever", arguments: {} });
    await closing.close();
    const task = await call(staying, "tasks/get", { taskId });
    expect(task).toMatchObject({ status: "failed", error: { code: -32603 } });
    expect(task.error.message).toMatch(/server stopped/);
    // Its handler was told, so it stops too instead of running on past the server's end.
    await new Promise((r) => setTimeout(r, 10));
    expect(heard).toMatchObject({ name: "TaskStoppedError", why: "closing" });
    await store.close();
  });
});
