/**
 * The official TypeScript SDK's client launching our server over stdio
 * (basic/transports/stdio.mdx), child script fixtures/mrtr-stdio-server.ts.
 * In `auto` version negotiation the SDK probes with server/discover and stays
 * modern; it answers a multi round-trip elicitation with its own handler,
 * reads our progress reports in order, cancels with notifications/cancelled
 * (our handler's signal aborts, seen on the child's stderr), listens for
 * tools/list_changed, and closing its end of stdin makes our server exit by
 * itself. In its default legacy mode its `initialize` gets our
 * UnsupportedProtocolVersionError naming 2026-07-28.
 */
import { resolve } from "node:path";
import type { Readable } from "node:stream";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Client } from "@modelcontextprotocol/client";
import { StdioClientTransport } from "@modelcontextprotocol/client/stdio";
import { repoRoot } from "../helpers/paths.js";
import { sourceArgs } from "../helpers/processes.js";

const fixture = resolve(repoRoot, "test/interop/fixtures/mrtr-stdio-server.ts");

/** A transport launching our fixture, with its stderr read line by line into `lines`. */
function launch(): { transport: StdioClientTransport; lines: string[] } {
  const transport = new StdioClientTransport({ command: process.execPath, args: sourceArgs(fixture), cwd: repoRoot, stderr: "pipe" });
  const lines: string[] = [];
  let partial = "";
  (transport.stderr as Readable).on("data", (chunk: Buffer) => {
    const parts = (partial + chunk.toString("utf8")).split("\n");
    partial = parts.pop()!;
    lines.push(...parts);
  });
  return { transport, lines };
}

type Message = { id?: unknown; method?: string; params?: Record<string, unknown> };

/** Records what the SDK writes to our server's stdin and what it reads from its stdout (wrap after connect). */
function record(transport: StdioClientTransport): { sent: Message[]; received: Message[] } {
  const sent: Message[] = [];
  const received: Message[] = [];
  const send = transport.send.bind(transport);
  transport.send = (message) => (sent.push(message as Message), send(message));
  const deliver = transport.onmessage!;
  transport.onmessage = (message) => (received.push(message as Message), deliver(message));
  return { sent, received };
}

/** Waits (bounded) until `condition` holds. */
async function until(condition: () => boolean, what: string, ms = 10_000): Promise<void> {
  const start = Date.now();
  while (!condition()) {
    if (Date.now() - start > ms) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 10));
  }
}

/** Kills a child the SDK left running (it should not). */
function reap(pid: number | null | undefined): void {
  if (!pid) return;
  try {
    process.kill(pid, "SIGKILL");
  } catch {
    // Already gone.
  }
}

