/**
 * Legacy calls left waiting for answers that never come, on a real server
 * with every default on, over HTTP and over stdio (docs/architecture.md,
 * "Fair shares"): a caller's waiting calls are held within its share of the
 * memory legacy sessions may hold (8 MiB of 64 MiB), past it refused with a
 * message saying so; when every byte is held, the waiting call used longest
 * ago of the caller holding the most is withdrawn, and an honest caller's
 * call is asked its question and completes.
 */
import { describe, expect, it } from "vitest";
import { EventReader, legacyCall, limited, openLegacy, postLegacy, printFigures, readEvents, range, useFixture, type Channel, type LegacySession } from "./peers.js";

const fixture = useFixture();


/**
 * As `user`, starts waiting calls over HTTP (each asks a question the
 * attacker never answers, then drops its connection, which this revision does
 * not count as a cancellation) until the server refuses one; returns how many
 * wait and the refusal's message. Opens sessions as it needs (64 calls each).
 */
async function fillHttp(user: string): Promise<{ waiting: number; refusal: string; sessions: LegacySession[] }> {
  const sessions: LegacySession[] = [];
  let waiting = 0;
  for (;;) {
    const opened = await openLegacy(fixture().port, user);
    if (opened instanceof Response) throw new Error(`initialize refused: ${opened.status} ${await opened.text()}`);
    const s = opened;
    sessions.push(s);
    const outcomes = await limited(range(64), 16, async (i) => {
      const r = await postLegacy(fixture().port, s, legacyCall(i + 1, "greet"));
      if (r.headers.get("content-type") === "text/event-stream") {
        await readEvents(r, (seen) => seen.length >= 1, 5_000);
        return "waiting";
      }
      return String(((await r.json()) as { error?: { message?: string } }).error?.message);
    });
    waiting += outcomes.filter((o) => o === "waiting").length;
    const refusal = outcomes.find((o) => o !== "waiting");
    if (refusal !== undefined) return { waiting, refusal, sessions };
  }
}

/** Opens a legacy session on a stdio channel. */
async function legacyOverStdio(c: Channel): Promise<void> {
  const answer = await c.request({ jsonrpc: "2.0", id: "init", method: "initialize", params: { protocolVersion: "2025-11-25", capabilities: { elicitation: {} }, clientInfo: { name: "old-host", version: "1" } } });
  expect(answer.result.protocolVersion).toBe("2025-11-25");
  c.send({ jsonrpc: "2.0", method: "notifications/initialized" });
}

describe("legacy calls waiting for answers, over HTTP", () => {
  it("one caller's waiting calls are held to its share; past it a call is refused saying so, and another caller's call completes", async () => {
    const before = await fixture().stats();
    const mallory = await fillHttp("mallory");
    expect(mallory.refusal).toContain("maxHeldBytesPerPrincipal");
    // 8 MiB at about 35 KiB a call (CALL_OVERHEAD_BYTES and the call's own bytes).
    expect(mallory.waiting).toBeGreaterThan(200);
    expect(mallory.waiting).toBeLessThan(260);
    const atShare = await fixture().stats();
    await honestCallOverHttp("alice");
    printFigures(`legacy waiting calls, one caller at its share (${mallory.waiting} calls)`, [["before", before], ["at the limit", atShare]]);
    await closeAll(mallory.sessions);
  });

  it("eight callers holding every byte (64 MiB): an honest call is still served, the oldest waiting call of the largest share withdrawn", async () => {
    const before = await fixture().stats();
    const attackers = await limited(range(8), 2, (i) => fillHttp(`mallory-${i}`));
    const refusals = attackers.map((a) => a.refusal);
    // The first ones stopped at their share, the last ones (or all) at the limit in all.
    expect(refusals.some((r) => r.includes("maxHeldBytes"))).toBe(true);
    const held = attackers.reduce((n, a) => n + a.waiting, 0);
    const atLimit = await fixture().stats();
    await honestCallOverHttp("bob");
    printFigures(`legacy waiting calls, every byte held (${held} calls by 8 callers)`, [["before", before], ["at the limit", atLimit]]);
    await closeAll(attackers.flatMap((a) => a.sessions));
    printFigures("legacy waiting calls, after the attackers left", [["after", await fixture().stats()]]);
  });
});

describe("legacy calls waiting for answers, over stdio", () => {
  it("fifty stdio channels each leave their 64 calls waiting until every byte is held; the oldest are withdrawn, and an honest channel's call is asked and completes", async () => {
    const before = await fixture().stats();
    const attackers = await limited(range(50), 5, async () => {
      const c = await fixture().channel();
      await legacyOverStdio(c);
      for (let i = 0; i < 64; i++) c.send(legacyCall(`w${i}`, "greet"));
      // Each waiting call asks its question on the channel; the attacker answers none.
      await c.next((m) => m.method === "elicitation/create");
      return c;
    });
    await new Promise((r) => setTimeout(r, 200));
    const atLimit = await fixture().stats();
    // 50 x 64 calls are more than 64 MiB holds: the first channels' calls were withdrawn to make room for the last ones'.
    const withdrawn = attackers.flatMap((c) => c.received.filter((m) => m.error?.message?.includes("withdrew this request")));
    expect(withdrawn.length).toBeGreaterThan(0);
    expect(attackers[0]!.received.some((m) => m.method === "notifications/cancelled")).toBe(true);
    const honest = await fixture().channel();
    await legacyOverStdio(honest);
    const answered = honest.request(legacyCall("h1", "greet"));
    const question = await honest.next((m) => m.method === "elicitation/create");
    honest.send({ jsonrpc: "2.0", id: question.id, result: { action: "accept", content: { name: "Carol" } } });
    expect((await answered).result).toMatchObject({ content: [{ type: "text", text: "hello Carol" }] });
    printFigures(`legacy waiting calls over stdio (50 channels x 64 calls, ${withdrawn.length} withdrawn to make room)`, [["before", before], ["at the limit", atLimit], ["after an honest call", await fixture().stats()]]);
    for (const c of [...attackers, honest]) c.end();
    await new Promise((r) => setTimeout(r, 200));
    printFigures("legacy waiting calls over stdio, after the channels closed", [["after", await fixture().stats()]]);
  });
});

/** A legacy call as `user` over HTTP: asked its question, answered, completed. */
async function honestCallOverHttp(user: string): Promise<void> {
  const s = (await openLegacy(fixture().port, user)) as LegacySession;
  const r = await postLegacy(fixture().port, s, legacyCall(1, "greet"));
  expect(r.headers.get("content-type")).toBe("text/event-stream");
  const events = new EventReader(r);
  const question = await events.next((m) => m.method === "elicitation/create");
  expect(question).toBeDefined();
  await postLegacy(fixture().port, s, { jsonrpc: "2.0", id: question!.id, result: { action: "accept", content: { name: user } } });
  expect(await events.next((m) => m.id === 1)).toMatchObject({ result: { content: [{ type: "text", text: `hello ${user}` }] } });
  events.close();
  await closeAll([s]);
}

async function closeAll(sessions: LegacySession[]): Promise<void> {
  await limited(sessions, 16, (s) => fetch(`http://127.0.0.1:${fixture().port}/mcp`, { method: "DELETE", headers: s.headers }).then((r) => r.arrayBuffer()));
}
