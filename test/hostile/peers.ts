/**
 * What the fair-share suites share: the fixture in its own process (HTTP,
 * its stdio, stdio channels on a Unix socket), peers that speak to it as an
 * attacker would (raw HTTP, raw stdio lines, both eras), and the memory
 * figures each suite prints (RSS and heap before, at the limit, after).
 */
import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { connect } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Readable, Writable } from "node:stream";
import { afterAll, beforeAll } from "vitest";
import { LineSplitter } from "@mrtr/internal";
import { repoRoot } from "../helpers/paths.js";
import { freePort, sourceArgs } from "../helpers/processes.js";

const FIXTURE = join(import.meta.dirname, "fair-share-fixture.ts");
export const TASKS = "io.modelcontextprotocol/tasks";
const LEGACY = "2025-11-25";
type Json = Record<string, any>;

/** Memory and holdings of the fixture, from GET /stats. */
export interface Stats {
  rss: number;
  heapUsed: number;
  activity: { requests: number; streams: number };
}

/** The fixture process and ways in. */
export interface Fixture {
  port: number;
  child: ChildProcess;
  /** The fixture's own stdin/stdout, as a line channel. */
  stdio: Channel;
  /** One more stdio channel (a connection to the fixture's socket). */
  channel(): Promise<Channel>;
  stats(): Promise<Stats>;
  close(): Promise<void>;
}

/** Starts the fixture with `env` (limits to shrink), collected with --expose-gc so /stats reads live memory. */
export async function startFixture(env: Record<string, string> = {}): Promise<Fixture> {
  const port = await freePort();
  const dir = mkdtempSync(join(tmpdir(), "mrtr-fair-"));
  const socket = join(dir, "stdio.sock");
  const child = spawn(process.execPath, ["--expose-gc", ...sourceArgs(FIXTURE)], {
    cwd: repoRoot,
    env: { ...process.env, ...env, PORT: String(port), STDIO_SOCKET: socket },
    stdio: ["pipe", "pipe", "pipe"],
  });
  await new Promise<void>((resolve, reject) => {
    let seen = "";
    child.stderr!.on("data", (d: Buffer) => {
      seen += d.toString();
      if (seen.includes("listening")) resolve();
    });
    child.once("exit", (code) => reject(new Error(`the fair-share fixture exited (${code}) before it listened: ${seen}`)));
  });
  const stdio = new Channel(child.stdin!, child.stdout!);
  return {
    port,
    child,
    stdio,
    channel: () =>
      new Promise((resolve, reject) => {
        const s = connect(socket, () => resolve(new Channel(s, s)));
        s.once("error", reject);
      }),
    async stats() {
      return (await (await fetch(`http://127.0.0.1:${port}/stats`)).json()) as Stats;
    },
    async close() {
      child.stdin!.end();
      const exited = new Promise((r) => child.once("exit", r));
      setTimeout(() => child.kill("SIGKILL"), 3000).unref();
      await exited;
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** The fixture for the calling file: started before its tests, closed after them; read it inside tests. */
export function useFixture(env: Record<string, string> = {}): () => Fixture {
  let f: Fixture | undefined;
  beforeAll(async () => {
    f = await startFixture(env);
  }, 60_000);
  afterAll(() => f?.close());
  return () => f!;
}

/** 0, 1, … n-1. */
export const range = (n: number) => Array.from({ length: n }, (_, i) => i);

const MiB = (n: number) => `${(n / 1024 / 1024).toFixed(1)} MiB`;

/** Prints RSS and heap at each moment of an attack, so the closing note can quote them. */
export function printFigures(attack: string, moments: [label: string, stats: Stats][]): void {
  const line = moments.map(([label, s]) => `${label}: rss ${MiB(s.rss)}, heap ${MiB(s.heapUsed)}`).join("; ");
  console.log(`[fair-share] ${attack} — ${line}`);
}

/** Runs `work` over `items`, at most `concurrency` at once, in order of results. */
export async function limited<T, R>(items: readonly T[], concurrency: number, work: (item: T, index: number) => Promise<R>): Promise<R[]> {
  const out: R[] = new Array(items.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(concurrency, items.length) }, async () => {
      while (next < items.length) {
        const i = next++;
        out[i] = await work(items[i]!, i);
      }
    }),
  );
  return out;
}

/** A newline-delimited JSON-RPC channel: requests by id, what the server sends on its own kept in `received`. */
export class Channel {
  readonly received: Json[] = [];
  readonly #waiting = new Map<string, (m: Json) => void>();
  #seq = 0;
  readonly #listeners = new Set<(m: Json) => void>();

  constructor(
    private readonly input: Writable,
    output: Readable,
  ) {
    const splitter = new LineSplitter(64 * 1024 * 1024, (frame) => {
      if (frame.kind !== "line" || frame.text.trim() === "") return;
      const m = JSON.parse(frame.text) as Json;
      const key = JSON.stringify(m.id);
      const waiter = "method" in m ? undefined : this.#waiting.get(key);
      if (waiter) {
        this.#waiting.delete(key);
        waiter(m);
      } else {
        this.received.push(m);
        for (const l of this.#listeners) l(m);
      }
    });
    output.on("data", (d: Uint8Array) => splitter.push(d));
  }

  send(message: Json): void {
    this.input.write(`${JSON.stringify(message)}\n`);
  }

  /** Sends a request (a fresh id unless it has one) and resolves to its answer. */
  request(message: Json): Promise<Json> {
    const m = "id" in message ? message : { ...message, id: `c${++this.#seq}` };
    return new Promise((resolve) => {
      this.#waiting.set(JSON.stringify(m.id), resolve);
      this.send(m);
    });
  }

  /** Resolves with the first message the server sends on its own that `match` accepts (already received or to come). */
  next(match: (m: Json) => boolean, ms = 10_000): Promise<Json> {
    const seen = this.received.find(match);
    if (seen) return Promise.resolve(seen);
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error("no such message from the server")), ms);
      const l = (m: Json) => {
        if (!match(m)) return;
        clearTimeout(timer);
        this.#listeners.delete(l);
        resolve(m);
      };
      this.#listeners.add(l);
    });
  }

  end(): void {
    this.input.end();
  }
}

