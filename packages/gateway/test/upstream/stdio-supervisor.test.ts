/**
 * superviseStdio against real processes (fixtures/*.mjs, a few lines of Node
 * speaking newline-delimited JSON-RPC): crashes mid-call and at start, the
 * back-off and being left down, a stderr flood, a process outgrowing its
 * memory limit, the shared process budget, launching on demand, and closing
 * without leaving a process behind. No timing is asserted: tests wait for
 * states, and the delays they check are the ones the supervisor announces.
 */
import { fileURLToPath } from "node:url";
import { afterEach, describe, expect, it } from "vitest";
import { createClient, type McpClient } from "@mrtr/client";
import type { GatewayWarning, StdioUpstreamConfig } from "../../src/options.js";
import { canWatchMemory } from "../../src/upstream/memory-watch.js";
import { processBudget, superviseStdio, UpstreamDownError, type ProcessBudget, type StdioSupervisionOptions, type SupervisedClient } from "../../src/upstream/stdio-supervisor.js";

const fixture = (name: string) => fileURLToPath(new URL(`./fixtures/${name}`, import.meta.url));
const server: StdioUpstreamConfig = { command: process.execPath, args: [fixture("server.mjs")], restart: { initialMs: 10 } };

const opened: SupervisedClient[] = [];
afterEach(async () => {
  await Promise.all(opened.splice(0).map((s) => s.close()));
});

/** A supervisor of `config` with its own budget (unless given), collecting its warnings and the clients it announces. */
function supervise(config: StdioUpstreamConfig, options: Partial<StdioSupervisionOptions> = {}) {
  const warnings: GatewayWarning[] = [];
  const announced: McpClient[] = [];
  const budget = options.budget ?? processBudget(4);
  const supervised = superviseStdio({
    name: "fixture",
    config,
    makeClient: (transport) => createClient({ transport, name: "gateway-test", version: "1.0.0", legacy: false }),
    budget,
    memoryMb: 1024,
    onWarning: (w) => warnings.push(w),
    onRestart: (client) => announced.push(client),
    ...options,
  });
  opened.push(supervised);
  return { supervised, warnings, announced, budget };
}

const textOf = (result: object) => ((result as { content: { text: string }[] }).content[0]?.text ?? "");
const isAlive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};
async function until(condition: () => boolean, what: string): Promise<void> {
  for (let i = 0; i < 2_000 && !condition(); i++) await new Promise((r) => setTimeout(r, 10));
  if (!condition()) throw new Error(`timed out waiting for ${what}`);
}

describe("superviseStdio: crashes and restarts", () => {
  it("fails a call whose process crashes with the exit code and stderr, and gives the next client() a new process", async () => {
    const { supervised, warnings, announced } = supervise(server);
    const first = await supervised.client();
    const firstPid = supervised.pid!;
    expect(textOf(await first.callTool("pid"))).toBe(String(firstPid));

    const error = (await first.callTool("crash").catch((e: unknown) => e)) as Error;
    expect(error.message).toMatch(/exited with code 3/);
    expect(error.message).toMatch(/crashing on purpose/);

    const second = await supervised.client();
    expect(second).not.toBe(first);
    expect(supervised.restarts).toBe(1);
    expect(supervised.state).toBe("up");
    expect(supervised.pid).not.toBe(firstPid);
    expect(textOf(await second.callTool("pid"))).toBe(String(supervised.pid));
    expect(announced).toEqual([second]);
    expect(supervised.lastError).toMatch(/exited with code 3/);
    expect(warnings.map((w) => w.kind)).toEqual(["upstream-down", "upstream-restarted"]);
    expect(warnings[0]!.message).toMatch(/exited with code 3\. Restarting in 10 ms \(crash 1 of 10 in a row\)\.\nIts last stderr:\ncrashing on purpose/);
    expect(isAlive(firstPid)).toBe(false);
  });

  it("doubles the back-off with each crash in a row and leaves the upstream down after restart.maxAttempts", async () => {
    const config = { command: process.execPath, args: [fixture("crash-at-start.mjs")], restart: { initialMs: 5, maxMs: 60_000, maxAttempts: 4 } };
    const { supervised, warnings } = supervise(config);
    await supervised.boot();
    await until(() => supervised.state === "down", "the upstream left down");

    const downs = warnings.filter((w) => w.kind === "upstream-down").map((w) => w.message);
    expect(downs.map((m) => /Restarting in (\d+) ms/.exec(m)?.[1])).toEqual(["5", "10", "20", undefined]);
    expect(downs[3]).toMatch(/Left down after 4 processes in a row ended without answering \(restart\.maxAttempts 4\)/);
    expect(downs[3]).toMatch(/cannot open the database/);
    expect(supervised.restarts).toBe(3);
    expect(supervised.pid).toBeUndefined();

    const error = (await supervised.client().catch((e: unknown) => e)) as UpstreamDownError;
    expect(error).toBeInstanceOf(UpstreamDownError);
    expect(error.reason).toBe("crashes");
    expect(error.upstream).toBe("fixture");
    expect(error.message).toMatch(/Upstream "fixture" is down: 4 of its processes in a row ended without answering.*exited with code 1/s);
    expect(supervised.restarts).toBe(3);
  });

  it("counts a command that cannot be started as a crash, with the reason the OS gave", async () => {
    const { supervised, warnings } = supervise({ command: "/nonexistent/mrtr-no-such-server", restart: { maxAttempts: 1 } });
    await supervised.boot();
    await until(() => supervised.state === "down", "the upstream left down");
    expect(supervised.lastError).toMatch(/could not be started: spawn \/nonexistent\/mrtr-no-such-server ENOENT/);
    expect(warnings.map((w) => w.kind)).toEqual(["upstream-down"]);
    await expect(supervised.client()).rejects.toBeInstanceOf(UpstreamDownError);
  });

  it("tries a downed upstream once more on a request after restart.maxMs", async () => {
    const config = { command: process.execPath, args: [fixture("crash-at-start.mjs")], restart: { initialMs: 1, maxMs: 1, maxAttempts: 1 } };
    const { supervised } = supervise(config);
    await supervised.boot();
    await until(() => supervised.state === "down", "the upstream left down");
    await new Promise((r) => setTimeout(r, 20)); // past maxMs
    await supervised.client();
    expect(supervised.restarts).toBe(1);
    await until(() => supervised.state === "down", "the upstream left down again");
  });
});

