/**
 * `@mrtr/client/legacy` against hostile and changing servers of the
 * initialize-based revision 2025-11-25. Every server here is a real one: a
 * small `node:http` server on 127.0.0.1 (Streamable HTTP,
 * spec-2025-11-25/basic/transports.mdx), or a few lines of Node run as a
 * child process (stdio). Whatever a server does, the client refuses what it
 * did not declare with the JSON-RPC error the revision names, keeps to its
 * limits, never waits without end, and fails with a typed error that says
 * what happened. Each test is bounded by small limits passed as options.
 */
import { createServer as createHttpServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { createClient, httpTransport, LegacyServerError, McpClientError, type ClientOptions, type HttpTransportOptions, type McpClient } from "@mrtr/client";
import { stdioTransport, type StdioTransportOptions } from "@mrtr/client/stdio";
import { LegacyHandshakeError, legacyClient, ManualModeUnavailableError, type EraVerdict, type LegacyClientOptions } from "@mrtr/client/legacy";

// ---------------------------------------------------------------------------
// Plumbing: what each test opened is closed after it.

const servers: Server[] = [];
const clients: McpClient[] = [];
afterEach(async () => {
  await Promise.all(clients.splice(0).map((c) => c.close().catch(() => undefined)));
  await Promise.all(
    servers.splice(0).map(
      (s) =>
        new Promise<void>((resolve) => {
          s.closeAllConnections();
          s.close(() => resolve());
        }),
    ),
  );
});

const NAME_FORM = { type: "object", properties: { name: { type: "string" } }, required: ["name"] };
const text = (t: string) => ({ content: [{ type: "text", text: t }] });
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const mib = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MiB`;

async function until(condition: () => boolean, what: string, ms = 5_000): Promise<void> {
  const end = Date.now() + ms;
  while (!condition() && Date.now() < end) await sleep(10);
  if (!condition()) throw new Error(`timed out waiting for ${what}`);
}

/** A client, closed after the test. */
function client(options: Omit<ClientOptions, "name" | "version">): McpClient {
  const c = createClient({ name: "hostile-test", version: "1.0.0", ...options });
  clients.push(c);
  return c;
}

/** The text of a tool result's first block. */
const firstText = (r: { content: unknown[] }) => (r.content[0] as { text: string }).text;

// ---------------------------------------------------------------------------
// HTTP: a legacy Streamable HTTP server (2025-11-25) whose every step a test may replace.

/** One request the server received. */
interface Hit {
  verb: string;
  method: string | undefined;
  id: unknown;
  session: string | undefined;
  body: any;
}

const NOT_INITIALIZED = { jsonrpc: "2.0", id: null, error: { code: -32000, message: "Bad Request: Server not initialized" } };
const INITIALIZE_RESULT = (protocolVersion = "2025-11-25") => ({ protocolVersion, capabilities: { tools: {} }, serverInfo: { name: "old-server", version: "0.9.0" } });

function json(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  res.writeHead(status, { "content-type": "application/json", ...headers }).end(JSON.stringify(body));
}

/** An open event stream on `res`. */
function eventStream(res: ServerResponse) {
  res.writeHead(200, { "content-type": "text/event-stream", "cache-control": "no-cache" });
  res.flushHeaders();
  let n = 0;
  return {
    send: (message: unknown) => res.write(`id: ${++n}\ndata: ${JSON.stringify(message)}\n\n`),
    end: () => void res.end(),
  };
}

/** Starts a real HTTP server on 127.0.0.1 with `handle`; every request it receives is recorded in `hits`. */
async function httpServer(handle: (req: IncomingMessage, res: ServerResponse, body: any) => void | Promise<void>) {
  const hits: Hit[] = [];
  const server = createHttpServer(async (req, res) => {
    let raw = "";
    for await (const chunk of req) raw += String(chunk);
    let body: any;
    try {
      body = raw ? JSON.parse(raw) : undefined;
    } catch {
      body = raw;
    }
    const session = req.headers["mcp-session-id"];
    hits.push({ verb: req.method!, method: body?.method, id: body?.id, session: typeof session === "string" ? session : undefined, body });
    try {
      await handle(req, res, body);
    } catch {
      if (!res.headersSent) res.writeHead(500).end();
    }
  });
  servers.push(server);
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/mcp`;
  return { url, hits, server };
}

/** What a test may replace in {@link legacyHttp}. */
interface LegacyHttpOptions {
  /** Answers initialize (default: a 2025-11-25 result with a new session id). */
  initialize?: (res: ServerResponse, body: any, open: () => string) => void | Promise<void>;
  /**
   * The body of tools/call: `ask` sends one server request on the call's
   * event stream and resolves to the client's answer (POSTed back).
   */
  call?: (body: any, ask: (request: { id: string | number; method: string; params?: unknown }) => Promise<any>, session: string) => Promise<unknown>;
  /** The standalone GET stream (default 405: none offered). */
  get?: (req: IncomingMessage, res: ServerResponse) => void;
  /** Sees each POST first: true when it answered it (as a 2026-07-28 server would). */
  modern?: (res: ServerResponse, body: any) => boolean;
}

