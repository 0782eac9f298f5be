/**
 * Tasks across server processes sharing one Redis (RedisTaskStore): a task
 * created on A is answered through B and cancelled through C, its handler
 * on A hearing both; another principal finds nothing on any instance; and
 * when A dies (SIGKILL) with a task running, B fails it once the lease lapses.
 * No timing is asserted: the test waits (bounded) for what each step causes.
 */
import type { ChildProcess } from "node:child_process";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { freePort, startProcess } from "../helpers/processes.js";
import { hasRedisServer, redisMissingMessage, RedisServer, stopAllRedis } from "../helpers/redis-server.js";

if (!hasRedisServer) console.warn(redisMissingMessage);
const LEASE_MS = 900;

interface Instance {
  url: string;
  child: ChildProcess;
  lines: string[];
}
let redis: RedisServer | undefined;
const instances: Instance[] = [];

async function start(): Promise<Instance> {
  const port = await freePort();
  const child = await startProcess("test/instances/tasks-instance.ts", { PORT: String(port), REDIS_URL: redis!.url, LEASE_MS: String(LEASE_MS) });
  const instance = { url: `http://127.0.0.1:${port}/mcp`, child, lines: [] as string[] };
  child.stdout!.on("data", (d: Buffer) => instance.lines.push(...d.toString().split("\n").filter(Boolean)));
  instances.push(instance);
  return instance;
}

beforeAll(async () => {
  if (!hasRedisServer) return;
  redis = await RedisServer.start();
  for (let i = 0; i < 3; i++) await start();
}, 120_000);

afterAll(async () => {
  for (const i of instances) i.child.kill("SIGKILL");
  await stopAllRedis();
});

const META = {
  "io.modelcontextprotocol/protocolVersion": "2026-07-28",
  "io.modelcontextprotocol/clientCapabilities": { elicitation: {}, extensions: { "io.modelcontextprotocol/tasks": {} } },
};
let id = 0;
async function rpc(at: Instance, method: string, params: Record<string, unknown>, user = "alice"): Promise<any> {
  const name = (params.taskId ?? params.name) as string;
  const response = await fetch(at.url, {
    method: "POST",
    headers: { "content-type": "application/json", accept: "application/json, text/event-stream", "mcp-protocol-version": "2026-07-28", "mcp-method": method, "mcp-name": name, "x-user": user },
    body: JSON.stringify({ jsonrpc: "2.0", id: id++, method, params: { ...params, _meta: META } }),
  });
  return response.json();
}

async function until<T>(probe: () => Promise<T | undefined>, what: string, ms = 15_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > end) throw new Error(`gave up waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 25));
  }
}
const status = (at: Instance, taskId: string, wanted: string, user = "alice") =>
  until(async () => {
    const r = await rpc(at, "tasks/get", { taskId }, user);
    return r.result?.status === wanted ? r.result : undefined;
  }, `task ${wanted} on ${at.url}`);

describe.skipIf(!hasRedisServer)("tasks on several instances sharing Redis", () => {
  it("is created on A, answered through B, cancelled through C; A's handler hears both", async () => {
    const [a, b, c] = instances as [Instance, Instance, Instance];
    const created = await rpc(a, "tools/call", { name: "approve", arguments: { label: "one", wait: true } });
    const { taskId } = created.result;
    expect(created.result.resultType).toBe("task");
    const waiting = await status(b, taskId, "input_required");
    expect(Object.keys(waiting.inputRequests)).toEqual(["approve"]);
    expect((await rpc(b, "tasks/update", { taskId, inputResponses: { approve: { action: "accept", content: { by: "bob" } } } })).result).toEqual({ resultType: "complete" });
    await status(c, taskId, "working");
    // Another principal finds nothing, on any instance.
    for (const at of instances) expect((await rpc(at, "tasks/get", { taskId }, "mallory")).error.code).toBe(-32602);
    expect((await rpc(c, "tasks/cancel", { taskId })).result).toEqual({ resultType: "complete" });
    await until(async () => (a.lines.includes("stopped one TaskStoppedError") ? true : undefined), "A's handler to stop");
    expect((await rpc(b, "tasks/get", { taskId })).result.status).toBe("cancelled");
    expect(b.lines.some((l) => l.startsWith("started one"))).toBe(false);
  });

  it("completes on A with the answer given through C, the result inlined on every instance", async () => {
    const [a, b, c] = instances as [Instance, Instance, Instance];
    const { taskId } = (await rpc(a, "tools/call", { name: "approve", arguments: { label: "two" } })).result;
    await status(c, taskId, "input_required");
    await rpc(c, "tasks/update", { taskId, inputResponses: { approve: { action: "accept", content: { by: "carol" } } } });
    const done = await status(b, taskId, "completed");
    expect(done.result.content[0].text).toBe(`two approved by carol on ${a.child.pid}`);
  });

  it("fails a task whose instance died once its lease lapses, with an error that says so", async () => {
    const victim = await start();
    const [, b] = instances as [Instance, Instance];
    const { taskId } = (await rpc(victim, "tools/call", { name: "approve", arguments: { label: "three" } })).result;
    await status(b, taskId, "input_required");
    victim.child.kill("SIGKILL");
    const failed = await status(b, taskId, "failed");
    expect(failed.error.code).toBe(-32603);
    expect(failed.error.message).toMatch(/lease lapsed/);
    expect(failed).not.toHaveProperty("inputRequests");
  });
});
