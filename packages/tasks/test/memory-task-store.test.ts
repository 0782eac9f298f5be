import { MemoryTaskStore } from "@mrtr/tasks/server";
import { describe, expect, it } from "vitest";
import { describeTaskStore, taskRecord } from "./task-store-contract.js";

// One store is one process: there is no second instance on the same data (other instances of a server share it by reference).
describeTaskStore("MemoryTaskStore", async (now) => {
  const store = new MemoryTaskStore({ now });
  return { store, cleanup: () => store.close() };
});

describe("MemoryTaskStore keeps a memory budget, shared fairly between owners", () => {
  const result = (bytes: number) => ({ content: [{ type: "text", text: "x".repeat(bytes) }] });

  it("answers \"full\" to a result past its owner's share of bytes, writing nothing, while another owner's result is stored", async () => {
    const store = new MemoryTaskStore({ maxBytes: 100_000, maxBytesPerOwner: 20_000 });
    const mine = taskRecord(Date.now(), { owner: "mallory" });
    expect(await store.create(mine, { maxPerOwner: 10 })).toBe(true);
    const big = { ...mine, status: "completed" as const, result: result(30_000), version: 2 };
    expect(await store.update(big)).toBe("full");
    expect((await store.get(mine.taskId))?.status).toBe("working");
    const theirs = taskRecord(Date.now(), { owner: "alice" });
    await store.create(theirs, { maxPerOwner: 10 });
    expect(await store.update({ ...theirs, status: "completed", result: result(15_000), version: 2 })).toBe(true);
    expect(store.usage("alice").bytes).toBeGreaterThan(15_000);
    await store.close();
  });

  it("when full, forgets the finished task read longest ago of the owner holding the most; running tasks stay, and with none finished a create is \"full\"", async () => {
    const store = new MemoryTaskStore({ maxTasks: 3 });
    const done = async (owner: string) => {
      const r = taskRecord(Date.now(), { owner });
      await store.create(r, { maxPerOwner: 10 });
      await store.update({ ...r, status: "completed", result: result(10), version: 2 });
      return r.taskId;
    };
    const m1 = await done("mallory");
    const m2 = await done("mallory");
    const running = taskRecord(Date.now(), { owner: "alice" });
    await store.create(running, { maxPerOwner: 10 });
    await store.get(m1); // read since: m2 is mallory's finished task read longest ago
    expect(await store.create(taskRecord(Date.now(), { owner: "bob" }), { maxPerOwner: 10 })).toBe(true);
    expect(await store.get(m2)).toBeUndefined();
    expect(await store.get(m1)).toBeDefined();
    expect(await store.get(running.taskId)).toBeDefined();
    // Full again with alice's running task, bob's running task and mallory's finished one: it goes, then nothing finished is left.
    expect(await store.create(taskRecord(Date.now(), { owner: "carol" }), { maxPerOwner: 10 })).toBe(true);
    expect(await store.get(m1)).toBeUndefined();
    expect(await store.create(taskRecord(Date.now(), { owner: "dave" }), { maxPerOwner: 10 })).toBe("full");
    await store.close();
  });

  it("refuses a budget one owner could fill", () => {
    expect(() => new MemoryTaskStore({ maxBytes: 1000, maxBytesPerOwner: 1000 })).toThrow(/maxBytesPerOwner \(1000\) must be less than maxBytes/);
  });
});
