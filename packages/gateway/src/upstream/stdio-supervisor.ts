/**
 * Supervision of a stdio upstream: the gateway, not the transport, owns its
 * process. Each process gets a transport of its own (with the transport's
 * restarts off) and a client the caller builds around it; the supervisor
 * notices the process ending (its transport shows no pid: checked every
 * 250 ms while up, and before handing out the client), closes that client,
 * and starts a new process after a back-off that doubles from
 * `restart.initialMs` to `restart.maxMs`. After `restart.maxAttempts`
 * processes in a row ended without answering anything, the upstream is left
 * down; the first request after `restart.maxMs` tries it once more. A
 * process that answered anything resets that count.
 *
 * Around that: its stderr, kept within `stderrBytes` (stderr-tail.ts); its
 * resident memory, watched on Linux and stopped past its limit
 * (memory-watch.ts); and the gateway's budget of processes
 * (process-budget.ts), a slot held from launch until the process is gone.
 */
import type { McpClient, Transport } from "@mrtr/client";
import { stdioTransport, type StdioTransport } from "@mrtr/client/stdio";
import type { GatewayWarning, StdioUpstreamConfig } from "../options.js";
import { tapAnswers } from "./answer-tap.js";
import { UpstreamDownError, type UpstreamDownReason } from "./errors.js";
import { exitReason } from "./exit-reason.js";
import { watchMemory } from "./memory-watch.js";
import type { ProcessBudget, ProcessSlot } from "./process-budget.js";
import { restartDelay } from "./restart-backoff.js";
import { StderrTail } from "./stderr-tail.js";

export { processBudget, type ProcessBudget, type ProcessSlot } from "./process-budget.js";
export { UpstreamDownError, type UpstreamDownReason } from "./errors.js";

/** The defaults of a stdio upstream's `restart` and `stderrBytes`. */
export const STDIO_SUPERVISION_DEFAULTS = { initialMs: 500, maxMs: 30_000, maxAttempts: 10, stderrBytes: 64 * 1024 } as const;

/** How often a running process is checked for having ended, in ms. */
const EXIT_POLL_MS = 250;
/** Bytes of stderr a warning carries. */
const WARNING_STDERR_BYTES = 2 * 1024;

/** `idle` (not started), `up`, `restarting` (waiting out the back-off after a crash), `down` (left down, or not startable). */
export type SupervisedState = "idle" | "up" | "restarting" | "down";

/** A stdio upstream under supervision: its current client, and what its process is doing. */
export interface SupervisedClient {
  /**
   * The current client, launching the process first if none runs (waiting
   * out a restart's back-off). Rejects with `UpstreamDownError` when the
   * upstream is left down, the gateway's process budget is spent, or the
   * supervisor is closed.
   */
  client(): Promise<McpClient>;
  /** What it is doing. */
  readonly state: SupervisedState;
  /** Processes started again after one ended (a crash, or stopped for its memory). */
  readonly restarts: number;
  /** The running process's id. */
  readonly pid: number | undefined;
  /** How the last process ended, or why none could start, in words. */
  readonly lastError: string | undefined;
  /** Its latest stderr lines (across restarts), at most `stderrBytes` bytes: the oldest are dropped. */
  stderr(): string;
  /** Starts it now (for `start: "boot"`); rejects as `client()` does. */
  boot(): Promise<void>;
  /** Stops the process and every timer, and gives back the slot; `client()` rejects from then on. */
  close(): Promise<void>;
}

/** Options of {@link superviseStdio}. */
export interface StdioSupervisionOptions {
  /** The upstream's name (in warnings and errors). */
  name: string;
  /** How to launch it. `start` is the caller's business: call `boot()` for `boot`. */
  config: StdioUpstreamConfig;
  /** Builds the client (handlers, legacy plugin) around the transport of each process. */
  makeClient: (transport: Transport) => McpClient;
  /** The gateway's budget of processes, shared by its stdio upstreams. */
  budget: ProcessBudget;
  /** Resident memory the process may use, in MiB (`config.maxMemoryMb ?? limits.upstreamMemoryMb`). */
  memoryMb: number;
  /** Time limit of one request, in ms (`config.timeoutMs ?? limits.upstreamTimeoutMs`; default the transport's, 60 000). */
  timeoutMs?: number;
  /** Told of crashes, restarts and memory overruns. */
  onWarning?: (warning: GatewayWarning) => void;
  /** Told each time a new process is up after one ended (not on the first launch), so the caller can list and listen again. */
  onRestart?: (client: McpClient) => void;
}

/** One launched process: its transport, the client around it, its budget slot. */
interface Running {
  readonly transport: StdioTransport;
  readonly client: McpClient;
  readonly slot: ProcessSlot;
  stopWatching: () => void;
}

/** Puts the stdio upstream `options.config` under supervision; nothing is launched until `client()` or `boot()`. */
export function superviseStdio(options: StdioSupervisionOptions): SupervisedClient {
  return new StdioSupervisor(options);
}

