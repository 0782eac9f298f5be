import { describe, expect, it } from "vitest";
import { createHttpHandler } from "@mrtr/server";
import { CALL_OVERHEAD_BYTES, legacyHttp, type LegacyHttpOptions } from "@mrtr/server/legacy";
import { askingServer, until } from "./helpers.js";

const URL_ = "http://127.0.0.1/mcp";
const ACCEPT = "application/json, text/event-stream";
const INIT = { jsonrpc: "2.0", id: 0, method: "initialize", params: { protocolVersion: "2025-11-25", capabilities: { elicitation: {} }, clientInfo: { name: "old-host", version: "1" } } };

/** A dual-era endpoint on a fresh asking server; `user` headers name the principal where the options say so. */
function endpoint(options: LegacyHttpOptions = {}, serverOptions: Parameters<typeof askingServer>[0] = {}) {
  const { server, seen } = askingServer(serverOptions);
  const handle = createHttpHandler(server, { legacy: legacyHttp(options) });
  const post = (body: unknown, headers: Record<string, string> = {}) =>
    handle(new Request(URL_, { method: "POST", headers: { "content-type": "application/json", accept: ACCEPT, ...headers }, body: typeof body === "string" ? body : JSON.stringify(body) }));
  const open = async (headers: Record<string, string> = {}) => {
    const r = await post(INIT, headers);
    expect(r.status).toBe(200);
    const id = r.headers.get("mcp-session-id")!;
    const inSession = { "mcp-session-id": id, "mcp-protocol-version": "2025-11-25", ...headers };
    expect((await post({ jsonrpc: "2.0", method: "notifications/initialized" }, inSession)).status).toBe(202);
    return { id, headers: inSession, init: (await r.json()) as Record<string, any> };
  };
  return { server, seen, handle, post, open };
}

/** The JSON-RPC messages of an event-stream body (all of it: the stream must end). */
async function events(response: Response): Promise<Record<string, any>[]> {
  const text = await response.text();
  return text
    .split("\n")
    .filter((l) => l.startsWith("data:"))
    .map((l) => JSON.parse(l.slice(5)) as Record<string, any>);
}

/** Reads messages off an event stream as they come, until `stop` says enough or nothing came for `idleMs`. */
async function readUntil(response: Response, stop: (seen: Record<string, any>[]) => boolean, idleMs = 500): Promise<Record<string, any>[]> {
  const reader = response.body!.getReader();
  const seen: Record<string, any>[] = [];
  let buffer = "";
  const decoder = new TextDecoder();
  while (!stop(seen)) {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const idle = new Promise<{ value: undefined; done: true }>((resolve) => (timer = setTimeout(() => resolve({ value: undefined, done: true }), idleMs)));
    const { value, done } = await Promise.race([reader.read(), idle]);
    clearTimeout(timer);
    if (done) break;
    buffer += decoder.decode(value, { stream: true });
    const lines = buffer.split("\n");
    buffer = lines.pop()!;
    for (const l of lines) if (l.startsWith("data:")) seen.push(JSON.parse(l.slice(5)) as Record<string, any>);
  }
  void reader.cancel();
  return seen;
}

/** The event ids of the first `count` events of a stream (the stream is released after). */
async function eventIds(response: Response, count: number): Promise<string[]> {
  const reader = response.body!.getReader();
  const ids: string[] = [];
  let text = "";
  while (ids.length < count) {
    const { value, done } = await reader.read();
    if (done) break;
    text += new TextDecoder().decode(value);
    ids.splice(0, ids.length, ...[...text.matchAll(/^id: (.*)$/gm)].map((m) => m[1]!));
  }
  void reader.cancel();
  return ids;
}

const call = (id: number, name: string, extra: Record<string, unknown> = {}) => ({ jsonrpc: "2.0", id, method: "tools/call", params: { name, arguments: {}, ...extra } });

