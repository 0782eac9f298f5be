/**
 * A server that lies cannot make a client with the tasks plugin poll
 * forever, spin, ask the user forever, hold on to an unbounded set of
 * questions, or pass off a malformed answer as a result: each rule below
 * meets a hand-written server breaking it.
 */
import { describe, expect, it } from "vitest";
import { createClient, FlowAbortedError, ProtocolViolationError, TooManyInputRequestsError, TransportError } from "@mrtr/client";
import { resumeTask, TaskCancelledError, TaskInputLimitError, TaskPollFailedError, TaskPollTimeoutError, tasksClient, type TasksClientOptions } from "@mrtr/tasks/client";
import { handle, HANG, lyingServer, polled, question, type Scripted } from "./fixtures/lying-server.js";

const OK = { content: [{ type: "text", text: "ok" }] };

function clientOf(answer: (method: string, params: Record<string, any>, n: number) => Scripted | Promise<Scripted>, options: TasksClientOptions = {}, asked?: string[]) {
  const server = lyingServer(answer);
  const client = createClient({
    transport: server.transport,
    name: "wary",
    version: "1",
    extensions: [tasksClient({ minPollMs: 5, maxPollMs: 20, ...options })],
    elicitation: {
      form: async (_params, info) => {
        asked?.push(info.key);
        return { action: "accept", content: { name: "x" } };
      },
    },
  });
  return { client, server };
}

/** A tools/call answered with a handle, then tasks/get answered by `poll`. */
const withTask = (poll: (n: number, params: Record<string, any>) => Scripted | Promise<Scripted>, first: Record<string, unknown> = handle()) => (method: string, params: Record<string, any>, n: number): Scripted | Promise<Scripted> => {
  if (method === "tools/call") return first;
  if (method === "tasks/get") return poll(n, params);
  return { resultType: "complete" };
};

