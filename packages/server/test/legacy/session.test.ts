import { describe, expect, it } from "vitest";
import { askingServer, call, initialize, session, until } from "./helpers.js";

const accept = (name: string) => (request: Record<string, unknown>) => (request.method === "elicitation/create" ? { action: "accept", content: { name } } : request.method === "ping" ? {} : undefined);
const serverRequests = (sent: { message: Record<string, unknown> }[]) => sent.filter((s) => typeof s.message.method === "string" && "id" in s.message).map((s) => s.message);

describe("initialize: version negotiation and what the session keeps", () => {
  it("answers 2025-11-25 and 2025-06-18 with the same version, the server's info, instructions and capabilities", async () => {
    for (const version of ["2025-11-25", "2025-06-18"]) {
      const { session: s } = session(askingServer().server);
      const r = await initialize(s, {}, version);
      expect(r).toMatchObject({ id: "init", result: { protocolVersion: version, serverInfo: { name: "legacy-test", version: "1.0.0" }, instructions: "Be kind." } });
      expect(Object.keys((r as unknown as { result: { capabilities: object } }).result.capabilities)).toEqual(expect.arrayContaining(["tools", "resources"]));
      expect(s.version).toBe(version);
      expect(s.initialized).toBe(true);
    }
  });

  it("refuses an older or unknown version with -32602 naming the versions served, and keeps no session", async () => {
    for (const requested of ["2025-03-26", "2024-11-05", "1.0.0", "2026-07-28"]) {
      const { session: s } = session(askingServer().server);
      const r = await initialize(s, {}, requested);
      expect(r).toMatchObject({ error: { code: -32602, data: { supported: ["2025-11-25", "2025-06-18"], requested } } });
      expect((r as { error: { message: string } }).error.message).toContain("2025-11-25 and 2025-06-18");
      expect(s.version).toBeUndefined();
    }
  });

  it("refuses a second initialize and any request before the first", async () => {
    const { session: s } = session(askingServer().server);
    expect(await s.receive({ jsonrpc: "2.0", id: 1, method: "tools/list", params: {} })).toMatchObject({ id: 1, error: { code: -32600, message: expect.stringContaining("initialize first") } });
    await initialize(s);
    expect(await s.receive({ jsonrpc: "2.0", id: 2, method: "initialize", params: { protocolVersion: "2025-11-25", capabilities: {}, clientInfo: { name: "x", version: "1" } } })).toMatchObject({ error: { code: -32600 } });
  });

  it("validates each message against the 2025-11-25 schema: a malformed initialize is -32602 with the issues, and nothing is kept", async () => {
    const { session: s } = session(askingServer().server);
    const r = await s.receive({ jsonrpc: "2.0", id: 1, method: "initialize", params: { protocolVersion: "2025-11-25", capabilities: {} } });
    expect(r).toMatchObject({ id: 1, error: { code: -32602, data: { issues: expect.any(Array) } } });
    expect(s.version).toBeUndefined();
  });

  it("answers ping before and after initialize, and an unknown method with -32601", async () => {
    const { session: s } = session(askingServer().server);
    expect(await s.receive({ jsonrpc: "2.0", id: 1, method: "ping" })).toEqual({ jsonrpc: "2.0", id: 1, result: {} });
    await initialize(s);
    expect(await s.receive({ jsonrpc: "2.0", id: 2, method: "tasks/list", params: {} })).toMatchObject({ error: { code: -32601 } });
    expect(await s.receive({ jsonrpc: "2.0", id: 3, method: "server/discover", params: {} })).toMatchObject({ error: { code: -32601 } });
  });
});

