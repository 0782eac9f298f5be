/**
 * A Redis Cluster for the tests: `size` primaries (no replicas), each a
 * `redis-server --cluster-enabled yes` on a free loopback port with its
 * cluster config in a temporary folder and persistence off, started by the
 * test and stopped by pid (`RedisServer` of test/helpers/redis-server.ts,
 * whose `stopAllRedis` and exit hook also catch any a failing test leaves).
 *
 * The cluster is made with `redis-cli --cluster create` when `redis-cli` is
 * on the PATH, else through the client library (CLUSTER ADDSLOTSRANGE, one
 * third of the slots per node, SET-CONFIG-EPOCH and MEET); either way it is
 * ready once every node reports `cluster_state:ok`.
 * `MRTR_REDIS_CLUSTER_CREATE=client` forces the second way.
 */
import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createClient, createCluster } from "@redis/client";
import { afterAll, beforeAll } from "vitest";
import { freePort } from "../../../../test/helpers/processes.js";
import { RedisServer } from "../../../../test/helpers/redis-server.js";

const SLOTS = 16_384;

/** Whether a `redis-cli` binary is on the PATH. */
export const hasRedisCli = spawnSync("redis-cli", ["--version"], { stdio: "ignore" }).status === 0;

/** A running cluster of primaries. */
export interface TestCluster {
  readonly nodes: readonly RedisServer[];
  /** Kills every node by its pid and removes the folder of their config files. */
  stop(): Promise<void>;
}

/** Starts `size` primaries (at least 3: a Cluster needs them) and joins them into one cluster with every slot assigned. */
export async function startCluster(size = 3, how: "redis-cli" | "client" = process.env.MRTR_REDIS_CLUSTER_CREATE === "client" || !hasRedisCli ? "client" : "redis-cli"): Promise<TestCluster> {
  const dir = mkdtempSync(join(tmpdir(), "mrtr-redis-cluster-"));
  const nodes: RedisServer[] = [];
  const stop = async () => {
    for (const node of nodes) await node.stop();
    rmSync(dir, { recursive: true, force: true });
  };
  try {
    for (let i = 0; i < size; i++) {
      const port = await freePort();
      const args = ["--cluster-enabled", "yes", "--cluster-config-file", join(dir, `nodes-${port}.conf`), "--dir", dir];
      nodes.push(await RedisServer.start({ port, args }));
    }
    if (how === "redis-cli") {
      const create = spawnSync(
        "redis-cli",
        ["--cluster", "create", ...nodes.map((node) => `127.0.0.1:${node.port}`), "--cluster-replicas", "0", "--cluster-yes"],
        { encoding: "utf8", timeout: 60_000 },
      );
      if (create.status !== 0) throw new Error(`redis-cli --cluster create failed: ${create.stdout}${create.stderr}`);
    } else {
      await createByClient(nodes);
    }
    await untilClusterOk(nodes);
    return { nodes, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}

/** What `redis-cli --cluster create` does for primaries only: slots split in equal ranges, distinct config epochs, every node met. */
async function createByClient(nodes: readonly RedisServer[]): Promise<void> {
  await eachNode(nodes, async (client, i) => {
    const first = Math.floor((SLOTS * i) / nodes.length);
    const last = Math.floor((SLOTS * (i + 1)) / nodes.length) - 1;
    await client.sendCommand(["CLUSTER", "ADDSLOTSRANGE", String(first), String(last)]);
    await client.sendCommand(["CLUSTER", "SET-CONFIG-EPOCH", String(i + 1)]);
  });
  await eachNode(nodes.slice(0, 1), async (client) => {
    for (const node of nodes.slice(1)) await client.sendCommand(["CLUSTER", "MEET", "127.0.0.1", String(node.port)]);
  });
}

/** Waits until every node says `cluster_state:ok` (it then knows every slot's owner). */
async function untilClusterOk(nodes: readonly RedisServer[]): Promise<void> {
  await eachNode(nodes, async (client, i) => {
    for (let start = Date.now(); ; ) {
      const info = String(await client.sendCommand(["CLUSTER", "INFO"]));
      if (info.includes("cluster_state:ok") && info.includes(`cluster_known_nodes:${nodes.length}`)) return;
      if (Date.now() - start > 20_000) throw new Error(`cluster node ${nodes[i]!.port} never reached cluster_state:ok: ${info}`);
      await new Promise((r) => setTimeout(r, 50));
    }
  });
}

const nodeClient = (node: RedisServer) => createClient({ url: node.url });

/** Runs `work` with a plain (not cluster) client of each node, in parallel, closing them after. */
async function eachNode(nodes: readonly RedisServer[], work: (client: ReturnType<typeof nodeClient>, index: number) => Promise<void>): Promise<void> {
  await Promise.all(
    nodes.map(async (node, i) => {
      const client = nodeClient(node);
      client.on("error", () => {});
      await client.connect();
      try {
        await work(client, i);
      } finally {
        client.destroy();
      }
    }),
  );
}

const newCluster = (cluster: TestCluster) => createCluster({ rootNodes: cluster.nodes.map((node) => ({ url: node.url })) });

/** Call inside a describe block: registers the cluster's start and stop, and gives its nodes and connected clients. */
export function clusterForSuite(): { nodes(): TestCluster["nodes"]; connect(): Promise<ReturnType<typeof newCluster>> } {
  let cluster: TestCluster | undefined;
  beforeAll(async () => {
    cluster = await startCluster(3);
  }, 60_000);
  afterAll(async () => {
    await cluster?.stop();
  });
  return {
    nodes: () => cluster!.nodes,
    async connect() {
      const client = newCluster(cluster!);
      client.on("error", () => {});
      await client.connect();
      return client;
    },
  };
}
