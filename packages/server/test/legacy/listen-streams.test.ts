/**
 * Hostile legacy peers against the subscription streams sessions hold on the
 * core. Each initialized session holds one (`subscriptions/listen` as a
 * bridge), bounded by the legacy plugin's own `maxListenStreams` and
 * `maxListenStreamsPerPrincipal`, never by the server's
 * `subscriptions.maxStreams`: many legacy sessions leave every modern stream
 * to modern clients, one caller's sessions hold at most its share, and when
 * all are held a newcomer's session still gets one (the caller holding the
 * most lets its stream used longest ago go; that session opens it again at
 * its next request). Over a real Node HTTP server, and over stdio channels
 * sharing one plugin.
 */
import type { AddressInfo } from "node:net";
import type { Server } from "node:http";
import { PassThrough } from "node:stream";
import { afterEach, describe, expect, it } from "vitest";
import { createHttpHandler } from "@mrtr/server";
import { createNodeServer } from "@mrtr/server/node";
import { serveStdio } from "@mrtr/server/stdio";
import { legacyHttp, legacyStdio } from "@mrtr/server/legacy";
import { readEvents } from "../../../../test/helpers/event-stream.js";
import { askingServer, until } from "./helpers.js";

type Json = Record<string, any>;
const LEGACY = "2025-11-25";
const INIT = { jsonrpc: "2.0", id: 0, method: "initialize", params: { protocolVersion: LEGACY, capabilities: {}, clientInfo: { name: "old-host", version: "1" } } };
const ACK = "notifications/subscriptions/acknowledged";

const servers: Server[] = [];
afterEach(async () => {
  for (const s of servers.splice(0)) {
    s.closeAllConnections();
    await new Promise((r) => s.close(r));
  }
});

/**
 * A real HTTP server naming users by `x-user`, whose modern stream pool holds
 * 4 (2 per user) and whose legacy sessions' streams 10 (4 per user).
 */
async function hostileSetting() {
  const { server } = askingServer({
    principal: ({ request }) => (request instanceof Request ? (request.headers.get("x-user") ?? undefined) : undefined),
    subscriptions: { listChanged: true, resourceUpdates: true, maxStreams: 4, maxStreamsPerPrincipal: 2 },
  });
  const legacy = legacyHttp({ maxSessions: 200, maxSessionsPerPrincipal: 60, maxListenStreams: 10, maxListenStreamsPerPrincipal: 4 });
  const http = createNodeServer(createHttpHandler(server, { legacy }));
  servers.push(http);
  await new Promise<void>((r) => http.listen(0, "127.0.0.1", r));
  const url = `http://127.0.0.1:${(http.address() as AddressInfo).port}/mcp`;
  const base = (user: string) => ({ "content-type": "application/json", accept: "application/json, text/event-stream", "x-user": user });
  /** An initialized legacy session of `user`: its headers. */
  const open = async (user: string) => {
    const r = await fetch(url, { method: "POST", headers: base(user), body: JSON.stringify(INIT) });
    expect(r.status).toBe(200);
    await r.arrayBuffer();
    const headers = { ...base(user), "mcp-session-id": r.headers.get("mcp-session-id")!, "mcp-protocol-version": LEGACY };
    expect((await fetch(url, { method: "POST", headers, body: JSON.stringify({ jsonrpc: "2.0", method: "notifications/initialized" }) })).status).toBe(202);
    return headers;
  };
  const post = async (headers: Record<string, string>, message: Json) => (await (await fetch(url, { method: "POST", headers, body: JSON.stringify(message) })).json()) as Json;
  /** A modern listen as `user`: its first message (the acknowledgement, or the refusal) and the response to let go. */
  const modernListen = async (user: string) => {
    const message = { jsonrpc: "2.0", id: `m-${user}-${Math.random()}`, method: "subscriptions/listen", params: { notifications: { toolsListChanged: true }, _meta: { "io.modelcontextprotocol/protocolVersion": "2026-07-28", "io.modelcontextprotocol/clientCapabilities": {} } } };
    const r = await fetch(url, { method: "POST", headers: { ...base(user), "mcp-protocol-version": "2026-07-28", "mcp-method": "subscriptions/listen" }, body: JSON.stringify(message) });
    if (r.headers.get("content-type") !== "text/event-stream") return { response: r, status: r.status, first: (await r.json()) as Json };
    return { response: r, status: r.status, first: (await firstEvents(r, 1))[0]! };
  };
  /** Whether the session's stream is open: a list change announced now reaches its GET stream. */
  const following = async (sessions: Record<string, string>[]) => {
    const gets = await Promise.all(sessions.map((h) => fetch(url, { headers: { ...h, accept: "text/event-stream" } })));
    server.notify.toolsListChanged();
    return Promise.all(gets.map(async (g) => (await firstEvents(g, 1, 400)).some((m) => m.method === "notifications/tools/list_changed")));
  };
  return { server, open, post, modernListen, following };
}

/** The first `count` messages of an event stream (fewer when they do not come within `ms`); the stream is let go. */
const firstEvents = (response: Response, count: number, ms = 5_000) => readEvents(response, (seen) => seen.length >= count, ms);

