/**
 * The example's behaviour, in process: each tool call becomes a task the
 * client follows to its end, with the statuses the client saw, the question
 * answered through tasks/update, and the cancellation reaching the handler.
 */
import { afterEach, describe, expect, it } from "vitest";
import { createClient, FlowAbortedError, JsonRpcError, type McpClient } from "@mrtr/client";
import { inProcessTransport, type McpServer } from "@mrtr/server";
import { createCiClient, exportThenCancel, TaskLog, textOf } from "../src/client.js";
import { createCiServer } from "../src/server.js";

let open: { server: McpServer; client: McpClient }[] = [];
afterEach(async () => {
  for (const { client, server } of open.splice(0)) {
    await client.close();
    await server.close();
  }
});

function setup(confirm = true) {
  const stopped: string[] = [];
  const server = createCiServer({ onStopped: (tool) => stopped.push(tool) }, 10);
  const log = new TaskLog();
  const client = createCiClient(server, log, confirm);
  open.push({ server, client });
  return { server, client, log, stopped };
}

describe("examples/tasks", () => {
  it("callTool resolves with a task's final result; the client saw it working, then completed", async () => {
    const { client, log } = setup();
    const next = log.nextTask();
    const result = await client.callTool("build_report", { branch: "dev" });
    expect(textOf(result)).toBe("Report for dev: 128 passed, 0 failed.");
    const statuses = log.statuses.get(await next)!;
    expect(statuses[0]).toBe("working");
    expect(statuses.at(-1)).toBe("completed");
  });

  it("a task's question goes to the elicitation handler and its answer decides the result", async () => {
    for (const [confirm, text] of [
      [true, "Deployed main."],
      [false, "Kept main undeployed."],
    ] as const) {
      const { client, log } = setup(confirm);
      const next = log.nextTask();
      expect(textOf(await client.callTool("deploy", { branch: "main" }))).toBe(text);
      const statuses = log.statuses.get(await next)!;
      expect(statuses).toContain("input_required");
      expect(statuses.at(-1)).toBe("completed");
    }
  });

  it("aborting the call cancels the task: the call rejects with FlowAbortedError, the task is cancelled and its handler stopped", async () => {
    const { client, log, stopped } = setup();
    const { taskId, error, status } = await exportThenCancel(client, log);
    expect(error).toBeInstanceOf(FlowAbortedError);
    expect(status).toBe("cancelled");
    expect(log.statuses.get(taskId)).toEqual(["working", "cancelled"]);
    await expect.poll(() => stopped).toEqual(["export_logs"]);
  });

  it("a client without the tasks plugin gets the same results without tasks, and tasks/get is refused to it (-32021)", async () => {
    const server = createCiServer({}, 10);
    const client = createClient({ name: "plain", version: "1.0.0", transport: inProcessTransport(server), elicitation: { form: async () => ({ action: "accept", content: { confirm: true } }) } });
    open.push({ server, client });
    expect(textOf(await client.callTool("build_report", { branch: "main" }))).toBe("Report for main: 128 passed, 0 failed.");
    expect(textOf(await client.callTool("deploy", { branch: "main" }))).toBe("Deployed main.");
    const refused = await client.request("tasks/get", { taskId: "x" }).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(JsonRpcError);
    expect((refused as JsonRpcError).code).toBe(-32021);
  });
});