describe("a hostile tasks server", () => {
  it("a task that never ends: the client stops after maxPollDurationMs with TaskPollTimeoutError naming the task", async () => {
    const { client, server } = clientOf(withTask(() => polled("working")), { maxPollDurationMs: 200 });
    const error = await client.callTool("x").catch((e: unknown) => e);
    expect(error).toBeInstanceOf(TaskPollTimeoutError);
    expect(error).toMatchObject({ taskId: "t-1", limit: 200 });
    expect((error as Error).message).toContain("resumeTask");
    expect(server.count("tasks/get")).toBeLessThanOrEqual(200 / 5 + 2);
  });

  it("without maxPollDurationMs, the task's own ttlMs bounds the polling", async () => {
    const { client } = clientOf(withTask(() => polled("working", { ttlMs: 100 }), handle({ ttlMs: 100 })));
    await expect(client.callTool("x")).rejects.toMatchObject({ name: "TaskPollTimeoutError", limit: 100 });
  });

  it("pollIntervalMs 0 does not make the client spin: polls wait minPollMs at least", async () => {
    const { client, server } = clientOf(withTask(() => polled("working", { pollIntervalMs: 0 }), handle({ pollIntervalMs: 0 })), { minPollMs: 25, maxPollMs: 100, maxPollDurationMs: 250 });
    await expect(client.callTool("x")).rejects.toBeInstanceOf(TaskPollTimeoutError);
    // At most one poll per minPollMs over the whole duration (a spinning client would send thousands).
    expect(server.count("tasks/get")).toBeLessThanOrEqual(250 / 25 + 2);
  });

  it("pollIntervalMs 10^12 does not stall the client: waits are cut to maxPollMs", async () => {
    const huge = { pollIntervalMs: 1e12 };
    const { client, server } = clientOf(withTask((n) => (n < 3 ? polled("working", huge) : polled("completed", { ...huge, result: OK })), handle(huge)), { maxPollMs: 20 });
    expect(await client.callTool("x")).toMatchObject(OK);
    expect(server.count("tasks/get")).toBe(3);
  });

  it("new questions on every poll: the user is asked in at most maxInputRounds polls, then TaskInputLimitError", async () => {
    const asked: string[] = [];
    const { client, server } = clientOf(
      withTask((n) => polled("input_required", { inputRequests: { [`q${n}a`]: question("a?"), [`q${n}b`]: question("b?") } })),
      { maxInputRounds: 3 },
      asked,
    );
    const error = await client.callTool("x").catch((e: unknown) => e);
    expect(error).toBeInstanceOf(TaskInputLimitError);
    expect(error).toMatchObject({ taskId: "t-1", limit: 3 });
    expect(asked.length).toBeLessThanOrEqual(6);
    expect(server.count("tasks/get")).toBe(4);
  });

  it("the same question on every poll is asked once and answered once", async () => {
    const asked: string[] = [];
    const { client, server } = clientOf(
      withTask((n) => (n < 6 ? polled("input_required", { inputRequests: { same: question("again?") } }) : polled("completed", { result: OK }))),
      {},
      asked,
    );
    expect(await client.callTool("x")).toMatchObject(OK);
    expect(asked).toEqual(["same"]);
    expect(server.requests.filter((r) => r.method === "tasks/update")).toHaveLength(1);
  });

  it("more questions in one poll than maxInputRequests: refused before any handler runs", async () => {
    const asked: string[] = [];
    const many = Object.fromEntries(Array.from({ length: 100 }, (_, i) => [`k${i}`, question("?")]));
    const { client } = clientOf(withTask(() => polled("input_required", { inputRequests: many })), {}, asked);
    await expect(client.callTool("x")).rejects.toBeInstanceOf(TooManyInputRequestsError);
    expect(asked).toEqual([]);
  });

  it("a malformed task (unknown status) is a ProtocolViolationError", async () => {
    const { client } = clientOf(withTask(() => polled("sleeping")));
    await expect(client.callTool("x")).rejects.toBeInstanceOf(ProtocolViolationError);
  });

  it("a malformed handle (no taskId) is a ProtocolViolationError, and no tasks/get is sent", async () => {
    const { taskId: _, ...noId } = handle();
    const { client, server } = clientOf(withTask(() => polled("working"), noId));
    await expect(client.callTool("x")).rejects.toBeInstanceOf(ProtocolViolationError);
    expect(server.count("tasks/get")).toBe(0);
  });

  it("a completed task without its result is a ProtocolViolationError", async () => {
    const { client } = clientOf(withTask(() => polled("completed")));
    await expect(client.callTool("x")).rejects.toBeInstanceOf(ProtocolViolationError);
  });

  it("tasks/get answering about another task is a ProtocolViolationError", async () => {
    const { client } = clientOf(withTask(() => polled("completed", { taskId: "t-2", result: OK })));
    await expect(client.callTool("x")).rejects.toThrow(/task "t-2"/);
  });

  it("a task result that is not a CallToolResult is a ProtocolViolationError, not a result", async () => {
    const { client } = clientOf(withTask(() => polled("completed", { result: { content: "not a list" } })));
    await expect(client.callTool("x")).rejects.toBeInstanceOf(ProtocolViolationError);
  });

  it("a task result that claims to be a task again is a ProtocolViolationError", async () => {
    const { client } = clientOf(withTask(() => polled("completed", { result: { ...OK, resultType: "task" } })));
    await expect(client.callTool("x")).rejects.toThrow(/resultType "task"/);
  });

  it("resultType task on prompts/get (a method tasks do not support) is a ProtocolViolationError, and nothing is polled", async () => {
    const { client, server } = clientOf((method) => (method === "prompts/get" ? handle() : polled("completed", { result: OK })));
    await expect(client.getPrompt("p")).rejects.toBeInstanceOf(ProtocolViolationError);
    expect(server.count("tasks/get")).toBe(0);
  });

  it("tasks/cancel never acknowledged: the aborted call still rejects, after cancelTimeoutMs at most", async () => {
    const { client, server } = clientOf(
      (method) => (method === "tools/call" ? handle() : method === "tasks/cancel" ? HANG : polled("working")),
      { cancelTimeoutMs: 100 },
    );
    const controller = new AbortController();
    const call = client.callTool("x", {}, { signal: controller.signal });
    await expect.poll(() => server.count("tasks/get")).toBeGreaterThan(0);
    controller.abort();
    await expect(call).rejects.toBeInstanceOf(FlowAbortedError);
    expect(server.count("tasks/cancel")).toBe(1);
  });

  it("transient failures of tasks/get are retried: the call still gets the result", async () => {
    const { client } = clientOf(withTask((n) => (n <= 2 ? new TransportError("connection reset") : n === 3 ? { error: { code: -32603, message: "busy" } } : polled("completed", { result: OK }))));
    expect(await client.callTool("x")).toMatchObject(OK);
  });

  it("failures that do not pass end the call after maxPollFailures retries, with TaskPollFailedError holding the last one", async () => {
    const { client, server } = clientOf(withTask(() => new TransportError("connection refused")), { maxPollFailures: 3 });
    const error = await client.callTool("x").catch((e: unknown) => e);
    expect(error).toBeInstanceOf(TaskPollFailedError);
    expect((error as TaskPollFailedError).cause).toBeInstanceOf(TransportError);
    expect(server.count("tasks/get")).toBe(4);
  });

  it("a definitive error of tasks/get (-32602, task unknown) is not retried", async () => {
    const { client, server } = clientOf(withTask(() => ({ error: { code: -32602, message: "Task not found" } })));
    await expect(client.callTool("x")).rejects.toMatchObject({ name: "JsonRpcError", code: -32602 });
    expect(server.count("tasks/get")).toBe(1);
  });
});