/**
 * A 2025-11-25 server as an SDK of that revision behaves: a request before
 * initialize (no session id) gets 400 with the id-null -32000 "not
 * initialized" body; an unknown session id gets 404; a client's answer or
 * notification gets 202; DELETE ends the session.
 */
async function legacyHttp(options: LegacyHttpOptions = {}) {
  const sessions = new Set<string>();
  let opened = 0;
  const open = () => {
    const id = `session-${++opened}`;
    sessions.add(id);
    return id;
  };
  const waiting = new Map<string, (answer: any) => void>();
  const s = await httpServer(async (req, res, body) => {
    if (req.method === "DELETE") {
      sessions.delete(String(req.headers["mcp-session-id"]));
      return void res.writeHead(200).end();
    }
    if (req.method === "GET") {
      if (options.get && sessions.has(String(req.headers["mcp-session-id"]))) return options.get(req, res);
      return void res.writeHead(405).end();
    }
    if (options.modern?.(res, body)) return;
    if (body?.method === "initialize") {
      if (options.initialize) return options.initialize(res, body, open);
      return json(res, 200, { jsonrpc: "2.0", id: body.id, result: INITIALIZE_RESULT() }, { "mcp-session-id": open() });
    }
    const session = req.headers["mcp-session-id"];
    if (typeof session !== "string") return json(res, 400, NOT_INITIALIZED);
    if (!sessions.has(session)) return json(res, 404, { jsonrpc: "2.0", id: null, error: { code: -32001, message: "Session not found" } });
    if (body?.method === undefined) {
      waiting.get(JSON.stringify(body?.id))?.(body);
      return void res.writeHead(202).end();
    }
    if (!("id" in body)) return void res.writeHead(202).end();
    if (body.method === "tools/call") {
      if (!options.call) return json(res, 200, { jsonrpc: "2.0", id: body.id, result: text(`legacy ${String(body.params?.name)}`) });
      const stream = eventStream(res);
      const ask = (request: { id: string | number; method: string; params?: unknown }) =>
        new Promise<any>((resolve) => {
          waiting.set(JSON.stringify(request.id), resolve);
          stream.send({ jsonrpc: "2.0", ...request });
        });
      const result = await options.call(body, ask, session);
      stream.send({ jsonrpc: "2.0", id: body.id, result });
      return stream.end();
    }
    if (body.method === "tools/list") return json(res, 200, { jsonrpc: "2.0", id: body.id, result: { tools: [{ name: "t", inputSchema: { type: "object" } }] } });
    return json(res, 200, { jsonrpc: "2.0", id: body.id, error: { code: -32601, message: "Method not found" } });
  });
  return { ...s, sessions };
}

/** A client with the plugin over HTTP, with small limits. */
function httpClient(url: string, legacy: LegacyClientOptions = {}, extra: Partial<ClientOptions> = {}, transport: HttpTransportOptions = {}) {
  const plugin = legacyClient({ initializeTimeoutMs: 1_000, retryMs: 20, ...legacy });
  const c = client({ transport: httpTransport(url, { timeoutMs: 2_000, ...transport }), legacy: plugin, ...extra });
  return { client: c, plugin };
}

// ---------------------------------------------------------------------------
// stdio: a legacy server as a child process. The prelude answers the probe
// with -32601 (a 2025-11-25 server does not know server/discover),
// initialize with a 2025-11-25 result, tools/call with `call`; the script
// after it may replace `discover`, `initialize`, `call` and `onResponse`.
// Every line it reads is reported on stderr as `<method` or `<response id`.

const STDIO_PRELUDE = `
  const out = (m) => process.stdout.write(JSON.stringify({ jsonrpc: "2.0", ...m }) + "\\n");
  const log = (line) => console.error(line);
  let onResponse = () => {};
  let discover = (m) => out({ id: m.id, error: { code: -32601, message: "Method not found" } });
  let initialize = (m) => out({ id: m.id, result: { protocolVersion: "2025-11-25", capabilities: { tools: {} }, serverInfo: { name: "old-stdio", version: "0.9.0" } } });
  let call = async (m) => ({ content: [{ type: "text", text: "legacy " + m.params.name }] });
  require("readline").createInterface({ input: process.stdin }).on("line", (l) => {
    const m = JSON.parse(l);
    log(m.method === undefined ? "<response " + JSON.stringify(m.id) : "<" + m.method + (m.method === "notifications/cancelled" ? " " + JSON.stringify(m.params.requestId) : ""));
    if (m.method === undefined) return onResponse(m);
    if (m.method === "server/discover") return discover(m);
    if (m.method === "initialize") return initialize(m);
    if (!("id" in m)) return;
    if (m.method === "tools/call") return Promise.resolve(call(m)).then((result) => out({ id: m.id, result }));
    out({ id: m.id, error: { code: -32601, message: "Method not found" } });
  });
`;

