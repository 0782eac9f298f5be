/**
 * The fixture's tools for the suite's Tasks extension scenarios (`tasks-*`,
 * each scenario's description in the suite package names them): a sync-only
 * greeting and task-capable tools that sleep, fail in both ways, ask for
 * input inside the task (one question, two at once), and gather input by
 * multi round-trip before becoming a task.
 */
import * as z from "zod";
import { type McpServer } from "@mrtr/server";
import { sleep } from "@mrtr/internal";
import { runAsTask } from "@mrtr/tasks/server";

const text = (t: string) => ({ content: [{ type: "text" as const, text: t }] });
const contentOf = (r: { content?: unknown }) => (r.content ?? {}) as Record<string, unknown>;

export function tasksScenarioTools(server: McpServer<unknown>): void {
  server.tool({
    name: "greet",
    description: "Sync-only: greets by name.",
    inputSchema: z.object({ name: z.string() }),
    handler: ({ name }) => text(`Hello, ${name}!`),
  });
  server.tool({
    name: "slow_compute",
    description: "Task-capable: sleeps `seconds` seconds (stopping when cancelled), then answers with its label.",
    inputSchema: z.object({ seconds: z.number().min(0).max(600), label: z.string().optional() }),
    task: { ttlMs: 600_000, pollIntervalMs: 200 },
    async handler({ seconds, label }, ctx) {
      await sleep(seconds * 1000, ctx.signal);
      return text(`computed ${label ?? "result"} after ${seconds}s`);
    },
  });
  server.tool({
    name: "failing_job",
    description: "Task-only: after about a second, reports a tool execution error.",
    task: { required: true, pollIntervalMs: 200 },
    async handler(_args, ctx) {
      await sleep(1000, ctx.signal);
      return { ...text("The job failed: the input could not be processed."), isError: true };
    },
  });
  server.tool({
    name: "protocol_error_job",
    description: "Task-capable: fails with a protocol-level (internal) error.",
    task: { pollIntervalMs: 200 },
    async handler(_args, ctx) {
      await sleep(200, ctx.signal);
      throw new Error("the job's worker crashed");
    },
  });
  server.tool({
    name: "confirm_delete",
    description: "Task-capable: asks inside the task to confirm deleting `filename`, then completes.",
    inputSchema: z.object({ filename: z.string() }),
    task: { pollIntervalMs: 200 },
    async handler({ filename }, ctx) {
      const r = await ctx.elicit("confirm", {
        message: `Delete ${filename}?`,
        requestedSchema: { type: "object", properties: { confirm: { type: "boolean" } }, required: ["confirm"] },
      });
      return text(r.action === "accept" && contentOf(r).confirm === true ? `Deleted ${filename}.` : `Kept ${filename}.`);
    },
  });
  server.tool({
    name: "multi_input",
    description: "Task-capable: asks two questions at once inside the task, then completes with both answers.",
    task: { pollIntervalMs: 200 },
    async handler(_args, ctx) {
      const ask = (key: string, message: string) =>
        ctx.elicit(key, { message, requestedSchema: { type: "object", properties: { name: { type: "string" }, confirm: { type: "boolean" } } } });
      const [first, second] = await Promise.all([ask("first", "First input?"), ask("second", "Second input?")]);
      return text(`first: ${String(contentOf(first).name)}, second: ${String(contentOf(second).name)}`);
    },
  });
  server.tool({
    name: "test_tool_with_task",
    description: "Task-only: asks for the user's name by multi round-trip, then becomes a task that greets.",
    task: { required: true, start: "handler", pollIntervalMs: 200 },
    async handler(_args, ctx) {
      const r = await ctx.elicit("user_name", { message: "What is your name?", requestedSchema: { type: "object", properties: { name: { type: "string" } }, required: ["name"] } });
      await runAsTask(ctx);
      await sleep(300, ctx.signal);
      return text(`Hello, ${String(contentOf(r).name ?? "stranger")}!`);
    },
  });
}
