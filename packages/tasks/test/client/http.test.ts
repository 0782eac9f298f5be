/**
 * Tasks over Streamable HTTP against @mrtr/server's Node binding: tasks/*
 * requests carry `Mcp-Name: <taskId>` (the server refuses them without),
 * and a task outlives the client process that started it.
 */
import { spawn } from "node:child_process";
import type { AddressInfo } from "node:net";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createClient, httpTransport, JsonRpcError } from "@mrtr/client";
import { createHttpHandler } from "@mrtr/server";
import { createNodeServer } from "@mrtr/server/node";
import { getTask, resumeTask, startTool, tasksClient, updateTask } from "@mrtr/tasks/client";
import { sourceArgs } from "../../../../test/helpers/processes.js";
import { repoRoot } from "../../../../test/helpers/paths.js";
import { taskServer } from "./fixtures/task-server.js";

const peer = taskServer();
const http = createNodeServer(createHttpHandler(peer.server));
let url = "";

beforeAll(async () => {
  await new Promise<void>((resolve) => http.listen(0, "127.0.0.1", resolve));
  url = `http://127.0.0.1:${(http.address() as AddressInfo).port}/mcp`;
});
afterAll(async () => {
  await new Promise<void>((resolve) => http.close(() => resolve()));
  await peer.server.close();
});

/** A fetch that records each POST's method, Mcp-Name header and taskId; `drop` removes Mcp-Name from the methods it names. */
function watchedFetch(drop: string[] = []) {
  const seen: { method: string; name: string | undefined; taskId: unknown }[] = [];
  const wrapped: typeof fetch = async (input, init) => {
    const headers = new Headers(init?.headers);
    const body = JSON.parse(String(init?.body));
    if (drop.includes(body.method)) headers.delete("mcp-name");
    seen.push({ method: body.method, name: headers.get("mcp-name") ?? undefined, taskId: body.params?.taskId });
    return fetch(input, { ...init, headers });
  };
  return { seen, fetch: wrapped };
}

const FAST = { minPollMs: 5, maxPollMs: 50 };
const textOf = (r: { content: unknown[] }) => (r.content[0] as { text: string }).text;

describe("tasks over HTTP", () => {
  it("sends Mcp-Name with the task id on tasks/get, tasks/update and tasks/cancel", async () => {
    const watched = watchedFetch();
    const client = createClient({
      transport: httpTransport(url, { fetch: watched.fetch }),
      name: "http-tasks",
      version: "1",
      extensions: [tasksClient(FAST)],
      elicitation: { form: async (params) => ({ action: "accept", content: { name: params.message.split(" ")[0]!.toLowerCase() } }) },
    });
    expect(textOf(await client.callTool("interview"))).toBe("first, second, third");
    const controller = new AbortController();
    const cancelled = client.callTool("until_cancelled", {}, { signal: controller.signal });
    await expect.poll(() => watched.seen.filter((s) => s.method === "tasks/get").length).toBeGreaterThan(4);
    controller.abort();
    await cancelled.catch(() => undefined);
    const taskRequests = watched.seen.filter((s) => s.method.startsWith("tasks/"));
    expect(new Set(taskRequests.map((s) => s.method))).toEqual(new Set(["tasks/get", "tasks/update", "tasks/cancel"]));
    for (const s of taskRequests) expect(s.name).toBe(s.taskId);
    expect(watched.seen.find((s) => s.method === "tools/call")!.name).toBe("interview");
  });

  it("control: without Mcp-Name the server refuses tasks/get with -32020", async () => {
    const watched = watchedFetch(["tasks/get"]);
    const client = createClient({ transport: httpTransport(url, { fetch: watched.fetch }), name: "no-header", version: "1", extensions: [tasksClient(FAST)] });
    const error = await client.callTool("quick").catch((e: unknown) => e);
    expect(error).toBeInstanceOf(JsonRpcError);
    expect(error).toMatchObject({ code: -32020 });
  });

  it("a task survives the client process: a child starts it and is killed, a fresh client resumes it to its result", async () => {
    const child = spawn(process.execPath, sourceArgs(join(repoRoot, "packages/tasks/test/client/fixtures/start-slow.ts")), {
      cwd: repoRoot,
      env: { ...process.env, MCP_URL: url, SLOW_MS: "1500" },
      stdio: ["ignore", "pipe", "inherit"],
    });
    const taskId = await new Promise<string>((resolve, reject) => {
      let out = "";
      child.stdout!.on("data", (d: Buffer) => {
        out += d.toString();
        const m = /task (\S+)\n/.exec(out);
        if (m) resolve(m[1]!);
      });
      child.on("exit", (code, signal) => reject(new Error(`the client process exited (${code ?? signal}) before printing a task id`)));
    });
    const exited = new Promise((resolve) => child.on("exit", resolve));
    child.kill("SIGKILL");
    await exited;

    const fresh = createClient({ transport: httpTransport(url), name: "fresh", version: "1", extensions: [tasksClient(FAST)] });
    const result = await resumeTask(fresh, taskId);
    expect(textOf(result)).toBe("slow survivor after 1500 ms");
  }, 30_000);

  it("manual: startTool stops at the handle; getTask shows the questions; updateTask answers them prepared against them; resumeTask from another instance ends it", async () => {
    const manual = createClient({ transport: httpTransport(url), name: "manual", version: "1", extensions: [tasksClient(FAST)], elicitation: { form: "manual" } });
    const started = await startTool(manual, "interview");
    expect(started.status).toBe("task");
    if (started.status !== "task") return;
    expect(started.task).toMatchObject({ resultType: "task", taskId: started.taskId });
    let task = await getTask(manual, started.taskId);
    while (task.status !== "input_required" || Object.keys(task.inputRequests).length < 2) {
      await new Promise((resolve) => setTimeout(resolve, 5));
      task = await getTask(manual, started.taskId);
    }
    expect(Object.keys(task.inputRequests).sort()).toEqual(["first", "second"]);
    // "unasked" is dropped by the preparation; the server would ignore it anyway.
    expect(await updateTask(manual, task, { first: { action: "accept", content: { name: "ann" } }, unasked: { action: "decline" } })).toEqual({ resultType: "complete" });
    await expect(updateTask(manual, task, { second: { action: "accept", content: { name: 42 } } })).rejects.toMatchObject({ name: "InvalidAnswerError", key: "second" });

    const other = createClient({
      transport: httpTransport(url),
      name: "other",
      version: "1",
      extensions: [tasksClient(FAST)],
      elicitation: { form: async (params) => ({ action: "accept", content: { name: params.message.split(" ")[0]!.toLowerCase() } }) },
    });
    expect(textOf(await resumeTask(other, started.taskId))).toBe("ann, second, third");
  });
});