/** The supervisor: a small state machine over one process at a time. */
class StdioSupervisor implements SupervisedClient {
  #state: SupervisedState = "idle";
  #restarts = 0;
  /** Processes in a row that ended without answering anything. */
  #crashes = 0;
  #lastError: string | undefined;
  #running: Running | undefined;
  #everLaunched = false;
  #restartTimer: NodeJS.Timeout | undefined;
  /** Settles once the scheduled restart has been tried (or the supervisor closed). */
  #restartTried: { promise: Promise<void>; settle: () => void } | undefined;
  /** While down: when a request may try again (ms since the epoch). */
  #retryAt = 0;
  #downReason: UpstreamDownReason = "crashes";
  #closed = false;
  /** Processes being stopped (retired, or at close). */
  readonly #stopping = new Set<Promise<void>>();
  readonly #tail: StderrTail;
  readonly #policy: { initialMs: number; maxMs: number; maxAttempts: number };

  constructor(private readonly options: StdioSupervisionOptions) {
    const { restart, stderrBytes } = options.config;
    const d = STDIO_SUPERVISION_DEFAULTS;
    this.#policy = { initialMs: restart?.initialMs ?? d.initialMs, maxMs: restart?.maxMs ?? d.maxMs, maxAttempts: restart?.maxAttempts ?? d.maxAttempts };
    this.#tail = new StderrTail(stderrBytes ?? d.stderrBytes);
  }

  get state(): SupervisedState {
    return this.#state;
  }

  get restarts(): number {
    return this.#restarts;
  }

  get pid(): number | undefined {
    return this.#running?.transport.pid;
  }

  get lastError(): string | undefined {
    return this.#lastError;
  }

  stderr(): string {
    return this.#tail.text();
  }

  async boot(): Promise<void> {
    await this.client();
  }