/** A stdio transport to a legacy child running the prelude and `script`; `lines` receives its stderr. */
function legacyChild(script = "", options: Partial<StdioTransportOptions> = {}) {
  const lines: string[] = [];
  const transport = stdioTransport({ command: process.execPath, args: ["-e", STDIO_PRELUDE + script], stderr: (line) => lines.push(line), timeoutMs: 5_000, probeTimeoutMs: 1_000, ...options });
  return { transport, lines };
}

// ---------------------------------------------------------------------------

describe("a legacy server's requests the client did not declare", () => {
  it("refuses sampling/createMessage and roots/list (no such input kind) with -32601 and URL-mode elicitation with only a form handler with -32602, and the call completes", async () => {
    const answers: any[] = [];
    const s = await legacyHttp({
      async call(_body, ask) {
        answers.push(await ask({ id: 1, method: "sampling/createMessage", params: { messages: [{ role: "user", content: { type: "text", text: "hi" } }], maxTokens: 10 } }));
        answers.push(await ask({ id: 2, method: "roots/list" }));
        answers.push(await ask({ id: 3, method: "elicitation/create", params: { mode: "url", message: "Sign in", url: "https://example.com/login", elicitationId: "e-1" } }));
        return text("done anyway");
      },
    });
    let formCalls = 0;
    const { client: c } = httpClient(s.url, {}, { elicitation: { form: async () => (formCalls++, { action: "accept", content: { name: "x" } }) } });
    const result = await c.callTool("ask-everything");
    expect(firstText(result)).toBe("done anyway");
    expect(answers.map((a) => [a.id, a.error?.code])).toEqual([
      [1, -32601],
      [2, -32601],
      [3, -32602],
    ]);
    for (const a of answers) {
      expect(a.jsonrpc).toBe("2.0");
      expect(a).not.toHaveProperty("result");
      expect(typeof a.error.message).toBe("string");
    }
    expect(formCalls).toBe(0);
    // What initialize declared: form elicitation only.
    expect(s.hits.find((h) => h.method === "initialize")!.body.params.capabilities).toEqual({ elicitation: { form: {} } });
  });

  it("refuses every server request with -32601 when the client declared no input kinds at all (stdio)", async () => {
    const { transport } = legacyChild(`
      call = (m) => new Promise((resolve) => {
        onResponse = (r) => resolve({ content: [{ type: "text", text: JSON.stringify(r) }] });
        out({ id: 7, method: "elicitation/create", params: { message: "Name?", requestedSchema: ${JSON.stringify(NAME_FORM)} } });
      });
    `);
    const c = client({ transport, legacy: legacyClient({ initializeTimeoutMs: 2_000 }) });
    const answer = JSON.parse(firstText(await c.callTool("t")));
    expect(answer).toMatchObject({ jsonrpc: "2.0", id: 7, error: { code: -32601 } });
  });
});

describe("a flood of server requests", () => {
  it("runs at most maxServerRequests handlers at once; the rest get an error response at once and nothing hangs (200 elicitation/create on stdio)", async () => {
    const N = 200;
    const { transport } = legacyChild(`
      call = (m) => new Promise((resolve) => {
        const got = [];
        onResponse = (r) => {
          got.push(r.error ? r.error.code : r.result.action);
          if (got.length === ${N}) resolve({ content: [{ type: "text", text: JSON.stringify(got) }] });
        };
        let batch = "";
        for (let i = 0; i < ${N}; i++) batch += JSON.stringify({ jsonrpc: "2.0", id: "e" + i, method: "elicitation/create", params: { mode: "form", message: "Name " + i + "?", requestedSchema: ${JSON.stringify(NAME_FORM)} } }) + "\\n";
        process.stdout.write(batch);
      });
    `);
    let running = 0;
    let peak = 0;
    let ran = 0;
    const form = async () => {
      ran++;
      peak = Math.max(peak, ++running);
      await sleep(40);
      running--;
      return { action: "accept" as const, content: { name: "Ada" } };
    };
    const c = client({ transport, elicitation: { form }, legacy: legacyClient({ maxServerRequests: 4, initializeTimeoutMs: 2_000 }) });
    const before = process.memoryUsage().heapUsed;
    const outcomes = JSON.parse(firstText(await c.callTool("flood"))) as (string | number)[];
    const after = process.memoryUsage().heapUsed;
    console.log(`flood of ${N} server requests: heap ${mib(before)} -> ${mib(after)}; ${ran} handled, peak ${peak} at once`);
    expect(outcomes).toHaveLength(N);
    expect(peak).toBeLessThanOrEqual(4);
    expect(outcomes.filter((o) => o === "accept")).toHaveLength(ran);
    expect(outcomes.filter((o) => o !== "accept").every((o) => o === -32000)).toBe(true);
    expect(ran).toBeGreaterThan(0);
    expect(ran).toBeLessThan(N);
  });
});

