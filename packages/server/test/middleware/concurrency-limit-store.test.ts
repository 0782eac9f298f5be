import { PassThrough } from "node:stream";
import { attachPeer, createHttpHandler, createServer, LimitStoreUnavailableError, type McpServer } from "@mrtr/server";
import { concurrencyLimit, ConcurrencyUnavailableError, MemoryConcurrencyStore, rateLimit, RateLimitUnavailableError, type ConcurrencyStore } from "@mrtr/server/middleware";
import { serveStdio } from "@mrtr/server/stdio";
import { describe, expect, it } from "vitest";
import { errorOf, request, resultOf } from "../helpers.js";
import { until } from "../legacy/helpers.js";

/** A server whose `hold` tool answers when the test says, its principal the host request's `user`. */
function holding(): { server: McpServer; release: () => void; held: () => number } {
  const waiting: (() => void)[] = [];
  const server = createServer({ name: "mw", version: "1.0.0", principal: ({ request: r }) => (r as { user?: string } | undefined)?.user })
    .tool({ name: "hold", handler: () => new Promise<{ content: [] }>((resolve) => waiting.push(() => resolve({ content: [] }))) })
    .tool({ name: "t", handler: () => ({ content: [] }) });
  return { server, release: () => waiting.shift()!(), held: () => waiting.length };
}

const as = (user: string) => ({ request: { user } });
const hold = () => request("tools/call", { name: "hold", arguments: {} });
const callT = () => request("tools/call", { name: "t", arguments: {} });

/** A store that records what the middleware asks of it, in front of a memory store. */
function recording(inner: ConcurrencyStore = new MemoryConcurrencyStore()) {
  const log: string[] = [];
  const at: number[] = [];
  const record = (line: string) => (log.push(line), at.push(performance.now()));
  const store: ConcurrencyStore = {
    acquire: (key, slots) => (record(`acquire ${key} ${slots.perCaller}/${slots.total} ${slots.leaseMs}`), inner.acquire(key, slots)),
    renew: (key, lease, leaseMs) => (record(`renew ${key} ${leaseMs}`), inner.renew(key, lease, leaseMs)),
    release: (key, lease) => (record(`release ${key}`), inner.release(key, lease)),
  };
  /** Ms from the first call to the last. */
  const span = () => at.at(-1)! - at[0]!;
  return { store, log, span };
}

/** A store that rejects every call while `down` is set. */
function flaky(): { store: ConcurrencyStore; setDown(down: boolean): void } {
  let down = true;
  const inner = new MemoryConcurrencyStore();
  const gate = <T>(work: () => Promise<T>) => (down ? Promise.reject(new Error("connection refused")) : work());
  return {
    store: { acquire: (k, s) => gate(() => inner.acquire(k, s)), renew: (k, l, m) => gate(() => inner.renew(k, l, m)), release: (k, l) => gate(() => inner.release(k, l)) },
    setDown: (d) => (down = d),
  };
}

function post(server: McpServer, ip: string): Promise<Response> {
  const r = new Request("http://localhost/mcp", {
    method: "POST",
    headers: { "content-type": "application/json", accept: "application/json, text/event-stream", "mcp-protocol-version": "2026-07-28", "mcp-method": "tools/call", "mcp-name": "t" },
    body: JSON.stringify(callT()),
  });
  attachPeer(r, ip);
  return createHttpHandler(server)(r);
}