describe("the bridge: legacy requests served by the modern core", () => {
  it("serves tools/list and tools/call with results as 2025-11-25 has them (no resultType, ttlMs or cacheScope)", async () => {
    const { session: s } = session(askingServer().server);
    await initialize(s);
    const list = (await s.receive({ jsonrpc: "2.0", id: 1, method: "tools/list", params: {} })) as { result: Record<string, unknown> };
    expect((list.result.tools as { name: string }[]).map((t) => t.name)).toContain("greet");
    for (const field of ["resultType", "ttlMs", "cacheScope"]) expect(list.result).not.toHaveProperty(field);
    expect(await s.receive(call(2, "echo", { a: 1 }))).toEqual({ jsonrpc: "2.0", id: 2, result: { content: [{ type: "text", text: '{"a":1}' }] } });
  });

  it("turns input_required into a server request of the session, and retries the core with the answer", async () => {
    const { server, seen } = askingServer();
    const { session: s, sent } = session(server, {}, accept("Ada"));
    await initialize(s);
    expect(await s.receive(call(1, "greet"))).toMatchObject({ id: 1, result: { content: [{ text: "hello Ada" }] } });
    const asked = serverRequests(sent);
    expect(asked).toEqual([{ jsonrpc: "2.0", id: expect.any(String), method: "elicitation/create", params: { mode: "form", message: "Your name?", requestedSchema: expect.any(Object) } }]);
    // On the stream of the request it belongs to, and queued regardless of backpressure.
    expect(sent.find((x) => x.message === asked[0])).toMatchObject({ related: 1, urgent: true });
    expect(seen.calls).toBe(2); // the first round and the retry
  });

  it("takes two rounds for two questions, the requestState carried between them by the bridge alone", async () => {
    const { session: s, sent } = session(askingServer().server, {}, accept("Bo"));
    await initialize(s);
    expect(await s.receive(call(1, "twice"))).toMatchObject({ result: { content: [{ text: "Bo and Bo" }] } });
    expect(serverRequests(sent).map((m) => (m.params as { message: string }).message)).toEqual(["First?", "Second, Bo?"]);
    expect(JSON.stringify(sent)).not.toContain("requestState");
  });

  it("ignores inputResponses and requestState a legacy client puts in its own request: the handler still asks", async () => {
    const { session: s, sent } = session(askingServer().server, {}, accept("Ada"));
    await initialize(s);
    const forged = call(1, "greet", {}, { inputResponses: { name: { action: "accept", content: { name: "Mallory" } } }, requestState: "v1.k.AAAA.BBBB" });
    expect(await s.receive(forged)).toMatchObject({ result: { content: [{ text: "hello Ada" }] } });
    expect(serverRequests(sent)).toHaveLength(1);
  });

  it("holds consumeOnce through the bridge: the one retry the bridge makes completes", async () => {
    const { session: s } = session(askingServer().server, {}, accept("Ada"));
    await initialize(s);
    expect(await s.receive(call(1, "once"))).toMatchObject({ result: { content: [{ text: "consumed" }] } });
  });

  it("stops after maxRounds rounds of input with a clear error", async () => {
    const { session: s, sent } = session(askingServer().server, { maxRounds: 3 }, accept("x"));
    await initialize(s);
    const r = await s.receive(call(1, "endless"));
    expect(r).toMatchObject({ id: 1, error: { code: -32603, message: expect.stringContaining("more than 3 rounds") } });
    expect(serverRequests(sent)).toHaveLength(3);
  });

  it("fails the request when the client does not answer within inputTimeoutMs, and withdraws the question with notifications/cancelled", async () => {
    const { session: s, sent } = session(askingServer().server, { inputTimeoutMs: 50 });
    await initialize(s);
    const r = await s.receive(call(1, "greet"));
    expect(r).toMatchObject({ error: { code: -32603, message: expect.stringContaining("did not answer elicitation/create within 50 ms") } });
    const asked = serverRequests(sent)[0]!;
    expect(sent.map((x) => x.message)).toContainEqual({ jsonrpc: "2.0", method: "notifications/cancelled", params: { requestId: asked.id, reason: "Timed out." } });
    expect(s.activity()).toEqual({ requests: 0, waiting: 0 });
  });

  it("a client that refuses the server's request (error response) fails the request, naming the refusal", async () => {
    const { session: s, sent } = session(askingServer().server);
    await initialize(s);
    const pending = s.receive(call(1, "greet"));
    await until(() => serverRequests(sent).length === 1, "the elicitation");
    await s.receive({ jsonrpc: "2.0", id: serverRequests(sent)[0]!.id, error: { code: -1, message: "the user closed the window" } });
    expect(await pending).toMatchObject({ error: { code: -32603, message: expect.stringContaining("the user closed the window") } });
  });

  it("a malformed answer fails the request rather than reaching the handler", async () => {
    const { session: s, sent } = session(askingServer().server);
    await initialize(s);
    const pending = s.receive(call(1, "greet"));
    await until(() => serverRequests(sent).length === 1, "the elicitation");
    await s.receive({ jsonrpc: "2.0", id: serverRequests(sent)[0]!.id, result: { action: "maybe" } });
    expect(await pending).toMatchObject({ error: { code: -32603, message: expect.stringContaining("malformed") } });
  });

  it("refuses more questions in one round than maxPendingRequests", async () => {
    const { session: s } = session(askingServer().server, { maxPendingRequests: 0 }, accept("x"));
    await initialize(s);
    expect(await s.receive(call(1, "greet"))).toMatchObject({ error: { code: -32603, message: expect.stringContaining("maxPendingRequests") } });
  });

  it("refuses more client requests in flight than maxInFlight, and serves again once one ends", async () => {
    const { session: s } = session(askingServer().server, { maxInFlight: 1 });
    await initialize(s);
    const first = s.receive(call(1, "wait"));
    await until(() => s.activity().requests === 1, "the first request in flight");
    expect(await s.receive(call(2, "echo"))).toMatchObject({ id: 2, error: { code: -32603, message: expect.stringContaining("maxInFlight") } });
    await s.receive({ jsonrpc: "2.0", method: "notifications/cancelled", params: { requestId: 1 } });
    expect(await first).toBeUndefined();
    expect(await s.receive(call(3, "echo"))).toMatchObject({ id: 3, result: {} });
  });

  it("refuses a request id already in flight in the session", async () => {
    const { session: s } = session(askingServer().server);
    await initialize(s);
    const first = s.receive(call(7, "wait"));
    await until(() => s.activity().requests === 1, "the first request in flight");
    expect(await s.receive(call(7, "echo"))).toMatchObject({ id: 7, error: { code: -32600, message: expect.stringContaining("already in flight") } });
    s.close();
    expect(await first).toBeUndefined();
  });
});

