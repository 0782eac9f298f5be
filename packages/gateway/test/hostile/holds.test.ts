/**
 * Hostile front clients of a legacy (initialize-based) upstream, whose
 * questions hold a call open across the front client's rounds: a caller
 * opening more held calls than its share (and many past the instance's
 * total), a caller who never comes back, one who leaves mid-call, a retry
 * with a forged requestState, a retry of someone else's held call. Rule:
 * held calls are bounded per caller (limits.maxHoldsPerCaller), in all
 * (limits.maxHolds) and in time (limits.holdTimeoutMs), retries are bound to
 * the sealed state and its principal, and other callers are unaffected.
 *
 * Upstream: the official SDK 1.x server (test/interop/fixtures), whose
 * `ask_name` asks an elicitation in the middle of the call. Callers are told
 * apart by the front server's `principal` hook (the `x-user` header).
 */
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { McpClient, PendingInput } from "@mrtr/client";
import { createGateway, type Gateway } from "@mrtr/gateway";
import { startSdk1HttpServer, type Sdk1HttpServer } from "../../../../test/interop/fixtures/sdk1-legacy-server.js";
import { caller, frontServer, principalFromHeader, rejection, textOf } from "./fixtures/servers.js";

const accept = { action: "accept", content: { name: "Ada" } };

/** Starts `old_ask_name` in manual mode: the upstream's question comes back as a PendingInput, the call held. */
async function startHeld(client: McpClient): Promise<PendingInput> {
  const step = await client.start("tools/call", { name: "old_ask_name" });
  expect(step.status).toBe("input_required");
  return step as PendingInput;
}

/** Answers a held call's question with a name. */
async function answer(client: McpClient, pending: PendingInput): Promise<string> {
  const key = Object.keys(pending.inputRequests ?? {})[0]!;
  const step = await client.resume(pending, { [key]: accept });
  expect(step.status).toBe("complete");
  return textOf((step as { result: unknown }).result);
}

let legacy: Sdk1HttpServer;
beforeAll(async () => {
  legacy = await startSdk1HttpServer();
});
afterAll(async () => {
  await legacy?.close();
});

describe("a caller opening more held calls than its share", () => {
  let gateway: Gateway;
  const maxHoldsPerCaller = 2;

  beforeAll(async () => {
    gateway = createGateway({
      upstreams: { old: { url: legacy.url, sessions: 4 } },
      limits: { maxHoldsPerCaller, holdTimeoutMs: 30_000 },
      server: { ...frontServer, principal: principalFromHeader },
    });
    await gateway.start();
  }, 30_000);
  afterAll(async () => {
    await gateway?.close();
  });

  it("rule maxHoldsPerCaller: the call past the share is refused with a ShareExceededError (-32603, data.scope share); another principal still succeeds; an answered hold frees the share", async () => {
    const alice = caller(gateway.server, "alice");
    const held = [await startHeld(alice), await startHeld(alice)];
    const refused = await rejection(alice.start("tools/call", { name: "old_ask_name" }));
    expect(refused).toMatchObject({ code: -32603, data: { scope: "share" } });
    expect(refused.message).toContain("maxHoldsPerCaller");
    // Another principal is not counted against alice's share: its call is held, asked and answered.
    const bob = caller(gateway.server, "bob", "auto");
    expect(textOf(await bob.callTool("old_ask_name"))).toBe("hello Ada");
    expect(textOf(await bob.callTool("old_slow_count"))).toBe("counted 3");
    // alice answers one: her share has room again.
    expect(await answer(alice, held[0]!)).toBe("hello Ada");
    held[0] = await startHeld(alice);
    for (const pending of held) expect(await answer(alice, pending)).toBe("hello Ada");
  });

  it("rule sealed-state: a retry with a forged or garbled requestState is refused with -32602, and the real one still works", async () => {
    const alice = caller(gateway.server, "carol");
    const pending = await startHeld(alice);
    const state = pending.requestState!;
    expect(typeof state).toBe("string");
    const flipped = `${state.slice(0, 20)}${state[20] === "A" ? "B" : "A"}${state.slice(21)}`;
    for (const forged of [flipped, state.slice(0, -8), "not-a-sealed-state", Buffer.from(JSON.stringify({ g: "held", i: gateway.instanceId, h: "x", k: "old-1" })).toString("base64url")]) {
      const error = await rejection(alice.resume({ ...pending, requestState: forged }, { [Object.keys(pending.inputRequests!)[0]!]: accept }));
      expect(error, forged.slice(0, 40)).toMatchObject({ code: -32602 });
    }
    expect(await answer(alice, pending)).toBe("hello Ada");
  });

  it("rule held-call-owner: a retry of another principal's held call is refused (and the owner's retry still works)", async () => {
    const alice = caller(gateway.server, "dave");
    const pending = await startHeld(alice);
    const key = Object.keys(pending.inputRequests!)[0]!;
    const bob = caller(gateway.server, "mallory");
    const error = await rejection(bob.resume(pending, { [key]: { action: "accept", content: { name: "Mallory" } } }));
    expect(error).toMatchObject({ code: -32602 });
    // An anonymous caller (no principal) is refused too.
    const anonymous = caller(gateway.server, undefined);
    expect(await rejection(anonymous.resume(pending, { [key]: { action: "accept", content: { name: "Mallory" } } }))).toMatchObject({ code: -32602 });
    // The hold is untouched: alice answers it.
    expect(await answer(alice, pending)).toBe("hello Ada");
  });
});