describe("concurrencyLimit with a store", () => {
  it("with a MemoryConcurrencyStore refuses as without one: past a share at once (share), past the total (total), free again when a call ends", async () => {
    const { server, release, held } = holding();
    server.use(concurrencyLimit({ perCaller: 2, total: 3, store: new MemoryConcurrencyStore() }));
    const a1 = server.handle(hold(), as("alice"));
    const a2 = server.handle(hold(), as("alice"));
    await until(() => held() === 2, "alice's two calls to be held");
    const refused = errorOf(await server.handle(hold(), as("alice")));
    expect(refused.code).toBe(-32603);
    expect(refused.data).toEqual({ limit: "requests served at once", scope: "share", retryAfterSeconds: 1 });
    expect(refused.message).toMatch(/its share: 2 by concurrencyLimit\(\{ perCaller \}\)/);
    const b1 = server.handle(hold(), as("bob"));
    await until(() => held() === 3, "bob's call to be held");
    const total = errorOf(await server.handle(hold(), as("carol")));
    expect(total.data).toMatchObject({ scope: "total" });
    expect(total.message).toMatch(/3 by concurrencyLimit\(\{ total \}\)/);
    release();
    resultOf(await a1);
    const a3 = server.handle(callT(), as("alice"));
    resultOf(await a3);
    release();
    release();
    await Promise.all([a2, b1]);
  });

  it("holds a lease per request: taken before, renewed every third of leaseMs while it runs, released before the answer goes out", async () => {
    const { server, release, held } = holding();
    const { store, log, span } = recording();
    server.use(concurrencyLimit({ perCaller: 2, total: 3, store, leaseMs: 90 }));
    const answer = server.handle(hold(), as("alice"));
    await until(() => held() === 1, "the call to be held");
    await new Promise((r) => setTimeout(r, 200));
    release();
    await answer;
    expect(log[0]).toBe("acquire principal:alice 2/3 90");
    expect(log.at(-1)).toBe("release principal:alice");
    const renewals = log.filter((l) => l === "renew principal:alice 90").length;
    // One every 30 ms while it ran (timers fire late, never early).
    expect(renewals).toBeGreaterThanOrEqual(3);
    expect(renewals).toBeLessThanOrEqual(Math.floor(span() / 30));
    await new Promise((r) => setTimeout(r, 100));
    expect(log.at(-1)).toBe("release principal:alice"); // no renewal after the release
  });

  it("fails closed with ConcurrencyUnavailableError when its store cannot answer, and serves again once it can, without a restart", async () => {
    const { store, setDown } = flaky();
    const { server } = holding();
    server.use(concurrencyLimit({ store }));
    const error = errorOf(await server.handle(callT(), as("alice")));
    expect(error.code).toBe(-32603);
    expect(error.message).toMatch(/^The concurrency limit could not be checked \(its store did not answer\), so the request was refused; send it again in 1 s\. Server operators: check the store \(Redis\)/);
    expect(error.data).toEqual({ kind: "limit-store-unavailable", limit: "concurrencyLimit", retryAfterSeconds: 1 });
    setDown(false);
    resultOf(await server.handle(callT(), as("alice")));
  });

  it("answers a request whose lease the store could not release: the lease ends by itself", async () => {
    const inner = new MemoryConcurrencyStore();
    const store: ConcurrencyStore = { acquire: (k, s) => inner.acquire(k, s), renew: (k, l, m) => inner.renew(k, l, m), release: () => Promise.reject(new Error("gone")) };
    const { server } = holding();
    server.use(concurrencyLimit({ perCaller: 1, total: 2, store, leaseMs: 50 }));
    resultOf(await server.handle(callT(), as("alice")));
    expect(errorOf(await server.handle(callT(), as("alice"))).data).toMatchObject({ scope: "share" });
    await new Promise((r) => setTimeout(r, 120));
    resultOf(await server.handle(callT(), as("alice")));
  });

  it("refuses a leaseMs that is not a whole number of ms from 30, naming the option", () => {
    for (const leaseMs of [0, 29, 1.5, Number.NaN, 2 ** 31]) expect(() => concurrencyLimit({ leaseMs, store: new MemoryConcurrencyStore() }), String(leaseMs)).toThrow(/concurrencyLimit\(\{ leaseMs \}\) must be a whole number of ms from 30/);
  });
});

describe("a limit whose store is unavailable: one named, retryable kind", () => {
  it("is a LimitStoreUnavailableError for both rateLimit and concurrencyLimit, with the store's failure as its cause", () => {
    const cause = new Error("ECONNREFUSED");
    for (const error of [new RateLimitUnavailableError(cause), new ConcurrencyUnavailableError(cause)]) {
      expect(error).toBeInstanceOf(LimitStoreUnavailableError);
      expect(error.code).toBe(-32603);
      expect(error.data.kind).toBe("limit-store-unavailable");
      expect(error.cause).toBe(cause);
    }
    expect(new ConcurrencyUnavailableError(cause).name).toBe("ConcurrencyUnavailableError");
  });

  it("over HTTP answers 503 with Retry-After, for the rate limit's store and the concurrency limit's", async () => {
    const down = () => Promise.reject(new Error("connection refused"));
    const rate = createServer({ name: "mw", version: "1.0.0" }).tool({ name: "t", handler: () => ({ content: [] }) });
    rate.use(rateLimit({ store: { take: down } }));
    const concurrency = createServer({ name: "mw", version: "1.0.0" }).tool({ name: "t", handler: () => ({ content: [] }) });
    concurrency.use(concurrencyLimit({ store: { acquire: down, renew: down, release: down }, retryAfterSeconds: 2 }));
    for (const [server, limit, after] of [[rate, "rateLimit", 1], [concurrency, "concurrencyLimit", 2]] as const) {
      const response = await post(server, "10.0.0.1");
      expect(response.status).toBe(503);
      expect(response.headers.get("retry-after")).toBe(String(after));
      expect(await response.json()).toMatchObject({ error: { code: -32603, data: { kind: "limit-store-unavailable", limit, retryAfterSeconds: after } } });
    }
  });

  it("over stdio answers -32603 with data.retryAfterSeconds and the message saying what to do", async () => {
    const { store } = flaky();
    const server = createServer({ name: "mw", version: "1.0.0" }).tool({ name: "t", handler: () => ({ content: [] }) });
    server.use(concurrencyLimit({ store }));
    const input = new PassThrough();
    const output = new PassThrough();
    let written = "";
    output.on("data", (chunk: Buffer) => (written += chunk.toString()));
    const serving = serveStdio(server, { input, output, exitOnEnd: false, redirectStdout: false, legacy: false });
    input.write(`${JSON.stringify(callT())}\n`);
    await until(() => written.includes("\n"), "the stdio answer");
    const answer = JSON.parse(written.split("\n")[0]!) as { error: { code: number; message: string; data: unknown } };
    expect(answer.error.code).toBe(-32603);
    expect(answer.error.data).toEqual({ kind: "limit-store-unavailable", limit: "concurrencyLimit", retryAfterSeconds: 1 });
    expect(answer.error.message).toMatch(/send it again in 1 s/);
    input.end();
    await serving.closed;
  });
});