describe("progress, logging, cancellation", () => {
  it("forwards progress on the request's token, in order, on that request's stream", async () => {
    const { session: s, sent } = session(askingServer().server);
    await initialize(s);
    await s.receive(call(1, "steps", {}, { _meta: { progressToken: "p1" } }));
    const reports = sent.filter((x) => x.message.method === "notifications/progress");
    expect(reports.map((x) => [x.related, (x.message.params as { progressToken: string; progress: number }).progress])).toEqual([
      [1, 1],
      [1, 2],
      [1, 3],
    ]);
    expect(reports.every((x) => (x.message.params as { progressToken: string }).progressToken === "p1")).toBe(true);
  });

  it("cancellation by the client aborts the handler's signal, and the request gets no answer", async () => {
    const { server, seen } = askingServer();
    const { session: s } = session(server);
    await initialize(s);
    const pending = s.receive(call(1, "wait"));
    await until(() => seen.waiting === 1, "the handler running");
    await s.receive({ jsonrpc: "2.0", method: "notifications/cancelled", params: { requestId: 1, reason: "no longer needed" } });
    expect(await pending).toBeUndefined();
    await until(() => seen.aborted === 1, "the handler's signal aborting");
  });

  it("cancellation while the server waits for the client withdraws its question with notifications/cancelled", async () => {
    const { session: s, sent } = session(askingServer().server);
    await initialize(s);
    const pending = s.receive(call(1, "greet"));
    await until(() => serverRequests(sent).length === 1, "the elicitation");
    const asked = serverRequests(sent)[0]!;
    await s.receive({ jsonrpc: "2.0", method: "notifications/cancelled", params: { requestId: 1 } });
    expect(await pending).toBeUndefined();
    expect(sent.map((x) => x.message)).toContainEqual(expect.objectContaining({ method: "notifications/cancelled", params: expect.objectContaining({ requestId: asked.id }) }));
    expect(s.activity()).toEqual({ requests: 0, waiting: 0 });
  });

  it("close() aborts what is in flight and withdraws every question", async () => {
    const { server, seen } = askingServer();
    const { session: s, sent } = session(server);
    await initialize(s);
    const asking = s.receive(call(1, "greet"));
    const waiting = s.receive(call(2, "wait"));
    await until(() => serverRequests(sent).length === 1 && seen.waiting === 1, "both in flight");
    s.close();
    // Nobody is left to read an answer: both end without one.
    expect(await asking).toBeUndefined();
    expect(await waiting).toBeUndefined();
    expect(await s.receive(call(3, "echo"))).toMatchObject({ error: { message: expect.stringContaining("ended") } });
    expect(s.activity()).toEqual({ requests: 0, waiting: 0 });
  });

  it("abandon() gives up a call that waits for the client's answers: its question is withdrawn and it is answered with the reason; a running call is left alone", async () => {
    const { server, seen } = askingServer();
    const { session: s, sent } = session(server);
    await initialize(s);
    const asking = s.receive(call(1, "greet"));
    const running = s.receive(call(2, "wait"));
    await until(() => serverRequests(sent).length === 1 && seen.waiting === 1, "both in flight");
    const asked = serverRequests(sent)[0]!;
    expect(s.abandon(2, "not this one")).toBe(false);
    expect(s.abandon(99, "no such request")).toBe(false);
    expect(s.abandon(1, "Its stream dropped: send it again.")).toBe(true);
    expect(await asking).toMatchObject({ id: 1, error: { code: -32603, message: "Its stream dropped: send it again." } });
    expect(sent.map((x) => x.message)).toContainEqual(expect.objectContaining({ method: "notifications/cancelled", params: expect.objectContaining({ requestId: asked.id }) }));
    expect(s.activity()).toEqual({ requests: 1, waiting: 0 });
    expect(seen.aborted).toBe(0);
    await s.receive({ jsonrpc: "2.0", method: "notifications/cancelled", params: { requestId: 2 } });
    expect(await running).toBeUndefined();
  });

  it("the server pings the client, and the answer resolves it", async () => {
    const { session: s, sent } = session(askingServer().server, {}, accept("x"));
    await initialize(s);
    await s.ping();
    expect(serverRequests(sent).map((m) => m.method)).toEqual(["ping"]);
  });
});

