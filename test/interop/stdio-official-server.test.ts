/**
 * Our client (`stdioTransport` + `createClient`) launching a server built
 * with the official TypeScript SDK and served by its `serveStdio` entry
 * (child script fixtures/official-stdio-server.ts, modern only:
 * `legacy: "reject"`). Over one stdio channel our client discovers it, lists
 * and calls tools, completes the SDK's input_required round (echoing its
 * HMAC-sealed requestState), reads progress, cancels with
 * notifications/cancelled (the SDK handler's signal aborts with the
 * notification's reason, seen on the child's stderr), listens for
 * tools/list_changed, and `client.close()` closes the child's stdin, so it
 * exits by itself.
 */
import { resolve } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createClient, FlowAbortedError, type McpClient, type Progress } from "@mrtr/client";
import { stdioTransport, type StdioTransport } from "@mrtr/client/stdio";
import { repoRoot } from "../helpers/paths.js";
import { sourceArgs } from "../helpers/processes.js";

const fixture = resolve(repoRoot, "test/interop/fixtures/official-stdio-server.ts");

/** Our client launching the SDK server, with the child's stderr lines and the questions its form handler was asked. */
function launch(): { client: McpClient; transport: StdioTransport; lines: string[]; asked: string[] } {
  const lines: string[] = [];
  const asked: string[] = [];
  const transport = stdioTransport({ command: process.execPath, args: sourceArgs(fixture), cwd: repoRoot, stderr: (line) => lines.push(line) });
  const client = createClient({
    transport,
    name: "mrtr-stdio-interop",
    version: "1.0.0",
    elicitation: {
      form: async (params) => {
        asked.push(params.message);
        return { action: "accept", content: { confirm: true } };
      },
    },
  });
  return { client, transport, lines, asked };
}

/** Waits (bounded) until `condition` holds. */
async function until(condition: () => boolean, what: string, ms = 10_000): Promise<void> {
  const start = Date.now();
  while (!condition()) {
    if (Date.now() - start > ms) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 10));
  }
}

function running(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

/** Kills a child our transport left running (it should not). */
function reap(pid: number | undefined): void {
  if (pid !== undefined && running(pid)) process.kill(pid, "SIGKILL");
}

describe("our stdio client against an official-SDK stdio server", () => {
  let peer: ReturnType<typeof launch>;
  let pid: number | undefined;

  beforeAll(async () => {
    peer = launch();
    await peer.client.discover();
    pid = peer.transport.pid;
  });
  afterAll(async () => {
    await peer?.client.close();
    reap(pid);
  });

  it("discovers it as a 2026-07-28 server, lists its tools and calls one", async () => {
    const discovered = await peer.client.discover();
    expect(discovered.supportedVersions).toContain("2026-07-28");
    expect(discovered._meta?.["io.modelcontextprotocol/serverInfo"]).toMatchObject({ name: "official-stdio" });
    expect((await peer.client.listAllTools()).map((t) => t.name).sort()).toEqual(["add-tool", "deploy", "echo", "slow", "steps"]);
    expect((await peer.client.callTool("echo", { text: "über stdio" })).content).toEqual([{ type: "text", text: "über stdio" }]);
  });

  it("completes the SDK's input_required round: our form handler answers and the sealed requestState comes back intact", async () => {
    const before = peer.asked.length;
    const result = await peer.client.callTool("deploy", { env: "staging" });
    expect(result.content).toEqual([{ type: "text", text: "deployed to staging" }]);
    expect(peer.asked.slice(before)).toEqual(["Deploy to staging?"]);
  });

  it("reads the SDK handler's progress reports in order", async () => {
    const reports: Progress[] = [];
    await peer.client.callTool("steps", {}, { onProgress: (p) => reports.push(p) });
    expect(reports).toEqual([
      { progress: 1, total: 3 },
      { progress: 2, total: 3 },
      { progress: 3, total: 3 },
    ]);
  });

  it("cancels a call: our abort sends notifications/cancelled, and the SDK handler's signal aborts with its reason", async () => {
    const controller = new AbortController();
    const seen = () => peer.lines.filter((l) => l.startsWith("cancelled ")).length;
    const before = seen();
    const call = peer.client.callTool("slow", {}, { signal: controller.signal, onProgress: () => controller.abort() });
    await expect(call).rejects.toBeInstanceOf(FlowAbortedError);
    await until(() => seen() > before, "the SDK handler to see its signal abort");
    // The SDK aborts a handler with the `reason` of the notifications/cancelled naming it (any other end would leave it null).
    const cancelled = JSON.parse(peer.lines.filter((l) => l.startsWith("cancelled ")).at(-1)!.slice("cancelled ".length)) as { id: unknown; reason: unknown };
    expect(cancelled).toEqual({ id: expect.anything(), reason: expect.any(String) });
    // The channel still serves.
    expect((await peer.client.callTool("echo", { text: "still here" })).content).toEqual([{ type: "text", text: "still here" }]);
  });

  it("listens: the acknowledgement comes first, then the tools/list_changed the SDK announces for a registered tool", async () => {
    const controller = new AbortController();
    const events = peer.client.listen({ toolsListChanged: true }, { signal: controller.signal });
    try {
      const ack = await events.next();
      expect(ack.value?.method).toBe("notifications/subscriptions/acknowledged");
      expect(ack.value?.params).toMatchObject({ notifications: { toolsListChanged: true } });
      await peer.client.callTool("add-tool", { name: "late" });
      const change = await events.next();
      expect(change.value?.method).toBe("notifications/tools/list_changed");
      expect((await peer.client.listAllTools({ fresh: true })).map((t) => t.name)).toContain("late");
    } finally {
      controller.abort();
    }
    expect((await events.next()).done).toBe(true);
  });
});

describe("closing our stdio client", () => {
  it("client.close() closes the child's stdin and the SDK server exits by itself (code 0, no signal); its pid no longer runs", async () => {
    const peer = launch();
    let pid: number | undefined;
    try {
      await peer.client.discover();
      pid = peer.transport.pid;
      expect(pid).toBeTypeOf("number");
      expect(running(pid!)).toBe(true);
      await peer.client.close();
      await until(() => !running(pid!), "the child to exit");
      expect(peer.transport.pid).toBeUndefined();
      // Written by the fixture's exit handler, which a SIGTERM or SIGKILL would not run.
      await until(() => peer.lines.includes("exit 0"), "the child's exit line");
    } finally {
      await peer.client.close();
      reap(pid);
    }
  });
});
