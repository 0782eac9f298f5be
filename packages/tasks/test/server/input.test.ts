import { describe, expect, it } from "vitest";
import { runAsTask } from "@mrtr/tasks/server";
import { ask, call, errorOf, pollTask, request, resultOf, retry, send, taskServer, text, WITH_TASKS, type AnyResult } from "./helpers.js";

const accept = (content: Record<string, unknown>) => ({ action: "accept", content });
const inputRequired = (t: AnyResult) => t.status === "input_required";

describe("input inside a task", () => {
  it("parks the task in input_required with the question and resumes the same handler when tasks/update answers", async () => {
    const server = taskServer();
    let runs = 0;
    server.tool({
      name: "hello",
      task: {},
      handler: async (_a, ctx) => {
        runs++;
        const r = await ctx.elicit("name", ask("Your name?"));
        return text(`Hello, ${String((r.content as { name?: string }).name)}!`);
      },
    });
    const { taskId } = await call(server, "tools/call", { name: "hello", arguments: {} });
    const waiting = await pollTask(server, taskId, inputRequired);
    expect(waiting.inputRequests).toEqual({ name: { method: "elicitation/create", params: { mode: "form", ...ask("Your name?") } } });
    // A poll before the answer shows the same question again.
    expect((await call(server, "tasks/get", { taskId })).inputRequests).toEqual(waiting.inputRequests);
    expect(await call(server, "tasks/update", { taskId, inputResponses: { name: accept({ name: "Luca" }) } })).toEqual({ resultType: "complete" });
    const done = await pollTask(server, taskId);
    expect(done.result.content[0].text).toBe("Hello, Luca!");
    expect(runs).toBe(1);
  });

  it("accepts partial answers: the answered key leaves inputRequests, the other stays until answered", async () => {
    const server = taskServer();
    server.tool({
      name: "two",
      task: {},
      handler: async (_a, ctx) => {
        const [a, b] = await Promise.all([ctx.elicit("a", ask("A?")), ctx.elicit("b", ask("B?"))]);
        return text(`${String((a.content as { name: string }).name)}+${String((b.content as { name: string }).name)}`);
      },
    });
    const { taskId } = await call(server, "tools/call", { name: "two", arguments: {} });
    const both = await pollTask(server, taskId, inputRequired);
    expect(Object.keys(both.inputRequests).sort()).toEqual(["a", "b"]);
    await call(server, "tasks/update", { taskId, inputResponses: { a: accept({ name: "x" }), nonsense: { anything: true } } });
    const one = await pollTask(server, taskId, (t) => !("a" in (t.inputRequests ?? { a: 1 })));
    expect(one.status).toBe("input_required");
    expect(Object.keys(one.inputRequests)).toEqual(["b"]);
    // An answer to an already answered key is ignored.
    await call(server, "tasks/update", { taskId, inputResponses: { a: accept({ name: "changed" }), b: accept({ name: "y" }) } });
    expect((await pollTask(server, taskId)).result.content[0].text).toBe("x+y");
  });

  it("refuses a malformed answer to an outstanding question with -32602 naming the key, and keeps waiting", async () => {
    const server = taskServer();
    server.tool({ name: "q", task: {}, handler: async (_a, ctx) => text(String((await ctx.elicit("n", ask("N?", "n"))).action)) });
    const { taskId } = await call(server, "tools/call", { name: "q", arguments: {} });
    await pollTask(server, taskId, inputRequired);
    const bad = errorOf(await send(server, "tasks/update", { taskId, inputResponses: { n: { action: "accept", content: { n: 5 } } } }));
    expect(bad.code).toBe(-32602);
    expect(bad.data.key).toBe("n");
    expect((await call(server, "tasks/get", { taskId })).status).toBe("input_required");
    await call(server, "tasks/update", { taskId, inputResponses: { n: { action: "decline" } } });
    expect((await pollTask(server, taskId)).result.content[0].text).toBe("decline");
  });

  it("goes through several rounds of questions inside one task, each key once", async () => {
    const server = taskServer();
    server.tool({
      name: "interview",
      task: {},
      handler: async (_a, ctx) => {
        const answers: string[] = [];
        for (const key of ["q1", "q2", "q3"]) answers.push(String(((await ctx.elicit(key, ask(`${key}?`))).content as { name: string }).name));
        return text(answers.join(","));
      },
    });
    const { taskId } = await call(server, "tools/call", { name: "interview", arguments: {} });
    for (const key of ["q1", "q2", "q3"]) {
      const t = await pollTask(server, taskId, (x) => x.status === "input_required" && key in x.inputRequests);
      expect(Object.keys(t.inputRequests)).toEqual([key]);
      await call(server, "tasks/update", { taskId, inputResponses: { [key]: accept({ name: key.toUpperCase() }) } });
    }
    expect((await pollTask(server, taskId)).result.content[0].text).toBe("Q1,Q2,Q3");
  });

  it("fails the task when it asks again under a key that already named a question", async () => {
    const server = taskServer({}, { onError: () => undefined });
    server.tool({
      name: "reuse",
      task: {},
      handler: async (_a, ctx) => {
        await ctx.elicit("k", ask("First?"));
        await ctx.elicit("k", ask("Second?"));
        return text("never");
      },
    });
    const { taskId } = await call(server, "tools/call", { name: "reuse", arguments: {} });
    await pollTask(server, taskId, inputRequired);
    await call(server, "tasks/update", { taskId, inputResponses: { k: accept({ name: "a" }) } });
    expect(await pollTask(server, taskId)).toMatchObject({ status: "failed", error: { code: -32603 } });
  });

  it("fails the task with -32021 when it asks for what the creating request did not declare", async () => {
    const server = taskServer();
    server.tool({ name: "url", task: {}, handler: async (_a, ctx) => text(String((await ctx.elicitUrl("k", { message: "Connect", url: "https://example.com/connect" })).action)) });
    const { taskId } = await call(server, "tools/call", { name: "url", arguments: {} }, { elicitation: { form: {} }, extensions: WITH_TASKS.extensions });
    const failed = await pollTask(server, taskId);
    expect(failed).toMatchObject({ status: "failed", error: { code: -32021, data: { requiredCapabilities: { elicitation: { url: {} } } } } });
  });

  it("waits inside the task for a consented URL step to finish instead of asking again", async () => {
    const server = taskServer();
    let finished = false;
    let looked = 0;
    server.tool({
      name: "connect",
      task: {},
      handler: async (_a, ctx) => {
        const r = await ctx.elicitUrl("link", { message: "Connect your account", url: "https://example.com/connect" }, { completed: () => (looked++, finished) });
        return text(`linked: ${r.action}`);
      },
    });
    const caps = { elicitation: { url: {} }, extensions: WITH_TASKS.extensions };
    const { taskId } = await call(server, "tools/call", { name: "connect", arguments: {} }, caps);
    await pollTask(server, taskId, inputRequired, 5_000);
    await call(server, "tasks/update", { taskId, inputResponses: { link: { action: "accept" } } }, caps);
    await pollTask(server, taskId, (t) => t.status === "working" && looked > 0);
    expect((await call(server, "tasks/get", { taskId }, caps)).inputRequests).toBeUndefined();
    finished = true;
    expect((await pollTask(server, taskId, undefined, 5_000)).result.content[0].text).toBe("linked: accept");
  });

  it("resolves multi round-trips synchronously first, then becomes a task with no requestState, carrying the answers", async () => {
    const server = taskServer();
    server.tool({
      name: "compose",
      task: { start: "handler" },
      handler: async (_a, ctx) => {
        const first = await ctx.elicit("first", ask("First name?"));
        const last = await ctx.elicit("last", ask("Last name?"));
        await runAsTask(ctx, { statusMessage: "working on it" });
        const title = await ctx.elicit("title", ask("Title?"));
        const name = (r: typeof first) => String((r.content as { name: string }).name);
        return text(`${name(title)} ${name(first)} ${name(last)}`);
      },
    });
    const opening = request("tools/call", { name: "compose", arguments: {} }, WITH_TASKS);
    const round1 = resultOf(await server.handle(opening));
    expect(round1).toMatchObject({ resultType: "input_required", inputRequests: { first: {} } });
    expect(round1).not.toHaveProperty("taskId");
    const round2 = resultOf(await server.handle(retry(opening, { first: accept({ name: "Ada" }) }, round1.requestState)));
    expect(round2).toMatchObject({ resultType: "input_required", inputRequests: { last: {} } });
    const created = resultOf(await server.handle(retry(opening, { last: accept({ name: "Lovelace" }) }, round2.requestState)));
    expect(created).toMatchObject({ resultType: "task", status: "working", statusMessage: "working on it" });
    expect(created).not.toHaveProperty("requestState");
    expect(created).not.toHaveProperty("inputRequests");
    const { taskId } = created;
    await pollTask(server, taskId, inputRequired);
    await call(server, "tasks/update", { taskId, inputResponses: { title: accept({ name: "Countess" }) } });
    expect((await pollTask(server, taskId)).result.content[0].text).toBe("Countess Ada Lovelace");
  });

  it("lets a handler that never calls runAsTask finish as an ordinary call", async () => {
    const server = taskServer();
    server.tool({ name: "maybe", task: { start: "handler" }, handler: async () => text("fast enough") });
    const result = await call(server, "tools/call", { name: "maybe", arguments: {} });
    expect(result).toMatchObject({ resultType: "complete", content: [{ text: "fast enough" }] });
    expect(result).not.toHaveProperty("taskId");
  });
});
