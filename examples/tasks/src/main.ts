/**
 * The example end to end, in one process: three tool calls answered as
 * tasks and followed by the client (one completes, one asks for input
 * mid-run, one is cancelled), each task's statuses printed, and every
 * outcome checked; a wrong one exits non-zero.
 */
import assert from "node:assert/strict";
import { FlowAbortedError } from "@mrtr/client";
import { createCiClient, exportThenCancel, TaskLog, textOf } from "./client.js";
import { createCiServer } from "./server.js";

const stopped: string[] = [];
const server = createCiServer({ onStopped: (tool) => stopped.push(tool) });
const log = new TaskLog();
const client = createCiClient(server, log);
const statusesOf = (taskId: string) => log.statuses.get(taskId) ?? [];
const show = (tool: string, taskId: string, outcome: string) => console.log(`${tool.padEnd(12)} ${statusesOf(taskId).join(" -> ")}: ${outcome}`);

try {
  // 1. A task that works, then completes: callTool resolves with its result as if the call had been synchronous.
  const next = log.nextTask();
  const report = textOf(await client.callTool("build_report", { branch: "main" }));
  const reportTask = await next;
  show("build_report", reportTask, report);
  assert.equal(report, "Report for main: 128 passed, 0 failed.");
  assert.deepEqual([statusesOf(reportTask)[0], statusesOf(reportTask).at(-1)], ["working", "completed"]);

  // 2. A task that asks mid-run: the elicitation handler answers, tasks/update carries the answer, the task goes on.
  const asking = log.nextTask();
  const deployed = textOf(await client.callTool("deploy", { branch: "main" }));
  const deployTask = await asking;
  show("deploy", deployTask, deployed);
  assert.equal(deployed, "Deployed main.");
  assert.ok(statusesOf(deployTask).includes("input_required"), "the deploy task asked for input");
  assert.equal(statusesOf(deployTask).at(-1), "completed");

  // 3. A task cancelled by aborting the call: tasks/cancel is sent, the handler's signal aborts, the call rejects.
  const cancelled = await exportThenCancel(client, log);
  show("export_logs", cancelled.taskId, `the call rejected with ${(cancelled.error as Error).name}`);
  assert.ok(cancelled.error instanceof FlowAbortedError, "the aborted call rejects with FlowAbortedError");
  assert.equal(cancelled.status, "cancelled");
  assert.deepEqual(stopped, ["export_logs"], "the handler's ctx.signal aborted");
  console.log("All three tasks ended as expected.");
} finally {
  await client.close();
  await server.close();
}
