import { describe, expect, it } from "vitest";
import type { JSONRPCNotification } from "@mrtr/schema";
import { MemoryTaskStore } from "@mrtr/tasks/server";
import { ask, call, errorOf, request, taskServer, text, WITH_TASKS } from "./helpers.js";

/** Opens a listen stream on `server`; returns what it receives and how to close it. */
function listen(server: ReturnType<typeof taskServer>, notifications: Record<string, unknown>, caps = WITH_TASKS, transport?: unknown) {
  const received: JSONRPCNotification[] = [];
  const controller = new AbortController();
  const answer = server.handle(request("subscriptions/listen", { notifications }, caps), {
    send: (n) => (received.push(n as JSONRPCNotification), true),
    signal: controller.signal,
    ...(transport !== undefined && { request: transport }),
  });
  return { received, answer, close: () => controller.abort() };
}

const until = async (check: () => boolean, ms = 5_000) => {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error("condition not met in time");
    await new Promise((r) => setTimeout(r, 5));
  }
};

describe("notifications/tasks on subscriptions/listen", () => {
  it("acknowledges the caller's task ids and sends each change as the DetailedTask tasks/get would return", async () => {
    const store = new MemoryTaskStore();
    const [a, b] = [taskServer({ store }), taskServer({ store })];
    a.tool({ name: "hello", task: {}, handler: async (_x, ctx) => text(`Hi ${String(((await ctx.elicit("name", ask("Name?"))).content as { name: string }).name)}`) });
    const { taskId } = await call(a, "tools/call", { name: "hello", arguments: {} });
    // The stream is on B; the task runs on A.
    const stream = listen(b, { taskIds: [taskId, "not-a-task"] });
    await until(() => stream.received.length > 0);
    expect(stream.received[0]).toMatchObject({ method: "notifications/subscriptions/acknowledged", params: { notifications: { taskIds: [taskId] } } });
    await until(() => stream.received.some((n) => (n.params as { status?: string }).status === "input_required"));
    await call(b, "tasks/update", { taskId, inputResponses: { name: { action: "accept", content: { name: "Noa" } } } });
    await until(() => stream.received.some((n) => (n.params as { status?: string }).status === "completed"));
    const completed = stream.received.find((n) => (n.params as { status?: string }).status === "completed")!;
    const { _meta, ...task } = completed.params as Record<string, unknown>;
    expect(completed.method).toBe("notifications/tasks");
    expect(_meta).toEqual({ "io.modelcontextprotocol/subscriptionId": expect.anything() });
    expect({ ...task, resultType: "complete" }).toEqual(await call(b, "tasks/get", { taskId }));
    for (const n of stream.received.slice(1)) expect(n.method).toBe("notifications/tasks");
    stream.close();
    expect(await stream.answer).toBeUndefined();
    await store.close();
  });

  it("refuses task notifications to a client without the extension (-32021) and too many ids (-32602)", async () => {
    const server = taskServer({ maxListenTaskIds: 2 });
    expect(errorOf(await listen(server, { taskIds: ["a"] }, { elicitation: {} }).answer).code).toBe(-32021);
    expect(errorOf(await listen(server, { taskIds: ["a", "b", "c"] }).answer).code).toBe(-32602);
  });

  it("leaves another principal's task out of the acknowledgement and sends nothing of it", async () => {
    const server = taskServer({}, { principal: ({ request }) => (request as { user?: string } | undefined)?.user });
    server.tool({ name: "t", task: {}, handler: async () => text("alice's") });
    const { taskId } = await call(server, "tools/call", { name: "t", arguments: {} }, WITH_TASKS, { user: "alice" });
    const stream = listen(server, { taskIds: [taskId] }, WITH_TASKS, { user: "mallory" });
    await until(() => stream.received.length > 0);
    expect(stream.received[0]!.params).toMatchObject({ notifications: { taskIds: [] } });
    await new Promise((r) => setTimeout(r, 30));
    expect(stream.received).toHaveLength(1);
    stream.close();
  });
});
