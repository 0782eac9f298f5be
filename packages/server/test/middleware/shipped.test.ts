import { attachPeer, createHttpHandler, createServer, type McpServer } from "@mrtr/server";
import { audit, concurrencyLimit, rateLimit, RateLimitUnavailableError, timeLimit, type AuditEvent, type RateLimitStore } from "@mrtr/server/middleware";
import { describe, expect, it } from "vitest";
import { errorOf, request, resultOf, retry, SECRET } from "../helpers.js";

const NAME = { type: "object" as const, properties: { name: { type: "string" as const } }, required: ["name"] };

/** A server whose principal is the `x-user` the test passes as the host's request. */
function server(): McpServer {
  return createServer({ name: "mw", version: "1.0.0", requestState: { secrets: [SECRET] }, principal: ({ request: r }) => (r as { user?: string } | undefined)?.user })
    .tool({ name: "t", handler: () => ({ content: [{ type: "text", text: "ok" }] }) })
    .tool({
      name: "ask",
      async handler(_a, ctx) {
        const r = await ctx.elicit("n", { message: "Name?", requestedSchema: NAME });
        return { content: [{ type: "text", text: String(r.content?.name) }] };
      },
    });
}

const as = (user: string) => ({ request: { user } });
const callT = () => request("tools/call", { name: "t", arguments: {} });

describe("rateLimit", () => {
  it("refuses a caller past its bucket with the time to wait, while another caller goes on", async () => {
    const s = server().use(rateLimit({ perCaller: { capacity: 3, refillPerSecond: 0.01 } }));
    for (let i = 0; i < 3; i++) resultOf(await s.handle(callT(), as("alice")));
    const refused = errorOf(await s.handle(callT(), as("alice")));
    expect(refused.code).toBe(-32603);
    expect(refused.message).toMatch(/Too many requests from this caller \(rateLimit perCaller: 3 at once, 0.01 per second\); send it again in \d+ s/);
    expect(refused.data).toMatchObject({ limit: "rateLimit", scope: "share" });
    expect(refused.data.retryAfterSeconds).toBeGreaterThan(0);
    resultOf(await s.handle(callT(), as("bob")));
  });

  it("holds all callers together to the total: many callers cannot use up the server", async () => {
    const s = server().use(rateLimit({ perCaller: { capacity: 2, refillPerSecond: 0.01 }, total: { capacity: 5, refillPerSecond: 0.01 } }));
    const answers = [];
    for (let i = 0; i < 10; i++) answers.push(await s.handle(callT(), as(`user-${i}`)));
    expect(answers.filter((a) => a && "result" in a)).toHaveLength(5);
    expect(errorOf(answers[9]).data).toMatchObject({ scope: "total" });
  });

  it("over HTTP answers 429 with Retry-After for a caller, 503 for the total", async () => {
    const s = createServer({ name: "mw", version: "1.0.0" }).tool({ name: "t", handler: () => ({ content: [] }) });
    s.use(rateLimit({ perCaller: { capacity: 1, refillPerSecond: 0.5 }, total: { capacity: 2, refillPerSecond: 0.01 } }));
    const handler = createHttpHandler(s);
    const post = (ip: string) => {
      const r = new Request("http://localhost/mcp", {
        method: "POST",
        headers: { "content-type": "application/json", accept: "application/json, text/event-stream", "mcp-protocol-version": "2026-07-28", "mcp-method": "tools/call", "mcp-name": "t" },
        body: JSON.stringify(callT()),
      });
      attachPeer(r, ip); // as a host's adapter does with the socket's address
      return handler(r);
    };
    expect((await post("10.0.0.1")).status).toBe(200);
    const share = await post("10.0.0.1");
    expect(share.status).toBe(429);
    expect(Number(share.headers.get("retry-after"))).toBeGreaterThanOrEqual(1);
    expect((await post("10.0.0.2")).status).toBe(200);
    expect((await post("10.0.0.3")).status).toBe(503);
  });

  it("fails closed when its store cannot answer, and serves again once it can, without a restart", async () => {
    let down = true;
    const flaky: RateLimitStore = { take: async () => (down ? Promise.reject(new Error("connection refused")) : { ok: true }) };
    const s = server().use(rateLimit({ store: flaky }));
    const error = errorOf(await s.handle(callT(), as("alice")));
    expect(error.code).toBe(-32603);
    expect(error.message).toMatch(/rate limit could not be checked.*send it again in 1 s/);
    expect(error.data).toEqual({ kind: "limit-store-unavailable", limit: "rateLimit", retryAfterSeconds: 1 });
    expect(new RateLimitUnavailableError(new Error("x")).name).toBe("RateLimitUnavailableError");
    down = false;
    resultOf(await s.handle(callT(), as("alice")));
  });

  it("refuses options that would let one caller use up what others need", () => {
    expect(() => rateLimit({ perCaller: { capacity: 10, refillPerSecond: 1 }, total: { capacity: 10, refillPerSecond: 1 } })).toThrow(/total.capacity must exceed perCaller.capacity/);
    expect(() => rateLimit({ perCaller: { capacity: 0, refillPerSecond: 1 } })).toThrow(/capacity of at least 1/);
  });
});

