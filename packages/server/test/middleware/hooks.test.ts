import { createServer, type OutgoingCall, type SessionEnd, type SessionInfo } from "@mrtr/server";
import { describe, expect, it } from "vitest";
import { askingServer, call, initialize, session } from "../legacy/helpers.js";

const accept = (name: string) => ({ action: "accept", content: { name } });

describe("server.use with hooks: the requests a server sends, and the sessions of initialize-based clients", () => {
  it("runs outgoing middleware around each question a bridged call sends, with the session and the client's request it asks for", async () => {
    const { server } = askingServer();
    const seen: OutgoingCall[] = [];
    server.use({
      outgoing: async (c, next) => {
        seen.push(c);
        const answer = await next({ ...c.params, _meta: { ...(c.params._meta as object | undefined), traceparent: "00-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-01" } });
        return answer;
      },
    });
    const { session: s, sent } = session(server, {}, () => accept("Ada"));
    await initialize(s);
    const answer = await s.receive(call(7, "greet", {}, { _meta: { tag: "mine" } }));
    expect((answer as { result?: { content?: unknown } }).result?.content).toEqual([{ type: "text", text: "hello Ada" }]);
    expect(seen).toHaveLength(1);
    expect(seen[0]!.method).toBe("elicitation/create");
    expect(seen[0]!.session).toEqual({ id: s.id, protocolVersion: "2025-11-25", transport: "unknown" });
    expect(seen[0]!.related?.method).toBe("tools/call");
    expect(seen[0]!.related?.id).toBe(7);
    expect((seen[0]!.related?.params._meta as Record<string, unknown>).tag).toBe("mine");
    // What next() was given is what went to the client, under the id the middleware saw.
    const question = sent.find((m) => m.message.method === "elicitation/create")!.message;
    expect(question.id).toBe(seen[0]!.id);
    expect((question.params as { _meta?: Record<string, unknown> })._meta?.traceparent).toBe("00-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-01");
  });

  it("an outgoing middleware that refuses fails the bridged call with a message naming the question", async () => {
    const { server } = askingServer();
    server.use({
      outgoing: () => {
        throw new Error("no questions today");
      },
    });
    const { session: s, sent } = session(server, {}, () => accept("Ada"));
    await initialize(s);
    const answer = (await s.receive(call(1, "greet"))) as { error?: { code: number; message: string } };
    expect(answer.error?.code).toBe(-32603);
    expect(answer.error?.message).toMatch(/did not send elicitation\/create: no questions today/);
    expect(sent.some((m) => m.message.method === "elicitation/create")).toBe(false);
  });

  it("tells session observers of a session's start and its end, once, with its id, version and binding", async () => {
    const { server } = askingServer();
    const events: (SessionInfo | SessionEnd)[] = [];
    server.use({
      session: (info) => {
        events.push(info);
        return (end) => void events.push(end);
      },
    });
    const { session: s } = session(server, { id: "session-abc" }, () => accept("Ada"));
    await s.receive({ jsonrpc: "2.0", id: "init", method: "initialize", params: { protocolVersion: "2025-06-18", capabilities: {}, clientInfo: { name: "h", version: "1" } } }, { transport: "stdio" });
    expect(events).toEqual([{ id: "session-abc", protocolVersion: "2025-06-18", transport: "stdio" }]);
    s.close({ errorType: "evicted" });
    s.close();
    expect(events).toEqual([{ id: "session-abc", protocolVersion: "2025-06-18", transport: "stdio" }, { errorType: "evicted" }]);
  });

  it("gives request middleware the session id of a bridged call, and none to a modern one", async () => {
    const { server } = askingServer();
    const sessions: [string, string | undefined][] = [];
    server.use((c, next) => {
      sessions.push([c.method, c.session]);
      return next();
    });
    const { session: s } = session(server, { id: "s-1" }, () => accept("Ada"));
    await initialize(s);
    await s.receive(call(1, "echo"));
    await server.handle({
      jsonrpc: "2.0",
      id: 2,
      method: "tools/call",
      params: { name: "echo", arguments: {}, _meta: { "io.modelcontextprotocol/protocolVersion": "2026-07-28", "io.modelcontextprotocol/clientCapabilities": {} } },
    });
    expect(sessions.filter(([method]) => method !== "subscriptions/listen")).toEqual([
      ["server/discover", "s-1"], // what initialize asks the core
      ["tools/call", "s-1"],
      ["tools/call", undefined],
    ]);
  });

  it("a throwing session observer changes nothing for the session or the other observers", async () => {
    const { server } = askingServer();
    const ends: SessionEnd[] = [];
    server.use(
      {
        session: () => {
          throw new Error("broken observer");
        },
      },
      { session: () => (end) => void ends.push(end) },
    );
    const { session: s } = session(server, {}, () => accept("Ada"));
    const init = (await initialize(s)) as { result?: unknown };
    expect(init.result).toBeDefined();
    s.close();
    expect(ends).toEqual([{}]);
  });

  it("refuses what is neither a function nor hooks of functions", () => {
    const s = createServer({ name: "h", version: "1" });
    expect(() => s.use({ outgoing: "nope" } as never)).toThrow(/server.use takes functions .* or \{ request\?, outgoing\?, session\? \}/);
    expect(() => s.use(null as never)).toThrow(/argument 1 is null/);
  });
});