describe("a server request id reused while the first is being answered", () => {
  it("gets -32600 and the handler runs once (stdio)", async () => {
    const { transport } = legacyChild(`
      call = (m) => new Promise((resolve) => {
        const got = [];
        onResponse = (r) => {
          got.push(r);
          if (got.length === 2) resolve({ content: [{ type: "text", text: JSON.stringify(got) }] });
        };
        const ask = { id: "dup", method: "elicitation/create", params: { mode: "form", message: "Name?", requestedSchema: ${JSON.stringify(NAME_FORM)} } };
        out(ask);
        setTimeout(() => out(ask), 30);
      });
    `);
    let runs = 0;
    const form = async () => {
      runs++;
      await sleep(300);
      return { action: "accept" as const, content: { name: "Ada" } };
    };
    const c = client({ transport, elicitation: { form }, legacy: legacyClient({ initializeTimeoutMs: 2_000 }) });
    const got = JSON.parse(firstText(await c.callTool("dup"))) as any[];
    expect(got[0]).toMatchObject({ id: "dup", error: { code: -32600 } });
    expect(got[1]).toMatchObject({ id: "dup", result: { action: "accept", content: { name: "Ada" } } });
    expect(runs).toBe(1);
  });
});

describe("the standalone GET stream of a hostile server", () => {
  it("drops an event over httpTransport's listen.maxEventBytes, and a later call succeeds (memory bounded)", async () => {
    let opened = 0;
    let sent = 0;
    const s = await legacyHttp({
      get(_req, res) {
        opened++;
        res.writeHead(200, { "content-type": "text/event-stream" });
        res.write("data: ");
        const chunk = "x".repeat(64 * 1024);
        let closed = false;
        res.on("close", () => (closed = true));
        // One event that never ends: 64 KiB at a time, as fast as the client reads, up to 64 MiB.
        const pump = () => {
          while (!closed && sent < 64 * 1024 * 1024) {
            sent += chunk.length;
            if (!res.write(chunk)) return void res.once("drain", pump);
          }
          if (!closed) res.end();
        };
        pump();
      },
    });
    const before = process.memoryUsage().heapUsed;
    const { client: c } = httpClient(s.url, { retryMs: 50, maxStreamFailures: 3 }, {}, { listen: { maxEventBytes: 256 * 1024 } });
    expect(firstText(await c.callTool("first"))).toBe("legacy first");
    await until(() => opened >= 1, "the GET stream");
    await sleep(300);
    expect(firstText(await c.callTool("later"))).toBe("legacy later");
    const after = process.memoryUsage().heapUsed;
    console.log(`huge GET event: ${mib(sent)} written by the server over ${opened} openings; heap ${mib(before)} -> ${mib(after)}`);
    // The client stops reading soon after the limit: far less than the server would send.
    expect(sent).toBeLessThan(64 * 1024 * 1024);
  });

  it("gives up a GET stream whose every opening sends an event over the limit after maxStreamFailures openings", async () => {
    let opened = 0;
    const s = await legacyHttp({
      get(_req, res) {
        opened++;
        res.writeHead(200, { "content-type": "text/event-stream" });
        // 1 MiB in one event, over a 64 KiB limit.
        res.end(`data: ${"x".repeat(1024 * 1024)}\n\n`);
      },
    });
    const { client: c } = httpClient(s.url, { retryMs: 20, maxStreamFailures: 3 }, {}, { listen: { maxEventBytes: 64 * 1024 } });
    await c.callTool("t");
    await until(() => opened >= 1, "the GET stream");
    await sleep(1_000); // with retryMs 20, an unbounded client would open it ~50 times here
    console.log(`GET stream with an oversized event every time: opened ${opened} times in ~1 s (maxStreamFailures 3)`);
    expect(opened).toBeLessThanOrEqual(3);
  });

  it("does not re-open in a tight loop a GET stream that ends at once asking retry: 0", async () => {
    let opened = 0;
    const s = await legacyHttp({
      get(_req, res) {
        opened++;
        res.writeHead(200, { "content-type": "text/event-stream" });
        res.end("retry: 0\n\n");
      },
    });
    const { client: c } = httpClient(s.url, { retryMs: 100, maxStreamFailures: 3 });
    await c.callTool("t");
    await until(() => opened >= 1, "the GET stream");
    await sleep(500);
    console.log(`GET stream that ends at once with retry: 0: opened ${opened} times in ~0.5 s (retryMs 100)`);
    expect(opened).toBeLessThan(20);
  });

  it("keeps answering calls while the GET stream is an endless flood of notifications (memory bounded)", async () => {
    let notified = 0;
    let written = 0;
    const s = await legacyHttp({
      get(_req, res) {
        res.writeHead(200, { "content-type": "text/event-stream" });
        let closed = false;
        res.on("close", () => (closed = true));
        const pump = () => {
          while (!closed) {
            written++;
            const line = `data: ${JSON.stringify({ jsonrpc: "2.0", method: "notifications/message", params: { level: "info", data: `line ${written}` } })}\n\n`;
            if (!res.write(line)) return void res.once("drain", pump);
            if (written % 500 === 0) return void setImmediate(pump); // let the rest of the process run too
          }
        };
        pump();
      },
    });
    const before = process.memoryUsage().heapUsed;
    const { client: c } = httpClient(s.url, { onNotification: () => void notified++ });
    expect(firstText(await c.callTool("first"))).toBe("legacy first");
    await until(() => notified > 1_000, "the flood to arrive");
    const results = [];
    for (let i = 0; i < 5; i++) results.push(firstText(await c.callTool(`during-${i}`)));
    const after = process.memoryUsage().heapUsed;
    console.log(`endless GET stream: ${written} notifications written, ${notified} delivered; heap ${mib(before)} -> ${mib(after)}`);
    expect(results).toEqual([0, 1, 2, 3, 4].map((i) => `legacy during-${i}`));
  });
});