describe("sessions", () => {
  it("initialize opens a session: an unguessable Mcp-Session-Id comes back, and requests in it are answered as JSON", async () => {
    const e = endpoint();
    const a = await e.open();
    const b = await e.open();
    expect(a.id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(a.id).not.toBe(b.id);
    expect(a.init.result.protocolVersion).toBe("2025-11-25");
    const r = await e.post({ jsonrpc: "2.0", id: 1, method: "tools/list", params: {} }, a.headers);
    expect(r.status).toBe(200);
    expect(r.headers.get("content-type")).toContain("application/json");
    expect(((await r.json()) as { result: { tools: unknown[] } }).result.tools.length).toBeGreaterThan(0);
  });

  it("a refused initialize (a version not served) opens no session", async () => {
    const e = endpoint();
    const r = await e.post({ ...INIT, params: { ...INIT.params, protocolVersion: "2024-11-05" } });
    expect(r.status).toBe(400);
    expect(r.headers.get("mcp-session-id")).toBeNull();
    expect(await r.json()).toMatchObject({ error: { code: -32602, data: { supported: ["2025-11-25", "2025-06-18"] } } });
  });

  it("an unknown, guessed or ended session id gets 404, so the client initializes again", async () => {
    const e = endpoint();
    const a = await e.open();
    const list = { jsonrpc: "2.0", id: 1, method: "tools/list", params: {} };
    expect((await e.post(list, { ...a.headers, "mcp-session-id": globalThis.crypto.randomUUID() })).status).toBe(404);
    expect((await e.post(list, { ...a.headers, "mcp-session-id": a.id.slice(0, -1) + (a.id.endsWith("0") ? "1" : "0") })).status).toBe(404);
    expect((await e.handle(new Request(URL_, { method: "DELETE", headers: a.headers }))).status).toBe(200);
    expect((await e.post(list, a.headers)).status).toBe(404);
    expect((await e.handle(new Request(URL_, { method: "DELETE", headers: a.headers }))).status).toBe(404);
  });

  it("a session answers only the principal that opened it: another one using its id gets the same 404 as a stranger", async () => {
    const e = endpoint({ principal: (request) => request.headers.get("x-user") ?? undefined });
    const alice = await e.open({ "x-user": "alice" });
    const list = { jsonrpc: "2.0", id: 1, method: "tools/list", params: {} };
    expect((await e.post(list, alice.headers)).status).toBe(200);
    const stolen = { ...alice.headers, "x-user": "mallory" };
    const r = await e.post(list, stolen);
    expect(r.status).toBe(404);
    expect((await e.post(list, { ...alice.headers, "x-user": "" })).status).toBe(404);
    expect((await e.handle(new Request(URL_, { method: "DELETE", headers: stolen }))).status).toBe(404);
    expect((await e.handle(new Request(URL_, { method: "GET", headers: { ...stolen, accept: "text/event-stream" } }))).status).toBe(404);
    expect((await e.post(list, alice.headers)).status).toBe(200); // and Alice's session is untouched
  });

  it("closes a session unused for idleTimeoutMs", async () => {
    const e = endpoint({ idleTimeoutMs: 40 });
    const a = await e.open();
    await new Promise((r) => setTimeout(r, 80));
    expect((await e.post({ jsonrpc: "2.0", id: 1, method: "ping" }, a.headers)).status).toBe(404);
  });

  it("a server naming users with createServer({ principal }) binds each session to its user: another user's id gets 404 and changes nothing", async () => {
    const e = endpoint({}, { principal: ({ request }) => (request as Request | undefined)?.headers.get("x-user") ?? undefined });
    const alice = await e.open({ "x-user": "alice" });
    const wait = e.post(call(7, "wait"), alice.headers); // alice's work in flight
    await until(() => e.seen.waiting === 1, "alice's call");
    const stolen = { ...alice.headers, "x-user": "mallory" };
    const list = { jsonrpc: "2.0", id: 1, method: "tools/list", params: {} };
    expect((await e.post(list, stolen)).status).toBe(404);
    expect((await e.post({ jsonrpc: "2.0", method: "notifications/cancelled", params: { requestId: 7 } }, stolen)).status).toBe(404);
    expect((await e.handle(new Request(URL_, { method: "GET", headers: { ...stolen, accept: "text/event-stream" } }))).status).toBe(404);
    expect((await e.handle(new Request(URL_, { method: "DELETE", headers: stolen }))).status).toBe(404);
    expect(e.seen.aborted).toBe(0); // mallory's cancel and delete reached nothing
    expect((await e.post(list, alice.headers)).status).toBe(200);
    await e.post({ jsonrpc: "2.0", method: "notifications/cancelled", params: { requestId: 7 } }, alice.headers);
    await wait;
    expect(e.seen.aborted).toBe(1);
  });

  it("an initialize flood from one caller opens at most its share; the rest get 429 with Retry-After, and another caller still opens sessions", async () => {
    const e = endpoint({ maxSessions: 50, maxSessionsPerPrincipal: 10 }, { principal: ({ request }) => (request as Request | undefined)?.headers.get("x-user") ?? undefined });
    const responses = await Promise.all(Array.from({ length: 400 }, () => e.post(INIT, { "x-user": "mallory" })));
    const statuses = responses.map((r) => r.status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(10);
    expect(statuses.filter((s) => s === 429)).toHaveLength(390);
    const refused = responses.find((r) => r.status === 429)!;
    expect(refused.headers.get("retry-after")).toBe("5");
    expect(await refused.json()).toMatchObject({ error: { code: -32603, message: expect.stringContaining("maxSessionsPerPrincipal"), data: { scope: "share", limit: "legacy sessions" } } });
    expect((await e.open({ "x-user": "alice" })).id).toBeTruthy();
    const first = responses.find((r) => r.status === 200)!.headers.get("mcp-session-id")!;
    await e.handle(new Request(URL_, { method: "DELETE", headers: { "mcp-session-id": first, "x-user": "mallory" } }));
    expect((await e.post(INIT, { "x-user": "mallory" })).status).toBe(200); // a closed session frees its place in the share
  });

  it("when every session is open, closes the idle one used longest ago of the caller holding the most; never one with a call in flight; with none idle, 503", async () => {
    const e = endpoint({ maxSessions: 4, maxSessionsPerPrincipal: 2 }, { principal: ({ request }) => (request as Request | undefined)?.headers.get("x-user") ?? undefined });
    const m1 = await e.open({ "x-user": "mallory" });
    const m2 = await e.open({ "x-user": "mallory" });
    const b = await e.open({ "x-user": "bob" });
    const busy = e.post(call(1, "wait"), b.headers); // bob's session works
    await until(() => e.seen.waiting === 1, "bob's call");
    const ping = { jsonrpc: "2.0", id: 2, method: "ping" };
    await e.post(ping, m1.headers); // m1 used last: m2 is mallory's idle session used longest ago
    const c = await e.open({ "x-user": "carol" });
    const d = await e.open({ "x-user": "dave" }); // full: one of mallory's goes
    expect((await e.post(ping, m2.headers)).status).toBe(404);
    expect((await e.post(ping, m1.headers)).status).toBe(200);
    expect((await e.post(ping, b.headers)).status).toBe(200);
    // Everyone at one or two, mallory at one: the next newcomer makes room from an idle session of the largest (bob's is busy).
    const f = await e.open({ "x-user": "frank" });
    expect([c, d, f].every((x) => x.id)).toBe(true);
    // Each holds one now: of the idle ones, carol's was used longest ago (mallory's was pinged since); bob's busy one stays.
    const alive = await Promise.all([m1, b, c, d].map(async (x) => (await e.post(ping, x.headers)).status));
    expect(alive).toEqual([200, 200, 404, 200]);
    await e.post({ jsonrpc: "2.0", method: "notifications/cancelled", params: { requestId: 1 } }, b.headers);
    await busy;
  });

  it("refuses initialize inside a session, and a version header that is not the revision's", async () => {
    const e = endpoint();
    const a = await e.open();
    expect((await e.post({ ...INIT, id: 5 }, a.headers)).status).toBe(400);
    const r = await e.post({ jsonrpc: "2.0", id: 1, method: "ping" }, { ...a.headers, "mcp-protocol-version": "2026-07-28" });
    expect(r.status).toBe(400);
    expect(await r.json()).toMatchObject({ error: { message: expect.stringContaining("this session speaks 2025-11-25") } });
  });

  it("answers a body that is not one JSON-RPC message with 400, in a session as outside one", async () => {
    const e = endpoint();
    const a = await e.open();
    expect((await e.post("{not json", a.headers)).status).toBe(400);
    expect((await e.post("[1,2]", a.headers)).status).toBe(400);
  });
});

describe("requests that ask the client", () => {
  it("answers a POST whose request asks with an event stream carrying the server's elicitation/create, then the result once the client POSTs its answer", async () => {
    const e = endpoint();
    const a = await e.open();
    const r = await e.post(call(1, "greet"), a.headers);
    expect(r.headers.get("content-type")).toContain("text/event-stream");
    const reader = r.body!.getReader();
    const decoder = new TextDecoder();
    let text = "";
    while (!text.includes("elicitation/create")) text += decoder.decode((await reader.read()).value, { stream: true });
    const asked = JSON.parse(text.split("\n").find((l) => l.includes("elicitation/create"))!.slice(5)) as { id: string };
    const answered = await e.post({ jsonrpc: "2.0", id: asked.id, result: { action: "accept", content: { name: "Ada" } } }, a.headers);
    expect(answered.status).toBe(202);
    while (!text.includes('"id":1')) {
      const { value, done } = await reader.read();
      if (done) break;
      text += decoder.decode(value, { stream: true });
    }
    expect(text).toContain("hello Ada");
  });

  it("progress of a request goes on that request's stream", async () => {
    const e = endpoint();
    const a = await e.open();
    const messages = await events(await e.post(call(1, "steps", { _meta: { progressToken: 9 } }), a.headers));
    expect(messages.map((m) => m.method ?? `result ${String(m.id)}`)).toEqual(["notifications/progress", "notifications/progress", "notifications/progress", "result 1"]);
  });

  it("notifications/cancelled in a POST aborts the request in flight (the handler's signal)", async () => {
    const e = endpoint();
    const a = await e.open();
    const pending = e.post(call(1, "wait"), a.headers);
    await until(() => e.seen.waiting === 1, "the handler running");
    expect((await e.post({ jsonrpc: "2.0", method: "notifications/cancelled", params: { requestId: 1 } }, a.headers)).status).toBe(202);
    await until(() => e.seen.aborted === 1, "the handler's signal aborting");
    expect((await pending).status).toBe(202); // a cancelled request gets no answer
  });
});

describe("the GET stream", () => {
  it("needs Accept: text/event-stream (406); a second GET replaces the first at once, so a client whose stream dropped need not wait for a heartbeat", async () => {
    const e = endpoint();
    const a = await e.open();
    expect((await e.handle(new Request(URL_, { method: "GET", headers: { ...a.headers, accept: "application/json" } }))).status).toBe(406);
    const first = await e.handle(new Request(URL_, { method: "GET", headers: { ...a.headers, accept: "text/event-stream" } }));
    expect(first.status).toBe(200);
    const second = await e.handle(new Request(URL_, { method: "GET", headers: { ...a.headers, accept: "text/event-stream" } }));
    expect(second.status).toBe(200);
    expect(await first.text()).toBe(""); // the replaced stream ended
    e.server.notify.toolsListChanged();
    expect((await readUntil(second, (seen) => seen.length >= 1)).map((m) => m.method)).toEqual(["notifications/tools/list_changed"]);
  });

  it("every event carries an id; GET with Last-Event-ID resumes the GET stream with what was sent after it", async () => {
    const e = endpoint();
    const a = await e.open();
    const get = () => e.handle(new Request(URL_, { method: "GET", headers: { ...a.headers, accept: "text/event-stream" } }));
    const first = await get();
    e.server.notify.toolsListChanged();
    const ids = await eventIds(first, 1);
    expect(ids[0]).toMatch(/^g-\d+$/);
    // The connection drops without the server noticing; two more changes go out meanwhile.
    e.server.notify.promptsListChanged();
    e.server.notify.resourcesListChanged();
    await new Promise((r) => setTimeout(r, 10));
    const resumed = await e.handle(new Request(URL_, { method: "GET", headers: { ...a.headers, accept: "text/event-stream", "last-event-id": ids[0]! } }));
    expect((await readUntil(resumed, (seen) => seen.length >= 2)).map((m) => m.method)).toEqual(["notifications/prompts/list_changed", "notifications/resources/list_changed"]);
  });

  it("a POST stream whose connection dropped is resumed by GET with Last-Event-ID: the server's question, then the answer", async () => {
    const e = endpoint();
    const a = await e.open();
    const r = await e.post(call(3, "greet"), a.headers);
    expect(r.headers.get("content-type")).toBe("text/event-stream");
    const reader = r.body!.getReader();
    const first = new TextDecoder().decode((await reader.read()).value);
    const question = /id: (p\d+-\d+)\ndata: (.*)\n/.exec(first)!;
    await reader.cancel(); // the client's connection drops
    const asked = JSON.parse(question[2]!) as { id: string; method: string };
    expect(asked.method).toBe("elicitation/create");
    await e.post({ jsonrpc: "2.0", id: asked.id, result: { action: "accept", content: { name: "Ada" } } }, a.headers);
    await new Promise((r) => setTimeout(r, 20));
    const resumed = await e.handle(new Request(URL_, { method: "GET", headers: { ...a.headers, accept: "text/event-stream", "last-event-id": question[1]! } }));
    expect(await events(resumed)).toEqual([{ jsonrpc: "2.0", id: 3, result: { content: [{ type: "text", text: "hello Ada" }] } }]);
  });

  it("carries the session's list changes and resource updates; what came before it opened waits, within maxWaitingMessages", async () => {
    const e = endpoint({ maxWaitingMessages: 3 });
    const a = await e.open();
    expect(await (await e.post({ jsonrpc: "2.0", id: 1, method: "resources/subscribe", params: { uri: "test://doc" } }, a.headers)).json()).toMatchObject({ result: {} });
    await new Promise((r) => setTimeout(r, 20));
    for (let i = 0; i < 10; i++) e.server.notify.resourceUpdated("test://doc");
    await new Promise((r) => setTimeout(r, 20));
    const get = await e.handle(new Request(URL_, { method: "GET", headers: { ...a.headers, accept: "text/event-stream" } }));
    const waited = await readUntil(get, (seen) => seen.length >= 3);
    expect(waited.map((m) => m.method)).toEqual(["notifications/resources/updated", "notifications/resources/updated", "notifications/resources/updated"]);
    expect(waited[0]!.params).toEqual({ uri: "test://doc" });
  });

  it("a GET stream that is never read holds at most maxQueuedMessages; the session goes on serving", async () => {
    const e = endpoint({ maxQueuedMessages: 8 });
    const a = await e.open();
    const get = await e.handle(new Request(URL_, { method: "GET", headers: { ...a.headers, accept: "text/event-stream" } }));
    await new Promise((r) => setTimeout(r, 20));
    for (let i = 0; i < 5000; i++) e.server.tool({ name: `t${i}`, handler: () => ({ content: [] }) });
    await new Promise((r) => setTimeout(r, 50));
    const ping = await e.post({ jsonrpc: "2.0", id: 1, method: "ping" }, a.headers);
    expect(await ping.json()).toEqual({ jsonrpc: "2.0", id: 1, result: {} });
    // What the stream held is what it gives when finally read: no more than its limit of what was announced.
    const held = await readUntil(get, (seen) => seen.length > 8);
    expect(held.length).toBeGreaterThan(0);
    expect(held.length).toBeLessThanOrEqual(8);
    expect(held.every((m) => m.method === "notifications/tools/list_changed")).toBe(true);
  });
});

describe("stateless legacy mode", () => {
  it("answers initialize without a session id, serves later requests by their version header, and answers a tool that needs input with a tool error", async () => {
    const e = endpoint({ mode: "stateless" });
    const init = await e.post(INIT);
    expect(init.status).toBe(200);
    expect(init.headers.get("mcp-session-id")).toBeNull();
    const headers = { "mcp-protocol-version": "2025-11-25" };
    const list = (await (await e.post({ jsonrpc: "2.0", id: 1, method: "tools/list", params: {} }, headers)).json()) as { result: { tools: unknown[] } };
    expect(list.result.tools.length).toBeGreaterThan(0);
    const greet = (await (await e.post(call(2, "greet"), headers)).json()) as { result: { isError: boolean; content: { text: string }[] } };
    expect(greet.result.isError).toBe(true);
    expect(greet.result.content[0]!.text).toContain("cannot ask the client for input");
  });

  it("opens no subscription stream on the core for notifications/initialized or resources/subscribe, however many come", async () => {
    const e = endpoint({ mode: "stateless" });
    const headers = { "mcp-protocol-version": "2025-11-25" };
    for (let i = 0; i < 20; i++) {
      expect((await e.post({ jsonrpc: "2.0", method: "notifications/initialized" }, headers)).status).toBe(202);
      expect(await (await e.post({ jsonrpc: "2.0", id: i, method: "resources/subscribe", params: { uri: "test://doc" } }, headers)).json()).toMatchObject({ result: {} });
    }
    await new Promise((r) => setTimeout(r, 20));
    expect(e.server.activity()).toEqual({ requests: 0, streams: 0 });
  });
});

describe("both eras on one endpoint", () => {
  it("serves a modern request beside a legacy session, each as its revision says", async () => {
    const e = endpoint();
    const a = await e.open();
    const modern = {
      jsonrpc: "2.0",
      id: 1,
      method: "tools/list",
      params: { _meta: { "io.modelcontextprotocol/protocolVersion": "2026-07-28", "io.modelcontextprotocol/clientCapabilities": {} } },
    };
    const m = (await (await e.post(modern, { "mcp-protocol-version": "2026-07-28", "mcp-method": "tools/list" })).json()) as { result: Record<string, unknown> };
    expect(m.result.resultType).toBe("complete");
    const l = (await (await e.post({ jsonrpc: "2.0", id: 1, method: "tools/list", params: {} }, a.headers)).json()) as { result: Record<string, unknown> };
    expect(l.result).not.toHaveProperty("resultType");
  });

  it("with legacy: false, a legacy initialize gets -32022 naming the version served", async () => {
    const handle = createHttpHandler(askingServer().server, { legacy: false });
    const r = await handle(new Request(URL_, { method: "POST", headers: { "content-type": "application/json", accept: ACCEPT }, body: JSON.stringify(INIT) }));
    expect(await r.json()).toMatchObject({ error: { code: -32022, data: { supported: ["2026-07-28"] } } });
  });
});

describe("what waiting calls hold", () => {
  const CALL = CALL_OVERHEAD_BYTES + 1024;
  const user = { principal: ({ request }: { request: unknown }) => (request as Request | undefined)?.headers.get("x-user") ?? undefined };

  it("holds one caller's waiting calls within its share of bytes: past it a call is refused saying so, while another caller's calls are served", async () => {
    // Four waiting calls fit in the share (each is counted at CALL_OVERHEAD_BYTES and its own bytes, about 1 KiB here).
    const e = endpoint({ maxHeldBytes: 1024 * 1024, maxHeldBytesPerPrincipal: Math.floor(4.5 * CALL) }, user);
    const m = await e.open({ "x-user": "mallory" });
    const streams: Response[] = [];
    for (let i = 1; i <= 4; i++) streams.push(await e.post(call(i, "greet"), m.headers));
    expect(streams.every((r) => r.headers.get("content-type") === "text/event-stream")).toBe(true);
    const over = await (await e.post(call(5, "greet"), m.headers)).json();
    expect(over).toMatchObject({ id: 5, error: { code: -32603, message: expect.stringContaining("maxHeldBytesPerPrincipal") } });
    const a = await e.open({ "x-user": "alice" });
    const r = await e.post(call(1, "greet"), a.headers);
    expect(r.headers.get("content-type")).toBe("text/event-stream"); // alice's call is asked its question
    await Promise.all([...streams, r].map((s) => s.body!.cancel()));
  });

  it("at the limit in all, withdraws the waiting call used longest ago of the caller holding the most: its question is cancelled and its client told", async () => {
    const e = endpoint({ maxHeldBytes: Math.floor(5.5 * CALL), maxHeldBytesPerPrincipal: Math.floor(4.5 * CALL) }, user); // room for five waiting calls in all
    const m = await e.open({ "x-user": "mallory" });
    const first = await e.post(call(1, "greet"), m.headers);
    for (let i = 2; i <= 4; i++) void (await e.post(call(i, "greet"), m.headers)).body!.cancel();
    const a = await e.open({ "x-user": "alice" });
    const b = await e.open({ "x-user": "bob" });
    const ra = await e.post(call(1, "greet"), a.headers);
    const rb = await e.post(call(1, "greet"), b.headers); // no room left: mallory's oldest waiting call goes
    const withdrawn = await readUntil(first, (seen) => seen.length >= 3);
    expect(withdrawn.map((x) => x.method ?? "answer")).toEqual(["elicitation/create", "notifications/cancelled", "answer"]);
    expect(withdrawn.at(-1)).toMatchObject({ id: 1, error: { code: -32603, message: expect.stringContaining("withdrew this request") } });
    for (const r of [ra, rb]) expect(r.headers.get("content-type")).toBe("text/event-stream");
    await Promise.all([ra, rb].map((s) => s.body!.cancel()));
  });
});
