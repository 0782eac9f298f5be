/**
 * Two instances behind the round-robin balancer, each test on a fleet of its
 * own: the rounds of one flow alternate between instances, a state opens only
 * where the secret is shared, and consumeOnce holds across instances only
 * with a shared guard. The Redis part starts its own `redis-server` on a free
 * loopback port (persistence off, stopped by its pid) and is skipped, saying
 * so, where no such binary is on the PATH.
 */
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import { createServer as createNetServer, type AddressInfo } from "node:net";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { startFleet, type Fleet } from "../src/fleet.js";
import { confirmPayment, payThenReplay, planTrip, startPayment } from "../src/flows.js";
import { startInstance } from "../src/instance.js";
import { main, redisGuards } from "../src/main.js";

const secrets = [{ id: "test", secret: randomBytes(32) }];
let fleet: Fleet | undefined;
afterEach(async () => {
  await fleet?.close();
  fleet = undefined;
});

describe("examples/many-instances: one secret, any instance", () => {
  it("serves the three rounds of one flow on a, b, a in turn, under one flow id, to completion", async () => {
    fleet = await startFleet(secrets);
    expect(await planTrip(fleet.url)).toBe("3 nights in Lyon");
    expect(fleet.ledger.served.map((s) => [s.tool, s.round, s.instance])).toEqual([["plan_trip", 1, "a"], ["plan_trip", 2, "b"], ["plan_trip", 3, "a"]]);
    expect(new Set(fleet.ledger.served.map((s) => s.flow)).size).toBe(1);
    expect(fleet.balancer.picks).toEqual([0, 1, 0].map((i) => fleet!.instances[i]!.url));
  });

  it("refuses a retry on an instance that does not share the secret: -32602, nothing charged", async () => {
    fleet = await startFleet(secrets);
    const stranger = await startInstance("c", { secrets: [randomBytes(32)], ledger: fleet.ledger });
    try {
      expect(await confirmPayment(stranger.url, await startPayment(fleet.url, "o-9"))).toBe("refused -32602");
      expect(fleet.ledger.charged).toEqual([]);
    } finally {
      await stranger.close();
    }
  });

  it("opens a state sealed by a secret that is now the previous one (rotation: [new, old] opens both)", async () => {
    const old = { id: "old", secret: randomBytes(32) };
    fleet = await startFleet([old]);
    const rotated = await startInstance("rotated", { secrets: [{ id: "new", secret: randomBytes(32) }, old], ledger: fleet.ledger });
    try {
      expect(await confirmPayment(rotated.url, await startPayment(fleet.url, "o-8"))).toBe("paid o-8");
    } finally {
      await rotated.close();
    }
  });
});

describe("examples/many-instances: consumeOnce with in-memory guards", () => {
  it("pays twice when the replay lands on the other instance: each memory guard knows only its own claims", async () => {
    fleet = await startFleet(secrets);
    expect(await payThenReplay(fleet.url, "o-1")).toEqual({ first: "paid o-1", replay: "paid o-1" });
    expect(fleet.ledger.charged).toEqual([{ instance: "b", order: "o-1" }, { instance: "a", order: "o-1" }]);
  });

  it("refuses the replay when it reaches the instance that redeemed the state", async () => {
    fleet = await startFleet(secrets);
    expect(await payThenReplay(fleet.instances[0]!.url, "o-2")).toEqual({ first: "paid o-2", replay: "refused -32602" });
    expect(fleet.ledger.charged).toEqual([{ instance: "a", order: "o-2" }]);
  });

  it("main() without a Redis URL runs the shared-secret and memory parts and says the Redis part is skipped", async () => {
    const lines: string[] = [];
    await main((line) => lines.push(line), "");
    expect(lines.at(-1)).toBe("Redis guard: skipped (set REDIS_URL, e.g. redis://127.0.0.1:6379, to run it)");
  });
});

const hasRedisServer = spawnSync("redis-server", ["--version"], { stdio: "ignore" }).status === 0;
if (!hasRedisServer) console.warn("examples/many-instances: no redis-server binary on the PATH (Debian: apt-get install -y redis-server; .ci/run installs it): tests against a real Redis skipped");

/** A free loopback port. */
const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const probe = createNetServer().listen(0, "127.0.0.1", () => {
      const { port } = probe.address() as AddressInfo;
      probe.close(() => resolve(port));
    });
    probe.on("error", reject);
  });

describe.skipIf(!hasRedisServer)("examples/many-instances: consumeOnce with one Redis behind both instances (needs redis-server on the PATH)", () => {
  let redis: ChildProcess;
  let url: string;
  beforeAll(async () => {
    const port = await freePort();
    url = `redis://127.0.0.1:${port}`;
    redis = spawn("redis-server", ["--port", String(port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no"], { stdio: ["ignore", "pipe", "ignore"] });
    await new Promise<void>((resolve, reject) => {
      redis.stdout!.on("data", (chunk: Buffer) => chunk.toString().includes("Ready to accept connections") && resolve());
      redis.once("exit", (code) => reject(new Error(`redis-server exited with ${code}`)));
    });
    redis.stdout!.removeAllListeners("data").resume();
  });
  afterAll(() => {
    if (redis.pid !== undefined && redis.exitCode === null) process.kill(redis.pid, "SIGKILL");
  });

  it("pays once: the replay is refused on the other instance (-32602), as the payment was claimed in Redis", async () => {
    const lines: string[] = [];
    await redisGuards(url, (line) => lines.push(line));
    expect(lines).toEqual(["Redis guard: first retry paid o-2, replayed retry refused -32602; charges: o-2 on b"]);
  });
});
