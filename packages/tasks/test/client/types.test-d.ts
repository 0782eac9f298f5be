import { describe, expectTypeOf, it } from "vitest";
import type { ClientExtension } from "@mrtr/client/plugin";
import type { McpClient } from "@mrtr/client";
import type { CallToolResult } from "@mrtr/schema";
import type { CancelTaskResult, CreateTaskResult, GetTaskResult, InputRequiredTask, UpdateTaskResult } from "@mrtr/tasks";
import { cancelTask, getTask, resumeTask, startTool, tasksClient, updateTask, type StartedTool } from "@mrtr/tasks/client";

declare const client: McpClient;

describe("@mrtr/tasks/client is typed with the generated types", () => {
  it("tasksClient is a ClientExtension", () => {
    expectTypeOf(tasksClient()).toEqualTypeOf<ClientExtension>();
  });

  it("startTool gives the result or the task, told apart by status", async () => {
    expectTypeOf(startTool(client, "t")).resolves.toEqualTypeOf<StartedTool>();
    const started = await startTool(client, "t", { a: 1 });
    if (started.status === "task") {
      expectTypeOf(started.taskId).toEqualTypeOf<string>();
      expectTypeOf(started.task).toEqualTypeOf<CreateTaskResult>();
    } else expectTypeOf(started.result).toEqualTypeOf<CallToolResult>();
  });

  it("resumeTask gives the final CallToolResult; the one-request functions their results", () => {
    expectTypeOf(resumeTask(client, "id")).resolves.toEqualTypeOf<CallToolResult>();
    expectTypeOf(getTask(client, "id")).resolves.toEqualTypeOf<GetTaskResult>();
    expectTypeOf(updateTask(client, "id", { k: { action: "decline" } })).resolves.toEqualTypeOf<UpdateTaskResult>();
    expectTypeOf(cancelTask(client, "id")).resolves.toEqualTypeOf<CancelTaskResult>();
  });

  it("updateTask takes an input_required task or its id, nothing else", () => {
    expectTypeOf(updateTask).parameter(1).toEqualTypeOf<string | InputRequiredTask>();
    // @ts-expect-error a working task has no questions to answer
    void updateTask(client, { taskId: "t", status: "working", createdAt: "", lastUpdatedAt: "", ttlMs: null }, {});
  });

  it("getTask narrows by status to the inlined fields", async () => {
    const task = await getTask(client, "id");
    if (task.status === "completed") expectTypeOf(task.result).toEqualTypeOf<{ [key: string]: unknown }>();
    if (task.status === "failed") expectTypeOf(task.error.code).toEqualTypeOf<number>();
  });
});
