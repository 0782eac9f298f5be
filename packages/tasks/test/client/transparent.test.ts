/**
 * callTool against a task-capable @mrtr/server (in process): the plugin
 * follows the task to its end with the same handlers, so the caller sees
 * only the final result, or the error the task ended with.
 */
import { describe, expect, it } from "vitest";
import { createClient, FlowAbortedError, JsonRpcError, type FormHandler } from "@mrtr/client";
import { inProcessTransport } from "@mrtr/server";
import { TASKS_EXTENSION_ID } from "@mrtr/tasks";
import { TaskCancelledError, tasksClient } from "@mrtr/tasks/client";
import { cancelTask } from "@mrtr/tasks/client";
import { recording } from "./fixtures/recording.js";
import { taskServer } from "./fixtures/task-server.js";

// Polling only: these tests count tasks/get; the listen stream's part is notifications.test.ts.
const FAST = { minPollMs: 5, maxPollMs: 50, follow: "poll" } as const;

function setup(form?: FormHandler, options: Parameters<typeof tasksClient>[0] = FAST) {
  const peer = taskServer();
  const rec = recording(inProcessTransport(peer.server));
  const client = createClient({ transport: rec.transport, name: "tasks-test", version: "1", extensions: [tasksClient(options)], ...(form && { elicitation: { form } }) });
  return { ...peer, rec, client };
}

const textOf = (r: { content: unknown[] }) => (r.content[0] as { text: string }).text;

