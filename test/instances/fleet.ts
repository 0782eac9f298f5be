/**
 * Server processes (test/instances/instance.ts) behind a round-robin proxy on
 * loopback, as a load balancer would run them. The proxy sends each request
 * to the next instance in turn; when that instance fails before answering
 * (connection refused: it is down; connection reset: it died with the request
 * in flight) it sends the same request to the next one, as a load balancer
 * told to retry on another upstream does. That is safe here because every
 * round of a multi round-trip request carries its whole state, and a state
 * consumed once stays consumed.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { createServer as createHttpServer, request as httpRequest, type IncomingHttpHeaders, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { join } from "node:path";
import { freePort, sourceArgs } from "../helpers/processes.js";
import { repoRoot } from "../helpers/paths.js";

/** One request the proxy got an answer to: which instance (and which incarnation of it) answered, and the body it sent. */
export interface Served {
  slot: number;
  incarnation: number;
  body: any;
}

interface Instance {
  port: number;
  child: ChildProcess | undefined;
  incarnation: number;
  /** Lines the process printed. */
  lines: string[];
  inFlight: number;
}

export class Fleet {
  readonly served: Served[] = [];
  /** Requests sent again to another instance after theirs refused the connection / reset it mid-request. */
  readonly failovers = { refused: 0, reset: 0 };
  /** Called after each request the proxy forwards, with the instance's slot and how many requests it has in flight. */
  onForward: ((slot: number, inFlight: number) => void) | undefined;
  #next = 0;

  private constructor(
    readonly instances: Instance[],
    readonly env: Record<string, string>,
    readonly proxy: Server,
  ) {}

  /** `count` instances with `env` (plus PORT), and the proxy. */
  static async start(count: number, env: Record<string, string>): Promise<Fleet> {
    const instances: Instance[] = [];
    for (let i = 0; i < count; i++) instances.push({ port: await freePort(), child: undefined, incarnation: 0, lines: [], inFlight: 0 });
    const proxy = createHttpServer();
    const fleet = new Fleet(instances, env, proxy);
    proxy.on("request", (req, res) => {
      const chunks: Buffer[] = [];
      req.on("data", (c: Buffer) => chunks.push(c));
      req.on("end", () => fleet.#forward(Buffer.concat(chunks), req.method!, req.url!, req.headers, res, fleet.#next++ % count, 0));
    });
    await Promise.all(instances.map((_, slot) => fleet.restart(slot)));
    await new Promise<void>((r) => proxy.listen(0, "127.0.0.1", r));
    return fleet;
  }

  /** The MCP endpoint behind the proxy. */
  get url(): string {
    return `http://127.0.0.1:${(this.proxy.address() as AddressInfo).port}/mcp`;
  }

  #forward(body: Buffer, method: string, path: string, headers: IncomingHttpHeaders, res: import("node:http").ServerResponse, slot: number, attempt: number): void {
    const instance = this.instances[slot]!;
    const incarnation = instance.incarnation;
    instance.inFlight++;
    let settled = false;
    const done = () => {
      if (!settled) instance.inFlight--;
      settled = true;
    };
    const upstream = httpRequest({ host: "127.0.0.1", port: instance.port, path, method, headers, agent: false }, (up) => {
      const parts: Buffer[] = [];
      up.on("data", (c: Buffer) => parts.push(c));
      up.on("end", () => {
        done();
        const answer = Buffer.concat(parts);
        this.served.push({ slot, incarnation, body: JSON.parse(body.toString()) });
        res.writeHead(up.statusCode ?? 502, up.headers);
        res.end(answer);
      });
      up.on("error", () => failed("reset"));
    });
    const failed = (kind: "refused" | "reset") => {
      if (settled) return;
      done();
      if (attempt + 1 >= this.instances.length) {
        res.writeHead(502).end();
        return;
      }
      this.failovers[kind]++;
      this.#forward(body, method, path, headers, res, (slot + 1) % this.instances.length, attempt + 1);
    };
    upstream.on("error", (error: NodeJS.ErrnoException) => failed(error.code === "ECONNREFUSED" ? "refused" : "reset"));
    upstream.end(body);
    this.onForward?.(slot, instance.inFlight);
  }

  /** Starts the instance in `slot` (again, on the same port, as a new incarnation); resolves once it listens. */
  async restart(slot: number): Promise<void> {
    const instance = this.instances[slot]!;
    if (instance.child) throw new Error(`instance ${slot} is running`);
    const child = spawn(process.execPath, sourceArgs(join(repoRoot, "test/instances/instance.ts")), {
      cwd: repoRoot,
      env: { ...process.env, ...this.env, PORT: String(instance.port) },
      stdio: ["ignore", "pipe", "inherit"],
    });
    instance.child = child;
    instance.incarnation++;
    await new Promise<void>((resolve, reject) => {
      const exited = (code: number | null) => reject(new Error(`instance ${slot} exited with ${String(code)} before listening`));
      child.once("exit", exited);
      let pending = "";
      child.stdout!.on("data", (d: Buffer) => {
        pending += d.toString();
        const lines = pending.split("\n");
        pending = lines.pop()!;
        instance.lines.push(...lines);
        if (lines.some((l) => l.includes("listening"))) {
          child.off("exit", exited);
          resolve();
        }
      });
    });
  }

  /** Makes the instance in `slot` stop answering (SIGUSR2); resolves once it says so. */
  async hang(slot: number): Promise<void> {
    const instance = this.instances[slot]!;
    const from = instance.lines.length;
    instance.child!.kill("SIGUSR2");
    while (!instance.lines.slice(from).includes("hanging")) await new Promise((r) => setTimeout(r, 10));
  }

  /** Kills the instance in `slot` by its pid (SIGKILL: a crash) and waits for it to exit. */
  async kill(slot: number): Promise<void> {
    const child = this.instances[slot]!.child;
    if (!child) return;
    this.instances[slot]!.child = undefined;
    const exited = new Promise<void>((r) => child.once("exit", () => r()));
    process.kill(child.pid!, "SIGKILL");
    await exited;
  }

  /** Whether the instance in `slot` says it can serve single-use requests (GET /ready, straight to it). */
  async ready(slot: number): Promise<boolean> {
    const response = await fetch(`http://127.0.0.1:${this.instances[slot]!.port}/ready`);
    return response.status === 200;
  }

  /** Every line each instance printed, all incarnations. */
  lines(): string[] {
    return this.instances.flatMap((i) => i.lines);
  }

  async stop(): Promise<void> {
    for (let slot = 0; slot < this.instances.length; slot++) await this.kill(slot);
    await new Promise<void>((r) => this.proxy.close(() => r()));
  }
}