describe("a server that never answers initialize", () => {
  it("fails with LegacyHandshakeError within initializeTimeoutMs over HTTP (mode legacy)", async () => {
    const s = await legacyHttp({ initialize: () => undefined /* never answers */ });
    const { client: c } = httpClient(s.url, { mode: "legacy", initializeTimeoutMs: 200 }, {}, { timeoutMs: 500 });
    const started = Date.now();
    const error = await c.callTool("t").catch((e: unknown) => e);
    const took = Date.now() - started;
    expect(error).toBeInstanceOf(LegacyHandshakeError);
    expect((error as Error).message).toMatch(/did not answer initialize within 200 ms.*initializeTimeoutMs/);
    expect(took).toBeLessThan(2_000);
    expect(s.hits.map((h) => h.method)).toEqual(["initialize"]);
  });

  it("fails with LegacyHandshakeError within initializeTimeoutMs over stdio (mode legacy)", async () => {
    const { transport } = legacyChild(`initialize = () => {};`);
    const c = client({ transport, legacy: legacyClient({ mode: "legacy", initializeTimeoutMs: 200 }) });
    const started = Date.now();
    const error = await c.callTool("t").catch((e: unknown) => e);
    expect(error).toBeInstanceOf(LegacyHandshakeError);
    expect((error as Error).message).toMatch(/within 200 ms/);
    expect(Date.now() - started).toBeLessThan(2_000);
  });

  it("never cancels the initialize request it gave up on (cancellation.mdx: initialize MUST NOT be cancelled), over stdio", async () => {
    const { transport, lines } = legacyChild(`initialize = () => {};`);
    const c = client({ transport, legacy: legacyClient({ mode: "legacy", initializeTimeoutMs: 150 }) });
    await expect(c.callTool("t")).rejects.toBeInstanceOf(LegacyHandshakeError);
    await until(() => lines.includes("<initialize"), "the server to read initialize");
    await sleep(200);
    expect(lines.filter((l) => l.startsWith("<notifications/cancelled"))).toEqual([]);
  });

  it("over HTTP, initializes again on the next call after a handshake that timed out", async () => {
    let initializes = 0;
    const s = await legacyHttp({
      initialize(res, body, open) {
        if (++initializes === 1) return; // the first is never answered
        json(res, 200, { jsonrpc: "2.0", id: body.id, result: INITIALIZE_RESULT() }, { "mcp-session-id": open() });
      },
    });
    const { client: c } = httpClient(s.url, { mode: "legacy", initializeTimeoutMs: 200 }, {}, { timeoutMs: 500 });
    await expect(c.callTool("t")).rejects.toBeInstanceOf(LegacyHandshakeError);
    const second = await c.callTool("t").catch((e: unknown) => e);
    console.log(`the call after a timed-out handshake: ${second instanceof Error ? `${second.name}: ${second.message}` : "succeeded"}; initialize sent ${initializes} time(s)`);
    expect(initializes).toBe(2);
    expect(second).not.toBeInstanceOf(Error);
  });
  it("over stdio, initializes again on the next call after a handshake that timed out (same process)", async () => {
    const { transport, lines } = legacyChild(`
      let initializes = 0;
      const answer = initialize;
      initialize = (m) => { if (++initializes > 1) answer(m); };
    `);
    const c = client({ transport, legacy: legacyClient({ mode: "legacy", initializeTimeoutMs: 200 }) });
    await expect(c.callTool("t")).rejects.toBeInstanceOf(LegacyHandshakeError);
    const pid = transport.pid;
    const second = await c.callTool("t").catch((e: unknown) => e);
    console.log(`stdio: the call after a timed-out handshake: ${second instanceof Error ? `${second.name}: ${second.message}` : "succeeded"}; initialize read ${lines.filter((l) => l === "<initialize").length} time(s)`);
    expect(transport.pid).toBe(pid);
    expect(lines.filter((l) => l === "<initialize")).toHaveLength(2);
    expect(second).not.toBeInstanceOf(Error);
  });
});

