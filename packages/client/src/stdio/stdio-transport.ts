/**
 * `stdioTransport`: launches an MCP server as a child process and talks to
 * it over its stdin and stdout (basic/transports/stdio.mdx). No shell: the
 * command and its arguments go to the OS as they are. The child gets a safe
 * default environment (environment.ts) unless told otherwise, and its
 * stderr goes where the host says (stderr.ts), never into a pipe nobody
 * reads.
 *
 * Era: before the first request each process gets, it is probed with
 * `server/discover` (stdio.mdx, "Backward Compatibility"): a server that
 * answers it with anything but a discover result or a modern error speaks
 * an earlier, initialize-based revision, and every request to it fails with
 * `LegacyServerError` (unless @mrtr/client/legacy's plugin speaks to it).
 *
 * Lifecycle: the server starts with the first request. If it exits while
 * requests are in flight, they fail with a `TransportError` naming the exit
 * code (or signal) and its last stderr lines; the next request starts a
 * fresh process, as the draft says a client should (any request may simply
 * be sent again: the protocol is stateless), until `restart.maxAttempts`
 * processes in a row have exited without answering anything. `close()`
 * shuts down as the draft says: stdin closed, then SIGTERM after a grace
 * period, then SIGKILL.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { definedOnly } from "@mrtr/internal";
import type { JSONRPCRequest } from "@mrtr/schema";
import { isDiscoverAnswer, isModernError } from "../era-evidence.js";
import { LegacyServerError, TransportError } from "../errors.js";
import type { Transport } from "../transport.js";
import type { ChannelWire } from "../wire.js";
import { CHANNEL_DEFAULTS, connectStreams, type Channel, type ChannelLimits } from "./connection.js";
import { childEnvironment } from "./environment.js";
import { StderrReader, type StderrMode } from "./stderr.js";

/** Options of {@link stdioTransport}. */
export interface StdioTransportOptions extends ChannelLimits {
  /** The program to run (looked up on the child's PATH; no shell: on Windows name `npx.cmd`-style scripts through `cmd.exe /c`). */
  command: string;
  /** Its arguments. */
  args?: readonly string[];
  /**
   * Variables added to the safe default environment (`defaultEnvironment()`:
   * HOME, PATH, USER, the terminal and locale); `undefined` removes one.
   * Pass `process.env` to hand on everything.
   */
  env?: Record<string, string | undefined>;
  /** The child's working directory (default: this process's). */
  cwd?: string;
  /** What becomes of the child's stderr: copied to this process's stderr (default), a function called per line, or ignored. */
  stderr?: StderrMode;
  /** Shutting down: how long to wait after closing stdin before SIGTERM, and after SIGTERM before SIGKILL, in ms (default 2 000 each). */
  closeGraceMs?: number;
  /**
   * Restarting after an unexpected exit: a new process is started for the
   * next request, until `maxAttempts` processes in a row have exited without
   * answering anything (default 3; 0 never restarts).
   */
  restart?: {
    /** Processes in a row that may exit without answering before the transport gives up. */
    maxAttempts?: number;
  };
  /**
   * The era probe: `server/discover` before each process's first request,
   * answered within `probeTimeoutMs` (default 10 000; no answer means a
   * legacy server). `probe: false` skips it (default true).
   */
  probe?: boolean;
  /** How long the probe may wait for its answer, in ms. */
  probeTimeoutMs?: number;
}

/** The defaults of {@link StdioTransportOptions}' limits. */
export const STDIO_TRANSPORT_DEFAULTS = { ...CHANNEL_DEFAULTS, closeGraceMs: 2_000, restart: { maxAttempts: 3 }, probeTimeoutMs: 10_000 } as const;

/** A transport to a launched stdio server. */
export interface StdioTransport extends Transport {
  /** The running server's process id, if one runs. */
  readonly pid: number | undefined;
  /** Stops the server (stdin closed, then SIGTERM, then SIGKILL) and fails what is in flight. */
  close(): Promise<void>;
}