describe("held calls of many callers past the instance's total", () => {
  let gateway: Gateway;

  beforeAll(async () => {
    gateway = createGateway({
      upstreams: { old: { url: legacy.url, sessions: 4 } },
      limits: { maxHolds: 3, maxHoldsPerCaller: 2, holdTimeoutMs: 30_000 },
      server: { ...frontServer, principal: principalFromHeader },
    });
    await gateway.start();
  }, 30_000);
  afterAll(async () => {
    await gateway?.close();
  });

  it("rule maxHolds: past the instance's total, the next held call is refused (-32603, data.scope total) whoever asks; an answered hold makes room", async () => {
    const alice = caller(gateway.server, "alice");
    const bob = caller(gateway.server, "bob");
    const held = [await startHeld(alice), await startHeld(alice), await startHeld(bob)];
    const carol = caller(gateway.server, "carol");
    const refused = await rejection(carol.start("tools/call", { name: "old_ask_name" }));
    expect(refused).toMatchObject({ code: -32603, data: { scope: "total" } });
    expect(refused.message).toContain("maxHolds");
    expect(await answer(bob, held.pop()!)).toBe("hello Ada");
    const carols = await startHeld(carol);
    for (const pending of held) expect(await answer(alice, pending)).toBe("hello Ada");
    expect(await answer(carol, carols)).toBe("hello Ada");
  });
});

describe("a held call never resumed", () => {
  let gateway: Gateway;

  beforeAll(async () => {
    gateway = createGateway({
      // One session: while a call holds it, the next call waits for it.
      upstreams: { old: { url: legacy.url, sessions: 1 } },
      limits: { holdTimeoutMs: 300, maxHoldsPerCaller: 1 },
      server: { ...frontServer, principal: principalFromHeader },
    });
    await gateway.start();
  }, 30_000);
  afterAll(async () => {
    await gateway?.close();
  });

  it("rule holdTimeoutMs: the abandoned hold is ended, the upstream session is free again (the next call, waiting for it, completes), and its late retry is refused as expired", async () => {
    const alice = caller(gateway.server, "alice");
    const abandoned = await startHeld(alice);
    // bob's call needs the only session, which alice's abandoned call holds: it completes once the hold is ended.
    const bob = caller(gateway.server, "bob", "auto");
    expect(textOf(await bob.callTool("old_slow_count"))).toBe("counted 3");
    expect(textOf(await bob.callTool("old_ask_name"))).toBe("hello Ada");
    // alice's share came back with the hold's end (maxHoldsPerCaller is 1).
    const again = await startHeld(alice);
    // Her late answer to the abandoned one finds nothing held.
    const key = Object.keys(abandoned.inputRequests!)[0]!;
    const error = await rejection(alice.resume(abandoned, { [key]: accept }));
    expect(error).toMatchObject({ code: -32602, data: { reason: "hold-expired" } });
    expect(await answer(alice, again)).toBe("hello Ada");
  });

  it("rule front-client-left: a front client that gives up its request mid-call ends the upstream call and frees the session", async () => {
    const cancelledBefore = legacy.state.cancelled.length;
    const quitter = caller(gateway.server, "quitter");
    const leaving = new AbortController();
    // wait_for_cancel reports progress once, then waits until its request is cancelled: the front client leaves on that report.
    const call = quitter.callTool("old_wait_for_cancel", {}, { signal: leaving.signal, onProgress: () => leaving.abort(new Error("the front client left")) });
    await rejection(call);
    // The only session is free again: the next call (another caller) completes.
    const bob = caller(gateway.server, "bob", "auto");
    expect(textOf(await bob.callTool("old_slow_count"))).toBe("counted 3");
    // The upstream sees its call cancelled (notifications/cancelled travels on a request of its own: waited for, not timed).
    await vi.waitFor(() => expect(legacy.state.cancelled.length).toBeGreaterThan(cancelledBefore));
  });
});

describe("anonymous callers (no principal), each on a connection of its own", () => {
  let gateway: Gateway;

  beforeAll(async () => {
    // No principal hook and no auth: every caller is anonymous. The front server's own fair shares tell anonymous
    // callers apart by peer (createServer's `anonymous: "per-peer"`, the default: its address, else its connection).
    gateway = createGateway({ upstreams: { old: { url: legacy.url, sessions: 4 } }, limits: { maxHoldsPerCaller: 1, holdTimeoutMs: 30_000 }, server: frontServer });
    await gateway.start();
  }, 30_000);
  afterAll(async () => {
    await gateway?.close();
  });

  it("rule maxHoldsPerCaller: an anonymous caller past its share is refused (-32603, data.scope share)", async () => {
    const first = caller(gateway.server, undefined);
    const pending = await startHeld(first);
    expect(await rejection(first.start("tools/call", { name: "old_ask_name" }))).toMatchObject({ code: -32603, data: { scope: "share" } });
    expect(await answer(first, pending)).toBe("hello Ada");
  });

  // Anonymous callers are counted apart, as the front server counts them (per peer or connection).
  it("rule maxHoldsPerCaller (other users unaffected): one anonymous caller filling its share does not refuse another anonymous caller", async () => {
    const hog = caller(gateway.server, undefined);
    const hogs = await startHeld(hog);
    try {
      const other = caller(gateway.server, undefined, "auto");
      expect(textOf(await other.callTool("old_ask_name"))).toBe("hello Ada");
    } finally {
      await answer(hog, hogs);
    }
  });
});