describe("the official SDK client (auto negotiation) launching our server over stdio", () => {
  let client: Client;
  let launched: ReturnType<typeof launch>;
  let wire: ReturnType<typeof record>;

  beforeAll(async () => {
    client = new Client({ name: "official-stdio", version: "1" }, { capabilities: { elicitation: {} }, versionNegotiation: { mode: "auto" } });
    client.setRequestHandler("elicitation/create", async (request) => ({
      action: "accept",
      content: { name: request.params.message === "Your name?" ? "Ada" : "unexpected question" },
    }));
    launched = launch();
    await client.connect(launched.transport);
    wire = record(launched.transport);
  });
  afterAll(async () => {
    const pid = launched?.transport.pid;
    await client?.close();
    reap(pid);
  });

  it("stays modern: the discover probe selects 2026-07-28 and tools/list answers", async () => {
    expect(client.getProtocolEra()).toBe("modern");
    expect(client.getNegotiatedProtocolVersion()).toBe("2026-07-28");
    expect(client.getServerVersion()?.name).toBe("mrtr-stdio");
    const names = (await client.listTools()).tools.map((t) => t.name);
    expect(names).toEqual(expect.arrayContaining(["greet", "steps", "wait", "add-tool"]));
  });

  it("completes an MRTR elicitation round: our input_required is answered by the SDK's elicitation handler and retried", async () => {
    const result = await client.callTool({ name: "greet", arguments: {} });
    expect(result.content).toEqual([{ type: "text", text: "hello Ada" }]);
  });

  it("delivers progress reports to the SDK's onprogress in the order the handler made them", async () => {
    const reports: unknown[] = [];
    const result = await client.callTool({ name: "steps", arguments: {} }, { onprogress: (p) => reports.push(p) });
    expect(result.content).toEqual([{ type: "text", text: "done" }]);
    expect(reports).toEqual([
      { progress: 1, total: 3, message: "step 1" },
      { progress: 2, total: 3, message: "step 2" },
      { progress: 3, total: 3, message: "step 3" },
    ]);
  });

  it("cancels: aborting the SDK call sends notifications/cancelled on stdin, our handler's ctx.signal aborts, and the request is never answered", async () => {
    const controller = new AbortController();
    const before = launched.lines.filter((l) => l.startsWith("cancelled ")).length;
    const call = client.callTool({ name: "wait", arguments: {} }, { signal: controller.signal, onprogress: () => controller.abort(new Error("user cancelled")) });
    await expect(call).rejects.toThrow();
    await until(() => launched.lines.filter((l) => l.startsWith("cancelled ")).length > before, "the handler to see its signal abort");
    const request = wire.sent.filter((m) => m.method === "tools/call" && m.params?.name === "wait").at(-1)!;
    expect(wire.sent.filter((m) => m.method === "notifications/cancelled").map((m) => m.params?.requestId)).toContain(request.id);
    expect(launched.lines).toContain(`cancelled ${JSON.stringify(request.id)}`);
    // The server still serves the channel afterwards, and by then it has sent nothing for the cancelled request.
    expect((await client.callTool({ name: "greet", arguments: {} })).content).toEqual([{ type: "text", text: "hello Ada" }]);
    expect(wire.received.filter((m) => m.id === request.id)).toEqual([]);
  });

  it("listens: acknowledged with the honoured filter, a registered tool is announced as tools/list_changed stamped with the listen id, and nothing follows the SDK's cancellation", async () => {
    let changes = 0;
    client.setNotificationHandler("notifications/tools/list_changed", () => void changes++);
    const subscription = await client.listen({ toolsListChanged: true });
    const listenId = wire.sent.filter((m) => m.method === "subscriptions/listen").at(-1)!.id;
    const forListen = () =>
      wire.received
        .filter((m) => m.id === listenId || m.params?.requestId === listenId || (m.params?._meta as Record<string, unknown> | undefined)?.["io.modelcontextprotocol/subscriptionId"] === listenId)
        .map((m) => m.method ?? "a response");
    try {
      expect(subscription.honoredFilter).toEqual({ toolsListChanged: true });
      expect(changes).toBe(0);
      expect((await client.callTool({ name: "add-tool", arguments: { name: "late" } })).content).toEqual([{ type: "text", text: "added late" }]);
      await until(() => changes > 0, "notifications/tools/list_changed");
      expect((await client.listTools(undefined, { cacheMode: "refresh" })).tools.map((t) => t.name)).toContain("late");
      expect(forListen()).toEqual(["notifications/subscriptions/acknowledged", "notifications/tools/list_changed"]);
    } finally {
      await subscription.close();
    }
    expect(await subscription.closed).toBe("local");
    await client.listTools(); // a round trip: anything our server sent for the stream before it has arrived
    expect(forListen()).toEqual(["notifications/subscriptions/acknowledged", "notifications/tools/list_changed"]);
  });
});

describe("the official SDK client closing the connection", () => {
  it("our server exits by itself (code 0) once the SDK closes its stdin, even with a listen stream open", async () => {
    const client = new Client({ name: "official-stdio-close", version: "1" }, { versionNegotiation: { mode: "auto" } });
    const { transport, lines } = launch();
    let pid: number | null | undefined;
    try {
      await client.connect(transport);
      pid = transport.pid;
      await client.listen({ toolsListChanged: true });
      await client.close();
      // Written by the fixture's exit handler, which a SIGTERM or SIGKILL would not run.
      await until(() => lines.includes("exit 0"), "our server's exit line");
    } finally {
      await client.close();
      reap(pid);
    }
  });
});

describe("the official SDK client in its default legacy mode launching our server over stdio", () => {
  it("is served: serveStdio serves initialize-based clients by default, so it connects and lists tools", async () => {
    const client = new Client({ name: "official-stdio-legacy", version: "1" }, { capabilities: {} });
    const { transport } = launch();
    try {
      await client.connect(transport);
      expect(client.getServerVersion()).toBeDefined();
      expect((await client.listTools()).tools.length).toBeGreaterThan(0);
    } finally {
      const pid = transport.pid;
      await client.close();
      reap(pid);
    }
  });
});
