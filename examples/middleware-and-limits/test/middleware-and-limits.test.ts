/**
 * The catalog server over HTTP on a free port, each scenario run against it:
 * what the client receives from each layer (rate limit, concurrency limit,
 * policy, time limit, body and shape limits) and what the audit log records.
 */
import { randomBytes } from "node:crypto";
import type { AuditEvent } from "@mrtr/server/middleware";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { attempt, clientAs } from "../src/client.js";
import { serveHttp, type Endpoint } from "../src/http.js";
import { concurrencyRefused, oversized, policyRefused, rateLimited, timedOut } from "../src/scenarios.js";
import { catalogServer } from "../src/server.js";

const events: AuditEvent[] = [];
const server = catalogServer(randomBytes(32), (event) => events.push(event));
let endpoint: Endpoint;

beforeAll(async () => {
  endpoint = await serveHttp(server);
});
afterAll(() => endpoint.close());

describe("examples/middleware-and-limits", () => {
  it("rate limit: a caller's fourth call within the burst is refused with -32603, data.retryAfterSeconds, HTTP 429 and Retry-After", async () => {
    const { outcomes, calls } = await rateLimited(endpoint.url);
    expect(outcomes.slice(0, 3)).toEqual([1, 2, 3].map((i) => ({ ok: true, text: `3 results for "lamp ${i}"` })));
    expect(outcomes[3]).toMatchObject({ ok: false, code: -32603, data: { limit: "rateLimit", scope: "share" } });
    const { retryAfterSeconds } = (outcomes[3] as { data: { retryAfterSeconds: number } }).data;
    expect(retryAfterSeconds).toBeGreaterThan(0);
    expect(retryAfterSeconds).toBeLessThanOrEqual(10);
    expect(calls.map((c) => c.status)).toEqual([200, 200, 200, 429]);
    expect(calls[3]!.retryAfter).toBe(String(Math.ceil(retryAfterSeconds)));
  });

  it("concurrency limit: a caller's second request while the first runs is refused at once (429); another caller is served meanwhile; the first completes", async () => {
    const seen = concurrencyRefused(endpoint.url, server);
    while (server.activity().requests === 0) await new Promise((r) => setTimeout(r, 5));
    const { client: fay } = clientAs(endpoint.url, "fay");
    try {
      expect(await attempt(fay, "search", { query: "chair" })).toEqual({ ok: true, text: '3 results for "chair"' });
    } finally {
      await fay.close();
    }
    const { outcomes, calls } = await seen;
    expect(outcomes).toEqual([
      expect.objectContaining({ ok: false, code: -32603, data: { limit: "requests served at once", scope: "share", retryAfterSeconds: 1 } }),
      { ok: true, text: "report ready" },
    ]);
    expect(calls[0]).toMatchObject({ status: 429, retryAfter: "1" });
  });

  it("policy middleware: a non-admin's call of delete_everything is refused with -32602 before its handler runs; admin's goes through", async () => {
    const { outcomes } = await policyRefused(endpoint.url);
    expect(outcomes[0]).toMatchObject({ ok: false, code: -32602, message: expect.stringContaining("for admins only (policy); eve may not call it") });
    expect(outcomes[1]).toEqual({ ok: true, text: "catalog deleted" });
  });

  it("time limit: a tool past its perTool limit is stopped and answered -32603 with data { limit: timeLimit, ms }", async () => {
    const { outcomes } = await timedOut(endpoint.url);
    expect(outcomes).toEqual([expect.objectContaining({ ok: false, code: -32603, data: { limit: "timeLimit", ms: 100 } })]);
  });

  it("request limits: a body over maxBodyBytes gets 413 and a string over jsonLimits 400, both -32600 naming the option, neither reaching middleware", async () => {
    const before = events.length;
    const { outcomes, calls } = await oversized(endpoint.url);
    expect(calls.map((c) => c.status)).toEqual([413, 400]);
    expect(outcomes[0]).toMatchObject({ ok: false, code: -32600, message: expect.stringContaining("maxBodyBytes") });
    expect(outcomes[1]).toMatchObject({ ok: false, code: -32600, data: { limit: "maxStringLength", max: 1000, path: "/params/arguments/query" } });
    expect(events.length).toBe(before);
  });

  it("audit: one event per call, with principal, outcome and error code; search's arguments kept and cut to 40 characters, others left out", async () => {
    const { client } = clientAs(endpoint.url, "gil");
    try {
      await attempt(client, "search", { query: "z".repeat(900) });
      await attempt(client, "delete_everything");
    } finally {
      await client.close();
    }
    const [search, refused] = events.filter((e) => e.principal === "gil");
    expect(search).toMatchObject({ method: "tools/call", name: "search", owner: "principal:gil", transport: "http", outcome: "complete", flow: { round: 1 } });
    expect(search!.arguments).toEqual({ query: `${"z".repeat(40)}…` });
    expect(refused).toMatchObject({ name: "delete_everything", outcome: "error", errorCode: -32602 });
    expect(refused).not.toHaveProperty("arguments");
  });
});