describe("transparent tool calls with the tasks plugin", () => {
  it("declares the extension in every request's _meta capabilities, and in client.capabilities", async () => {
    const { client, rec } = setup();
    await client.callTool("quick");
    expect(client.capabilities.extensions).toEqual({ [TASKS_EXTENSION_ID]: {} });
    expect(rec.log.length).toBeGreaterThanOrEqual(2);
    for (const { request } of rec.log) {
      expect(request.params._meta["io.modelcontextprotocol/clientCapabilities"].extensions).toEqual({ [TASKS_EXTENSION_ID]: {} });
      expect(request.params._meta["io.modelcontextprotocol/protocolVersion"]).toBe("2026-07-28");
    }
  });

  it("resolves callTool with the final result of a task that completes at once, after polling tasks/get", async () => {
    const { client, rec } = setup();
    const result = await client.callTool("quick");
    expect(textOf(result)).toBe("quick done");
    expect(rec.sent("tools/call")[0]!.response!.result!.resultType).toBe("task");
    const gets = rec.sent("tasks/get");
    expect(gets.length).toBeGreaterThanOrEqual(1);
    expect(gets.at(-1)!.response!.result!.status).toBe("completed");
  });

  it("keeps polling a slow task until it completes", async () => {
    const { client, rec } = setup();
    const result = await client.callTool("slow", { ms: 120, label: "report" });
    expect(textOf(result)).toBe("slow report after 120 ms");
    const statuses = rec.sent("tasks/get").map((e) => e.response!.result!.status);
    expect(statuses).toContain("working");
    expect(statuses.at(-1)).toBe("completed");
  });

  it("answers input_required over several rounds, two questions at once, each answer sent as its handler finishes, no key asked twice", async () => {
    let rec!: ReturnType<typeof setup>["rec"];
    const asked: string[] = [];
    const pollsShowing = (key: string) => rec.sent("tasks/get").filter((e) => e.response?.result?.inputRequests?.[key]).length;
    const updated = (key: string) => rec.sent("tasks/update").some((e) => key in e.request.params.inputResponses);
    const form: FormHandler = async (params, info) => {
      asked.push(info.key);
      // "first" is answered only after the question was seen on two polls (so deduplication is tested);
      // "second" only once "first" was sent on its own (a partial set).
      if (info.key === "first") await rec.until(() => pollsShowing("first") >= 2);
      if (info.key === "second") await rec.until(() => updated("first"));
      return { action: "accept", content: { name: params.message.split(" ")[0]!.toLowerCase() } };
    };
    const s = setup(form);
    rec = s.rec;
    const result = await s.client.callTool("interview");
    expect(textOf(result)).toBe("first, second, third");
    expect(asked.sort()).toEqual(["first", "second", "third"]);
    const updates = rec.sent("tasks/update").map((e) => Object.keys(e.request.params.inputResponses));
    expect(updates).toEqual([["first"], ["second"], ["third"]]);
    for (const u of rec.sent("tasks/update")) expect(u.response!.result).toEqual({ resultType: "complete" });
  });

  it("resolves with an isError result: a tool error is a completed task, not a failure", async () => {
    const { client } = setup();
    const result = await client.callTool("tool_error");
    expect(result.isError).toBe(true);
    expect(textOf(result)).toBe("the input could not be processed");
  });

  it("rejects with JsonRpcError carrying the task's error when the task failed", async () => {
    const { client } = setup();
    const error = await client.callTool("protocol_error").catch((e: unknown) => e);
    expect(error).toBeInstanceOf(JsonRpcError);
    expect(error).toMatchObject({ code: -32602, data: { field: "n" } });
    expect((error as Error).message).toContain("the job's input is out of range");
  });

  it("cancels the task when the call's signal aborts: tasks/cancel is sent, the handler's ctx.signal aborts, the call rejects as aborted", async () => {
    const { client, rec, events } = setup();
    const controller = new AbortController();
    const call = client.callTool("until_cancelled", {}, { signal: controller.signal });
    await rec.until(() => rec.sent("tasks/get").length >= 1);
    controller.abort();
    const error = await call.catch((e: unknown) => e);
    expect(error).toBeInstanceOf(FlowAbortedError);
    expect(rec.sent("tasks/cancel")).toHaveLength(1);
    expect(rec.sent("tasks/cancel")[0]!.request.params.taskId).toBe(rec.sent("tools/call")[0]!.response!.result!.taskId);
    await expect.poll(() => events.aborted).toEqual(["until_cancelled"]);
  });

  it("rejects with TaskCancelledError when another client cancels the task", async () => {
    const peer = taskServer();
    let taskId: string | undefined;
    let following!: Promise<unknown>;
    const seen = new Promise<string>((resolve) => {
      const plugin = tasksClient({ ...FAST, onTask: (task) => resolve((taskId = task.taskId)) });
      following = createClient({ transport: inProcessTransport(peer.server), name: "a", version: "1", extensions: [plugin] }).callTool("until_cancelled");
    });
    const other = createClient({ transport: inProcessTransport(peer.server), name: "b", version: "1", extensions: [tasksClient()] });
    expect(await cancelTask(other, await seen)).toEqual({ resultType: "complete" });
    const error = await following.catch((e: unknown) => e);
    expect(error).toBeInstanceOf(TaskCancelledError);
    expect(error).toMatchObject({ taskId });
  });
});

describe("gating: only a client that declares the extension gets tasks", () => {
  it("a client without the plugin never gets a task: the task-capable tool runs synchronously", async () => {
    const peer = taskServer();
    const rec = recording(inProcessTransport(peer.server));
    const client = createClient({ transport: rec.transport, name: "plain", version: "1" });
    const result = await client.callTool("slow", { ms: 1 });
    expect(textOf(result)).toBe("slow done after 1 ms");
    expect(rec.sent("tools/call")[0]!.request.params._meta["io.modelcontextprotocol/clientCapabilities"].extensions).toBeUndefined();
    expect(rec.sent("tools/call")[0]!.response!.result!.resultType).toBe("complete");
    expect(rec.sent("tasks/get")).toHaveLength(0);
  });

  it("a tool that requires a task answers a client without the plugin with -32021 naming the extension", async () => {
    const client = createClient({ transport: inProcessTransport(taskServer().server), name: "plain", version: "1" });
    const error = await client.callTool("task_only").catch((e: unknown) => e);
    expect(error).toBeInstanceOf(JsonRpcError);
    expect(error).toMatchObject({ code: -32021, data: { requiredCapabilities: { extensions: { [TASKS_EXTENSION_ID]: {} } } } });
  });

  it("the same tool runs as a task for a client with the plugin", async () => {
    const { client } = setup();
    expect(textOf(await client.callTool("task_only"))).toBe("ran as a task");
  });
});