describe("a client that answers wrongly", () => {
  it("answers an id it was never sent, or answers twice: ignored, and the session goes on", async () => {
    const { session: s, sent } = session(askingServer().server);
    await initialize(s);
    expect(await s.receive({ jsonrpc: "2.0", id: "never-sent", result: { action: "accept", content: { name: "x" } } })).toBeUndefined();
    const pending = s.receive(call(1, "twice"));
    await until(() => serverRequests(sent).length === 1, "the first question");
    const first = serverRequests(sent)[0]!;
    await s.receive({ jsonrpc: "2.0", id: first.id, result: { action: "accept", content: { name: "Ada" } } });
    await until(() => serverRequests(sent).length === 2, "the second question");
    // The first answered again, with another name: it settles nothing.
    await s.receive({ jsonrpc: "2.0", id: first.id, result: { action: "accept", content: { name: "Mallory" } } });
    await s.receive({ jsonrpc: "2.0", id: serverRequests(sent)[1]!.id, result: { action: "accept", content: { name: "Bo" } } });
    expect(await pending).toMatchObject({ result: { content: [{ text: "Ada and Bo" }] } });
  });
});

describe("stateless legacy mode (withoutInput)", () => {
  it("answers a tool call that needs input with a tool error naming the reason, and serves the others", async () => {
    const { session: s, sent } = session(askingServer().server, { withoutInput: true, version: "2025-11-25" });
    const r = (await s.receive(call(1, "greet"))) as unknown as { result: { isError: boolean; content: { text: string }[] } };
    expect(r.result.isError).toBe(true);
    expect(r.result.content[0]!.text).toContain("without sessions, so it cannot ask the client for input");
    expect(sent).toEqual([]);
    expect(await s.receive(call(2, "echo", { b: 2 }))).toMatchObject({ result: { content: [{ text: '{"b":2}' }] } });
  });

  it("holds no subscription stream on the core: it has nowhere to send what one carries", async () => {
    const { server } = askingServer();
    const { session: s } = session(server, { withoutInput: true, version: "2025-11-25" });
    await s.receive({ jsonrpc: "2.0", method: "notifications/initialized" });
    expect(await s.receive({ jsonrpc: "2.0", id: 1, method: "resources/subscribe", params: { uri: "test://doc" } })).toMatchObject({ result: {} });
    await new Promise((r) => setTimeout(r, 20));
    expect(server.activity()).toEqual({ requests: 0, streams: 0 });
  });
});