describe("a server that answers initialize with a version this client does not speak", () => {
  it("fails with LegacyHandshakeError naming the server's version and the client's (2024-11-05 over HTTP)", async () => {
    const s = await legacyHttp({
      initialize: (res, body, open) => json(res, 200, { jsonrpc: "2.0", id: body.id, result: INITIALIZE_RESULT("2024-11-05") }, { "mcp-session-id": open() }),
    });
    const { client: c } = httpClient(s.url);
    const error = await c.callTool("t").catch((e: unknown) => e);
    expect(error).toBeInstanceOf(LegacyHandshakeError);
    const message = (error as Error).message;
    expect(message).toContain("2024-11-05");
    expect(message).toContain("2025-11-25");
    expect(message).toContain("2025-06-18");
    // Nothing is sent in a session the client does not speak.
    expect(s.hits.some((h) => h.method === "notifications/initialized" || h.method === "tools/call")).toBe(false);
  });

  it("fails with LegacyHandshakeError naming the versions over stdio too", async () => {
    const { transport } = legacyChild(`initialize = (m) => out({ id: m.id, result: { protocolVersion: "2024-11-05", capabilities: {}, serverInfo: { name: "ancient", version: "0" } } });`);
    const c = client({ transport, legacy: legacyClient({ initializeTimeoutMs: 2_000 }) });
    await expect(c.callTool("t")).rejects.toThrow(/2024-11-05.*2025-11-25/);
  });
});

describe("a server that changes its answer to the probe", () => {
  const DISCOVER_RESULT = { resultType: "complete", supportedVersions: ["2026-07-28"], capabilities: { tools: {} }, ttlMs: 0, cacheScope: "private", _meta: { "io.modelcontextprotocol/serverInfo": { name: "new", version: "2" } } };

  /** A server that answers as a 2026-07-28 one until `flip()`, then as a 2025-11-25 one. */
  async function flipping() {
    let modernNow = true;
    const s = await legacyHttp({
      modern(res, body) {
        if (!modernNow) return false;
        if (body?.method === "server/discover") json(res, 200, { jsonrpc: "2.0", id: body.id, result: DISCOVER_RESULT });
        else if (body?.method === "tools/call") json(res, 200, { jsonrpc: "2.0", id: body.id, result: { resultType: "complete", ...text("modern") } });
        else json(res, 200, { jsonrpc: "2.0", id: body?.id ?? null, error: { code: -32601, message: "Method not found" } });
        return true;
      },
    });
    let flippedAt = -1;
    return {
      ...s,
      flip: () => ((modernNow = false), (flippedAt = s.hits.length)),
      before: () => s.hits.slice(0, flippedAt).filter((h) => h.verb === "POST"),
      after: () => s.hits.slice(flippedAt).filter((h) => h.verb === "POST"),
    };
  }

  it("re-probes when a modern verdict stops holding (a 400 non-modern body) and switches to legacy; onVerdict reports each verdict", async () => {
    const f = await flipping();
    const verdicts: EraVerdict[] = [];
    const { client: c, plugin } = httpClient(f.url, { onVerdict: (v) => verdicts.push(v) });
    expect(firstText(await c.callTool("t"))).toBe("modern");
    expect(plugin.verdict).toEqual({ era: "modern" });
    f.flip();
    expect(firstText(await c.callTool("t"))).toBe("legacy t");
    expect(plugin.verdict).toEqual({ era: "legacy", protocolVersion: "2025-11-25" });
    expect(verdicts).toEqual([{ era: "modern" }, { era: "legacy", protocolVersion: "2025-11-25" }]);
    // After the flip: the modern request (400), the probe (400), then the session.
    expect(f.before().map((h) => h.method)).toEqual(["server/discover", "tools/call"]);
    expect(f.after().map((h) => h.method)).toEqual(["tools/call", "server/discover", "initialize", "notifications/initialized", "tools/call"]);
  });

  it("fails a server that keeps flipping with a clear McpClientError after maxEraChanges, not a loop", async () => {
    // Every probe gets a modern discover answer, every real request a legacy 400.
    const s = await httpServer((_req, res, body) => {
      if (body?.method === "server/discover") {
        return json(res, 200, { jsonrpc: "2.0", id: body.id, result: DISCOVER_RESULT });
      }
      json(res, 400, NOT_INITIALIZED);
    });
    for (const maxEraChanges of [2, 3]) {
      s.hits.length = 0;
      const { client: c } = httpClient(s.url, { maxEraChanges });
      const error = await c.callTool("t").catch((e: unknown) => e);
      expect(error).toBeInstanceOf(McpClientError);
      expect(error).not.toBeInstanceOf(LegacyServerError);
      expect((error as Error).message).toMatch(new RegExp(`changed era ${maxEraChanges} times in a row.*maxEraChanges`));
      expect(s.hits.filter((h) => h.method === "server/discover")).toHaveLength(maxEraChanges);
      expect(s.hits.filter((h) => h.method === "tools/call")).toHaveLength(maxEraChanges);
    }
  });

  it("re-probes when a prior legacy verdict stops holding (initialize refused with -32022) and goes modern", async () => {
    const s = await httpServer((_req, res, body) => {
      if (body?.method === "initialize") return json(res, 400, { jsonrpc: "2.0", id: body.id, error: { code: -32022, message: "Unsupported protocol version", data: { supported: ["2026-07-28"], requested: "2025-11-25" } } });
      if (body?.method === "server/discover") {
        return json(res, 200, { jsonrpc: "2.0", id: body.id, result: DISCOVER_RESULT });
      }
      if (body?.method === "tools/call") return json(res, 200, { jsonrpc: "2.0", id: body.id, result: { resultType: "complete", ...text("modern") } });
      json(res, 400, { jsonrpc: "2.0", id: body?.id ?? null, error: { code: -32600, message: "Invalid request" } });
    });
    const verdicts: EraVerdict[] = [];
    const { client: c } = httpClient(s.url, { prior: { era: "legacy", protocolVersion: "2025-11-25" }, onVerdict: (v) => verdicts.push(v) });
    expect(firstText(await c.callTool("t"))).toBe("modern");
    expect(s.hits.map((h) => h.method)).toEqual(["initialize", "server/discover", "tools/call"]);
    expect(verdicts).toEqual([{ era: "modern" }]);
  });
});

