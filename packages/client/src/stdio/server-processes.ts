/**
 * The server processes behind one `stdioTransport`: the one running,
 * started on first use and again after an unexpected exit (until
 * `restart.maxAttempts` processes in a row have exited without answering
 * anything), each with its channel and the tail of its stderr; why each one
 * ended, for the requests it left unanswered; and shutting one down as the
 * draft says (stdin closed, then SIGTERM after a grace period, then SIGKILL).
 */
import { spawn, type ChildProcess } from "node:child_process";
import { TransportError } from "../errors.js";
import { connectStreams, type Channel, type ChannelLimits } from "./connection.js";
import { childEnvironment } from "./environment.js";
import { StderrReader, type StderrMode } from "./stderr.js";

/** One launched server process and its channel. */
export interface Child {
  process: ChildProcess;
  channel: Channel;
  stderr: StderrReader | undefined;
  exited: Promise<void>;
  dead: boolean;
  generation: number;
  /** The probe's verdict, once asked. */
  era: Promise<"modern" | "legacy"> | undefined;
}

/** How the processes are launched and stopped. */
export interface ProcessSettings {
  /** The program to run (no shell). */
  command: string;
  /** Its arguments. */
  args: readonly string[];
  /** Variables added to the safe default environment. */
  env: Record<string, string | undefined> | undefined;
  /** The working directory. */
  cwd: string | undefined;
  /** What becomes of the child's stderr. */
  stderr: StderrMode;
  /** The channel's limits. */
  limits: Required<ChannelLimits>;
  /** Each wait of the shutdown, in ms. */
  closeGraceMs: number;
  /** Processes in a row that may exit without answering before no new one is started. */
  maxAttempts: number;
  /** The server as messages name it (`the stdio server "node server.js"`). */
  where: string;
}

/** The server processes of one transport, one running at a time. */
export class ServerProcesses {
  #current: Child | undefined;
  #closed = false;
  #silentExits = 0;
  #lastFailure: TransportError | undefined;
  #generation = 0;

  constructor(private readonly settings: ProcessSettings) {}

  /** The running server's process id, if one runs. */
  get pid(): number | undefined {
    const current = this.#current;
    return current && !current.dead ? current.process.pid : undefined;
  }

  /** The running server, started if need be. */
  running(): Child {
    const { where, maxAttempts } = this.settings;
    if (this.#closed) throw new TransportError(`The transport to ${where} is closed.`);
    const current = this.#current;
    if (current && !current.dead) return current;
    const lastFailure = this.#lastFailure;
    if (current && lastFailure) {
      if (maxAttempts === 0) throw new TransportError(`${lastFailure.message}\nNot restarted: restart.maxAttempts is 0.`);
      if (this.#silentExits >= maxAttempts) {
        throw new TransportError(`${lastFailure.message}\nNot restarted: ${this.#silentExits} processes in a row exited without answering anything (restart.maxAttempts is ${maxAttempts}).`);
      }
    }
    this.#current = this.launch();
    return this.#current;
  }

  /** Stops the running server and fails what is in flight; no process is started again. */
  async close(): Promise<void> {
    if (this.#closed) return;
    this.#closed = true;
    const child = this.#current;
    this.#current = undefined;
    if (!child || child.dead) return;
    child.channel.mux.close(new TransportError(`The transport to ${this.settings.where} was closed.`));
    await this.stop(child);
  }

  private launch(): Child {
    const { command, args, cwd, env, stderr, limits, where } = this.settings;
    const child = spawn(command, [...args], {
      cwd,
      env: childEnvironment(env),
      stdio: ["pipe", "pipe", stderr === "ignore" ? "ignore" : "pipe"],
      shell: false,
      windowsHide: true,
    });
    const channel = connectStreams(child.stdout!, child.stdin!, limits, "stdioTransport", where);
    const reader = child.stderr ? new StderrReader(child.stderr, stderr as Exclude<StderrMode, "ignore">) : undefined;
    const self: Child = { process: child, channel, stderr: reader, dead: false, exited: undefined as never, generation: ++this.#generation, era: undefined };
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
      const finish = (code: number | null, signal: NodeJS.Signals | null) => {
        if (finished) return;
        finished = true;
        self.dead = true;
        const failure = new TransportError(this.ended(code, signal, spawnError, reader?.lines() ?? []));
        channel.mux.close(failure);
        if (!this.#closed) {
          this.#silentExits = channel.mux.answered > 0 ? 0 : this.#silentExits + 1;
          this.#lastFailure = failure;
        }
        resolve();
      };
    });
    // A server that closes its stdout without exiting can answer nothing more: stop it.
    void channel.ended.then(() => {
      if (!self.dead) setTimeout(() => self.dead || this.stop(self), 500).unref();
    });
    return self;
  }

  /** Why the server is gone, for every request it left unanswered. */
  private ended(code: number | null, signal: NodeJS.Signals | null, spawnError: Error | undefined, lines: string[]): string {
    const { where, stderr } = this.settings;
    const how = spawnError && code === null && signal === null
      ? `could not be started: ${spawnError.message}`
      : this.#closed
        ? "was stopped because the transport was closed"
        : signal
          ? `was killed by ${signal}`
          : `exited with code ${String(code)}`;
    const tail = lines.length > 0 ? ` Its last stderr lines:\n${lines.map((l) => `  ${l}`).join("\n")}` : stderr === "ignore" ? " (its stderr was ignored)" : "";
    return `${where[0]!.toUpperCase()}${where.slice(1)} ${how}.${tail}`;
  }

  private async stop(child: Child): Promise<void> {
    const { closeGraceMs } = this.settings;
    const wait = (ms: number) => Promise.race([child.exited.then(() => true), new Promise<boolean>((r) => setTimeout(() => r(false), ms).unref())]);
    child.process.stdin?.end();
    if (await wait(closeGraceMs)) return;
    child.process.kill("SIGTERM");
    if (await wait(closeGraceMs)) return;
    child.process.kill("SIGKILL");
    await wait(closeGraceMs);
  }
}
