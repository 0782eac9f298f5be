/**
 * A legacy upstream with one session, held by a call waiting for its front
 * client's answer, while more calls come. Rule: calls waiting for a legacy
 * session are bounded in number (limits.maxQueuedPerUpstream: past it,
 * refused at once) and in time (limits.queueTimeoutMs), each with a clear
 * error; the held call and the upstream are fine afterwards.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { PendingInput } from "@mrtr/client";
import { createGateway, type Gateway } from "@mrtr/gateway";
import { startSdk1HttpServer, type Sdk1HttpServer } from "../../../../test/interop/fixtures/sdk1-legacy-server.js";
import { caller, frontServer, principalFromHeader, rejection, textOf } from "./fixtures/servers.js";

describe("a legacy upstream with sessions: 1, held by one call", () => {
  let legacy: Sdk1HttpServer;
  let gateway: Gateway;
  const maxQueuedPerUpstream = 2;
  const queueTimeoutMs = 1_500;

  beforeAll(async () => {
    legacy = await startSdk1HttpServer();
    gateway = createGateway({
      upstreams: { old: { url: legacy.url, sessions: 1 } },
      limits: { maxQueuedPerUpstream, queueTimeoutMs, holdTimeoutMs: 30_000 },
      server: { ...frontServer, principal: principalFromHeader },
    });
    await gateway.start();
  }, 30_000);
  afterAll(async () => {
    await gateway?.close();
    await legacy?.close();
  });

  it("rule maxQueuedPerUpstream and queueTimeoutMs: calls queue up to the limit, the next is refused at once, the queued ones fail once queueTimeoutMs passes; then the session serves again", async () => {
    // The only session, held: alice's call waits for her answer (manual mode, not given yet).
    const alice = caller(gateway.server, "alice");
    const held = (await alice.start("tools/call", { name: "old_ask_name" })) as PendingInput;
    expect(held.status).toBe("input_required");

    // Two callers queue for the session (each its own principal: no share of theirs is in play).
    const queued = ["q1", "q2"].map((who) => caller(gateway.server, who, "auto").callTool("old_slow_count"));
    for (const q of queued) void q.catch(() => undefined);
    // They reach the queue without any I/O (the era is known, the session leased); give them a turn of the event loop.
    await new Promise((resolve) => setTimeout(resolve, 100));

    // The queue is full: the next is refused at once, with the limit named.
    const refused = await rejection(caller(gateway.server, "q3", "auto").callTool("old_slow_count"));
    expect(refused).toMatchObject({ code: -32603, data: { scope: "total" } });
    expect(refused.message).toContain("maxQueuedPerUpstream");

    // The queued ones wait their queueTimeoutMs, then fail, with that limit named.
    for (const q of queued) {
      const error = await rejection(q);
      expect(error).toMatchObject({ code: -32603, data: { scope: "total" } });
      expect(error.message).toContain("queueTimeoutMs");
    }

    // The held call was not disturbed: alice answers it; the session then serves others.
    const key = Object.keys(held.inputRequests!)[0]!;
    const done = await alice.resume(held, { [key]: { action: "accept", content: { name: "Ada" } } });
    expect(done).toMatchObject({ status: "complete" });
    expect(textOf((done as { result: unknown }).result)).toBe("hello Ada");
    expect(textOf(await caller(gateway.server, "q3", "auto").callTool("old_slow_count"))).toBe("counted 3");
  });
});