describe("legacy sessions' subscription streams, against hostile peers over HTTP", () => {
  it("one caller's 40 sessions hold at most its share (maxListenStreamsPerPrincipal: 4); the rest follow nothing and a subscribe says why, while another caller's session follows", async () => {
    const h = await hostileSetting();
    const mallory = await Promise.all(Array.from({ length: 40 }, () => h.open("mallory")));
    await until(() => h.server.activity().streams === 4, "mallory's four streams");
    const refused = await h.post(mallory[39]!, { jsonrpc: "2.0", id: 1, method: "resources/subscribe", params: { uri: "test://doc" } });
    expect(refused).toMatchObject({
      id: 1,
      error: { code: -32603, message: expect.stringContaining("maxListenStreamsPerPrincipal"), data: { limit: "legacy sessions' subscription streams", scope: "share", retryAfterSeconds: 5 } },
    });
    expect(h.server.activity().streams).toBe(4);
    const alice = await h.open("alice");
    await until(() => h.server.activity().streams === 5, "alice's stream");
    expect(await h.following([alice])).toEqual([true]);
  });

  it("many legacy sessions holding streams leave the whole modern pool (subscriptions.maxStreams: 4) to modern clients", async () => {
    const h = await hostileSetting();
    for (const user of ["mallory", "mallory-2", "mallory-3"]) await Promise.all(Array.from({ length: 20 }, () => h.open(user)));
    await until(() => h.server.activity().streams === 10, "the legacy bound held (10)");
    const modern = await Promise.all(["carol", "carol", "dave", "dave"].map((user) => h.modernListen(user)));
    expect(modern.map((m) => m.first.method)).toEqual([ACK, ACK, ACK, ACK]);
    expect(h.server.activity().streams).toBe(14); // the modern pool in full beside the legacy bound, each within its own limit
    // The modern pool's own share still holds for modern callers: a third stream of one caller is refused.
    const third = await h.modernListen("carol");
    expect(third.status).toBe(429);
    expect(third.first).toMatchObject({ error: { code: -32603, data: { limit: "subscription streams", scope: "share" } } });
    for (const m of modern) await m.response.body?.cancel().catch(() => undefined);
  });

  it("when every legacy stream is held (maxListenStreams: 10), a newcomer's sessions still follow: the largest caller's stream used longest ago makes room, and its session opens it again at its next request", async () => {
    const h = await hostileSetting();
    const mallory = [];
    for (let i = 0; i < 4; i++) mallory.push(await h.open("mallory"));
    const alice = await h.open("alice");
    const bob = [];
    for (let i = 0; i < 4; i++) bob.push(await h.open("bob"));
    const eve = [await h.open("eve")];
    await until(() => h.server.activity().streams === 10, "every legacy stream held");
    for (let i = 0; i < 3; i++) eve.push(await h.open("eve"));
    await new Promise((r) => setTimeout(r, 50));
    expect(h.server.activity().streams).toBe(10); // the bound held: three streams made room
    // Room came from the largest shares, oldest first: mallory's first two and bob's first; alice's one stream and every newcomer's stayed.
    expect(await h.following([...mallory, alice, ...bob, ...eve])).toEqual([false, false, true, true, true, false, true, true, true, true, true, true, true]);
    // Mallory's first session is used again: it opens its stream again, in room made the same way (from eve's, now the largest share).
    expect(await h.post(mallory[0]!, { jsonrpc: "2.0", id: 1, method: "tools/list", params: {} })).toMatchObject({ result: { tools: expect.any(Array) } });
    await new Promise((r) => setTimeout(r, 50));
    expect(h.server.activity().streams).toBe(10);
    expect((await h.following([mallory[0]!, alice]))).toEqual([true, true]);
  });
});

describe("legacy sessions' subscription streams over stdio", () => {
  it("connections served by one legacyStdio() share its bound: with every stream held, a new connection's session follows and the oldest connection's stream makes room", async () => {
    const { server } = askingServer();
    const plugin = legacyStdio({ maxListenStreams: 2 });
    const channels = Array.from({ length: 3 }, () => {
      const input = new PassThrough();
      const output = new PassThrough();
      const lines: Json[] = [];
      let raw = "";
      output.on("data", (chunk: Buffer) => {
        raw += chunk.toString();
        const parts = raw.split("\n");
        raw = parts.pop()!;
        for (const p of parts) lines.push(JSON.parse(p) as Json);
      });
      const serving = serveStdio(server, { input, output, exitOnEnd: false, legacy: plugin });
      const send = (m: unknown) => input.write(`${JSON.stringify(m)}\n`);
      return { input, lines, serving, send };
    });
    const openOn = async (c: (typeof channels)[number]) => {
      c.send(INIT);
      await until(() => c.lines.some((l) => l.id === 0), "the initialize answer");
      c.send({ jsonrpc: "2.0", method: "notifications/initialized" });
    };
    await openOn(channels[0]!);
    await openOn(channels[1]!);
    await until(() => server.activity().streams === 2, "two streams");
    await openOn(channels[2]!);
    await new Promise((r) => setTimeout(r, 50));
    expect(server.activity().streams).toBe(2);
    server.notify.toolsListChanged();
    await until(() => channels[2]!.lines.some((l) => l.method === "notifications/tools/list_changed"), "the newcomer's list change");
    await new Promise((r) => setTimeout(r, 50));
    expect(channels.map((c) => c.lines.some((l) => l.method === "notifications/tools/list_changed"))).toEqual([false, true, true]);
    for (const c of channels) c.input.end();
    await Promise.all(channels.map((c) => c.serving));
    await until(() => server.activity().streams === 0, "every stream let go with its connection");
  });
});
