/**
 * A hostile or broken client cannot crash, stall or exhaust a stdio server
 * (basic/transports/stdio.mdx): each case runs against a real server process
 * (hostile-fixture.ts) whose pipes are the operating system's, and its
 * resident memory is sampled while the client misbehaves. The figures are
 * printed; the bounds asserted are generous, the shape is what counts:
 * memory does not follow what the client sends.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { repoRoot } from "../../../../test/helpers/paths.js";
import { rssOf, sourceArgs } from "../../../../test/helpers/processes.js";
import { request } from "../helpers.js";

const fixture = join(import.meta.dirname, "hostile-fixture.ts");
const MiB = 1024 * 1024;
const children: ChildProcess[] = [];
afterEach(() => {
  for (const c of children.splice(0)) c.kill("SIGKILL");
});

/** Starts the fixture; `lines` are its answers, parsed; `count` how many lines arrived (when `keep` is false, only counted). */
async function start(env: Record<string, string> = {}, { read = true, keep = true } = {}) {
  const child = spawn(process.execPath, sourceArgs(fixture), { cwd: repoRoot, env: { ...process.env, ...env }, stdio: ["pipe", "pipe", "pipe"] });
  children.push(child);
  let stderr = "";
  child.stderr!.on("data", (d: Buffer) => (stderr += d.toString()));
  const state = { lines: [] as any[], count: 0, partial: "", keep };
  const take = (chunk: Buffer) => {
    const parts = (state.partial + chunk.toString()).split("\n");
    state.partial = parts.pop()!;
    state.count += parts.length;
    if (state.keep) for (const p of parts) state.lines.push(JSON.parse(p));
  };
  let reading = false;
  const startReading = () => {
    if (!reading) child.stdout!.on("data", take);
    reading = true;
  };
  if (read) startReading();
  await until(() => stderr.includes("serving"), "the fixture to start");
  const baseline = (await rssOf(child.pid!)) ?? 0;
  return {
    child,
    state,
    baseline,
    stderr: () => stderr,
    startReading,
    /** Writes, waiting for the pipe to drain (the server may have stopped reading: that is the point). */
    write: (data: string | Buffer) => new Promise<void>((resolve) => (child.stdin!.write(data) ? resolve() : child.stdin!.once("drain", resolve))),
    answerTo: (id: unknown) => state.lines.find((l) => l.id === id && ("result" in l || "error" in l)),
  };
}

async function until(condition: () => boolean, what: string, ms = 60_000): Promise<void> {
  const startedAt = Date.now();
  while (!condition()) {
    if (Date.now() - startedAt > ms) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 10));
  }
}

/** Samples the child's RSS every 50 ms while `work` runs; resolves to the peak above `baseline`. */
async function peakWhile(pid: number, baseline: number, work: Promise<unknown>): Promise<number> {
  let peak = 0;
  let done = false;
  void work.finally(() => (done = true));
  while (!done) {
    peak = Math.max(peak, ((await rssOf(pid)) ?? baseline) - baseline);
    await new Promise((r) => setTimeout(r, 50));
  }
  await work;
  return Math.max(peak, ((await rssOf(pid)) ?? baseline) - baseline);
}

const mb = (bytes: number) => `${(bytes / MiB).toFixed(1)} MiB`;

describe("serveStdio under hostile clients", () => {
  it("refuses a 100 MB line without a newline without holding it, then keeps serving", async () => {
    const s = await start();
    const chunk = "x".repeat(MiB);
    const peak = await peakWhile(s.child.pid!, s.baseline, (async () => {
      for (let i = 0; i < 100; i++) await s.write(chunk);
    })());
    await s.write("\n");
    const m = request("tools/call", { name: "count" });
    await s.write(`${JSON.stringify(m)}\n`);
    await until(() => !!s.answerTo(m.id), "the answer after the long line");
    expect(s.state.lines[0].error).toMatchObject({ code: -32600, message: expect.stringMatching(/maxLineBytes/) });
    console.log(`100 MB line: server RSS peak +${mb(peak)} over ${mb(s.baseline)}`);
    expect(peak).toBeLessThan(96 * MiB);
  });

  it("answers a million tiny garbage lines with -32700 each, in bounded memory, then keeps serving", async () => {
    const s = await start({}, { keep: false });
    const block = "x\n".repeat(10_000);
    const peak = await peakWhile(s.child.pid!, s.baseline, (async () => {
      for (let i = 0; i < 100; i++) await s.write(block);
      await until(() => s.state.count >= 1_000_000, "a million answers");
    })());
    s.state.keep = true; // now keep what comes
    const m = request("tools/call", { name: "count" });
    await s.write(`${JSON.stringify(m)}\n`);
    await until(() => s.state.lines.some((l) => l.id === m.id), "the answer after the garbage");
    console.log(`a million garbage lines: server RSS peak +${mb(peak)} over ${mb(s.baseline)}`);
    expect(peak).toBeLessThan(128 * MiB);
  });

  it("answers lines that are not UTF-8 with -32700 and reads on", async () => {
    const s = await start();
    await s.write(Buffer.from([0xc3, 0x28, 0x0a, 0xff, 0xfe, 0xfd, 0x0a]));
    const m = request("tools/call", { name: "count" });
    await s.write(`${JSON.stringify(m)}\n`);
    await until(() => !!s.answerTo(m.id), "the answer after the bad bytes");
    expect(s.state.lines.filter((l) => l.error?.code === -32700)).toHaveLength(2);
  });

  it("meets a client that never reads with backpressure: it stops reading instead of buffering, and loses nothing", async () => {
    const s = await start({}, { read: false });
    const calls = Array.from({ length: 2000 }, () => request("tools/call", { name: "big" })); // 2000 × 64 KiB answers: 128 MiB if buffered
    let written = 0;
    const writing = (async () => {
      for (const c of calls) {
        await s.write(`${JSON.stringify(c)}\n`);
        written++;
      }
    })();
    // The server stops taking requests once its output is backed up: our writes stall.
    await new Promise((r) => setTimeout(r, 2000));
    const rss = ((await rssOf(s.child.pid!)) ?? 0) - s.baseline;
    expect(written).toBeLessThan(calls.length);
    console.log(`a client that never reads: ${written} of ${calls.length} requests taken before the server stopped reading; RSS +${mb(rss)}`);
    expect(rss).toBeLessThan(96 * MiB);
    s.startReading();
    await writing;
    await until(() => calls.every((c) => s.answerTo(c.id)?.result), "every call to be answered once the client reads");
  });

  it("ends quietly, with exit code 0, when its stdout is closed (EPIPE)", async () => {
    const s = await start({}, { read: false });
    s.child.stdout!.destroy();
    const exited = new Promise<number | null>((resolve) => s.child.once("exit", (code) => resolve(code)));
    await s.write(`${JSON.stringify(request("tools/call", { name: "big" }))}\n`);
    expect(await exited).toBe(0);
    expect(s.stderr()).not.toMatch(/Error|EPIPE|at /);
  });

  it("exits with code 0 when its stdin ends, after answering what it had answered", async () => {
    const s = await start();
    const m = request("tools/call", { name: "count" });
    await s.write(`${JSON.stringify(m)}\n`);
    await until(() => !!s.answerTo(m.id), "the answer");
    const exited = new Promise<number | null>((resolve) => s.child.once("exit", (code) => resolve(code)));
    s.child.stdin!.end();
    expect(await exited).toBe(0);
  });
});
