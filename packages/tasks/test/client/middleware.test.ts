/**
 * Client middleware sees what the tasks plugin sends for a call as
 * follow-ups of that call's flow, and is told when the call is over.
 */
import { createClient, type SentCall } from "@mrtr/client";
import { inProcessTransport } from "@mrtr/server";
import { TASKS_EXTENSION_ID } from "@mrtr/tasks";
import { tasksClient } from "@mrtr/tasks/client";
import { describe, expect, it } from "vitest";
import { taskServer } from "./fixtures/task-server.js";

function setup() {
  const seen: SentCall[] = [];
  const ends: { error: unknown; after: number }[] = [];
  const client = createClient({
    transport: inProcessTransport(taskServer().server),
    name: "c",
    version: "1",
    extensions: [tasksClient({ minPollMs: 5, maxPollMs: 20 })],
    elicitation: { form: async () => ({ action: "accept", content: { name: "Ada" } }) },
    middleware: [
      (call, next) => {
        seen.push(call);
        if (seen.length === 1) call.onCallEnd((error) => ends.push({ error, after: seen.length }));
        return next();
      },
    ],
  });
  return { client, seen, ends };
}

describe("client middleware and the tasks plugin", () => {
  it("sees the task's polls and answers as follow-ups in the call's flow, and is told once, after the last, that the call is over", async () => {
    const { client, seen, ends } = setup();
    await client.callTool("interview");
    expect(seen[0]!.method).toBe("tools/call");
    expect(seen[0]!.followUp).toBeUndefined();
    const followUps = seen.slice(1);
    expect(new Set(followUps.map((c) => c.method))).toEqual(new Set(["tasks/get", "tasks/update"]));
    expect(followUps.every((c) => c.followUp === TASKS_EXTENSION_ID && c.flow.id === seen[0]!.flow.id)).toBe(true);
    expect(ends).toEqual([{ error: undefined, after: seen.length }]);
  });

  it("tells the error a task's call failed with", async () => {
    const { client, ends } = setup();
    const failure = await client.callTool("protocol_error").catch((e: unknown) => e);
    expect(failure).toMatchObject({ code: -32602 });
    expect(ends).toHaveLength(1);
    expect(ends[0]!.error).toBe(failure);
  });
});