/** One launched server process and its channel. */
interface Child {
  process: ChildProcess;
  channel: Channel;
  stderr: StderrReader | undefined;
  exited: Promise<void>;
  dead: boolean;
  generation: number;
  /** The probe's verdict, once asked. */
  era: Promise<"modern" | "legacy"> | undefined;
}

/**
 * A transport that launches a stdio server (`command` with `args`, no shell,
 * a safe default environment) on first use and multiplexes requests over its
 * standard streams; after an unexpected exit it starts it again, within
 * `restart`. Before each process's first request it asks `server/discover`,
 * so a legacy server is named, not misread.
 *
 * @example
 * ```ts
 * const transport = stdioTransport({ command: "node", args: ["server.js"] });
 * const client = createClient({ transport, name: "my-agent", version: "1.0.0" });
 * ```
 */
export function stdioTransport(options: StdioTransportOptions): StdioTransport {
  const { command, args = [], env, cwd, stderr = "inherit", closeGraceMs = STDIO_TRANSPORT_DEFAULTS.closeGraceMs, restart, probe = true, probeTimeoutMs = STDIO_TRANSPORT_DEFAULTS.probeTimeoutMs, ...rest } = options;
  const limits = { ...CHANNEL_DEFAULTS, ...definedOnly(rest) };
  const maxAttempts = restart?.maxAttempts ?? STDIO_TRANSPORT_DEFAULTS.restart.maxAttempts;
  const commandLine = [command, ...args].join(" ").replace(/\s+/g, " ");
  const where = `the stdio server ${JSON.stringify(commandLine.length > 100 ? `${commandLine.slice(0, 99)}…` : commandLine)}`;
  let current: Child | undefined;
  let closed = false;
  let silentExits = 0;
  let lastFailure: TransportError | undefined;
  let generation = 0;

  function launch(): Child {
    const child = spawn(command, [...args], {
      cwd,
      env: childEnvironment(env),
      stdio: ["pipe", "pipe", stderr === "ignore" ? "ignore" : "pipe"],
      shell: false,
      windowsHide: true,
    });
    const channel = connectStreams(child.stdout!, child.stdin!, limits, "stdioTransport", where);
    const reader = child.stderr ? new StderrReader(child.stderr, stderr as Exclude<StderrMode, "ignore">) : undefined;
    const self: Child = { process: child, channel, stderr: reader, dead: false, exited: undefined as never, generation: ++generation, era: undefined };
    let spawnError: Error | undefined;
    self.exited = new Promise<void>((resolve) => {
      child.once("error", (error) => {
        spawnError = error; // not started (ENOENT, EACCES): no exit event follows
        if (child.pid === undefined) finish(null, null);
      });
      child.once("exit", (code, signal) => {
        // Let the last stderr lines arrive (bounded: a grandchild may hold the pipe open).
        const done = () => finish(code, signal);
        if (!child.stderr || child.stderr.readableEnded) return done();
        const timer = setTimeout(done, 100);
        child.stderr.once("end", () => (clearTimeout(timer), done()));
      });
      let finished = false;
      function finish(code: number | null, signal: NodeJS.Signals | null) {
        if (finished) return;
        finished = true;
        self.dead = true;
        const failure = new TransportError(ended(code, signal, spawnError, reader?.lines() ?? []));
        channel.mux.close(failure);
        if (!closed) {
          silentExits = channel.mux.answered > 0 ? 0 : silentExits + 1;
          lastFailure = failure;
        }
        resolve();
      }
    });
    // A server that closes its stdout without exiting can answer nothing more: stop it.
    void channel.ended.then(() => {
      if (!self.dead) setTimeout(() => self.dead || stop(self), 500).unref();
    });
    return self;
  }

  /** Why the server is gone, for every request it left unanswered. */
  function ended(code: number | null, signal: NodeJS.Signals | null, spawnError: Error | undefined, lines: string[]): string {
    const how = spawnError && code === null && signal === null
      ? `could not be started: ${spawnError.message}`
      : closed
        ? "was stopped because the transport was closed"
        : signal
          ? `was killed by ${signal}`
          : `exited with code ${String(code)}`;
    const tail = lines.length > 0 ? ` Its last stderr lines:\n${lines.map((l) => `  ${l}`).join("\n")}` : stderr === "ignore" ? " (its stderr was ignored)" : "";
    return `${where[0]!.toUpperCase()}${where.slice(1)} ${how}.${tail}`;
  }

  /** The running server, started if need be. */
  function running(): Child {
    if (closed) throw new TransportError(`The transport to ${where} is closed.`);
    if (current && !current.dead) return current;
    if (current && lastFailure) {
      if (maxAttempts === 0) throw new TransportError(`${lastFailure.message}\nNot restarted: restart.maxAttempts is 0.`);
      if (silentExits >= maxAttempts) {
        throw new TransportError(`${lastFailure.message}\nNot restarted: ${silentExits} processes in a row exited without answering anything (restart.maxAttempts is ${maxAttempts}).`);
      }
    }
    current = launch();
    return current;
  }

  async function stop(child: Child): Promise<void> {
    const wait = (ms: number) => Promise.race([child.exited.then(() => true), new Promise<boolean>((r) => setTimeout(() => r(false), ms).unref())]);
    child.process.stdin?.end();
    if (await wait(closeGraceMs)) return;
    child.process.kill("SIGTERM");
    if (await wait(closeGraceMs)) return;
    child.process.kill("SIGKILL");
    await wait(closeGraceMs);
  }

  const on = async <T>(use: (child: Child) => Promise<T>): Promise<T> => use(running());

  /** The era of `child`'s server, probed once: a discover result or a modern error means modern; any other answer, or none in time, legacy. */
  function eraOf(child: Child, meta: unknown): Promise<"modern" | "legacy"> {
    child.era ??= child.channel.mux
      .request({ jsonrpc: "2.0", id: `probe-${child.generation}`, method: "server/discover", params: { _meta: meta } } as JSONRPCRequest, { signal: AbortSignal.timeout(probeTimeoutMs) })
      .then(
        (answer) => (isDiscoverAnswer(answer) || isModernError(answer) ? "modern" : "legacy"),
        (error: unknown) => {
          if ((error as Error | undefined)?.name === "TimeoutError") return "legacy";
          throw error;
        },
      );
    return child.era;
  }

  /** A request to `child`, after the probe when it is on. */
  async function probed<T>(child: Child, message: JSONRPCRequest, send: () => Promise<T>): Promise<T> {
    if (probe && (await eraOf(child, (message.params as { _meta?: unknown } | undefined)?._meta)) === "legacy") {
      throw new LegacyServerError(`${where} did not answer server/discover as a 2026-07-28 server does`);
    }
    return send();
  }

  const wire: ChannelWire = {
    kind: "channel",
    connect() {
      const child = running();
      return {
        generation: child.generation,
        request: (message, o) => child.channel.mux.request(message, o),
        send: (message) => child.channel.mux.send(message),
        onUnclaimed: (listener) => void (child.channel.mux.unclaimed = listener),
        probe: (meta) => eraOf(child, meta),
      };
    },
  };

  return {
    get pid() {
      return current && !current.dead ? current.process.pid : undefined;
    },
    wire,
    request: (message, o) => on((c) => probed(c, message, () => c.channel.mux.request(message, o))),
    listen: (message, o) => on((c) => probed(c, message, () => c.channel.mux.listen(message, o))),
    notify: (message) => on((c) => c.channel.mux.notify(message)),
    async close() {
      if (closed) return;
      closed = true;
      const child = current;
      current = undefined;
      if (!child || child.dead) return;
      child.channel.mux.close(new TransportError(`The transport to ${where} was closed.`));
      await stop(child);
    },
  };
}