/** The `_meta` of a modern request. */
export const meta = (caps: Json = { elicitation: {}, extensions: { [TASKS]: {} } }) => ({
  "io.modelcontextprotocol/protocolVersion": "2026-07-28",
  "io.modelcontextprotocol/clientCapabilities": caps,
  "io.modelcontextprotocol/clientInfo": { name: "fair-share-peer", version: "1.0.0" },
});

let ids = 0;
/** A modern request message. */
export const modernRequest = (method: string, params: Json = {}, caps?: Json) => ({ jsonrpc: "2.0", id: `m${++ids}`, method, params: { ...params, _meta: meta(caps) } });

/** POSTs a modern request as `user` (no header: anonymous); the response, whose body the caller reads or cancels. */
export function postModern(port: number, user: string | undefined, message: Json): Promise<Response> {
  const headers: Record<string, string> = {
    "content-type": "application/json",
    accept: "application/json, text/event-stream",
    "mcp-protocol-version": "2026-07-28",
    "mcp-method": message.method,
    ...(user !== undefined && { "x-user": user }),
  };
  const name = message.params?.name ?? message.params?.uri ?? message.params?.taskId;
  if (typeof name === "string") headers["mcp-name"] = name;
  return fetch(`http://127.0.0.1:${port}/mcp`, { method: "POST", headers, body: JSON.stringify(message) });
}

/** A legacy HTTP session: its id and the headers each of its requests carries. */
export interface LegacySession {
  id: string;
  headers: Record<string, string>;
}

/** Opens a legacy session as `user`; the refusal response when it is refused. */
export async function openLegacy(port: number, user: string): Promise<LegacySession | Response> {
  const init = { jsonrpc: "2.0", id: 0, method: "initialize", params: { protocolVersion: LEGACY, capabilities: { elicitation: {} }, clientInfo: { name: "old-host", version: "1" } } };
  const base = { "content-type": "application/json", accept: "application/json, text/event-stream", "x-user": user };
  const r = await fetch(`http://127.0.0.1:${port}/mcp`, { method: "POST", headers: base, body: JSON.stringify(init) });
  if (r.status !== 200) return r;
  await r.arrayBuffer();
  const headers = { ...base, "mcp-session-id": r.headers.get("mcp-session-id")!, "mcp-protocol-version": LEGACY };
  await (await fetch(`http://127.0.0.1:${port}/mcp`, { method: "POST", headers, body: JSON.stringify({ jsonrpc: "2.0", method: "notifications/initialized" }) })).arrayBuffer();
  return { id: headers["mcp-session-id"], headers };
}

/** POSTs one message in a legacy session (a different `user` header when given). */
export function postLegacy(port: number, session: LegacySession, message: Json, user?: string): Promise<Response> {
  const headers = user === undefined ? session.headers : { ...session.headers, "x-user": user };
  return fetch(`http://127.0.0.1:${port}/mcp`, { method: "POST", headers, body: JSON.stringify(message) });
}

export { readEvents } from "../helpers/event-stream.js";

/** Reads an event stream message by message, as they come. */
export class EventReader {
  readonly #reader: ReadableStreamDefaultReader<Uint8Array>;
  readonly #decoder = new TextDecoder();
  #buffer = "";
  readonly #ready: (Json & { eventId?: string })[] = [];

  constructor(response: Response) {
    this.#reader = response.body!.getReader();
  }

  /** The next message that `match` accepts (others are skipped), or undefined when the stream ends or `ms` pass. */
  async next(match: (m: Json) => boolean = () => true, ms = 10_000): Promise<(Json & { eventId?: string }) | undefined> {
    const deadline = Date.now() + ms;
    for (;;) {
      while (this.#ready.length > 0) {
        const m = this.#ready.shift()!;
        if (match(m)) return m;
      }
      if (Date.now() >= deadline) return undefined;
      let timer: ReturnType<typeof setTimeout> | undefined;
      const idle = new Promise<{ done: true; value: undefined }>((r) => (timer = setTimeout(() => r({ done: true, value: undefined }), deadline - Date.now())));
      const { value, done } = await Promise.race([this.#reader.read(), idle]);
      clearTimeout(timer);
      if (done) return undefined;
      this.#buffer += this.#decoder.decode(value, { stream: true });
      let cut: number;
      while ((cut = this.#buffer.indexOf("\n\n")) >= 0) {
        const block = this.#buffer.slice(0, cut);
        this.#buffer = this.#buffer.slice(cut + 2);
        const data = /^data: (.*)$/m.exec(block)?.[1];
        const id = /^id: (.*)$/m.exec(block)?.[1];
        if (data) this.#ready.push({ ...(JSON.parse(data) as Json), ...(id !== undefined && { eventId: id }) });
      }
    }
  }

  /** Lets the stream go. */
  close(): void {
    void this.#reader.cancel().catch(() => undefined);
  }
}

/** A legacy `tools/call` message. */
export const legacyCall = (id: number | string, name: string, args: Json = {}) => ({ jsonrpc: "2.0", id, method: "tools/call", params: { name, arguments: args } });