  async client(): Promise<McpClient> {
    this.#noticeExit();
    while (this.#state === "restarting" && !this.#closed) {
      this.#restartTimer?.ref(); // someone waits for it now
      await this.#restartTried?.promise;
      this.#noticeExit();
    }
    if (this.#closed) throw this.#downError("closed");
    if (this.#state === "up") return this.#running!.client;
    if (this.#state === "down" && Date.now() < this.#retryAt) throw this.#downError(this.#downReason);
    return this.#launch();
  }

  async close(): Promise<void> {
    if (!this.#closed) {
      this.#closed = true;
      clearTimeout(this.#restartTimer);
      this.#restartTried?.settle();
      const running = this.#running;
      this.#running = undefined;
      if (running) this.#stop(running);
      this.#state = "down";
      this.#downReason = "closed";
    }
    while (this.#stopping.size > 0) await Promise.all(this.#stopping);
  }

  /** Launches a process now (a slot taken, its transport and client made, the process spawned and watched); throws when no slot is free. */
  #launch(): McpClient {
    const slot = this.options.budget.take();
    if (!slot) {
      this.#goDown("budget", `The gateway's limit of ${this.options.budget.max} stdio processes (limits.maxProcesses) is reached.`, 0);
      throw this.#downError("budget");
    }
    const running = this.#spawn(slot);
    const restarted = this.#everLaunched;
    this.#everLaunched = true;
    this.#running = running;
    this.#state = "up";
    this.#watch(running);
    if (restarted) this.#announceRestart(running);
    return running.client;
  }

  /** The transport and client of a new process, the process spawned; on a synchronous failure, everything let go and the error rethrown. */
  #spawn(slot: ProcessSlot): Running {
    const { command, args, env, cwd } = this.options.config;
    const transport = stdioTransport({
      command,
      ...(args ? { args } : {}),
      ...(env ? { env: { ...env } } : {}),
      ...(cwd !== undefined ? { cwd } : {}),
      ...(this.options.timeoutMs !== undefined ? { timeoutMs: this.options.timeoutMs } : {}),
      stderr: (line) => this.#tail.push(line),
      restart: { maxAttempts: 0 }, // restarts are the supervisor's
    });
    let running: Running | undefined;
    try {
      const client = this.options.makeClient(tapAnswers(transport, () => this.#answered(running)));
      running = { transport, client, slot, stopWatching: () => undefined };
      if (transport.wire?.kind === "channel") transport.wire.connect(); // launches the process now
      return running;
    } catch (error) {
      void transport.close().finally(() => slot.release());
      this.#lastError = `${this.#label()} could not be launched: ${error instanceof Error ? error.message : String(error)}`;
      throw error;
    }
  }

  /** Checks `running` for its end every EXIT_POLL_MS, and its memory every second (on Linux). */
  #watch(running: Running): void {
    const poll = setInterval(() => this.#noticeExit(), EXIT_POLL_MS);
    poll.unref();
    const pid = running.transport.pid;
    const { memoryMb } = this.options;
    const stopMemory = pid === undefined ? () => undefined : watchMemory(pid, memoryMb, (rss) => this.#overMemory(running, pid, rss));
    running.stopWatching = () => {
      clearInterval(poll);
      stopMemory();
    };
  }

  /** Retires the running process if it has ended. */
  #noticeExit(): void {
    const running = this.#running;
    if (!running || this.#state !== "up") return;
    const reason = exitReason(running.transport);
    if (reason !== undefined) this.#retire(running, reason, "upstream-down");
  }

  /** Stops a process past its memory limit; the restart path brings a new one. */
  #overMemory(running: Running, pid: number, rssMb: number): void {
    if (this.#running !== running || this.#state !== "up") return;
    const reason = `${this.#label()} (pid ${pid}) used ${Math.round(rssMb)} MiB of resident memory, over its limit of ${this.options.memoryMb} MiB (maxMemoryMb), and was stopped.`;
    this.#retire(running, reason, "memory-exceeded");
  }

  /** A request answered: the process is healthy, so the crashes in a row start again from zero. */
  #answered(running: Running | undefined): void {
    if (running && this.#running === running) this.#crashes = 0;
  }

  /** Lets go of an ended (or overgrown) process: counts the crash, warns, and schedules its restart or leaves the upstream down. */
  #retire(running: Running, reason: string, kind: "upstream-down" | "memory-exceeded"): void {
    this.#running = undefined;
    this.#stop(running);
    this.#lastError = reason;
    this.#crashes++;
    const { maxAttempts, maxMs } = this.#policy;
    if (this.#crashes >= maxAttempts) {
      this.#goDown("crashes", reason, Date.now() + maxMs);
      this.#warn("upstream-down", `${reason} Left down after ${this.#crashes} processes in a row ended without answering (restart.maxAttempts ${maxAttempts}); tried again on a request after ${maxMs} ms.`);
      return;
    }
    const delay = restartDelay(this.#crashes, this.#policy.initialMs, maxMs);
    this.#scheduleRestart(delay);
    this.#warn(kind, `${reason} Restarting in ${delay} ms (crash ${this.#crashes} of ${maxAttempts} in a row).`);
  }

  /** Closes `running`'s client (which stops its process, if still running), then gives back its slot. */
  #stop(running: Running): void {
    running.stopWatching();
    const stopped = running.client
      .close()
      .catch(() => undefined)
      .finally(() => {
        running.slot.release();
        this.#stopping.delete(stopped);
      });
    this.#stopping.add(stopped);
  }

  /** Starts a new process after `delay` ms (timer unref'd until a `client()` call waits for it). */
  #scheduleRestart(delay: number): void {
    this.#state = "restarting";
    let settle!: () => void;
    const promise = new Promise<void>((resolve) => (settle = resolve));
    this.#restartTried = { promise, settle };
    this.#restartTimer = setTimeout(() => {
      this.#restartTimer = undefined;
      try {
        this.#launch();
      } catch {
        // Recorded: down (no slot), or lastError (a launch that threw).
        if (this.#state === "restarting") this.#goDown("crashes", this.#lastError ?? "It could not be launched.", Date.now() + this.#policy.maxMs);
      }
      settle();
    }, delay);
    this.#restartTimer.unref();
  }

  /** Leaves the upstream down for `reason` until `retryAt`. */
  #goDown(reason: UpstreamDownReason, lastError: string, retryAt: number): void {
    this.#state = "down";
    this.#downReason = reason;
    this.#lastError = lastError;
    this.#retryAt = retryAt;
  }

  /** Tells the caller a new process is up after one ended. */
  #announceRestart(running: Running): void {
    this.#restarts++;
    this.#warn("upstream-restarted", `${this.#label()} was started again (pid ${String(running.transport.pid)}; restart ${this.#restarts}).`, false);
    try {
      this.options.onRestart?.(running.client);
    } catch {
      // A failing listener must not undo the restart.
    }
  }

  #warn(kind: GatewayWarning["kind"], message: string, withStderr = true): void {
    const tail = withStderr ? this.#tail.last(WARNING_STDERR_BYTES) : "";
    const text = tail ? `${message}\nIts last stderr:\n${tail}` : message;
    try {
      this.options.onWarning?.({ kind, upstream: this.options.name, message: text });
    } catch {
      // A failing listener must not stop the supervision.
    }
  }

  #downError(reason: UpstreamDownReason): UpstreamDownError {
    const { name, budget } = this.options;
    const { maxAttempts, maxMs } = this.#policy;
    const messages: Record<UpstreamDownReason, string> = {
      crashes: `Upstream "${name}" is down: ${this.#crashes} of its processes in a row ended without answering (restart.maxAttempts ${maxAttempts}); the last: ${this.#lastError ?? "unknown"} It is tried again on a request from ${new Date(this.#retryAt).toISOString()} (restart.maxMs after it went down). Check its command and its stderr (the gateway's status shows the latest).`,
      budget: `Upstream "${name}" cannot be started: the gateway already runs ${budget.max} stdio processes, its limit. Raise limits.maxProcesses, or start fewer stdio upstreams at once.`,
      closed: `Upstream "${name}" is closed: its gateway was closed. Create a new gateway to reach it again.`,
    };
    return new UpstreamDownError(name, reason, messages[reason]);
  }

  /** The upstream as messages name it. */
  #label(): string {
    return `Upstream "${this.options.name}" (${[this.options.config.command, ...(this.options.config.args ?? [])].join(" ").slice(0, 100)})`;
  }
}
