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
import { definedOnly } from "@mrtr/internal";
import type { JSONRPCRequest } from "@mrtr/schema";
import { isDiscoverAnswer, isModernError } from "../era-evidence.js";
import { LegacyServerError } from "../errors.js";
import type { Transport } from "../transport.js";
import type { ChannelWire } from "../wire.js";
import { CHANNEL_DEFAULTS, type ChannelLimits } from "./connection.js";
import { ServerProcesses, type Child } from "./server-processes.js";
import type { StderrMode } from "./stderr.js";

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
  const commandLine = [command, ...args].join(" ").replace(/\s+/g, " ");
  const where = `the stdio server ${JSON.stringify(commandLine.length > 100 ? `${commandLine.slice(0, 99)}…` : commandLine)}`;
  const processes = new ServerProcesses({
    command,
    args,
    env,
    cwd,
    stderr,
    limits: { ...CHANNEL_DEFAULTS, ...definedOnly(rest) },
    closeGraceMs,
    maxAttempts: restart?.maxAttempts ?? STDIO_TRANSPORT_DEFAULTS.restart.maxAttempts,
    where,
  });

  const on = async <T>(use: (child: Child) => Promise<T>): Promise<T> => use(processes.running());

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
      const child = processes.running();
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
      return processes.pid;
    },
    wire,
    request: (message, o) => on((c) => probed(c, message, () => c.channel.mux.request(message, o))),
    listen: (message, o) => on((c) => probed(c, message, () => c.channel.mux.listen(message, o))),
    notify: (message) => on((c) => c.channel.mux.notify(message)),
    close: () => processes.close(),
  };
}