describe("an HTTP server that forgets the session", () => {
  it("answers 404 to the session id: the client initializes again and the call succeeds, sent once more; close() sends DELETE", async () => {
    let calls = 0;
    const s = await legacyHttp({
      async call(body, _ask, session) {
        calls++;
        return text(`call ${calls} in ${session}`);
      },
    });
    const { client: c } = httpClient(s.url, { mode: "legacy" });
    expect(firstText(await c.callTool("t"))).toBe("call 1 in session-1");
    s.sessions.clear(); // the server restarted, say
    expect(firstText(await c.callTool("t"))).toBe("call 2 in session-2");
    const posts = s.hits.filter((h) => h.verb === "POST" && h.method !== undefined && h.method !== "notifications/initialized");
    expect(posts.map((h) => [h.method, h.session])).toEqual([
      ["initialize", undefined],
      ["tools/call", "session-1"],
      ["tools/call", "session-1"], // 404
      ["initialize", undefined], // a new initialize, with no session id
      ["tools/call", "session-2"],
    ]);
    expect(calls).toBe(2);
    await c.close();
    await until(() => s.hits.some((h) => h.verb === "DELETE" && h.session === "session-2"), "the DELETE of the current session");
  });

  it("fails with a typed error (not a loop) when the new session is forgotten too", async () => {
    let sessions = 0;
    // Every session is forgotten as soon as it is made: any request in one gets 404.
    const s = await httpServer((_req, res, body) => {
      if (body?.method === "initialize") return json(res, 200, { jsonrpc: "2.0", id: body.id, result: INITIALIZE_RESULT() }, { "mcp-session-id": `gone-${++sessions}` });
      if (body?.method === "notifications/initialized") return void res.writeHead(202).end();
      json(res, 404, { jsonrpc: "2.0", id: null, error: { code: -32001, message: "Session not found" } });
    });
    const { client: c } = httpClient(s.url, { mode: "legacy" });
    const error = await c.callTool("t").catch((e: unknown) => e);
    expect(error).toBeInstanceOf(McpClientError);
    expect((error as Error).message).toMatch(/no longer knows session gone-2/);
    expect(s.hits.filter((h) => h.method === "initialize")).toHaveLength(2);
    expect(s.hits.filter((h) => h.method === "tools/call")).toHaveLength(2);
  });
});