describe("superviseStdio: stderr and memory", () => {
  it("keeps only the latest stderrBytes of a process writing megabytes, a huge line cut", async () => {
    const { supervised } = supervise({ ...server, stderrBytes: 16 * 1024 });
    const client = await supervised.client();
    expect(textOf(await client.callTool("flood", { mb: 4 }))).toBe("flooded");
    await until(() => supervised.stderr().endsWith("flood end"), "the end of the flood");
    const kept = supervised.stderr();
    expect(Buffer.byteLength(kept)).toBeLessThanOrEqual(16 * 1024);
    expect(kept).not.toMatch(/^line 0 /m);
    expect(kept).toMatch(/^line 4095 x+\ny+…\nflood end$/m); // the 2 MiB line, cut as the transport hands it on (8 Ki units)
  });

  it.skipIf(!canWatchMemory())(`stops a process that grows past memoryMb, warns, and starts a new one${canWatchMemory() ? "" : " [skipped: no /proc (not Linux): the memory watch is off]"}`, async () => {
    const { supervised, warnings } = supervise(server, { memoryMb: 150 });
    const client = await supervised.client();
    const firstPid = supervised.pid!;
    expect(textOf(await client.callTool("grow", { mb: 200 }))).toBe("grown");
    await until(() => supervised.restarts === 1 && supervised.state === "up", "the restart");

    const memory = warnings.find((w) => w.kind === "memory-exceeded");
    expect(memory?.message).toMatch(new RegExp(`\\(pid ${firstPid}\\) used \\d+ MiB of resident memory, over its limit of 150 MiB \\(maxMemoryMb\\), and was stopped\\. Restarting in 10 ms`));
    expect(supervised.lastError).toMatch(/over its limit of 150 MiB/);
    expect(supervised.pid).not.toBe(firstPid);
    expect(textOf(await (await supervised.client()).callTool("pid"))).toBe(String(supervised.pid));
    await until(() => !isAlive(firstPid), "the old process gone");
  });
});

describe("superviseStdio: launching, the budget, closing", () => {
  it("launches nothing on demand until client() asks", async () => {
    const { supervised, budget } = supervise({ ...server, start: "demand" });
    await new Promise((r) => setTimeout(r, 300));
    expect(supervised.state).toBe("idle");
    expect(supervised.pid).toBeUndefined();
    expect(budget.inUse).toBe(0);

    await supervised.client();
    expect(supervised.state).toBe("up");
    expect(isAlive(supervised.pid!)).toBe(true);
    expect(budget.inUse).toBe(1);
    expect(supervised.restarts).toBe(0);
  });

  it("refuses a second process when the shared budget holds one, and starts it once the first is closed", async () => {
    const budget: ProcessBudget = processBudget(1);
    const a = supervise(server, { budget }).supervised;
    const b = supervise(server, { budget }).supervised;
    await a.boot();

    const error = (await b.client().catch((e: unknown) => e)) as UpstreamDownError;
    expect(error).toBeInstanceOf(UpstreamDownError);
    expect(error.reason).toBe("budget");
    expect(error.message).toMatch(/already runs 1 stdio processes, its limit\. Raise limits\.maxProcesses/);
    expect(b.state).toBe("down");
    expect(b.pid).toBeUndefined();

    await a.close();
    expect(budget.inUse).toBe(0);
    const client = await b.client();
    expect(textOf(await client.callTool("pid"))).toBe(String(b.pid));
    expect(budget.inUse).toBe(1);
  });

  it("close() leaves no process running, gives back the slot, and refuses client() from then on", async () => {
    const { supervised, budget } = supervise(server);
    await (await supervised.client()).callTool("pid");
    const pid = supervised.pid!;
    expect(isAlive(pid)).toBe(true);

    await supervised.close();
    expect(isAlive(pid)).toBe(false);
    expect(budget.inUse).toBe(0);
    expect(supervised.pid).toBeUndefined();
    await expect(supervised.client()).rejects.toMatchObject({ name: "UpstreamDownError", reason: "closed" });
  });

  it("close() during a restart's back-off cancels it and fails the waiting client() call", async () => {
    const { supervised, budget } = supervise({ ...server, restart: { initialMs: 60_000 } });
    const client = await supervised.client();
    await client.callTool("crash").catch(() => undefined);
    const waiting = supervised.client();
    await until(() => supervised.state === "restarting", "the back-off");
    await supervised.close();
    await expect(waiting).rejects.toMatchObject({ reason: "closed" });
    expect(budget.inUse).toBe(0);
  });
});
