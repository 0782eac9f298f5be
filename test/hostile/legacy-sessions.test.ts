/**
 * Legacy sessions under attack, on a real server over HTTP with every default
 * on (docs/architecture.md, "Fair shares"): one principal flooding sessions
 * gets its share (100 of 1 000) and 429s; ten of them filling every session
 * still leave a newcomer served (an idle session of the largest share makes
 * room) and the modern listen pool untouched (sessions' own streams do not
 * draw from it); another user's session id opens nothing; and a client whose
 * GET stream dropped reopens it at once and loses nothing sent meanwhile.
 * These attacks are HTTP's: over stdio a legacy session is its connection
 * (no session ids to steal, no GET stream to lose, one session a channel);
 * what a stdio session holds is attacked in pending-calls.test.ts,
 * tasks.test.ts and listen-streams.test.ts.
 */
import { connect } from "node:net";
import { describe, expect, it } from "vitest";
import { legacyCall, limited, modernRequest, openLegacy, postLegacy, postModern, printFigures, readEvents, range, useFixture, type LegacySession } from "./peers.js";

const fixture = useFixture();

const isSession = (x: LegacySession | Response): x is LegacySession => !(x instanceof Response);
const ping = (id: number) => ({ jsonrpc: "2.0", id, method: "ping" });

/** A modern listen as `user`: resolves to its first message (the acknowledgement) and the response to let go. */
async function modernListen(user: string) {
  const r = await postModern(fixture().port, user, modernRequest("subscriptions/listen", { notifications: { toolsListChanged: true } }));
  if (r.headers.get("content-type") !== "text/event-stream") return { status: r.status, first: (await r.json()) as Record<string, any> };
  return { status: r.status, first: (await readEvents(r, (seen) => seen.length >= 1))[0]! };
}

describe("a flood of legacy sessions", () => {
  const sessions: LegacySession[] = [];
  let alice: LegacySession;

  it("one principal opens at most its share (100), the rest 429 with Retry-After; kept alive by pings, they leave another user served", async () => {
    const before = await fixture().stats();
    const opened = await limited(range(150), 16, () => openLegacy(fixture().port, "mallory"));
    sessions.push(...opened.filter(isSession));
    const refused = opened.filter((x): x is Response => x instanceof Response);
    expect(sessions).toHaveLength(100);
    expect(refused).toHaveLength(50);
    expect(refused[0]!.status).toBe(429);
    expect(refused[0]!.headers.get("retry-after")).toBe("5");
    expect(await refused[0]!.json()).toMatchObject({ error: { code: -32603, data: { limit: "legacy sessions", scope: "share" } } });
    await limited(sessions, 16, async (s, i) => expect((await postLegacy(fixture().port, s, ping(i))).status).toBe(200));
    const atLimit = await fixture().stats();
    alice = (await openLegacy(fixture().port, "alice")) as LegacySession;
    expect(isSession(alice)).toBe(true);
    const list = await postLegacy(fixture().port, alice, { jsonrpc: "2.0", id: 1, method: "tools/list", params: {} });
    expect(((await list.json()) as { result: { tools: unknown[] } }).result.tools.length).toBeGreaterThan(0);
    printFigures("legacy sessions, one principal at its share (100 sessions)", [["before", before], ["at the limit", atLimit]]);
  });

  it("ten principals hold every session (1 000): a newcomer still opens one, an idle attacker's closing to make room, and a modern listen is still served", async () => {
    const others = range(9).map((i) => `mallory-${i}`);
    const opened = await limited(
      others.flatMap((u) => range(100).map(() => u)),
      16,
      (u) => openLegacy(fixture().port, u),
    );
    // Every attacker reaches its share; with Alice's session the last one needed room, made from an idle session of the largest share.
    expect(opened.filter(isSession)).toHaveLength(900);
    sessions.push(...opened.filter(isSession));
    const atLimit = await fixture().stats();
    // Each initialized session holds a subscriptions/listen stream on the core: as many streams as the modern pool's whole limit.
    expect(atLimit.activity.streams).toBeGreaterThanOrEqual(1000);
    const bob = await openLegacy(fixture().port, "bob");
    expect(isSession(bob)).toBe(true);
    // Two attacker sessions made room (for the last attacker's and for Bob's); Alice's, the smallest share, stayed.
    const gone = await limited(sessions, 16, async (s, i) => (await postLegacy(fixture().port, s, ping(i))).status);
    expect(gone.filter((s) => s === 404)).toHaveLength(2);
    expect((await postLegacy(fixture().port, alice, ping(1))).status).toBe(200);
    // 1 000 sessions each hold a listen stream on the core, yet the modern pool is untouched.
    const listen = await modernListen("carol");
    expect(listen.first.method).toBe("notifications/subscriptions/acknowledged");
    printFigures("legacy sessions, every session held (1 000)", [["at the limit", atLimit], ["after a newcomer", await fixture().stats()]]);
    await limited(sessions, 16, (s) => fetch(`http://127.0.0.1:${fixture().port}/mcp`, { method: "DELETE", headers: s.headers }).then((r) => r.arrayBuffer()));
    printFigures("legacy sessions, after the attackers left", [["after", await fixture().stats()]]);
  });
});