describe("concurrencyLimit", () => {
  it("refuses a caller past its share at once, others go on, and the slot is free again when a call ends", async () => {
    const release: (() => void)[] = [];
    const s = createServer({ name: "mw", version: "1.0.0", principal: ({ request: r }) => (r as { user?: string } | undefined)?.user }).tool({
      name: "hold",
      handler: () => new Promise<{ content: [] }>((resolve) => release.push(() => resolve({ content: [] }))),
    });
    s.use(concurrencyLimit({ perCaller: 2, total: 3 }));
    const hold = () => request("tools/call", { name: "hold", arguments: {} });
    const a1 = s.handle(hold(), as("alice"));
    const a2 = s.handle(hold(), as("alice"));
    const refused = errorOf(await s.handle(hold(), as("alice")));
    expect(refused.data).toMatchObject({ scope: "share" });
    const b1 = s.handle(hold(), as("bob"));
    expect(errorOf(await s.handle(hold(), as("carol"))).data).toMatchObject({ scope: "total" });
    release.shift()!();
    await a1;
    const a3 = s.handle(hold(), as("alice"));
    while (release.length) release.shift()!();
    await Promise.all([a2, b1]);
    await new Promise((r) => setTimeout(r, 0));
    while (release.length) release.shift()!();
    resultOf(await a3);
  });
});

describe("timeLimit", () => {
  it("stops a handler that never settles: its signal aborts and the client gets a clear error at the limit", async () => {
    let aborted: unknown;
    const s = createServer({ name: "mw", version: "1.0.0" })
      .tool({
        name: "stuck",
        handler: (_a, ctx) =>
          new Promise(() => {
            ctx.signal.addEventListener("abort", () => (aborted = ctx.signal.reason));
          }),
      })
      .tool({ name: "quick", handler: () => ({ content: [] }) });
    const events: AuditEvent[] = [];
    s.use(audit({ sink: (e) => void events.push(e) }), timeLimit({ ms: 60_000, perTool: { stuck: 30 } }));
    const error = errorOf(await s.handle(request("tools/call", { name: "stuck", arguments: {} })));
    expect(error.message).toMatch(/took longer than its time limit of 30 ms/);
    expect(error.data).toEqual({ limit: "timeLimit", ms: 30 });
    expect((aborted as Error).name).toBe("TimeLimitError");
    expect(events.map((e) => [e.name, e.outcome, e.errorCode])).toEqual([["stuck", "error", -32603]]);
    resultOf(await s.handle(request("tools/call", { name: "quick", arguments: {} })));
  });
});

describe("audit", () => {
  it("reports who, what, outcome, round and time, without arguments unless allowed, and never state, answers or _meta", async () => {
    const events: AuditEvent[] = [];
    const s = server().use(audit({ sink: (e) => void events.push(e), arguments: ["t"], maxValueLength: 5 }));
    await s.handle(request("tools/call", { name: "t", arguments: { query: "a long query", n: 3 } }), as("alice"));
    const first = request("tools/call", { name: "ask", arguments: { secret: "hunter2" } });
    const r1 = resultOf(await s.handle(first, as("alice")));
    await s.handle(retry(first, { n: { action: "accept", content: { name: "Ada" } } }, r1.requestState), as("alice"));
    await s.handle(request("tools/call", { name: "nope", arguments: {} }), as("alice"));
    expect(events.map((e) => [e.name, e.outcome, e.flow?.round, e.principal, e.transport])).toEqual([
      ["t", "complete", 1, "alice", "unknown"],
      ["ask", "input_required", 1, "alice", "unknown"],
      ["ask", "complete", 2, "alice", "unknown"],
      ["nope", "error", 1, "alice", "unknown"],
    ]);
    expect(events[0]!.arguments).toEqual({ query: "a lon…", n: 3 });
    expect(events[1]!.arguments).toBeUndefined();
    const text = JSON.stringify(events);
    for (const secret of ["hunter2", r1.requestState, "Ada", "io.modelcontextprotocol"]) expect(text).not.toContain(secret);
    expect(events[3]!.errorCode).toBe(-32602);
    expect(events.every((e) => e.durationMs >= 0)).toBe(true);
  });

  it("a sink that throws or rejects changes nothing for the request", async () => {
    const s = server().use(
      audit({
        sink: () => {
          throw new Error("disk full");
        },
      }),
      audit({ sink: () => Promise.reject(new Error("queue down")) }),
    );
    resultOf(await s.handle(callT(), as("alice")));
    expect(() => audit({} as never)).toThrow(/audit needs a sink/);
  });
});