describe("resource subscriptions", () => {
  it("delivers updates of a subscribed resource and list changes on the session's own stream, none after unsubscribe", async () => {
    const { server } = askingServer();
    const { session: s, sent } = session(server);
    await initialize(s);
    expect(await s.receive({ jsonrpc: "2.0", id: 1, method: "resources/subscribe", params: { uri: "test://doc" } })).toEqual({ jsonrpc: "2.0", id: 1, result: {} });
    await new Promise((r) => setTimeout(r, 20)); // the listen stream opens
    server.notify.resourceUpdated("test://doc");
    await until(() => sent.some((x) => x.message.method === "notifications/resources/updated"), "the update");
    expect(sent.find((x) => x.message.method === "notifications/resources/updated")).toEqual({
      message: { jsonrpc: "2.0", method: "notifications/resources/updated", params: { uri: "test://doc" } },
      related: undefined,
      urgent: undefined,
    });
    await s.receive({ jsonrpc: "2.0", id: 2, method: "resources/unsubscribe", params: { uri: "test://doc" } });
    await new Promise((r) => setTimeout(r, 20));
    const before = sent.length;
    server.notify.resourceUpdated("test://doc");
    server.tool({ name: "new-tool", handler: () => ({ content: [] }) });
    await until(() => sent.slice(before).some((x) => x.message.method === "notifications/tools/list_changed"), "the list change");
    expect(sent.slice(before).map((x) => x.message.method)).toEqual(["notifications/tools/list_changed"]);
  });

  it("refuses more than maxSubscriptions resources", async () => {
    const { session: s } = session(askingServer().server, { maxSubscriptions: 2 });
    await initialize(s);
    for (const uri of ["test://a", "test://b"]) expect(await s.receive({ jsonrpc: "2.0", id: uri, method: "resources/subscribe", params: { uri } })).toMatchObject({ result: {} });
    expect(await s.receive({ jsonrpc: "2.0", id: 3, method: "resources/subscribe", params: { uri: "test://c" } })).toMatchObject({ error: { code: -32600, message: expect.stringContaining("2 resources") } });
    s.close();
  });

  it("holds its stream within the binding's bound (holdListen): refused, a subscribe says why and keeps nothing; the session opens it at its next request once there is room", async () => {
    const { server } = askingServer();
    let room = false;
    let released = 0;
    const holdListen = () => (room ? { release: () => void released++ } : { refused: true as const, message: "No room (maxListenStreams).", data: { scope: "total" } });
    const { session: s, sent } = session(server, { holdListen });
    await initialize(s);
    await new Promise((r) => setTimeout(r, 20));
    expect(server.activity().streams).toBe(0);
    expect(await s.receive({ jsonrpc: "2.0", id: 1, method: "resources/subscribe", params: { uri: "test://doc" } })).toMatchObject({
      id: 1,
      error: { code: -32603, message: expect.stringContaining("No room (maxListenStreams)."), data: { scope: "total" } },
    });
    room = true;
    expect(await s.receive({ jsonrpc: "2.0", id: 2, method: "tools/list", params: {} })).toMatchObject({ result: {} });
    await until(() => server.activity().streams === 1, "the stream opened at the next request");
    // The refused subscription was not kept: the stream carries list changes, but no update of that resource.
    server.notify.resourceUpdated("test://doc");
    server.notify.toolsListChanged();
    await until(() => sent.some((x) => x.message.method === "notifications/tools/list_changed"), "the list change");
    expect(sent.map((x) => x.message.method)).not.toContain("notifications/resources/updated");
    expect(await s.receive({ jsonrpc: "2.0", id: 3, method: "resources/subscribe", params: { uri: "test://doc" } })).toMatchObject({ result: {} });
    expect(released).toBe(0); // the stream was replaced in the same place
    s.close();
    expect(released).toBe(1);
    await until(() => server.activity().streams === 0, "the stream ended with the session");
  });

  it("a stream let go to make room (the hold's evict) ends at once, and the session opens it again at its next request", async () => {
    const { server } = askingServer();
    const evicts: (() => void)[] = [];
    const { session: s } = session(server, { holdListen: (evict) => (evicts.push(evict), { release: () => undefined }) });
    await initialize(s);
    await until(() => server.activity().streams === 1, "the stream");
    evicts[0]!();
    await until(() => server.activity().streams === 0, "the stream let go");
    await s.receive({ jsonrpc: "2.0", id: 1, method: "ping" }); // a ping is not a use of the session's stream
    expect(evicts).toHaveLength(1);
    await s.receive({ jsonrpc: "2.0", id: 2, method: "tools/list", params: {} });
    await until(() => server.activity().streams === 1, "the stream opened again");
    expect(evicts).toHaveLength(2);
    s.close();
  });

  it("logging/setLevel answers {} and reaches the core as the request's log level", async () => {
    const { session: s } = session(askingServer().server);
    await initialize(s);
    expect(await s.receive({ jsonrpc: "2.0", id: 1, method: "logging/setLevel", params: { level: "warning" } })).toEqual({ jsonrpc: "2.0", id: 1, result: {} });
    expect(await s.receive({ jsonrpc: "2.0", id: 2, method: "logging/setLevel", params: { level: "loud" } })).toMatchObject({ error: { code: -32602 } });
  });
});
