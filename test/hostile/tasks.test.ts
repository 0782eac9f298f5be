/**
 * Tasks parked waiting for input, on a real server with every default on,
 * over HTTP and over stdio (docs/architecture.md, "Fair shares"): one caller
 * runs at most its share (100 of the instance's 1 000) and gets 429s past
 * it, while another caller's task runs; ten callers parking every slot still
 * leave a newcomer served, the task parked longest by the largest share
 * failed to make room.
 */
import { describe, expect, it } from "vitest";
import { limited, modernRequest, postModern, printFigures, range, useFixture, type Channel } from "./peers.js";

const fixture = useFixture();

type Json = Record<string, any>;

/** One `tools/call` as `user` over HTTP: the JSON answer and its status. */
async function callOverHttp(user: string, tool: string): Promise<{ status: number; retryAfter: string | null; body: Json }> {
  const r = await postModern(fixture().port, user, modernRequest("tools/call", { name: tool, arguments: {} }));
  return { status: r.status, retryAfter: r.headers.get("retry-after"), body: (await r.json()) as Json };
}

/** Parks `count` tasks as `user` (each asks a question nobody answers); resolves to the answers. */
function parkOverHttp(user: string, count: number) {
  return limited(range(count), 16, () => callOverHttp(user, "park"));
}

/** Polls a task as `user` until `until` holds. */
async function taskOverHttp(user: string, taskId: string, until: (t: Json) => boolean): Promise<Json> {
  for (let i = 0; i < 500; i++) {
    const r = await postModern(fixture().port, user, modernRequest("tasks/get", { taskId }));
    const task = ((await r.json()) as Json).result;
    if (until(task)) return task;
    await new Promise((r) => setTimeout(r, 10));
  }
  throw new Error(`task ${taskId} never got there`);
}

describe("tasks parked waiting for input, over HTTP", () => {
  const parked: { user: string; taskId: string }[] = [];

  it("one caller runs at most its share (100); past it 429 with Retry-After, while another caller's task runs to completion", async () => {
    const before = await fixture().stats();
    const answers = await parkOverHttp("mallory", 120);
    const created = answers.filter((a) => a.status === 200);
    expect(created).toHaveLength(100);
    parked.push(...created.map((a) => ({ user: "mallory", taskId: a.body.result.taskId as string })));
    const refused = answers.find((a) => a.status !== 200)!;
    expect(refused.status).toBe(429);
    expect(refused.retryAfter).toBe("5");
    expect(refused.body.error).toMatchObject({ code: -32603, data: { limit: "running tasks", scope: "share" } });
    await taskOverHttp("mallory", parked[0]!.taskId, (t) => t.status === "input_required");
    const atShare = await fixture().stats();
    const alice = await callOverHttp("alice", "quick");
    expect(alice.status).toBe(200);
    expect((await taskOverHttp("alice", alice.body.result.taskId, (t) => t.status === "completed")).result.content[0].text).toBe("done");
    printFigures("tasks, one caller at its share (100 parked)", [["before", before], ["at the limit", atShare]]);
  });

  it("ten callers parking every slot (1 000): a newcomer's task still runs; the task parked longest by the largest share fails, saying why", async () => {
    for (const i of range(9)) {
      const answers = await parkOverHttp(`mallory-${i}`, 100);
      expect(answers.every((a) => a.status === 200)).toBe(true);
      parked.push(...answers.map((a) => ({ user: `mallory-${i}`, taskId: a.body.result.taskId as string })));
    }
    const atLimit = await fixture().stats();
    const bob = await callOverHttp("bob", "quick");
    expect(bob.status).toBe(200);
    expect((await taskOverHttp("bob", bob.body.result.taskId, (t) => t.status === "completed")).status).toBe("completed");
    // Mallory's first parked task (the one used longest ago among the largest shares) made room.
    const first = await taskOverHttp("mallory", parked[0]!.taskId, (t) => t.status !== "input_required");
    expect(first).toMatchObject({ status: "failed", error: { code: -32603, message: expect.stringContaining("to make room for other callers' tasks") } });
    printFigures("tasks, every slot parked (1 000 by 10 callers)", [["at the limit", atLimit], ["after a newcomer", await fixture().stats()]]);
    // The attackers cancel theirs: the slots come back.
    await limited(parked.slice(1), 16, ({ user, taskId }) => postModern(fixture().port, user, modernRequest("tasks/cancel", { taskId })).then((r) => r.arrayBuffer()));
    printFigures("tasks, after the attackers cancelled", [["after", await fixture().stats()]]);
  });
});

describe("tasks parked waiting for input, over stdio", () => {
  const call = (c: Channel, tool: string) => c.request(modernRequest("tools/call", { name: tool, arguments: {} }));

  it("a stdio channel runs at most its share; another channel's task runs; ten channels parking every slot still leave a newcomer served", async () => {
    const before = await fixture().stats();
    // The fixture's own stdin/stdout is the first attacker: one caller, as any stdio channel is.
    const own = await limited(range(110), 16, () => call(fixture().stdio, "park"));
    expect(own.filter((a) => a.result?.resultType === "task")).toHaveLength(100);
    expect(own.find((a) => a.error)!.error).toMatchObject({ code: -32603, data: { scope: "share" } });
    const honest = await fixture().channel();
    expect((await call(honest, "quick")).result.resultType).toBe("task");
    const channels = await limited(range(9), 3, async () => {
      const c = await fixture().channel();
      const answers = await limited(range(100), 16, () => call(c, "park"));
      expect(answers.filter((a) => a.result?.resultType !== "task")).toEqual([]);
      return c;
    });
    const atLimit = await fixture().stats();
    const newcomer = await fixture().channel();
    expect((await call(newcomer, "quick")).result.resultType).toBe("task");
    printFigures("tasks over stdio (10 channels x 100 parked)", [["before", before], ["at the limit", atLimit], ["after a newcomer", await fixture().stats()]]);
    for (const c of [...channels, honest, newcomer]) c.end();
  });
});