describe("giving up on a task the call started cancels it (onGiveUp)", () => {
  it("past maxPollDurationMs: tasks/cancel is sent once and the error says the task was cancelled; with onGiveUp leave, nothing is sent and it says resumeTask", async () => {
    const cancelled = clientOf(withTask(() => polled("working")), { maxPollDurationMs: 60 });
    const error = await cancelled.client.callTool("x").catch((e: unknown) => e);
    expect(error).toBeInstanceOf(TaskPollTimeoutError);
    expect((error as Error).message).toContain("it was cancelled");
    expect(cancelled.server.count("tasks/cancel")).toBe(1);
    expect(cancelled.server.requests.find((r) => r.method === "tasks/cancel")?.params).toMatchObject({ taskId: "t-1" });

    const left = clientOf(withTask(() => polled("working")), { maxPollDurationMs: 60, onGiveUp: "leave" });
    const leftError = await left.client.callTool("x").catch((e: unknown) => e);
    expect((leftError as Error).message).toContain('resumeTask(client, "t-1")');
    expect(left.server.count("tasks/cancel")).toBe(0);
  });

  it("past maxInputRounds, and when the server asks more than the client takes at once: tasks/cancel is sent", async () => {
    const rounds = clientOf(withTask((n) => polled("input_required", { inputRequests: { [`q${n}`]: question("?") } })), { maxInputRounds: 2 });
    await expect(rounds.client.callTool("x")).rejects.toBeInstanceOf(TaskInputLimitError);
    expect(rounds.server.count("tasks/cancel")).toBe(1);
    const many = Object.fromEntries(Array.from({ length: 100 }, (_, i) => [`k${i}`, question("?")]));
    const flood = clientOf(withTask(() => polled("input_required", { inputRequests: many })));
    await expect(flood.client.callTool("x")).rejects.toBeInstanceOf(TooManyInputRequestsError);
    expect(flood.server.count("tasks/cancel")).toBe(1);
  });

  it("when the application's handler throws: the call rejects with its error and tasks/cancel is sent", async () => {
    const server = lyingServer(withTask(() => polled("input_required", { inputRequests: { name: question("name?") } })));
    const client = createClient({
      transport: server.transport,
      name: "wary",
      version: "1",
      extensions: [tasksClient({ minPollMs: 5, maxPollMs: 20 })],
      elicitation: { form: async () => Promise.reject(new Error("the user's dialog crashed")) },
    });
    await expect(client.callTool("x")).rejects.toThrow("the user's dialog crashed");
    expect(server.count("tasks/cancel")).toBe(1);
  });

  it("a task that ended (here cancelled by someone else) or a task followed with resumeTask is not cancelled", async () => {
    const ended = clientOf(withTask(() => polled("cancelled", { statusMessage: "stopped by an operator" })));
    await expect(ended.client.callTool("x")).rejects.toBeInstanceOf(TaskCancelledError);
    expect(ended.server.count("tasks/cancel")).toBe(0);
    const resumed = clientOf(withTask(() => polled("working")), { maxPollDurationMs: 60 });
    await expect(resumeTask(resumed.client, "t-1")).rejects.toBeInstanceOf(TaskPollTimeoutError);
    expect(resumed.server.count("tasks/cancel")).toBe(0);
  });
});

describe("a client without the plugin", () => {
  it("refuses a task handle it never asked for as a ProtocolViolationError", async () => {
    const server = lyingServer(() => handle());
    const client = createClient({ transport: server.transport, name: "plain", version: "1" });
    await expect(client.callTool("x")).rejects.toThrow(/Unknown resultType "task"/);
    expect(server.count("tasks/get")).toBe(0);
  });
});
