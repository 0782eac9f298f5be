/**
 * Real Redis for tests and benchmarks: `redis-server` from the system
 * (Debian's package; .ci/run installs it), started on a free loopback port
 * with persistence off, stopped by its pid. Where no binary exists, tests
 * skip with {@link redisMissingMessage}.
 */
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { freePort } from "./processes.js";

/** Whether a `redis-server` binary is on the PATH. */
export const hasRedisServer = spawnSync("redis-server", ["--version"], { stdio: "ignore" }).status === 0;
export const redisMissingMessage =
  "no redis-server binary on the PATH (Debian: apt-get install -y redis-server; .ci/run installs it): tests against a real Redis skipped";

/** Every redis-server this process started and has not stopped, killed if the process exits first. */
const running = new Set<ChildProcess>();
const started = new Set<RedisServer>();
process.once("exit", () => {
  for (const child of running) child.kill("SIGKILL");
});

/** Stops every redis-server this process started and has not stopped: call it in `afterAll`, so a failing test leaks none. */
export async function stopAllRedis(): Promise<void> {
  for (const server of started) await server.stop();
}

/** One redis-server process, restartable on the same port. */
export class RedisServer {
  #child: ChildProcess | undefined;
  private constructor(
    readonly port: number,
    readonly args: readonly string[],
  ) {}

  /** Starts a redis-server on a free loopback port (or `port`), persistence off, plus `args`. */
  static async start(options: { port?: number; args?: string[] } = {}): Promise<RedisServer> {
    for (let attempt = 0; ; attempt++) {
      const server = new RedisServer(options.port ?? (await freePort()), options.args ?? []);
      try {
        await server.restart();
        return server;
      } catch (error) {
        // Another process took the free port between the probe and the start: try another.
        if (options.port !== undefined || attempt >= 4 || !/Address already in use/.test(String(error))) throw error;
      }
    }
  }

  get url(): string {
    return `redis://127.0.0.1:${this.port}`;
  }

  /** Pid of the running process, or undefined when stopped. */
  get pid(): number | undefined {
    return this.#child?.pid;
  }

  /** Starts the process again (same port, empty data) after {@link stop}; resolves once it accepts connections. */
  async restart(): Promise<void> {
    if (this.#child) throw new Error(`redis-server on port ${this.port} is already running`);
    const child = spawn(
      "redis-server",
      ["--port", String(this.port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no", "--logfile", "", ...this.args],
      { stdio: ["ignore", "pipe", "pipe"] },
    );
    running.add(child);
    let output = "";
    await new Promise<void>((resolve, reject) => {
      const onData = (chunk: Buffer) => {
        output += chunk.toString();
        if (output.includes("Ready to accept connections")) resolve();
      };
      child.stdout!.on("data", onData);
      child.stderr!.on("data", onData);
      child.once("error", reject);
      child.once("exit", (code) => reject(new Error(`redis-server on port ${this.port} exited with ${String(code)}: ${output.slice(-500)}`)));
    }).catch((error: unknown) => {
      running.delete(child);
      throw error;
    });
    child.stdout!.removeAllListeners("data").resume();
    child.stderr!.removeAllListeners("data").resume();
    this.#child = child;
    started.add(this);
  }

  /** Kills the process by its pid (SIGKILL by default: a crash, nothing flushed) and waits for it to exit. */
  async stop(signal: NodeJS.Signals = "SIGKILL"): Promise<void> {
    const child = this.#child;
    if (!child) return;
    this.#child = undefined;
    started.delete(this);
    const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
    if (child.exitCode === null && child.signalCode === null) {
      process.kill(child.pid!, signal);
      await exited;
    }
    running.delete(child);
  }
}

/** A Redis Cluster of `size` primaries (no replicas) on loopback, every slot assigned. */
export class RedisCluster {
  private constructor(
    readonly nodes: RedisServer[],
    readonly dir: string,
  ) {}

  static async start(size = 3): Promise<RedisCluster> {
    const dir = mkdtempSync(join(tmpdir(), "mrtr-redis-cluster-"));
    const nodes: RedisServer[] = [];
    try {
      for (let i = 0; i < size; i++) {
        const port = await freePort();
        nodes.push(
          await RedisServer.start({
            port,
            args: ["--cluster-enabled", "yes", "--cluster-config-file", join(dir, `nodes-${port}.conf`), "--dir", dir],
          }),
        );
      }
      const create = spawnSync(
        "redis-cli",
        ["--cluster", "create", ...nodes.map((n) => `127.0.0.1:${n.port}`), "--cluster-replicas", "0", "--cluster-yes"],
        { encoding: "utf8", timeout: 60_000 },
      );
      if (create.status !== 0) throw new Error(`redis-cli --cluster create failed: ${create.stdout}${create.stderr}`);
      // Every node must agree the cluster is up before commands are routed.
      for (const node of nodes) {
        for (let tries = 0; ; tries++) {
          const info = spawnSync("redis-cli", ["-p", String(node.port), "cluster", "info"], { encoding: "utf8" }).stdout;
          if (info.includes("cluster_state:ok")) break;
          if (tries > 200) throw new Error(`cluster node ${node.port} never reached cluster_state:ok: ${info}`);
          await new Promise((r) => setTimeout(r, 50));
        }
      }
      return new RedisCluster(nodes, dir);
    } catch (error) {
      for (const node of nodes) await node.stop();
      rmSync(dir, { recursive: true, force: true });
      throw error;
    }
  }

  async stop(): Promise<void> {
    for (const node of this.nodes) await node.stop();
    rmSync(this.dir, { recursive: true, force: true });
  }
}