describe("a session belongs to whoever opened it, as the server names users", () => {
  it("another user's request with its id is answered 404, and cancels, watches or deletes nothing", async () => {
    const alice = (await openLegacy(fixture().port, "alice-2")) as LegacySession;
    const working = await postLegacy(fixture().port, alice, legacyCall(7, "greet"));
    const [question] = await readEvents(working, (seen) => seen.length >= 1, 5_000).then((e) => e);
    expect(question).toMatchObject({ method: "elicitation/create" });
    for (const attempt of [
      postLegacy(fixture().port, alice, { jsonrpc: "2.0", id: 1, method: "tools/list", params: {} }, "mallory"),
      postLegacy(fixture().port, alice, { jsonrpc: "2.0", method: "notifications/cancelled", params: { requestId: 7 } }, "mallory"),
      postLegacy(fixture().port, alice, { jsonrpc: "2.0", id: question!.id, result: { action: "accept", content: { name: "Mallory" } } }, "mallory"),
      fetch(`http://127.0.0.1:${fixture().port}/mcp`, { method: "GET", headers: { ...alice.headers, "x-user": "mallory", accept: "text/event-stream" } }),
      fetch(`http://127.0.0.1:${fixture().port}/mcp`, { method: "DELETE", headers: { ...alice.headers, "x-user": "mallory" } }),
    ]) {
      expect((await attempt).status).toBe(404);
    }
    // Alice's call still waits for her answer, and her answer completes it: resumed from the question's event id.
    await postLegacy(fixture().port, alice, { jsonrpc: "2.0", id: question!.id, result: { action: "accept", content: { name: "Alice" } } });
    const resumed = await fetch(`http://127.0.0.1:${fixture().port}/mcp`, { method: "GET", headers: { ...alice.headers, accept: "text/event-stream", "last-event-id": question!.eventId! } });
    const rest = await readEvents(resumed, (seen) => seen.some((m) => m.id === 7));
    expect(rest.find((m) => m.id === 7)).toMatchObject({ result: { content: [{ type: "text", text: "hello Alice" }] } });
  });
});

describe("a GET stream that dropped", () => {
  it("is reopened at once (not after the next heartbeat), and with Last-Event-ID carries everything sent while it was gone", async () => {
    const alice = (await openLegacy(fixture().port, "alice-3")) as LegacySession;
    // The first GET on a raw connection the client then abandons without a word (a network drop: the server is not told).
    const socket = connect(fixture().port, "127.0.0.1");
    let text = "";
    socket.on("data", (d: Buffer) => (text += d.toString()));
    const head = Object.entries({ ...alice.headers, accept: "text/event-stream", host: `127.0.0.1:${fixture().port}` }).map(([k, v]) => `${k}: ${v}`);
    socket.write(["GET /mcp HTTP/1.1", ...head, "", ""].join("\r\n"));
    await postModern(fixture().port, "alice-3", modernRequest("tools/call", { name: "announce", arguments: {} })).then((r) => r.arrayBuffer());
    for (let i = 0; i < 100 && !/^id: /m.test(text); i++) await new Promise((r) => setTimeout(r, 20));
    const lastSeen = /^id: (.*)$/m.exec(text)![1]!;
    socket.pause(); // from here the client reads nothing more
    for (let i = 0; i < 2; i++) await postModern(fixture().port, "alice-3", modernRequest("tools/call", { name: "announce", arguments: {} })).then((r) => r.arrayBuffer());
    const again = await fetch(`http://127.0.0.1:${fixture().port}/mcp`, { method: "GET", headers: { ...alice.headers, accept: "text/event-stream", "last-event-id": lastSeen } });
    expect(again.status).toBe(200);
    const missed = await readEvents(again, (seen) => seen.length >= 2, 5_000);
    expect(missed.map((m) => m.method)).toEqual(["notifications/tools/list_changed", "notifications/tools/list_changed"]);
    expect(missed.every((m) => m.eventId !== lastSeen)).toBe(true);
    socket.destroy();
  });
});
