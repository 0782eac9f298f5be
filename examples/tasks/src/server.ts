/**
 * The server: three tools that answer a client with the Tasks extension
 * with a task handle instead of holding the call open. Their handlers are
 * ordinary ones; `task` on the definition is all that makes them tasks.
 * `build_report` works, then completes; `deploy` asks a question half-way
 * (the task waits in `input_required` until the answer comes with
 * `tasks/update`); `export_logs` runs until it is cancelled (`tasks/cancel`
 * aborts its `ctx.signal`).
 */
import { randomBytes } from "node:crypto";
import { createServer, type McpServer } from "@mrtr/server";
import { tasks } from "@mrtr/tasks/server";
import * as z from "zod";

/** What the handlers report, so the caller can see the server side of a cancellation. */
export interface ServerEvents {
  /** Called when a handler's signal aborted (its task was cancelled). */
  onStopped?: (tool: string) => void;
}

/** Waits `ms`, or rejects as soon as `signal` aborts: work a cancellation can interrupt. */
function work(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal.aborted) return reject(signal.reason);
    const timer = setTimeout(resolve, ms);
    signal.addEventListener("abort", () => (clearTimeout(timer), reject(signal.reason)), { once: true });
  });
}

/** A server whose tools answer as tasks; `pollIntervalMs` is the pace each task suggests to its client. */
export function createCiServer(events: ServerEvents = {}, pollIntervalMs = 50): McpServer {
  const server = createServer({
    name: "ci",
    version: "1.0.0",
    // One process here; a fleet shares one secret (secretsFromEnv) and a RedisTaskStore.
    requestState: { secrets: [randomBytes(32).toString("hex")] },
    extensions: [tasks()],
  });

  server.tool({
    name: "build_report",
    description: "Builds the test report of a branch.",
    inputSchema: z.object({ branch: z.string() }),
    task: { pollIntervalMs },
    async handler({ branch }, ctx) {
      ctx.progress(1, 2, "running the tests"); // becomes the task's statusMessage
      await work(150, ctx.signal);
      return { content: [{ type: "text", text: `Report for ${branch}: 128 passed, 0 failed.` }] };
    },
  });

  server.tool({
    name: "deploy",
    description: "Deploys a branch after the user confirms.",
    inputSchema: z.object({ branch: z.string() }),
    task: { pollIntervalMs },
    async handler({ branch }, ctx) {
      await work(100, ctx.signal);
      // Inside a task, a question parks the task in input_required; this handler resumes when the answer arrives.
      const go = await ctx.elicit("confirm", {
        message: `Deploy ${branch} to production?`,
        requestedSchema: { type: "object", properties: { confirm: { type: "boolean" } }, required: ["confirm"] },
      });
      if (go.action !== "accept" || go.content?.confirm !== true) return { content: [{ type: "text", text: `Kept ${branch} undeployed.` }] };
      await work(100, ctx.signal);
      return { content: [{ type: "text", text: `Deployed ${branch}.` }] };
    },
  });

  server.tool({
    name: "export_logs",
    description: "Exports every log line; takes until cancelled.",
    task: { pollIntervalMs },
    async handler(_args, ctx) {
      try {
        for (;;) await work(50, ctx.signal);
      } catch (error) {
        // tasks/cancel marked the task cancelled already; whatever this handler returns now is dropped.
        if (ctx.signal.aborted) events.onStopped?.("export_logs");
        throw error;
      }
    },
  });

  return server;
}