describe("manual mode against a legacy server", () => {
  it("client.start() rejects with ManualModeUnavailableError, and nothing reaches the server's tools", async () => {
    const s = await legacyHttp();
    const { client: c } = httpClient(s.url, {}, { elicitation: { form: "manual" } });
    const error = await c.start("tools/call", { name: "t", arguments: {} }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ManualModeUnavailableError);
    expect((error as Error).message).toMatch(/start\/resume/);
    expect(s.hits.some((h) => h.method === "tools/call")).toBe(false);
  });

  it("over stdio too", async () => {
    const { transport, lines } = legacyChild();
    const c = client({ transport, elicitation: { form: "manual" }, legacy: legacyClient({ initializeTimeoutMs: 2_000 }) });
    await expect(c.start("tools/call", { name: "t", arguments: {} })).rejects.toBeInstanceOf(ManualModeUnavailableError);
    await sleep(50);
    expect(lines).not.toContain("<tools/call");
  });
});

describe("a legacy server reached as a modern one", () => {
  it('mode "modern" fails with LegacyServerError saying how to reach such servers, never initializing', async () => {
    const s = await legacyHttp();
    const { client: c } = httpClient(s.url, { mode: "modern" });
    const error = await c.callTool("t").catch((e: unknown) => e);
    expect(error).toBeInstanceOf(LegacyServerError);
    expect((error as Error).message).toMatch(/legacy option unset/);
    expect(s.hits.map((h) => h.method)).toEqual(["tools/call"]);
  });

  it("told to speak 2026-07-28 only (legacy: false), over HTTP, a 400 id-null -32000 'Server not initialized' is LegacyServerError (never 'malformed')", async () => {
    const s = await legacyHttp();
    const c = client({ transport: httpTransport(s.url, { timeoutMs: 500 }), legacy: false });
    for (const call of [() => c.callTool("t"), () => c.listTools(), () => c.discover()]) {
      const error = await call().catch((e: unknown) => e);
      expect(error).toBeInstanceOf(LegacyServerError);
      expect((error as Error).message).not.toMatch(/malformed/i);
      expect((error as Error).message).toMatch(/legacy option unset/);
    }
    expect(s.hits.some((h) => h.method === "initialize")).toBe(false);
  });

  it("told to speak 2026-07-28 only (legacy: false), over stdio, a server answering -32601 to server/discover is LegacyServerError", async () => {
    const { transport, lines } = legacyChild();
    const c = client({ transport, legacy: false });
    const error = await c.callTool("t").catch((e: unknown) => e);
    expect(error).toBeInstanceOf(LegacyServerError);
    expect((error as Error).message).toMatch(/legacy option unset/);
    await until(() => lines.length > 0, "the server's log");
    await sleep(50);
    expect(lines).toEqual(["<server/discover"]);
  });
});

describe("prior and onVerdict", () => {
  it("a prior legacy verdict sends no probe over HTTP: the server sees initialize first", async () => {
    const s = await legacyHttp();
    const verdicts: EraVerdict[] = [];
    const prior: EraVerdict = { era: "legacy", protocolVersion: "2025-11-25" };
    const { client: c, plugin } = httpClient(s.url, { prior, onVerdict: (v) => verdicts.push(v) });
    expect(plugin.verdict).toEqual(prior);
    expect(firstText(await c.callTool("t"))).toBe("legacy t");
    expect(s.hits[0]!.method).toBe("initialize");
    expect(s.hits.some((h) => h.method === "server/discover")).toBe(false);
    expect(plugin.verdict).toEqual(prior);
    expect(verdicts).toEqual([]); // unchanged: nothing to persist
  });

  it("a prior legacy verdict sends no probe over stdio: the process reads initialize first", async () => {
    const { transport, lines } = legacyChild();
    const c = client({ transport, legacy: legacyClient({ prior: { era: "legacy", protocolVersion: "2025-11-25" }, initializeTimeoutMs: 2_000 }) });
    expect(firstText(await c.callTool("t"))).toBe("legacy t");
    expect(lines[0]).toBe("<initialize");
    expect(lines).not.toContain("<server/discover");
  });

  it("onVerdict reports the verdict the probe reached (HTTP and stdio), once", async () => {
    const s = await legacyHttp();
    const verdicts: EraVerdict[] = [];
    const { client: c, plugin } = httpClient(s.url, { onVerdict: (v) => verdicts.push(v) });
    expect(plugin.verdict).toBeUndefined();
    await c.callTool("t");
    await c.callTool("t");
    expect(verdicts).toEqual([{ era: "legacy", protocolVersion: "2025-11-25" }]);
    expect(s.hits.filter((h) => h.method === "server/discover")).toHaveLength(1);

    const { transport } = legacyChild();
    const stdioVerdicts: EraVerdict[] = [];
    const c2 = client({ transport, legacy: legacyClient({ onVerdict: (v) => stdioVerdicts.push(v), initializeTimeoutMs: 2_000 }) });
    await c2.callTool("t");
    await c2.callTool("t");
    expect(stdioVerdicts).toEqual([{ era: "legacy", protocolVersion: "2025-11-25" }]);
  });
});
